"""A paragraph repeated in sibling pages, shown once (a document over its slide budget,
generator.talk): the pages of a chapter often repeat a note word for word (each install route
ends with the same "the binary is called fdfind, add a link" paragraph). A later page's
paragraph of at least MIN_CHARS characters whose words are those (or nearly, SAME_RATIO) of a
paragraph of an earlier page of its chapter leaves its slide; its words go to the page's notes
(listed). The first page keeps it where the reader meets it first.

A page left with one command (and the sentence that introduces it) once its repeated
paragraphs left joins the sibling page before it, the one that said them: both
on one page titled by both ("On Ubuntu · On Debian"), each under its title as a heading (a
route of one command is a step after its sibling's, not a near-empty slide of its own).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import lru_cache

from generator.condense import Condensed
from generator.lazyre import lazy_compile
from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, Chapter, Outline, Page, plain, title_spans
from generator.partnames import parts_title
from generator.summary import notes_text

MIN_CHARS = 80  # a paragraph shorter than this (a lead-in, "For example:") may repeat
SAME_RATIO = 0.9  # two paragraphs whose words match this much say the same thing
LEFT_CHARS = 220  # a page left with at most one paragraph this long ...
LEFT_LINES = 3  # ... and one command of at most this many lines joins its sibling
_WORD = lazy_compile(r"\w+")


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
    """`words` say what a paragraph of `seen` said: the same, or matching SAME_RATIO of their
    characters. The exact ratio is costly (quadratic in the paragraphs' lengths); it is asked
    only of pairs whose upper bounds (their lengths, then their characters as multisets) reach
    SAME_RATIO, which decides the same as asking it of every pair."""
    for other in seen:
        if words == other:
            return True
        total = len(words) + len(other)
        if 2.0 * min(len(words), len(other)) / total < SAME_RATIO:  # real_quick_ratio
            continue
        common = (_characters(words) & _characters(other)).total()
        if 2.0 * common / total < SAME_RATIO:  # quick_ratio, each paragraph counted once
            continue
        if SequenceMatcher(None, words, other, autojunk=False).ratio() >= SAME_RATIO:
            return True
    return False


@lru_cache(maxsize=1024)
def _characters(words: str) -> Counter[str]:
    """A paragraph's characters as a multiset (read, never changed, by `_same`)."""
    return Counter(words)


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


def _little(page: Page) -> bool:
    """A page of one command and at most the sentence introducing it (a route whose steps
    its sibling said; a page of other text left short, an agenda item's link, keeps its own
    slide)."""
    blocks = page.blocks
    paragraphs = [b for b in blocks if b.type == "paragraph"]
    codes = [b for b in blocks if b.type == "code"]
    if page.sections or page.hint or len(paragraphs) > 1 or len(codes) != 1:
        return False
    if len(paragraphs) + len(codes) != len(blocks) or not blocks:
        return False
    if any(len(plain(b.spans)) > LEFT_CHARS for b in paragraphs):
        return False
    return all(len(c.text.strip().split("\n")) <= LEFT_LINES for c in codes)


def _heading(title: str) -> Block:
    return Block("heading", title_spans(title, bold=True))


def _joined(host: Page, page: Page) -> Page:
    """`page` after `host` on one page titled by both, each under its title as a heading."""
    blocks = [_heading(host.title), *host.blocks, _heading(page.title), *page.blocks]
    notes = "\n\n".join(n for n in (host.notes, page.notes) if n)
    title = parts_title([host.title, page.title])
    return replace(host, title=title, blocks=blocks, notes=notes)


def _host(page: Page, left: list[Block]) -> bool:
    """A page that can take a sibling after it: one that said what the sibling repeated."""
    if page.sections or page.hint:
        return False
    said = _page_words(page)
    return all(_same(w, said) for w in (_words(b) for b in left) if w is not None)


@dataclass
class _Told:
    """A chapter's pages so far, what each said, and where each was in the chapter."""

    pages: list[Page] = field(default_factory=list)
    origin: list[int] = field(default_factory=list)
    joined: set[int] = field(default_factory=set)  # pages that took a sibling


def _chapter(ci: int, chapter: Chapter, records: list[LeftOut]) -> tuple[Chapter, list[int]]:
    """The chapter told once, and the original index of each of its pages."""
    seen: list[str] = []
    told = _Told()
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
            k = len(told.pages) - 1
            if k >= 0 and k not in told.joined and _little(page):
                original = chapter.pages[told.origin[k]]
                if _host(original, left):  # what it repeated is its sibling's, said once
                    page = replace(page, notes=chapter.pages[pi].notes)
                    told.pages[k] = _joined(told.pages[k], page)
                    told.joined.add(k)
                    continue
        told.pages.append(page)
        told.origin.append(pi)
    return replace(chapter, pages=told.pages), told.origin


def told_once(outline: Outline) -> Condensed:
    """The outline with every paragraph a sibling page of its chapter already said left to
    the later page's notes (listed; where it was in `outline`), a page left with one command
    joined to the sibling before it; where its pages were in `outline`."""
    records: list[LeftOut] = []
    chapters: list[Chapter] = []
    page_origin: dict[tuple[int, int], int] = {}
    for ci, c in enumerate(outline.chapters):
        chapter, origin = _chapter(ci, c, records)
        chapters.append(chapter)
        page_origin.update({(ci, new): old for new, old in enumerate(origin) if new != old})
    if not records:
        return Condensed(outline, [])
    return Condensed(replace(outline, chapters=chapters), records, page_origin=page_origin)


def made_after(made: frozenset[tuple[int, int]], told: Condensed) -> frozenset[tuple[int, int]]:
    """Pages of the outline `told` was made from (chapter, page) at their places in its
    outline (a page joined to a sibling before it moves the pages after it up)."""
    back = {(ci, old): new for (ci, new), old in told.page_origin.items()}
    return frozenset((ci, back.get((ci, pi), pi)) for ci, pi in made)
