"""A paragraph repeated in sibling pages, shown once (a document over its slide budget,
generator.talk): the pages of a chapter often repeat a note word for word (each install route
ends with the same "the binary is called fdfind, add a link" paragraph). A later page's
paragraph of at least MIN_CHARS characters whose words are those (or nearly, SAME_RATIO) of a
paragraph of an earlier page of its chapter leaves its slide; its words go to the page's notes
(listed). The first page keeps it where the reader meets it first.
"""

from __future__ import annotations

import re
from dataclasses import replace
from difflib import SequenceMatcher

from generator.condense import Condensed
from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, Chapter, Outline, Page, plain
from generator.summary import notes_text

MIN_CHARS = 80  # a paragraph shorter than this (a lead-in, "For example:") may repeat
SAME_RATIO = 0.9  # two paragraphs whose words match this much say the same thing
_WORD = re.compile(r"\w+")


def _words(block: Block) -> str | None:
    """A paragraph's words, lower-cased and joined by single spaces (None: not a paragraph
    long enough to count as a repeated note)."""
    if block.type != "paragraph":
        return None
    text = plain(block.spans)
    if len(text) < MIN_CHARS:
        return None
    return " ".join(_WORD.findall(text.lower()))


def _same(words: str, seen: list[str]) -> bool:
    for other in seen:
        if words == other:
            return True
        matcher = SequenceMatcher(None, words, other, autojunk=False)
        if matcher.real_quick_ratio() >= SAME_RATIO and matcher.ratio() >= SAME_RATIO:
            return True
    return False


def _page_words(page: Page) -> list[str]:
    blocks = [*page.blocks, *(b for s in page.sections for b in s.blocks)]
    return [w for w in (_words(b) for b in blocks) if w is not None]


def _without(blocks: list[Block], seen: list[str], left: list[Block]) -> list[Block]:
    kept: list[Block] = []
    for block in blocks:
        words = _words(block)
        if words is not None and _same(words, seen):
            left.append(block)
        else:
            kept.append(block)
    return kept


def _chapter(ci: int, chapter: Chapter, records: list[LeftOut]) -> Chapter:
    seen: list[str] = []
    pages: list[Page] = []
    for pi, page in enumerate(chapter.pages):
        left: list[Block] = []
        blocks = _without(page.blocks, seen, left)
        sections = [replace(s, blocks=_without(s.blocks, seen, left)) for s in page.sections]
        seen += _page_words(page)
        if left and (blocks or any(s.blocks for s in sections)):  # never a page emptied
            notes = "\n\n".join(n for n in (page.notes, notes_text(left)) if n)
            page = replace(page, blocks=blocks, sections=sections, notes=notes)
            why = "repeating a paragraph of an earlier page of its chapter, in its notes"
            record = left_out_blocks(f"chapters[{ci}].pages[{pi}]", "notes", left, why)
            if record is not None:
                records.append(record)
        pages.append(page)
    return replace(chapter, pages=pages)


def told_once(outline: Outline) -> Condensed:
    """The outline with every paragraph a sibling page of its chapter already said left to
    the later page's notes (listed); its chapters and pages where they were."""
    records: list[LeftOut] = []
    chapters = [_chapter(ci, c, records) for ci, c in enumerate(outline.chapters)]
    if not records:
        return Condensed(outline, [])
    return Condensed(replace(outline, chapters=chapters), records)
