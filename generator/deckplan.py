"""A drafted deck -> fitted slides, chapter by chapter: a chapter's divider is decided once its
slides are fitted.

A chapter gets a divider only when its fitted content slides (after merging, summarising,
continuation) number at least `DeckDraft.divider_slides` (2; 3 for a short deck), unless the
source decides (an untitled chapter or a document's empty one has none, an authored deck's
section slides keep theirs and its other chapters follow the estimate). The text estimate is the first guess: the chapter is
fitted as that guess has it, and when its fitted slides say otherwise, its slides are set
again as the other kind (the kicker naming the chapter above each title, the slide numbers
one lower or higher; one layout a slide, the whole chapter fitted again only when a title
then no longer fits). The contents slide lists every chapter of the document (decided before
any chapter is fitted), and a divider carries its chapter's number in that list.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.errors import bad
from generator.pages import ChapterDraft, DeckDraft, PlannedPage
from generator.reshape import Fitted

if TYPE_CHECKING:
    from generator.planner import Planner


def plan_deck(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
    """The fitted slides of `deck` (GeneratorError 1010 on `markdown` beyond max_pages)."""
    planner.max_pages = max_pages
    out = _fit(planner, [deck.cover], max_pages, 0)
    out += _fit(planner, deck.contents(), max_pages, len(out))
    for chapter in deck.chapters:
        out += _chapter(planner, deck, chapter, chapter.number, max_pages, len(out))
    out += _fit(planner, [deck.closing], max_pages, len(out))
    return out


def _fit(planner: Planner, drafts: list[PlannedPage], max_pages: int, done: int) -> list[Fitted]:
    """The drafts fitted one after the other, numbered from the planner's counter."""
    out: list[Fitted] = []
    for draft in drafts:
        for f in planner.fit(draft):
            planner.counter += 1
            f.page.number = planner.counter
            out.append(f)
        if done + len(out) > max_pages:
            raise bad("markdown", f"makes more than {max_pages} slides")
    return out


def _drafts(chapter: ChapterDraft, divided: bool, number: int) -> list[PlannedPage]:
    drafts = chapter.divided if divided else chapter.undivided
    return [replace(d, chapter_number=number if divided else 0) for d in drafts]


def _chapter(
    planner: Planner, deck: DeckDraft, chapter: ChapterDraft, number: int, max_pages: int, done: int
) -> list[Fitted]:
    """The chapter's slides, its divider first when it gets one."""
    start = planner.counter
    mark = len(planner.left_out)  # what fitting the chapter lists (notes, titles) starts here
    guess = chapter.estimated
    planner.counter = start + (1 if guess else 0)  # the divider's place, when guessed
    slides = _fit(planner, _drafts(chapter, guess, number), max_pages, done + int(guess))
    divided = chapter.decided
    if divided is None:
        divided = len(slides) >= deck.divider_slides
    if divided != guess:
        slides = _restyled(
            planner, chapter, slides, divided, (number, start, mark), max_pages, done
        )
    planner.counter = start
    head: list[Fitted] = []
    if divided:
        head = _fit(planner, [replace(chapter.divider, chapter_number=number)], max_pages, done)
    planner.counter = start + len(head) + len(slides)
    return head + slides


def _restyled(
    planner: Planner,
    chapter: ChapterDraft,
    slides: list[Fitted],
    divided: bool,
    at: tuple[int, int, int],
    max_pages: int,
    done: int,
) -> list[Fitted]:
    """The chapter's fitted slides set as the other kind of chapter: each keeps its fitted
    content and sizes and takes the other draft's kicker and chapter number, numbered after
    (or without) the divider. When a title no longer fits, the chapter is fitted again.
    `at`: the chapter's number, the slide count before it, the records listed before it."""
    number, start, mark = at
    other = {d.source: d for d in _drafts(chapter, divided, number)}
    shift = 1 if divided else -1
    out = []
    for f in slides:
        alt = other.get(f.page.source)
        if alt is None:
            break
        page = replace(
            f.page,
            subtitle=alt.subtitle,
            chapter_number=alt.chapter_number,
            number=f.page.number + shift,
        )
        again = _again(planner, f, page)
        if again is None:
            break
        out.append(again)
    else:
        return out
    planner.counter = start + (1 if divided else 0)
    del planner.left_out[mark:]  # listed again as the chapter is fitted again
    return _fit(planner, _drafts(chapter, divided, number), max_pages, done + int(divided))


def _again(planner: Planner, f: Fitted, page: PlannedPage) -> Fitted | None:
    """A fitted slide with a changed kicker or number, laid out again (not when its HTML is
    the same); None when it no longer fits."""
    html = planner.render(page)
    if html == f.html:
        return Fitted(page, html, f.laid)
    html, m = planner.measure(page)
    if m is None:
        return Fitted(page, html, None)
    if not (m.body_fits and m.title_fits):
        return None
    return Fitted(page, html, m.laid)
