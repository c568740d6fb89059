"""Plain text (pasted, .txt) -> Outline by its own structure: headings, paragraphs, lists, sentence pages."""

from __future__ import annotations

import re

from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Outline, Span
from generator.sources.errors import CONTENT_EMPTY, CONTENT_TOO_LONG, SourceError, SourceLimits
from generator.sources.tree import OutlineBuilder, clip, item, paragraph

PAGE_CHARS = 600  # headingless text is grouped into pages of about this many characters
HEADING_MAX = 60
TOPIC_MAX = 80  # a first sentence up to this long is the deck's title (and not body text)
_BULLET = lazy_compile(r"^\s*(?:[-*+•·▪●◦]|\(?\d{1,3}[.)、]|\(?[a-z][.)])\s+(?=\S)")
_NUMBERED_HEADING = lazy_compile(r"^(\d{1,2}(?:\.\d{1,2}){0,2})\.?\s+(\S.*)$")
_CHAPTER_WORD = lazy_compile(
    r"^(chapter|part|section|第[一二三四五六七八九十百\d]+[章节部分])\b", re.I
)
_MD_HEADING = lazy_compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_SENTENCE = lazy_compile(r"(?<=[.!?。！？])[\"'”’)]*\s+|(?<=[。！？])")
_END_PUNCT = tuple(".!?;:,。！？；：，")


def text_to_outline(
    text: str, limits: SourceLimits | None = None, *, name: str = "text"
) -> Outline:
    """Pasted text -> Outline. Deterministic: the same text always gives the same outline.

    Blank lines separate paragraphs; `#` lines, numbered lines ("1.", "1.2", "Chapter 3") and short
    unpunctuated lines followed by text are headings; bullet/number markers make lists; long
    stretches without headings become pages of whole sentences (about PAGE_CHARS characters).
    """
    limits = limits or SourceLimits()
    if len(text) > limits.max_extracted_chars:
        raise SourceError(CONTENT_TOO_LONG, f"{name}: {len(text)} characters; too long")
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    paragraphs = [p for p in (_lines(chunk) for chunk in re.split(r"\n\s*\n", text)) if p]
    if not paragraphs:
        raise SourceError(CONTENT_EMPTY, f"{name}: no text")
    builder = OutlineBuilder()
    first = paragraphs[0]
    if len(first) == 1 and _is_title(first[0]) and len(paragraphs) > 1:
        builder.topic = clip(_strip_md(first[0]))
        paragraphs = paragraphs[1:]
    elif _heading_level(first) is None and not _BULLET.match(first[0]):
        # No title line: the first sentence, when short, is the title (and only there).
        sentence, rest = _first_sentence(" ".join(first))
        if sentence and len(sentence) <= TOPIC_MAX:
            builder.topic = sentence
            paragraphs = ([[rest]] if rest else []) + paragraphs[1:]
            if not paragraphs:
                raise SourceError(CONTENT_EMPTY, f"{name}: only a title, no text")
    for lines in paragraphs:
        _paragraph(builder, lines)
    return builder.finish(fallback_topic=name)


def _lines(chunk: str) -> list[str]:
    return [" ".join(line.split()) for line in chunk.split("\n") if line.strip()]


def _strip_md(line: str) -> str:
    m = _MD_HEADING.match(line)
    return m.group(2) if m else line


def _is_title(line: str) -> bool:
    return len(line) <= HEADING_MAX and not line.endswith(_END_PUNCT) and not _BULLET.match(line)


def _heading_level(lines: list[str]) -> int | None:
    line = lines[0]
    m = _MD_HEADING.match(line)
    if m:
        return max(2, len(m.group(1)))
    if len(line) > HEADING_MAX or line.endswith(_END_PUNCT):
        return None
    m = _NUMBERED_HEADING.match(line)
    if m and "." in m.group(1):
        return min(4, 2 + m.group(1).count("."))
    if _CHAPTER_WORD.match(line):
        return 2
    if m and (len(lines) == 1 or not _BULLET.match(lines[1])):
        return 2  # "1. Introduction" over prose
    if _is_title(line):
        return 3  # a short unpunctuated line alone or over its text
    return None


def _paragraph(builder: OutlineBuilder, lines: list[str]) -> None:
    level = _heading_level(lines)
    if level is not None:
        builder.heading(level, _strip_md(_NUMBERED_HEADING.sub(r"\2", lines[0])))
        lines = lines[1:]
    if not lines:
        return
    bullets = [bool(_BULLET.match(line)) for line in lines]
    if sum(bullets) >= max(1, len(lines) // 2):
        _add(builder, _list(lines))
        return
    for sentence_group in _sentence_groups(" ".join(lines)):
        _add(builder, paragraph(sentence_group))


def _list(lines: list[str]) -> Block:
    items: list[ListItem] = []
    ordered = bool(re.match(r"^\s*\(?\d", lines[0]))
    for line in lines:
        m = _BULLET.match(line)
        if m or not items:
            items.append(item(line[m.end() :] if m else line))
        else:  # a continuation line
            items[-1].spans.append(Span(" " + line))
    return Block("list", ordered=ordered, items=items)


def _sentence_groups(text: str) -> list[str]:
    """Split a paragraph over PAGE_CHARS into groups of whole sentences of at most PAGE_CHARS
    (a single longer sentence stays whole)."""
    if len(text) <= PAGE_CHARS:
        return [text]
    sentences = [s.strip() for s in _SENTENCE.split(text) if s and s.strip()]
    groups: list[str] = []
    current = ""
    for sentence in sentences:
        if current and len(current) + len(sentence) > PAGE_CHARS:
            groups.append(current)
            current = ""
        current = (
            f"{current} {sentence}".strip()
            if current and current[-1] not in "。！？"
            else current + sentence
        )
    if current:
        groups.append(current)
    return groups


def _add(builder: OutlineBuilder, block: Block) -> None:
    """Add a block; a page over PAGE_CHARS continues on a new page titled after the first."""
    if (
        builder.page is not None
        and builder.page_chars() + block.text_length() > PAGE_CHARS
        and (builder.page.blocks or builder.page.sections)
    ):
        title = re.sub(r" \(\d+\)$", "", builder.page.title)
        n = sum(1 for c in builder.chapters for p in c.pages if p.title.startswith(title))
        builder.heading(3, f"{title} ({n + 1})")
    elif builder.page is None and builder.section is None and builder.chapters == []:
        # Text before any heading: a page titled after the deck (never after its own first
        # sentence, which would then be shown twice, as the title and as the first line).
        builder.heading(3, builder.topic)
    builder.add(block)


def _first_sentence(text: str) -> tuple[str, str]:
    """(first sentence without its final full stop, the rest)."""
    parts = _SENTENCE.split(text.strip(), maxsplit=1)
    first = parts[0].strip()
    rest = parts[1].strip() if len(parts) > 1 else ""
    if first.endswith(".") and not first.endswith(".."):
        first = first[:-1]
    return first, rest
