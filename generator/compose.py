"""Outline -> the deck's draft: which slides there are before fitting (length, merged neighbours, steps, dividers, contents).

- Every outline page is one draft content slide; fitting may continue it on following slides.
- Tiny neighbouring pages (a sentence or a short list each) merge into one slide whose cards
  carry their titles; a run of pages that are each one command becomes a "steps" slide.
  Neighbours merge within a chapter, or across chapters that are one page each (the usual
  `##` sections of a README).
- The contents page lists every chapter (condensed beyond 20). A document of one chapter, of
  more than 12, or of small chapters only has no dividers; otherwise a chapter gets one when it
  has several slides (decided by the planner once the chapter's slides are fitted,
  generator.deckplan; the draft's estimate from its text is a first guess). A chapter without
  a divider names itself above its slides' titles (`kicker`), so no title is lost; so does a
  page whose title other pages share ("Fixed" under each release). The document's own title
  (the cover's, or its only top heading under a front matter title) names no slide.
- A slide of several pages is titled by its parts in order ("Changed · Fixed"), by its
  chapter when it holds all of it; cards and columns of one chapter's pages by the heading
  they are under (the page they are sections of, else the chapter; the document's intro is
  under the document's title, shown as "Introduction"). The contents page lists the intro
  first when it has slides. A deck's slides (Marp, Slidev, pandoc) never merge.
- `length`: "short" merges more and lets a page have one slide only (the planner condenses
  what does not fit and lists it), "medium" (default) keeps everything, "long" keeps every page
  on its own slides (only one-command runs become steps).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

from generator.alsolines import unshown_chapter
from generator.cjk import CJK_TEXT, may_hold_cjk, pattern
from generator.intro import boilerplate_intro, intro_title, named_intro
from generator.kickers import chapter_kickers, needless_kickers
from generator.kinds import by_item, holds_discussion, minutes_page
from generator.leftout import LeftOut, count_words
from generator.model import Block, Chapter, Outline, Page, Section, title_spans
from generator.nothing import fold_nothing
from generator.onerow import definitions
from generator.ownclosing import OwnClosing, own_closing
from generator.owncontents import (
    body_chapter,
    document_titles,
    ends_itself,
    is_document_title,
    norm,
    without_own_contents,
)
from generator.pageparts import by_section, promoted, promoted_all, shown_blocks, small_chapter
from generator.pages import Apart, ChapterDraft, DeckDraft, PlannedPage
from generator.pagesize import (
    estimate_slides,
    page_chars,
    short_page,
    simple_page,
    slide_share,
    tiny_page,
)
from generator.partnames import named_parts, parts_title
from generator.runs import Candidate, merge_runs, page_blocks
from generator.shapes import choose_layout, one_command
from generator.stacked import headed

if TYPE_CHECKING:
    from generator.minutes import Minutes

LENGTHS = ("short", "medium", "long")
DIVIDER_SLIDES = {"short": 3, "medium": 2, "long": 2}
CONTENTS_CHAPTERS = {"short": 4, "medium": 3, "long": 2}  # chapters a contents slide needs
APART_PARTS = 8  # a merged run of at most this many pages is fitted apart when it overflows
MAX_DIVIDED = 12  # a document of more chapters has none (its contents slide carries them)
# ... nor one whose chapters all take at most this many slides (estimated; a long deck, which
# shows every page, has them when a chapter takes several)
SMALL_CHAPTER = {"short": 3, "medium": 3, "long": 1}
HEADING_SHARE = 0.06  # the room a page's title takes as a heading on a shared slide


def deck_language(outline: Outline) -> str:
    text = outline.topic + "".join(
        c.title + "".join(p.title for p in c.pages) for c in outline.chapters
    )
    cjk = len(pattern(CJK_TEXT).findall(text)) if may_hold_cjk(text) else 0
    latin = len(re.findall(r"[A-Za-z]", text))
    return "zh-CN" if cjk and cjk * 3 >= latin else "en"


def draft_pages(
    outline: Outline,
    lang: str,
    length: str = "medium",
    left_out: list[LeftOut] | None = None,
    authored: bool = False,
) -> list[PlannedPage]:
    """The unfitted plan: cover, contents, dividers (where the text estimate puts several slides
    in a chapter), one draft per (merged) content slide, closing. The planner decides the
    dividers again from the fitted slides (`draft_deck`, generator.deckplan)."""
    return draft_deck(outline, lang, length, left_out, authored).pages()


def draft_deck(
    outline: Outline,
    lang: str,
    length: str = "medium",
    left_out: list[LeftOut] | None = None,
    authored: bool = False,
    dividers: bool = True,
) -> DeckDraft:
    """The unfitted deck by chapter: each chapter's content drafts as a chapter with a divider
    and without one (its slides then name the chapter above their titles), and whether a
    divider is decided by the source (an empty chapter, an untitled one, an authored deck) or
    by the chapter's fitted slide count. What the plan leaves out (a document's own table of
    contents) goes to `left_out`. `authored`: the source is a slide deck already (Marp,
    Slidev): its slides never merge. `dividers`: False for a deck over its slide budget (the
    contents slide and each slide's kicker name the chapters)."""
    length = length if length in LENGTHS else "medium"
    skipped, intro_notes, moved = boilerplate_intro(outline) if not authored else (set(), "", [])
    if left_out is not None:
        left_out.extend(moved)
    ends = own_closing(outline) if authored else None  # the deck's last slide closes it
    candidates = _candidates(outline, length, left_out, authored, skipped, ends)
    runs = [[c] for c in candidates] if authored else merge_runs(candidates, length)
    runs_by_chapter: dict[int, list[list[Candidate]]] = {}
    for run in runs:
        runs_by_chapter.setdefault(run[0].chapter, []).append(run)
    estimates = [_estimated(runs_by_chapter.get(ci, [])) for ci in range(len(outline.chapters))]
    divides = authored or (dividers and _divides(outline, estimates, length))
    repeated = _repeated_titles(outline)
    body = body_chapter(outline)
    shown = {c.chapter for c in candidates}  # chapters left out whole are not listed
    chapters: list[ChapterDraft] = []
    listed: list[str] = []
    unshown: list[PlannedPage] = []
    opening = 0  # the intro listed on the contents slide

    for ci, chapter in enumerate(outline.chapters):
        own = runs_by_chapter.get(ci, [])
        estimated = estimates[ci]
        # a document's intro: untitled, before titled chapters
        untitled = not (authored or chapter.title) and any(c.title for c in outline.chapters)
        intro = partial(named_intro, outline, intro_title(lang) if untitled else "")
        if chapter.title and ci in shown and not authored:
            listed.append(chapter.title)  # a deck's own sections: no contents slide invented
        elif untitled and ci in shown and not listed:  # the intro opens the deck, listed once
            listed.append(intro_title(lang))
            opening = 1  # ... not counted as a chapter: it makes no contents slide
        decided = _decided(chapter, authored, divides)
        if chapter.title and not authored and not chapter.pages:  # a heading alone, listed
            if left_out is not None:
                why = "a heading with nothing under it (no divider for an empty chapter)"
                words = count_words(chapter.title)
                left_out.append(LeftOut(f"chapters[{ci}]", "empty", why, chapter.title, words))
            trace = unshown_chapter(outline, ci, lang)
            unshown += [trace] if trace is not None else []
        undivided = intro([_content(run, outline, ci == body, repeated) for run in own])
        needless = needless_kickers(undivided)
        chapters.append(
            ChapterDraft(
                index=ci,
                divider=_divider(chapter, 0),
                undivided=chapter_kickers(undivided, needless, repeated),
                divided=intro([_content(run, outline, True, repeated) for run in own]),
                undivided_apart={
                    k: {ij: chapter_kickers([p], needless, repeated)[0] for ij, p in v.items()}
                    for k, v in _apart(own, outline, ci == body, repeated, intro).items()
                },
                divided_apart=_apart(own, outline, True, repeated, intro),
                number=_number(chapter, ci in shown, listed, authored)
                or (len(listed) if untitled and ci in shown else 0),
                estimated=estimated >= DIVIDER_SLIDES[length] if decided is None else decided,
                decided=decided,
            )
        )
    _guess_all_or_none(chapters)
    closing = "谢谢" if lang == "zh-CN" else "Thank you"
    return DeckDraft(
        cover=PlannedPage("cover", "cover", outline.topic, outline.subtitle, notes=intro_notes),
        contents_title="目录" if lang == "zh-CN" else "Contents",
        contents_min=CONTENTS_CHAPTERS[length] + opening,
        divider_slides=DIVIDER_SLIDES[length],
        chapters=chapters,
        listed=listed,
        closing=ends.planned()
        if ends is not None
        else None
        if ends_itself(outline)
        else PlannedPage("closing", "closing", closing, outline.topic),
        unshown=unshown,
    )


def _estimated(runs: list[list[Candidate]]) -> int:
    """A chapter's estimated content slides: a merged run one, a page as its blocks take."""
    return sum(
        1 if len(run) > 1 else estimate_slides([b for c in run for b in page_blocks(c.page)])
        for run in runs
    )


def _decided(chapter: Chapter, authored: bool, divides: bool) -> bool | None:
    """Whether the source decides the chapter's divider: none for an untitled chapter, a
    heading with nothing under it or a deck without dividers; an authored deck's section
    slide is its divider; None: the chapter's fitted slide count decides."""
    if not chapter.title:
        return False
    if authored:
        return True
    if not chapter.pages or not divides:
        return False
    return None


def _apart(
    runs: list[list[Candidate]],
    outline: Outline,
    named: bool,
    repeated: frozenset[str],
    intro: Callable[[list[PlannedPage]], list[PlannedPage]],
) -> dict[str, Apart]:
    """Each merged run's pages (a tiny page shown before or after its neighbour included)
    drafted as runs i..j of them, by the merged draft's source (up to APART_PARTS parts)."""
    out: dict[str, Apart] = {}
    for run in runs:
        first = run[0]
        if len(run) == 1 and not (first.before or first.after):
            continue
        alone = replace(first, before=[], after=[])
        parts = [*first.before, alone, *first.after, *run[1:]]
        if len(parts) > APART_PARTS:
            continue
        out[_source(run)] = {
            (i, j): intro([_content(parts[i : j + 1], outline, named, repeated)])[0]
            for i in range(len(parts))
            for j in range(i, len(parts))
        }
    return out


def _guess_all_or_none(chapters: list[ChapterDraft]) -> None:
    """The estimate's dividers for every open chapter or for none (generator.deckplan decides
    again on the fitted slides)."""
    from generator.deckplan import all_or_none

    open_chapters = [c for c in chapters if c.decided is None]
    guess = all_or_none([c.estimated for c in open_chapters])
    for c in open_chapters:
        c.estimated = guess


def _number(chapter: Chapter, shown: bool, listed: list[str], authored: bool) -> int:
    """A chapter's number: its place in the contents slide. An authored deck's section slides
    are the author's own (their titles often carry the deck's own numbering): no number."""
    if authored:
        return 0
    return len(listed) if chapter.title and shown else 0


def _divides(outline: Outline, estimates: list[int], length: str) -> bool:
    """Whether a document's chapters get dividers at all: not with one chapter (or none), nor
    with more than MAX_DIVIDED (a changelog's releases, a quickstart's sections), nor when every
    chapter is small (at most SMALL_CHAPTER slides, one for a long deck: chapters of similar
    size, where dividers would only add slides). The contents slide lists them, and each slide's title names its
    chapter. Otherwise a chapter of several fitted slides gets one (generator.deckplan) and the
    slides of a chapter without one still name it (their title, or above it)."""
    sizes = [n for c, n in zip(outline.chapters, estimates, strict=True) if c.title and c.pages]
    if len(sizes) <= 1 or len(sizes) > MAX_DIVIDED:
        return False
    return max(sizes) > SMALL_CHAPTER[length]


def _repeated_titles(outline: Outline) -> frozenset[str]:
    """Page and section titles (normalised) found under more than one parent (a chapter for
    a page, a page for a section: "Fixed" under each release): their slides name their
    chapter above the title even after a divider. A title repeated under one parent only
    (one topic over two pages) is not: the parent's name would tell them apart from nothing."""
    seen: dict[str, set[tuple[int, int]]] = {}
    for ci, chapter in enumerate(outline.chapters):
        for pi, page in enumerate(chapter.pages):
            seen.setdefault(norm(page.title), set()).add((ci, -1))
            for sec in page.sections:
                seen.setdefault(norm(sec.title), set()).add((ci, pi))
    return frozenset(k for k, parents in seen.items() if len(parents) > 1 and k)


def _candidates(
    outline: Outline,
    length: str,
    left_out: list[LeftOut] | None,
    authored: bool = False,
    skipped: set[int] | frozenset[int] = frozenset(),
    own: OwnClosing | None = None,
) -> list[Candidate]:
    """The pages as candidates for slides; a document's small chapters as one page (a deck's
    slides stay as they are; `own`: its last one, when it is the closing slide, is none)."""
    out = []
    titles = document_titles(outline)
    kept: list[list[tuple[str, Page]]] = []
    minutes: dict[str, Minutes] = {}  # meeting notes: pages cut at their summarised items
    notes_of_meeting = (
        not authored
        and length != "long"
        and holds_discussion([p for c in outline.chapters for p in c.pages])
    )
    for ci, chapter in enumerate(outline.chapters):
        kept.append([])
        for pi, page in enumerate(chapter.pages):
            if ci == 0 and pi in skipped:  # boilerplate intro: in the cover's notes
                continue
            if own is not None and (ci, pi) == (own.chapter, own.page):
                continue
            where = f"chapters[{ci}].pages[{pi}]"
            page = without_own_contents(page, titles, where, left_out)
            page = shown_blocks(page, where, left_out)
            page = page if authored else definitions(page)  # a one-row table: its labels
            summarised = minutes_page(page, where) if notes_of_meeting else None
            if summarised is not None:
                minutes[where] = summarised
                page = summarised.page
                if left_out is not None:
                    left_out.extend(summarised.records)
            if not page.is_empty() or (authored and page.title):
                kept[ci].append((where, page))
    if not authored:
        kept = fold_nothing(kept)
    for ci, chapter in enumerate(outline.chapters):
        pages = kept[ci]
        if authored:
            pass
        elif chapter.title and len(pages) >= 2 and small_chapter([p for _, p in pages], length):
            merged = promoted_all([p for _, p in pages], chapter.title)
            pages = [(f"chapters[{ci}]", merged)]
        elif (
            chapter.title
            and len(pages) == 1
            and pages[0][0] not in minutes  # meeting notes: its items are titled by themselves
            and pages[0][1].title != chapter.title
            and estimate_slides(page_blocks(pages[0][1])) < DIVIDER_SLIDES[length]
        ):
            pages = [(pages[0][0], promoted(pages[0][1], chapter.title))]
        parts = [
            (
                where,
                by_item(where, page, minutes[where])
                if where in minutes
                else by_section(where, page),
            )
            for where, page in pages
        ]
        cuts = {
            where: page.title
            for (where, page), (_, split) in zip(pages, parts, strict=True)
            if len(split) > 1
        }
        pages = [part for _, split in parts for part in split]
        alone = len(pages) == 1
        for where, page in pages:
            c = Candidate(ci, page, where, alone)
            c.kicker = where.split("|", 1)[1] if "|" in where else ""
            c.cut = cuts.get(where.split("|", 1)[0].split(".sections[", 1)[0], "")
            where = where.split("|", 1)[0]
            c.source = where
            c.implicit = page.title == chapter.title
            c.command = one_command(page_blocks(page)) and not page.sections
            c.tiny = length != "long" and tiny_page(page, length)
            c.simple = simple_page(page)
            c.chars = page_chars(page)
            c.share = slide_share(page_blocks(page)) + HEADING_SHARE
            c.short = length != "long" and short_page(page, c.share)
            out.append(c)
    return out


def _divider(chapter: Chapter, number: int) -> PlannedPage:
    return PlannedPage(
        "divider",
        "divider",
        chapter.title,
        chapter.subtitle,
        chapter=chapter.title,
        chapter_number=number,
    )


def _content(
    run: list[Candidate], outline: Outline, divided: bool, repeated: frozenset[str]
) -> PlannedPage:
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
            if first.before:  # the page's own title opens its part, as its neighbours' do
                blocks = [Block("heading", title_spans(page.title, bold=True)), *blocks]
            blocks = [b for c in first.before for b in _titled_page(c.page)] + blocks
            blocks += [b for c in first.after for b in _titled_page(c.page)]
            shown = [*first.before, first, *first.after]
            # the intro of a page cut at its sections is named above the title, not in it
            parts = [c for c in shown if c is first or c.page.title != first.kicker]
            title = parts_title(named_parts(outline, [c.page.title for c in parts]))
        layout = choose_layout(blocks, sections, hint)
        if sections and layout not in ("columns", "cards", "steps"):
            blocks, sections = page_blocks(page), []
        source = _source(run)
    else:
        sections = [Section(c.page.title, page_blocks(c.page)) for c in run]
        blocks, hint = [], ""
        if len(sections) > 2 and is_document_title(outline, sections[0].title):
            # the document's introduction (a meeting's date) leads the slide, not a card
            blocks, sections = sections[0].blocks, sections[1:]
        layout = choose_layout(blocks, sections)
        if layout not in ("columns", "cards", "steps"):
            blocks, sections = [b for s in sections for b in _titled(s)], []
        title = _merged_title(run, outline, side_by_side=layout in ("columns", "cards"))
        source = _source(run)
    chapter_title = chapter.title
    one_chapter = len({c.chapter for c in [*first.before, *run, *first.after]}) == 1
    named = not divided or norm(first.page.title) in repeated
    kicker = (
        named
        and one_chapter
        and chapter_title
        and chapter_title not in title
        and title.casefold() not in chapter_title.casefold()  # "3. Colours" over "Colours"
        and not is_document_title(outline, chapter_title)
    )
    kickers = {c.kicker for c in run}
    shared = first.kicker if len(kickers) == 1 else ""  # one page's sections sharing a slide
    everyone_kickers = {c.kicker for c in [*first.before, *run, *first.after]}
    if shared and everyone_kickers == {shared} and title.endswith(" …"):
        title = shared  # its sections' titles do not fit together: the page names them all
    above = shared if shared and shared not in title else (chapter_title if kicker else "")
    return PlannedPage(
        "content",
        layout,
        title,
        subtitle=above,
        chapter=chapter_title,
        chapter_number=0,
        blocks=blocks,
        sections=sections,
        source=source,
        notes=notes,
        hint=hint,
        background=str(getattr(first.page, "background", "") or ""),
        color=str(getattr(first.page, "color", "") or ""),
    )


def _source(run: list[Candidate]) -> str:
    """The source of a run's content draft: its pages' paths (a page alone: with the tiny
    pages shown before and after it)."""
    first = run[0]
    joined = [*first.before, first, *first.after] if len(run) == 1 else run
    return "+".join(c.source for c in joined)[:200]


def _titled_page(page: Page) -> list[Block]:
    return headed(page.title, page_blocks(page))


def _titled(section: Section) -> list[Block]:
    return headed(section.title, list(section.blocks))


def _merged_title(run: list[Candidate], outline: Outline, side_by_side: bool = False) -> str:
    """A slide of several pages: its chapter's title when it holds the whole chapter, else
    its parts' titles in order ("Added · Fixed"; "On Alpine Linux … On Gentoo Linux"). Parts
    side by side (cards, columns: each under its own heading) are titled by the
    heading they are under (`_parent_title`) when they have one."""
    chapters = {c.chapter for c in run}
    if len(chapters) == 1:
        ci = run[0].chapter
        pages = {f"chapters[{ci}].pages[{i}]" for i in range(len(outline.chapters[ci].pages))}
        whole = {c.source for c in run} >= pages
        if outline.chapters[ci].title and whole:
            return outline.chapters[ci].title
    parent = _parent_title(run, outline) if side_by_side else ""
    return parent or parts_title(named_parts(outline, [c.page.title for c in run]))


def _parent_title(run: list[Candidate], outline: Outline) -> str:
    """The heading pages of one chapter are all under: the page they are sections of, else
    their chapter; the document's untitled introduction is under the document's title (its
    slides are named as the introduction, generator.intro). "" for pages of several
    chapters."""
    if len({c.chapter for c in run}) != 1:
        return ""
    kickers = {c.kicker for c in run}
    if len(kickers) == 1 and run[0].kicker:
        return run[0].kicker
    title = outline.chapters[run[0].chapter].title
    if title:
        return "" if is_document_title(outline, title) else title
    return outline.topic if any(c.title for c in outline.chapters) else ""
