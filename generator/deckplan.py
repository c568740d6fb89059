"""A drafted deck -> fitted slides, chapter by chapter: the dividers are decided once the
chapters are fitted.

Dividers go to every chapter or to none (unless the source decides: an untitled chapter or a
document's empty one has none, an authored deck's section slides are its dividers): to all
when more than DIVIDED_SHARE of the chapters take `DeckDraft.divider_slides` fitted content
slides or more (2; 3 for a short deck; after merging, summarising, continuation) and they
take DIVIDED_MEAN content slides on average (else a divider would be a third of a chapter or
more). The text
estimate is the first guess, for the whole deck: every chapter is fitted as that guess has
it, and when the fitted slides say otherwise, the slides are set again as the other kind (the
kicker naming the chapter above each title, the slide numbers moved; one layout a slide, a
chapter fitted again only when a title then no longer fits). The contents slide lists every
chapter the deck shows (decided before any chapter is fitted), and a divider carries its
chapter's number in that list.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.alsolines import onto_closing, sentences, with_chapters
from generator.errors import bad
from generator.leftout import LeftOut
from generator.lone import lone
from generator.owncontents import norm
from generator.pages import Apart, ChapterDraft, DeckDraft, PlannedPage
from generator.reshape import Fitted, Later, later, settled

if TYPE_CHECKING:
    from generator.planner import Planner


DIVIDED_SHARE = 1 / 2  # more than this share of chapters of several slides: all get one
# ... and the chapters take this many content slides on average: a divider is at most a
# quarter of its chapter (short chapters carry their names above their titles instead)
DIVIDED_MEAN = 3


@dataclass
class _Chapter:
    """A chapter fitted as the deck's first guess has it: its content slides and what fitting
    them listed as left out."""

    draft: ChapterDraft
    divided: bool
    slides: list[Fitted]
    records: list[LeftOut]


def plan_deck(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
    """The fitted slides of `deck` (GeneratorError 1010 on `markdown` beyond max_pages)."""
    planner.max_pages = max_pages
    out = _fit(planner, [deck.cover], max_pages, 0)
    opening = len(out)
    out += _fit(planner, deck.contents(), max_pages, len(out))
    start, mark = planner.counter, len(planner.left_out)
    undecided = [c for c in deck.chapters if c.decided is None]
    guess = all_or_none([c.estimated for c in undecided])
    fitted: list[_Chapter] = []
    count = len(out)
    for chapter in deck.chapters:
        divided = guess if chapter.decided is None else chapter.decided
        before = len(planner.left_out)
        planner.counter += int(divided)  # the divider's place
        number = chapter.number
        drafts, apart = _drafts(chapter, divided, number), _apart(chapter, divided, number)
        slides = _fit(planner, drafts, max_pages, count, apart)
        count += int(divided) + len(slides)
        fitted.append(_Chapter(chapter, divided, slides, planner.left_out[before:]))
    decision = divided_deck(
        [len(f.slides) for f in fitted if f.draft.decided is None], deck.divider_slides
    )
    planner.counter = start
    del planner.left_out[mark:]
    placed: list[list[Fitted]] = []
    for f in fitted:
        placed.append(_placed(planner, f, decision, max_pages, len(out) + sum(map(len, placed))))
    body, short = _across(planner, placed)
    if short:
        out = _relisted(planner, deck, out, opening, short)
    out += body
    lang = str(planner.deck.get("lang", "en"))
    also, closing = onto_closing(
        with_chapters(deck.also, [*short, *deck.unshown], lang), deck.closing, lang
    )
    if also is not None:
        out += _fit(planner, [also], max_pages, len(out))
    if closing is not None:
        out += _fit(planner, [closing], max_pages, len(out))
    return out


def _relisted(
    planner: Planner, deck: DeckDraft, out: list[Fitted], opening: int, short: list[PlannedPage]
) -> list[Fitted]:
    """The opening slides with the contents slide fitted again without the chapters that
    became lines of the Also slide (a contents entry leads to a slide); kept as it was when
    the list would then take another number of slides (the numbers after it are set)."""
    gone = {str(p.chapter) for p in short}
    listed = [t for t in deck.listed if str(t) not in gone]
    if len(listed) == len(deck.listed):
        return out
    counter, mark = planner.counter, len(planner.left_out)
    planner.counter = out[opening - 1].page.number if opening else 0
    contents = _fit(planner, replace(deck, listed=listed).contents(), planner.max_pages, opening)
    planner.counter = counter
    if len(contents) != len(out) - opening:
        del planner.left_out[mark:]
        return out
    return [*out[:opening], *contents]


def plan_after(planner: Planner, fitted: list[Fitted], pages: list[PlannedPage]) -> list[Fitted]:
    """The deck's slides with `pages` fitted after its last slide and numbered on from it
    (the backup slides after the closing slide: generator.backup)."""
    if not pages or not fitted:
        return fitted
    planner.counter = fitted[-1].page.number
    return fitted + _fit(planner, pages, planner.max_pages, len(fitted))


def _across(
    planner: Planner, chapters: list[list[Fitted]]
) -> tuple[list[Fitted], list[PlannedPage]]:
    """The chapters' slides in order, a chapter whose only slide is lone joined to the slide
    of the chapter before it, else to the slide of the chapter after it, when that chapter is
    one slide too (`_shareable`), in a deck without dividers (generator.lone); one that none
    takes is no slide but a line of the Also slide (returned: generator.alsolines), unless
    the deck is long or would keep no content slide; the slides after a join numbered one
    less. Whole small chapters share a slide: a chapter of several
    slides named above their titles never has its last slide (its tail) or its first shared
    with another chapter, which would split it across slides that hold others. A chapter is a
    run of slides naming it (a short chapter's page may share a draft with another)."""
    slides = [f for c in chapters for f in c]
    if not slides or any(f.page.kind == "divider" for f in slides):
        return slides, []
    runs = _runs(slides)
    short: list[PlannedPage] = []
    for i, run in enumerate(runs):
        if len(run) != 1 or not _lone(planner, run[0]):
            continue
        before = next((k for k in range(i - 1, -1, -1) if runs[k]), None)
        after = next((k for k in range(i + 1, len(runs)) if runs[k]), None)
        before = before if before is not None and _shareable(runs[before], -1) else None
        after = after if after is not None and _shareable(runs[after], 0) else None
        joined = planner.join_across(runs[before][-1], run[0]) if before is not None else None
        if joined is not None and before is not None:
            runs[before][-1] = joined
            runs[i] = []
            continue
        joined = planner.join_across_next(run[0], runs[after][0]) if after is not None else None
        if joined is not None and after is not None:
            runs[after][0] = joined
            runs[i] = []
        elif not planner.apart() and sentences(settled(run[0]).page):  # one or two: a line
            short.append(settled(run[0]).page)
            runs[i] = []
    out = [f for run in runs for f in run]
    if short and not out:  # a deck keeps its content: never all of it on the Also slide
        return slides, []  # (nothing joined: every chapter is one of them)
    planner.counter -= len(slides) - len(out)
    first = slides[0].page.number
    return [_at(planner, f, first + k) for k, f in enumerate(out)], short


def _shareable(run: list[Fitted], at: int) -> bool:
    """A chapter's slide `at` may take another chapter: the chapter is that one slide, or its
    slides name no chapter above their titles (the document's body chapter, named nowhere:
    each of its pages stands under its own title, as a chapter does). A chapter one of whose
    slides is titled by its name (its cards under it, its introduction) is named too."""
    if len(run) == 1 or run[at].page.subtitle:
        return len(run) == 1
    return not any(f.page.chapter and norm(f.page.title) == norm(f.page.chapter) for f in run)


def _runs(slides: list[Fitted]) -> list[list[Fitted]]:
    """The slides as runs naming one chapter each."""
    runs: list[list[Fitted]] = []
    for f in slides:
        if runs and runs[-1][-1].page.chapter == f.page.chapter:
            runs[-1].append(f)
        else:
            runs.append([f])
    return runs


def _at(planner: Planner, f: Fitted, number: int) -> Fitted:
    """The slide at `number`, laid out again when it was fitted at another (when first read,
    for a slide of a plan only counted)."""
    if f.page.number == number:
        return f
    if isinstance(f, Later):
        return later(replace(f.page, number=number), lambda: _at(planner, settled(f), number))
    f = settled(f)
    page = replace(f.page, number=number)
    return _again(planner, f, page) or Fitted(page, planner.render(page), f.laid)


def all_or_none(several: list[bool]) -> bool:
    """Dividers for every chapter whose divider is not decided by the source, or for none:
    for all when more than DIVIDED_SHARE of them take several slides."""
    return bool(several) and sum(several) > DIVIDED_SHARE * len(several)


def divided_deck(slides: list[int], several: int) -> bool:
    """Dividers for the open chapters of these fitted content `slides`: when more than
    DIVIDED_SHARE of them take `several` slides or more and they take DIVIDED_MEAN on average
    (a deck of mostly one- or two-slide chapters has none: its contents slide and the kicker
    above each title carry the chapters)."""
    if not slides or sum(slides) < DIVIDED_MEAN * len(slides):
        return False
    return all_or_none([n >= several for n in slides])


def _fit(
    planner: Planner,
    drafts: list[PlannedPage],
    max_pages: int,
    done: int,
    apart: dict[str, Apart] | None = None,
) -> list[Fitted]:
    """The drafts fitted one after the other, numbered from the planner's counter; a merged
    draft that takes more than one slide as its parts (`apart`): each on slides of its own,
    neighbours together while they fit one slide. A lone slide (one sentence, one bullet, a
    line of links: generator.lone) joins the slide before it, else the slide after it; while
    it waits for the slide after it, that slide takes its number."""
    out: list[Fitted] = []
    waiting: Fitted | None = None
    for draft in drafts:
        mark = len(planner.left_out)
        slides = _fitted(planner, draft, apart, bool(out) or waiting is not None)
        if waiting is not None:
            joined = planner.join_next(waiting, slides[0]) if slides else None
            if joined is not None:
                slides = [joined, *slides[1:]]
            else:  # it keeps its slide: the slides after it are numbered on from it
                out.append(_numbered(planner, waiting))
                del planner.left_out[mark:]
                slides = _fitted(planner, draft, apart, True)
            waiting = None
        if out and slides and _lone(planner, slides[0]):
            joined = planner.join_previous(out[-1], slides[0])
            if joined is not None:
                out[-1] = joined
                slides = [_shifted(planner, f) for f in slides[1:]]
            elif len(slides) > 1 and (joined := planner.join_next(slides[0], slides[1])):
                slides = [joined, *(_shifted(planner, f) for f in slides[2:])]
        if slides and _lone(planner, slides[-1]):
            waiting = slides.pop()
        for f in slides:
            out.append(_numbered(planner, f))
        if done + len(out) > max_pages:
            raise bad("markdown", f"makes more than {max_pages} slides")
    if waiting is not None:
        out.append(_numbered(planner, waiting))
    return out


def _fitted(
    planner: Planner, draft: PlannedPage, apart: dict[str, Apart] | None, after: bool = False
) -> list[Fitted]:
    """One draft's slides (its parts apart when it is a merged draft taking several slides),
    numbered from the planner's counter, what fitting them left out recorded; `after`: a
    slide comes before them (a lone first part tries it first, in `_fit`)."""
    mark = len(planner.left_out)
    slides = planner.fit(draft)
    if len(slides) > 1 and apart and draft.source in apart:
        del planner.left_out[mark:]
        slides = _joined_within(planner, _fit_apart(planner, apart[draft.source]), after)
    return slides


def _joined_within(planner: Planner, slides: list[Fitted], after: bool = False) -> list[Fitted]:
    """The slides of a merged draft's parts with each lone part joined to the slide before
    it, else to the slide after it; the slides after a join numbered one less. A lone first
    part that comes `after` a slide is left to `_fit` (the slide before it first)."""
    out = list(slides)
    k = 0
    while k < len(out):
        if not _lone(planner, out[k]) or (k == 0 and after):
            k += 1
            continue
        joined = planner.join_previous(out[k - 1], out[k]) if k > 0 else None
        at = k - 1
        if joined is None and k + 1 < len(out):
            joined = planner.join_next(out[k], out[k + 1])
            at = k
        if joined is None:
            k += 1
            continue
        out[at : at + 2] = [joined]
        out[at + 1 :] = [_shifted(planner, f) for f in out[at + 1 :]]
    return out


def _lone(planner: Planner, f: Fitted) -> bool:
    return not planner.authored and f.page.parts == 1 and lone(f.page)


def _shifted(planner: Planner, f: Fitted) -> Fitted:
    """A slide numbered one less (the slide before it joined another)."""
    return _at(planner, f, f.page.number - 1)


def _numbered(planner: Planner, f: Fitted) -> Fitted:
    """The slide at the planner's next number (a lone slide that waited for it, or joined
    it, may have taken or freed one)."""
    planner.counter += 1
    return _at(planner, f, planner.counter)


def _drafts(chapter: ChapterDraft, divided: bool, number: int) -> list[PlannedPage]:
    drafts = chapter.divided if divided else chapter.undivided
    return [replace(d, chapter_number=number if divided else 0) for d in drafts]


def _apart(chapter: ChapterDraft, divided: bool, number: int) -> dict[str, Apart]:
    found = chapter.divided_apart if divided else chapter.undivided_apart
    n = number if divided else 0
    return {k: {ij: replace(d, chapter_number=n) for ij, d in v.items()} for k, v in found.items()}


def _fit_apart(planner: Planner, apart: Apart) -> list[Fitted]:
    """A merged draft's parts fitted from the first: each run of neighbours as long as they
    fit one slide together (a part of several slides alone), numbered on from the counter."""
    count = max(j for _, j in apart) + 1
    base = planner.counter
    out: list[Fitted] = []
    i = 0
    while i < count:
        best: tuple[int, list[Fitted], list[LeftOut]] | None = None
        for j in range(i, count):
            planner.counter = base + len(out)
            mark = len(planner.left_out)
            slides = planner.fit(apart[(i, j)])
            records = planner.left_out[mark:]
            del planner.left_out[mark:]
            if best is not None and len(slides) > 1:
                break
            best = (j, slides, records)
            if len(slides) > 1:
                break
        assert best is not None
        j, slides, records = best
        planner.left_out.extend(records)
        out += slides
        i = j + 1
    planner.counter = base
    return out


def _placed(
    planner: Planner, f: _Chapter, decision: bool, max_pages: int, done: int
) -> list[Fitted]:
    """The chapter's slides where they fall in the deck, its divider first when it gets one:
    the first fitting's slides when nothing changed, else set again as the other kind of
    chapter or with other numbers (fitted again only when a title then no longer fits)."""
    chapter = f.draft
    divided = decision if chapter.decided is None else chapter.decided
    if chapter.decided is None and not f.slides:
        divided = False  # its pages share the slide of the chapter before: nothing to divide
    at = planner.counter
    head: list[Fitted] = []
    if divided:
        head = _fit(
            planner, [replace(chapter.divider, chapter_number=chapter.number)], max_pages, done
        )
    base = at + len(head)
    first = f.slides[0].page.number if f.slides else base + 1
    if divided == f.divided and first == base + 1:
        slides = f.slides
        planner.left_out.extend(f.records)
    else:
        slides = _restyled(planner, f, divided, base, max_pages, done + len(head))
    planner.counter = base + len(slides)
    return head + slides


def _restyled(
    planner: Planner, f: _Chapter, divided: bool, base: int, max_pages: int, done: int
) -> list[Fitted]:
    """The chapter's fitted slides set as `divided` has it, numbered from `base`: each keeps
    its fitted content and sizes and takes the other draft's kicker and chapter number. When
    a title no longer fits, the chapter is fitted again."""
    other = {d.source: d for d in _drafts(f.draft, divided, f.draft.number)}
    for parts in _apart(f.draft, divided, f.draft.number).values():
        other.update((d.source, d) for d in parts.values())
    out = []
    for i, fit in enumerate(f.slides):
        fit = settled(fit)  # a slide of a plan only counted: laid out now
        alt = other.get(fit.page.source)
        if alt is None:
            break
        page = replace(
            fit.page,
            subtitle=alt.subtitle,
            eyebrow=alt.eyebrow,
            chapter_number=alt.chapter_number,
            number=base + 1 + i,
        )
        if (page.subtitle, page.eyebrow) != (fit.page.subtitle, fit.page.eyebrow):
            page = planner.placed_kicker(page)
        again = _again(planner, fit, page)
        if again is None:
            break
        out.append(again)
    else:
        planner.left_out.extend(f.records)
        return out
    planner.counter = base  # listed again as the chapter is fitted again
    number = f.draft.number
    return _fit(
        planner,
        _drafts(f.draft, divided, number),
        max_pages,
        done,
        _apart(f.draft, divided, number),
    )


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
