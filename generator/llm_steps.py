"""Generation steps over an LLMProvider: topic -> outline Markdown -> page content; outline expansion."""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.errors import GeneratorError
from generator.lazyre import lazy_compile
from generator.llm import (
    LLM_INVALID_OUTPUT,
    LLMError,
    LLMProvider,
    Message,
    OnDelta,
    require_provider,
)
from generator.model import Outline
from generator.outline import parse_outline
from generator.sources import PreparedContent

LENGTH_PAGES = {"short": "6 to 8", "medium": "10 to 15", "long": "20 to 25"}
MAX_PROMPT_CHARS = 500  # the user's extra instructions kept (the spec advises 50)
_FENCE = lazy_compile(r"^\s*```[a-zA-Z]*\s*\n(.*?)\n```\s*$", re.S)


@dataclass(frozen=True)
class Brief:
    """What the user asked for (create-task fields)."""

    length: str = "medium"  # short | medium | long
    scene: str = ""
    audience: str = ""
    lang: str = ""  # e.g. "en", "zh"; empty: the language of the content
    prompt: str = ""

    def describe(self) -> str:
        parts = [f"Length: {LENGTH_PAGES.get(self.length, LENGTH_PAGES['medium'])} content pages."]
        if self.scene:
            parts.append(f"Scene: {self.scene[:100]}.")
        if self.audience:
            parts.append(f"Audience: {self.audience[:100]}.")
        parts.append(
            f"Write in the language with code {self.lang[:20]}."
            if self.lang
            else "Write in the language of the topic or content."
        )
        if self.prompt:
            parts.append(f"Extra instructions: {self.prompt[:MAX_PROMPT_CHARS]}")
        return "\n".join(parts)


FORMAT_RULES = (
    "Answer with Markdown only, no preamble: one `# ` line with the deck title, `## ` chapter "
    "titles, `### ` page titles, and under each page 2-5 short bullet points (`- `) or a short "
    "paragraph or a small table. Use `#### ` only for sub-titles inside a page."
)


def generate_outline(
    provider: LLMProvider,
    topic: str,
    brief: Brief | None = None,
    *,
    on_delta: OnDelta | None = None,
) -> str:
    """Step 1 (type 1): topic -> outline Markdown (titles of chapters and pages)."""
    brief = brief or Brief()
    messages: list[Message] = [
        {"role": "system", "content": "You plan presentation decks. " + FORMAT_RULES},
        {
            "role": "user",
            "content": f"Plan a deck about: {topic}\n{brief.describe()}\n"
            "List chapters and page titles, with one short line of notes under each page.",
        },
    ]
    return _markdown_answer(provider, messages, on_delta)


def write_pages(
    provider: LLMProvider,
    outline_markdown: str,
    brief: Brief | None = None,
    *,
    on_delta: OnDelta | None = None,
) -> str:
    """Step 2 (type 1): outline Markdown -> the full deck Markdown with each page's content."""
    brief = brief or Brief()
    messages: list[Message] = [
        {"role": "system", "content": "You write presentation decks. " + FORMAT_RULES},
        {
            "role": "user",
            "content": "Write the content of every page of this outline. Keep its title, "
            f"chapters and page titles in order.\n{brief.describe()}\n\n{outline_markdown}",
        },
    ]
    return _markdown_answer(provider, messages, on_delta)


def generate_from_topic(
    provider: LLMProvider,
    topic: str,
    brief: Brief | None = None,
    *,
    on_delta: OnDelta | None = None,
) -> str:
    """Type 1: topic (+ brief) -> deck Markdown for the planner (two LLM calls)."""
    outline = generate_outline(provider, topic, brief, on_delta=on_delta)
    return write_pages(provider, outline, brief, on_delta=on_delta)


def expand_outline(
    provider: LLMProvider,
    markdown: str,
    brief: Brief | None = None,
    *,
    on_delta: OnDelta | None = None,
) -> str:
    """Types 2, 3, 5, 6 with a provider: extracted Markdown -> reworked deck Markdown that keeps
    its facts and follows length/scene/audience/lang/prompt."""
    brief = brief or Brief()
    messages: list[Message] = [
        {
            "role": "system",
            "content": "You turn documents into presentation decks. " + FORMAT_RULES,
        },
        {
            "role": "user",
            "content": "Turn this extracted content into a deck. Keep its facts, figures and "
            f"tables; do not invent data.\n{brief.describe()}\n\n{markdown}",
        },
    ]
    return _markdown_answer(provider, messages, on_delta)


def check_markdown(text: str) -> tuple[str, Outline]:
    """An answer -> (Markdown, Outline): one surrounding ``` fence removed; it must parse and
    have at least one `###` page with content. Raises LLMError(LLM_INVALID_OUTPUT)."""
    m = _FENCE.match(text)
    markdown = (m.group(1) if m else text).strip()
    try:
        outline = parse_outline(markdown)
    except GeneratorError as exc:
        raise LLMError(
            LLM_INVALID_OUTPUT,
            f"the LLM answer is not usable Markdown: {exc.problems[0].reason if exc.problems else exc.message}",
        ) from None
    if not re.search(r"^#{2,3} \S", markdown, re.M) or not any(c.pages for c in outline.chapters):
        raise LLMError(
            LLM_INVALID_OUTPUT, "the LLM answer has no `##`/`###` headings (no deck outline)"
        )
    return markdown + "\n", outline


def _markdown_answer(
    provider: LLMProvider, messages: list[Message], on_delta: OnDelta | None
) -> str:
    """Ask; an answer that is not a deck outline is sent back once with the format rules."""
    answer = provider.complete(messages, on_delta=on_delta)
    try:
        return check_markdown(answer)[0]
    except LLMError as first:
        retry = messages + [
            {"role": "assistant", "content": answer[:20_000]},
            {"role": "user", "content": f"That was not usable ({first.message}). " + FORMAT_RULES},
        ]
        return check_markdown(provider.complete(retry, on_delta=on_delta))[0]


def content_markdown(
    prepared: PreparedContent,
    provider: LLMProvider | None,
    brief: Brief | None = None,
    *,
    on_delta: OnDelta | None = None,
) -> str:
    """The task's final Markdown for the planner. Type 1 needs a provider (None ->
    LLM_NOT_CONFIGURED at once); types 2, 3, 5, 6 are expanded when a provider is given and
    used as extracted when not; types 4 and 7 are never rewritten."""
    if prepared.task_type == 1:
        return generate_from_topic(
            require_provider(provider), prepared.topic, brief, on_delta=on_delta
        )
    if provider is None or not prepared.expandable:
        return prepared.markdown
    return expand_outline(provider, prepared.markdown, brief, on_delta=on_delta)
