"""Markdown -> outline tree (topic `#`, chapters `##`, pages `###`, content titles `####`, blocks).

Markdown as people write it (generator.markup: markdown-it-py + mdit-py-plugins):

- Front matter (YAML `---`, TOML `+++`, pandoc `%` lines) gives document properties (title,
  subtitle, author, date, ...): the cover and the PPTX properties, never slide text.
- Decks (Marp `marp: true`, Slidev, `---`-separated parts): one page per slide, with their
  directives (layouts, classes, backgrounds) as page hints and their presenter comments as
  speaker notes. Other documents are filed by headings: the first `#` is the topic (else the
  first heading, else the first line of text); `##` chapters, `###` pages, `####` content
  titles, deeper headings bold paragraphs; skipped levels get implicit untitled containers.
- Raw HTML is sanitized by an allowlist and rendered, never printed; comments are hidden.
- Images: data: URIs always; files next to the document and remote images only as
  `assets` allows (generator.markup.images.Assets); every image left out is a diagnostic.
  Links keep only http(s) and mailto targets.
- Nothing usable (no text at all) -> GeneratorError 1010 with field `markdown`.
"""

from __future__ import annotations

import pathlib
from typing import Any

from generator.errors import bad
from generator.lazyre import lazy_compile
from generator.markup.build import DeckBuilder, DocumentBuilder
from generator.markup.closing import cite_closing
from generator.markup.deck import deck_kind, split_deck
from generator.markup.events import Context
from generator.markup.frontmatter import split_front_matter
from generator.markup.images import Assets, ImageLoader
from generator.markup.tokens import Converter
from generator.model import Block, Chapter, ListItem, Outline, Page, Section, Span, Spans, plain

__all__ = [
    "Assets",
    "Block",
    "Chapter",
    "ListItem",
    "Outline",
    "Page",
    "Section",
    "Span",
    "Spans",
    "document_name",
    "parse_outline",
    "plain",
]

MAX_MARKDOWN_CHARS = 1_000_000  # not counting data: URIs (pictures), which ...
MAX_TOTAL_CHARS = 64 * 1024 * 1024  # ... count only toward this
DATA_URI = lazy_compile(r"data:image/[a-z+.-]+;base64,[A-Za-z0-9+/=]+")
MAX_DIAGNOSTICS = 200


def parse_outline(markdown: Any, *, assets: Assets | None = None, name: str = "") -> Outline:
    """Parse Markdown into an Outline. Raises GeneratorError(1010, field `markdown`).
    `assets`: where images may be read from (default: data: URIs only); `name`: the document's
    name (`document_name` of its file), its title when it has no title of its own."""
    if not isinstance(markdown, str):
        raise bad("markdown", "must be a string")
    if len(markdown) > MAX_TOTAL_CHARS:
        raise bad("markdown", f"is {len(markdown)} characters; at most {MAX_TOTAL_CHARS} allowed")
    text_chars = len(markdown) - sum(len(m) for m in DATA_URI.findall(markdown))
    if text_chars > MAX_MARKDOWN_CHARS:
        raise bad("markdown", f"is {text_chars} characters; at most {MAX_MARKDOWN_CHARS} allowed")
    text = markdown.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")
    text = text.replace("\r\n", "\n").replace("\r", "\n").lstrip("\ufeff")
    front, body, _ = split_front_matter(text)
    report: list[dict[str, str]] = []
    if front.problem:
        report.append({"kind": "front-matter", "message": front.problem, "where": "front matter"})
    where = ["front matter"]
    ctx = Context(ImageLoader(assets or Assets(), report), report, lambda: place())

    def place() -> str:
        """Where a diagnostic happens: `slide N` in decks, under which heading in documents."""
        if where[0]:
            return where[0]
        return f"under “{ctx.heading[:60]}”" if ctx.heading else "document start"

    conv = Converter(ctx)
    kind = deck_kind(front.data, body)
    ctx.deck = bool(kind)
    if kind:
        deck = DeckBuilder(kind, front.data, conv)
        for n, raw in enumerate(split_deck(kind, front.data, body), 1):
            where[0] = f"slide {n}"
            deck.slide(raw)
        outline = deck.finish(front.properties)
    else:
        builder = DocumentBuilder()
        where[0] = ""
        builder.events(conv.events(body), front.properties.get("title", ""))
        outline = builder.finish(front.properties, name, front.data)
    cite_closing(outline)
    outline.properties = dict(front.properties)
    outline.diagnostics = _dedupe(report)
    if not outline.topic and not any(c.pages for c in outline.chapters):
        raise bad("markdown", "has no usable content (no headings, text, lists or tables)")
    return outline


GENERIC_NAMES = frozenset({"readme", "index", "main", "slides", "document", "notes"})
# a translation's tag after a generic name: README.cn, README.zh-CN, index.pt-br, README.de-ch
LANGUAGE_TAG = lazy_compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def document_name(path: str) -> str:
    """A document's name from its file: the file's name without its extension, or its folder's
    for a generic one, a translation's too (`bat/README.md` -> "bat", `rich/README.cn.md` ->
    "rich"); "" for standard input."""
    if not path or path == "-":
        return ""
    pure = pathlib.Path(path)
    stem = pure.stem
    base, _, tag = stem.partition(".")
    if base.lower() in GENERIC_NAMES and (not tag or LANGUAGE_TAG.fullmatch(tag)):
        stem = pure.resolve().parent.name
    return stem


def _dedupe(report: list[dict[str, str]]) -> list[dict[str, str]]:
    """One entry per (kind, message, text), the first place it happened; at most
    MAX_DIAGNOSTICS."""
    seen: dict[tuple[str, str, str], dict[str, str]] = {}
    counts: dict[tuple[str, str, str], int] = {}
    for item in report:
        key = (item["kind"], item["message"], item.get("text", ""))
        counts[key] = counts.get(key, 0) + 1
        seen.setdefault(key, dict(item))
    out = []
    for key, item in seen.items():
        if counts[key] > 1:
            item["message"] += f" ({counts[key]} times)"
        out.append(item)
    if len(out) > MAX_DIAGNOSTICS:
        rest = len(out) - MAX_DIAGNOSTICS
        out = out[:MAX_DIAGNOSTICS] + [{"kind": "limit", "message": f"{rest} more", "where": ""}]
    return out
