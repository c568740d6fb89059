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
from dataclasses import dataclass, field, replace

from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, Chapter, ListItem, Outline, Page, Section, Span, plain
from generator.pages import PlannedPage
from generator.shapes import choose_layout, one_command

LENGTHS = ("short", "medium", "long")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
TINY_CHARS = {"short": 320, "medium": 220, "long": 0}
MAX_MERGED = {"short": 4, "medium": 4, "long": 1}
MERGED_CHARS = {"short": 900, "medium": 600, "long": 0}  # text of the pages one slide takes
MAX_STEPS = 4
MAX_STEP_WEIGHT = 8  # command lines and sentences of one steps slide
DIVIDER_SLIDES = {"short": 3, "medium": 2, "long": 2}
CONTENTS_DIVIDERS = {"short": 4, "medium": 3, "long": 2}
CHARS_PER_SLIDE = 700  # text at the base size in a template's body area (an estimate)
LINES_PER_SLIDE = 16  # code lines
ROWS_PER_SLIDE = 9  # table rows
ITEMS_PER_SLIDE = 9  # list items
SHORT_SHARE = 0.7  # a page estimated at most at this share of a slide is short ...
SHARED_SHARE = 1.15  # ... and consecutive short pages share a slide up to this much together
MAX_SHARED = 3
HEADING_SHARE = 0.06  # the room a page's title takes as a heading on a shared slide


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
    return max(1, math.ceil(slide_share(blocks) - 0.15))


def slide_share(blocks: list[Block]) -> float:
    """The share of a slide the blocks take at the base size (an estimate from their text)."""
    chars = sum(b.text_length() for b in blocks if b.type not in ("code", "table"))
    lines = sum(len(b.text.split("\n")) for b in blocks if b.type == "code")
    rows = sum(len(b.rows) for b in blocks if b.type == "table")
    items = sum(len(b.items) for b in blocks if b.type == "list")
    return max(
        chars / CHARS_PER_SLIDE + lines / LINES_PER_SLIDE + rows / ROWS_PER_SLIDE,
        items / ITEMS_PER_SLIDE,
    )


@dataclass
class _Candidate:
    chapter: int
    page: Page
    source: str
    alone: bool  # the only page of its chapter
    implicit: bool = False  # titled after its chapter (a `##` section without `###` pages)
    tiny: bool = False
    command: bool = False
    simple: bool = False
    short: bool = False  # a short section (a command or a snippet and a sentence or two)
    share: float = 1.0  # the share of a slide it takes (an estimate)
    chars: int = 0
    kicker: str = ""  # the page a section's slides come from (a long page cut at its sections)
    before: list[_Candidate] = field(default_factory=list)  # tiny pages shown before it
    after: list[_Candidate] = field(default_factory=list)  # ... and after it
    pages: list[Page] = field(default_factory=list)


def _simple(page: Page) -> bool:
    """Text only: paragraphs, headings and flat lists (what sits well beside other text),
    and nothing a layout of its own would show better (numbers, a timeline, cards...)."""
    if choose_layout(page.blocks, page.sections, str(getattr(page, "hint", "") or "")) != "bullets":
        return False
    blocks = page_blocks(page)
    if not blocks or len([b for b in blocks if b.type != "heading"]) > 4:
        return False
    if any(b.type in ("table", "image", "code", "quote", "html") for b in blocks):
        return False
    return not any(
        b.type == "list" and (len(b.items) > 6 or any(i.children for i in b.items)) for b in blocks
    )


def _short(page: Page, share: float) -> bool:
    """A page of a little text and code (an integration's command and its sentence, an install
    step): consecutive ones share a slide, stacked under their titles."""
    if share > SHORT_SHARE or page.sections:
        return False
    if choose_layout(page.blocks, page.sections, str(getattr(page, "hint", "") or "")) not in (
        "bullets",
        "code",
    ):
        return False
    return all(b.type in ("paragraph", "list", "code", "heading") for b in page.blocks)


def _chars(page: Page) -> int:
    return len(page.title) + sum(b.text_length() for b in page_blocks(page))


def _tiny(page: Page, length: str) -> bool:
    return _simple(page) and _chars(page) - len(page.title) <= TINY_CHARS[length]


def draft_pages(
    outline: Outline,
    lang: str,
    length: str = "medium",
    left_out: list[LeftOut] | None = None,
    authored: bool = False,
) -> list[PlannedPage]:
    """The unfitted plan: cover, contents, dividers, one draft per (merged) content slide,
    closing. What the plan leaves out (a document's own table of contents) goes to `left_out`.
    `authored`: the source is a slide deck already (Marp, Slidev): its slides never merge."""
    length = length if length in LENGTHS else "medium"
    candidates = _candidates(outline, length, left_out)
    runs = [[c] for c in candidates] if authored else _merge_runs(candidates, length)
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


def _candidates(outline: Outline, length: str, left_out: list[LeftOut] | None) -> list[_Candidate]:
    out = []
    titles = _titles(outline)
    for ci, chapter in enumerate(outline.chapters):
        pages: list[tuple[str, Page]] = []
        for pi, page in enumerate(chapter.pages):
            where = f"chapters[{ci}].pages[{pi}]"
            page = _without_toc(page, titles, where, left_out)
            page = _shown_blocks(page, where, left_out)
            if not page.is_empty():
                pages.append((where, page))
        if chapter.title and len(pages) >= 2 and _small_chapter([p for _, p in pages], length):
            merged = _promoted_all([p for _, p in pages], chapter.title)
            pages = [(f"chapters[{ci}]", merged)]
        elif (
            chapter.title
            and len(pages) == 1
            and pages[0][1].title != chapter.title
            and estimate_slides(page_blocks(pages[0][1])) < DIVIDER_SLIDES[length]
        ):
            pages = [(pages[0][0], _promoted(pages[0][1], chapter.title))]
        pages = [part for where, page in pages for part in _by_section(where, page)]
        alone = len(pages) == 1
        for where, page in pages:
            c = _Candidate(ci, page, where, alone)
            c.kicker = where.split("|", 1)[1] if "|" in where else ""
            where = where.split("|", 1)[0]
            c.source = where
            c.implicit = page.title == chapter.title
            c.command = one_command(page_blocks(page)) and not page.sections
            c.tiny = length != "long" and _tiny(page, length)
            c.simple = _simple(page)
            c.chars = _chars(page)
            c.share = slide_share(page_blocks(page)) + HEADING_SHARE
            c.short = length != "long" and _short(page, c.share)
            out.append(c)
    return out


SECTION_SLIDES = 3  # a page estimated at this many slides shows each content title on its own


def _by_section(where: str, page: Page) -> list[tuple[str, Page]]:
    """A long page with content titles (`####`) as one page per content title, titled by it
    (the page's title above it), so its slides say what they hold instead of "(4/7)"; the
    blocks before the first content title stay under the page's own title. `where` of each
    part carries `|page title` (its kicker)."""
    titled = [s for s in page.sections if s.title]
    if len(titled) < 2 or estimate_slides(page_blocks(page)) < SECTION_SLIDES:
        return [(where, page)]
    out: list[tuple[str, Page]] = []
    if page.blocks:
        out.append((where, replace(page, sections=[])))
    for k, sec in enumerate(page.sections):
        if not sec.title:
            continue
        part = replace(page, title=sec.title, blocks=list(sec.blocks), sections=[])
        out.append((f"{where}.sections[{k}]|{page.title}", part))
    return out


def _small_chapter(pages: list[Page], length: str) -> bool:
    """Tiny pages that together are still small (e.g. "Added" and "Fixed" of a release):
    one page, so that the chapter may share a slide with its neighbours."""
    if length == "long" or any(one_command(page_blocks(p)) for p in pages):
        return False
    if not all(_tiny(p, length) for p in pages):
        return False
    chars = sum(len(p.title) + sum(b.text_length() for b in page_blocks(p)) for p in pages)
    return chars <= TINY_CHARS[length]


def _promoted_all(pages: list[Page], title: str) -> Page:
    blocks: list[Block] = []
    for p in pages:
        blocks.append(Block("heading", [Span(p.title, bold=True)]))
        blocks.extend(page_blocks(p))
    return replace(pages[0], title=title, blocks=blocks, sections=[])


def _promoted(page: Page, title: str) -> Page:
    """The only page of a chapter, titled after the chapter, its own title a heading in it
    (one slide says both; tiny ones can then merge with their neighbours)."""
    heading = Block("heading", [Span(page.title, bold=True)])
    return replace(page, title=title, blocks=[heading] + page_blocks(page), sections=[])


SHOWN = frozenset({"paragraph", "heading", "list", "table", "quote", "code", "image", "html"})


def _shown_blocks(page: Page, where: str, left_out: list[LeftOut] | None) -> Page:
    """The page without blocks of a kind no layout draws (listed as left out)."""

    def keep(blocks: list[Block], path: str) -> list[Block]:
        out = []
        for i, b in enumerate(blocks):
            if b.type not in SHOWN:
                record = left_out_blocks(f"{path}[{i}]", "unsupported", [b], f"of a {b.type} block")
                if record is not None and left_out is not None:
                    left_out.append(record)
                continue
            out.append(b)
        return out

    blocks = keep(page.blocks, f"{where}.blocks")
    sections = [
        replace(sec, blocks=keep(sec.blocks, f"{where}.sections[{k}].blocks"))
        for k, sec in enumerate(page.sections)
    ]
    if len(blocks) == len(page.blocks) and all(
        len(a.blocks) == len(b.blocks) for a, b in zip(sections, page.sections, strict=True)
    ):
        return page
    return replace(page, blocks=blocks, sections=sections)


TOC_ITEMS = 4
TOC_SHARE = 0.8


def _titles(outline: Outline) -> set[str]:
    out = {_norm(outline.topic)}
    for c in outline.chapters:
        out.add(_norm(c.title))
        for p in c.pages:
            out.add(_norm(p.title))
            out.update(_norm(s.title) for s in p.sections)
    out.discard("")
    return out


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _item_texts(items: list[ListItem]) -> list[str]:
    out = []
    for item in items:
        out.append(plain(item.spans))
        for child in item.children:
            if child.type == "list":
                out.extend(_item_texts(child.items))
    return out


def _without_toc(page: Page, titles: set[str], where: str, left_out: list[LeftOut] | None) -> Page:
    """The page without a list that is the document's own table of contents (its entries are
    the headings of the document: the deck shows them as slide titles and contents)."""
    keep = []
    for i, block in enumerate(page.blocks):
        texts = _item_texts(block.items) if block.type == "list" else []
        hits = sum(1 for t in texts if _norm(t) in titles)
        if len(texts) >= TOC_ITEMS and hits >= TOC_SHARE * len(texts):
            if left_out is not None:
                why = "of the document's own table of contents (the slide titles carry it)"
                record = left_out_blocks(f"{where}.blocks[{i}]", "contents", [block], why)
                if record is not None:
                    left_out.append(record)
            continue
        keep.append(block)
    if len(keep) == len(page.blocks):
        return page
    return replace(page, blocks=keep)


def _merge_runs(candidates: list[_Candidate], length: str) -> list[list[_Candidate]]:
    """Consecutive candidates grouped: runs of one-command pages (steps) and of tiny pages."""
    runs: list[list[_Candidate]] = []
    for c in candidates:
        run = runs[-1] if runs else None
        if run is not None and _joins(run, c, length):
            run.append(c)
        else:
            runs.append([c])
    if length == "long":
        return runs
    out: list[list[_Candidate]] = []
    for k, run in enumerate(runs):  # a tiny page left alone joins a neighbour's slides
        c = run[0]
        if len(run) == 1 and c.tiny and not c.command:
            before = out[-1] if out else None
            after = runs[k + 1] if k + 1 < len(runs) else None
            if before is not None and _takes_step(before, c):
                before.append(c)  # a sentence between commands: a step of their slide
                continue
            if after is not None and _takes_step(after, c):
                after.insert(0, c)
                continue
            if before is not None and len(before) == 1 and _near(before[0], c) and _host(before[0]):
                before[0].after.append(c)
                continue
            if after is not None and len(after) == 1 and _near(c, after[0]) and _host(after[0]):
                after[0].before.append(c)
                continue
        last = out[-1] if out else None
        if last is not None and _steps_run(run) and _steps_run(last) and _steps_fit(last, run):
            last.extend(run)  # commands on both sides of a sentence taken as a step
            continue
        out.append(run)
    return _shared(out)


def _steps_run(run: list[_Candidate]) -> bool:
    """Commands (and sentences taken as steps between them)."""
    return any(r.command for r in run) and all(r.command or _sentence(r.page) for r in run)


def _steps_fit(a: list[_Candidate], b: list[_Candidate]) -> bool:
    weight = sum(_step_weight(r.page) for r in [*a, *b])
    near = _near(a[-1], b[0])
    return near and len(a) + len(b) <= MAX_STEPS and weight <= MAX_STEP_WEIGHT


def _sentence(page: Page) -> bool:
    blocks = page_blocks(page)
    return len(blocks) == 1 and blocks[0].type == "paragraph" and not page.sections


def _shared(runs: list[list[_Candidate]]) -> list[list[_Candidate]]:
    """Consecutive short pages left alone (each a slide of its own) share a slide: up to
    MAX_SHARED of them while together they take at most SHARED_SHARE of a slide."""
    out: list[list[_Candidate]] = []
    open_run = False  # out[-1] is a short page alone or short pages sharing a slide
    for run in runs:
        c = run[0]
        alone = len(run) == 1 and c.short and not c.before and not c.after
        if (
            alone
            and open_run
            and len(out[-1]) < MAX_SHARED
            and _near(out[-1][-1], c)
            and sum(r.share for r in out[-1]) + c.share <= SHARED_SHARE
        ):
            out[-1].append(c)
            continue
        out.append(run)
        open_run = alone
    return out


def _takes_step(run: list[_Candidate], c: _Candidate) -> bool:
    """A steps run (commands) that can take a tiny page of one sentence as a step."""
    if len(run) < 2 or not all(r.command for r in run) or len(run) >= MAX_STEPS:
        return False
    weight = sum(_step_weight(r.page) for r in run) + 1
    near = all(_near(r, c) or _near(c, r) for r in run)
    return _sentence(c.page) and weight <= MAX_STEP_WEIGHT and near


def _host(c: _Candidate) -> bool:
    """A page that can take a tiny neighbour at its start or end: one that flows (a layout of
    its own, numbers or a timeline, would be lost)."""
    page = c.page
    hint = str(getattr(page, "hint", "") or "")
    return choose_layout(page.blocks, page.sections, hint) in ("bullets", "table")


def _near(a: _Candidate, b: _Candidate) -> bool:
    """`a` then `b`: in one chapter, or sections (`##` without `###`) one after the other."""
    if a.chapter == b.chapter:
        return True
    sections = a.alone and a.implicit and b.alone and b.implicit
    return sections and b.chapter == a.chapter + 1


def _joins(run: list[_Candidate], c: _Candidate, length: str) -> bool:
    last = run[-1]
    across = c.alone and last.alone and c.implicit and last.implicit
    neighbours = c.chapter == last.chapter or (across and c.chapter == last.chapter + 1)
    if not neighbours:
        return False
    if all(r.command for r in run) and c.command:
        weight = sum(_step_weight(r.page) for r in [*run, c])
        return len(run) < MAX_STEPS and weight <= MAX_STEP_WEIGHT
    if length == "long":
        return False
    if any(r.command for r in run) or c.command or len(run) >= MAX_MERGED[length]:
        return False
    if not (c.simple and all(r.simple for r in run)):
        return False
    if not (c.tiny or last.tiny):  # a tiny page joins a small neighbour, two small ones do not
        return False
    return sum(r.chars for r in run) + c.chars <= MERGED_CHARS[length]


def _step_weight(page: Page) -> int:
    """A step's command lines and sentences (what a steps slide has room for)."""
    blocks = page_blocks(page)
    return sum(len(b.text.strip().split("\n")) if b.type == "code" else 1 for b in blocks)


def _divider(chapter: Chapter, number: int) -> PlannedPage:
    return PlannedPage(
        "divider", "divider", chapter.title, chapter=chapter.title, chapter_number=number
    )


def _content(run: list[_Candidate], outline: Outline, number: int, divided: bool) -> PlannedPage:
    first = run[0]
    chapter = outline.chapters[first.chapter]
    everyone = [*first.before, *run, *first.after]
    notes = "\n\n".join(n for n in (str(getattr(c.page, "notes", "") or "") for c in everyone) if n)
    if len(run) == 1:
        page = first.page
        blocks, sections = list(page.blocks), list(page.sections)
        title = page.title
        hint = str(getattr(page, "hint", "") or "")
        if first.before or first.after:
            blocks, sections, hint = page_blocks(page), [], ""
            blocks = [b for c in first.before for b in _titled_page(c.page)] + blocks
            blocks += [b for c in first.after for b in _titled_page(c.page)]
        layout = choose_layout(blocks, sections, hint)
        if sections and layout not in ("columns", "cards", "steps"):
            blocks, sections = page_blocks(page), []
        joined = first.before + [first] + first.after
        source = "+".join(c.source for c in joined)[:200]
    else:
        sections = [Section(c.page.title, page_blocks(c.page)) for c in run]
        blocks, hint = [], ""
        layout = choose_layout(blocks, sections)
        if layout not in ("columns", "cards", "steps"):
            blocks, sections = [b for s in sections for b in _titled(s)], []
        title = _merged_title(run, outline)
        source = "+".join(c.source for c in run)[:200]
    chapter_title = chapter.title
    one_chapter = len({c.chapter for c in run}) == 1
    kicker = not divided and one_chapter and chapter_title and chapter_title not in title
    kickers = {c.kicker for c in run}
    shared = first.kicker if len(kickers) == 1 else ""  # one page's sections sharing a slide
    above = shared if shared and shared != title else (chapter_title if kicker else "")
    return PlannedPage(
        "content",
        layout,
        title,
        subtitle=above,
        chapter=chapter_title,
        chapter_number=number,
        blocks=blocks,
        sections=sections,
        source=source,
        notes=notes,
        hint=hint,
        background=str(getattr(first.page, "background", "") or ""),
    )


def _titled_page(page: Page) -> list[Block]:
    return [Block("heading", [Span(page.title, bold=True)])] + page_blocks(page)


def _titled(section: Section) -> list[Block]:
    return [Block("heading", [Span(section.title, bold=True)])] + list(section.blocks)


def _merged_title(run: list[_Candidate], outline: Outline) -> str:
    chapters = {c.chapter for c in run}
    if len(chapters) == 1:
        chapter = outline.chapters[run[0].chapter]
        if chapter.title:
            return chapter.title
    titles = [c.page.title for c in run]
    joined = " · ".join(titles)
    return joined if len(joined) <= 70 else titles[0] + " …"
