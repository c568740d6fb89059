"""Outline -> the deck's draft: which slides there are before fitting (length, merged neighbours, steps, dividers, contents).

- Every outline page is one draft content slide; fitting may continue it on following slides.
- Tiny neighbouring pages (a sentence or a short list each) merge into one slide whose cards
  carry their titles; a run of pages that are each one command becomes a "steps" slide.
  Neighbours merge within a chapter, or across chapters that are one page each (the usual
  `##` sections of a README).
- A chapter gets a divider only when it has several slides (an estimate from its text), the
  contents page only when there are several dividers; a chapter without a divider names
  itself above its slide's title (`kicker`), so no title is lost.
- `length`: "short" merges more and lets a page have one slide only (the planner condenses
  what does not fit and lists it), "medium" (default) keeps everything, "long" keeps every page
  on its own slides (only one-command runs become steps).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from generator.model import Block, Chapter, Outline, Page, Section, Span
from generator.pages import PlannedPage
from generator.shapes import choose_layout, one_command

LENGTHS = ("short", "medium", "long")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
TINY_CHARS = {"short": 320, "medium": 220, "long": 0}
MAX_MERGED = {"short": 4, "medium": 4, "long": 1}
MAX_STEPS = 6
DIVIDER_SLIDES = {"short": 3, "medium": 2, "long": 2}
CONTENTS_DIVIDERS = {"short": 4, "medium": 3, "long": 2}
CHARS_PER_SLIDE = 700  # text at the base size in a template's body area (an estimate)
LINES_PER_SLIDE = 16  # code lines
ROWS_PER_SLIDE = 9  # table rows
ITEMS_PER_SLIDE = 9  # list items


def deck_language(outline: Outline) -> str:
    text = outline.topic + "".join(
        c.title + "".join(p.title for p in c.pages) for c in outline.chapters
    )
    cjk = len(CJK.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return "zh-CN" if cjk and cjk * 3 >= latin else "en"


def page_blocks(page: Page) -> list[Block]:
    """A page's blocks with its content titles as headings (the flowing form of the page)."""
    blocks = list(page.blocks)
    for s in page.sections:
        if s.title:
            blocks.append(Block("heading", [Span(s.title, bold=True)]))
        blocks.extend(s.blocks)
    return blocks


def estimate_slides(blocks: list[Block]) -> int:
    """How many slides the blocks need at the base size (an estimate from their text)."""
    chars = sum(b.text_length() for b in blocks if b.type not in ("code", "table"))
    lines = sum(len(b.text.split("\n")) for b in blocks if b.type == "code")
    rows = sum(len(b.rows) for b in blocks if b.type == "table")
    items = sum(len(b.items) for b in blocks if b.type == "list")
    need = max(
        chars / CHARS_PER_SLIDE + lines / LINES_PER_SLIDE + rows / ROWS_PER_SLIDE,
        items / ITEMS_PER_SLIDE,
    )
    return max(1, math.ceil(need - 0.15))


@dataclass
class _Candidate:
    chapter: int
    page: Page
    source: str
    alone: bool  # the only page of its chapter
    tiny: bool = False
    command: bool = False
    pages: list[Page] = field(default_factory=list)


def _tiny(page: Page, length: str) -> bool:
    blocks = page_blocks(page)
    if not blocks or len(blocks) > 3:
        return False
    if any(b.type in ("table", "image", "code", "quote") for b in blocks):
        return False
    if any(
        b.type == "list" and (len(b.items) > 4 or any(i.children for i in b.items)) for b in blocks
    ):
        return False
    return sum(b.text_length() for b in blocks) <= TINY_CHARS[length]


def draft_pages(outline: Outline, lang: str, length: str = "medium") -> list[PlannedPage]:
    """The unfitted plan: cover, contents, dividers, one draft per (merged) content slide, closing."""
    length = length if length in LENGTHS else "medium"
    runs = _merge_runs(_candidates(outline, length), length)
    slides_per_chapter: dict[int, int] = {}
    for run in runs:
        blocks = [b for c in run for b in page_blocks(c.page)]
        n = 1 if len(run) > 1 else estimate_slides(blocks)
        slides_per_chapter[run[0].chapter] = slides_per_chapter.get(run[0].chapter, 0) + n
    dividers = [
        ci
        for ci, chapter in enumerate(outline.chapters)
        if chapter.title
        and (slides_per_chapter.get(ci, 0) >= DIVIDER_SLIDES[length] or not chapter.pages)
    ]
    numbers = {ci: n + 1 for n, ci in enumerate(dividers)}
    pages = [PlannedPage("cover", "cover", outline.topic, outline.subtitle)]
    if len(dividers) >= CONTENTS_DIVIDERS[length]:
        title = "目录" if lang == "zh-CN" else "Contents"
        entries = [outline.chapters[ci].title for ci in dividers]
        pages.append(PlannedPage("contents", "contents", title, entries=entries))
    started: set[int] = set()
    for ci in [ci for ci in dividers if not outline.chapters[ci].pages]:
        started.add(ci)  # an empty chapter keeps its divider where it stands (below)
    runs_by_chapter: dict[int, list[list[_Candidate]]] = {}
    for run in runs:
        runs_by_chapter.setdefault(run[0].chapter, []).append(run)
    for ci, chapter in enumerate(outline.chapters):
        if ci in numbers:
            pages.append(_divider(chapter, numbers[ci]))
        for run in runs_by_chapter.get(ci, []):
            pages.append(_content(run, outline, numbers.get(ci, 0), ci in numbers))
    closing = "谢谢" if lang == "zh-CN" else "Thank you"
    pages.append(PlannedPage("closing", "closing", closing, outline.topic))
    return pages


def _candidates(outline: Outline, length: str) -> list[_Candidate]:
    out = []
    for ci, chapter in enumerate(outline.chapters):
        for pi, page in enumerate(chapter.pages):
            c = _Candidate(ci, page, f"chapters[{ci}].pages[{pi}]", len(chapter.pages) == 1)
            c.command = one_command(page_blocks(page)) and not page.sections
            c.tiny = length != "long" and _tiny(page, length)
            out.append(c)
    return out


def _merge_runs(candidates: list[_Candidate], length: str) -> list[list[_Candidate]]:
    """Consecutive candidates grouped: runs of one-command pages (steps) and of tiny pages."""
    runs: list[list[_Candidate]] = []
    for c in candidates:
        run = runs[-1] if runs else None
        if run is not None and _joins(run, c, length):
            run.append(c)
        else:
            runs.append([c])
    out: list[list[_Candidate]] = []
    for run in runs:  # a run of one page, or a kind that did not form, stays as it is
        out.append(run)
    return out


def _joins(run: list[_Candidate], c: _Candidate, length: str) -> bool:
    last = run[-1]
    neighbours = c.chapter == last.chapter or (
        c.alone and last.alone and c.chapter == last.chapter + 1
    )
    if not neighbours:
        return False
    if all(r.command for r in run) and c.command:
        return len(run) < MAX_STEPS
    if length == "long":
        return False
    if all(r.tiny for r in run) and c.tiny and not all(r.command for r in run):
        return len(run) < MAX_MERGED[length]
    return False


def _divider(chapter: Chapter, number: int) -> PlannedPage:
    return PlannedPage(
        "divider", "divider", chapter.title, chapter=chapter.title, chapter_number=number
    )


def _content(run: list[_Candidate], outline: Outline, number: int, divided: bool) -> PlannedPage:
    first = run[0]
    chapter = outline.chapters[first.chapter]
    notes = "\n\n".join(n for n in (str(getattr(c.page, "notes", "") or "") for c in run) if n)
    if len(run) == 1:
        page = first.page
        blocks, sections = list(page.blocks), list(page.sections)
        title = page.title
        hint = str(getattr(page, "hint", "") or "")
        layout = choose_layout(blocks, sections, hint)
        if sections and layout not in ("columns", "cards", "steps"):
            blocks, sections = page_blocks(page), []
        source = first.source
    else:
        sections = [Section(c.page.title, page_blocks(c.page)) for c in run]
        blocks, hint = [], ""
        layout = choose_layout(blocks, sections)
        if layout not in ("columns", "cards", "steps"):
            blocks, sections = [b for s in sections for b in _titled(s)], []
        title = _merged_title(run, outline)
        source = "+".join(c.source for c in run)[:200]
    chapter_title = chapter.title
    return PlannedPage(
        "content",
        layout,
        title,
        subtitle=chapter_title if not divided and chapter_title and chapter_title != title else "",
        chapter=chapter_title,
        chapter_number=number,
        blocks=blocks,
        sections=sections,
        source=source,
        notes=notes,
        hint=hint,
    )


def _titled(section: Section) -> list[Block]:
    return [Block("heading", [Span(section.title, bold=True)])] + list(section.blocks)


def _merged_title(run: list[_Candidate], outline: Outline) -> str:
    chapters = {c.chapter for c in run}
    if len(chapters) == 1:
        chapter = outline.chapters[run[0].chapter]
        if chapter.title and len(chapter.pages) > len(run) or chapter.title and not run[0].alone:
            return chapter.title
    titles = [c.page.title for c in run]
    joined = " · ".join(titles)
    return joined if len(joined) <= 70 else titles[0] + " …"
