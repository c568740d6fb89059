"""Whole later sub-sections off the slides of a document still over its slide budget when every
page is capped (generator.budget, generator.summarising): what a presenter leaves out of a talk
is whole parts, named, not the second half of every part.

Parts leave in this order until the deck is within its budget:

- appendix-like chapters (an Appendix, references, an FAQ, a questionnaire, "Other changes",
  the implementation history, the licence), the last one first, each page of them;
- then the later pages of text of a chapter over its share of the budget (CHAPTER_SHARE) that
  does not show what the thing does;
- then the secondary parts a talk about the thing does without: installation variants, a
  "Configuration" chapter, notes for one platform ("Using it on Windows"), troubleshooting,
  development and contributing, building from source, maintainers, security contacts, and a design document's test plan,
  graduation criteria, upgrade and version-skew strategies (a chapter so titled, each of its
  pages, or the run of pages so titled that ends a chapter): the chapter that takes most
  slides gives up its last such page, again and again (a chapter of one command last of all);
- then, breadth before depth, the continuation slides of pages and `####` sections (each
  keeps its first slide, the rest in its notes), the one with most slides first, but those of
  a table that stands for several pages and of a page whose last slide ends on its result:
  every part gets a slide before one gets its second (generator.parts gives back those a
  whole part after them made needless);
- then the deck's dividers, and the later `####` sections of the pages of a chapter over its
  share that shows what the thing does (usage, features; never a page's first section);
- then the body's later pages of text, then its later pages that show pictures (what a reader
  misses most), the chapters that show what the thing does (usage, examples, features,
  benchmarks, the proposal and design) after all the others, the later pages of text of one
  over its share first: the chapter that takes most slides gives up its last page (never its
  first: every chapter keeps its opening page), again and again; so the share cap takes a
  chapter's pages that shows what the thing does only once every other chapter is down to
  its first page;
- then a page's later `####` sections the same way;
- then a chapter of one page of one command (an install step): alone on the "Also in the
  document" slide it would be its only line, on a neighbour's slide it costs a few lines.

Document order is the author's priority: a chapter gives up its pages of text (and then of
pictures) from its end, and a page before one that stays (a table that stands for several
pages, generator.condense) never leaves (the first install routes stay with the table of the
others).

As few parts leave as bring the deck within its budget: the estimate (the slides each part
took, a chapter's divider) says how many, and the deck planned with them gone says whether
(a few plans at most: dividers and merged pages change with what leaves).

A page that leaves (generator.leaving takes it out) is named, with all of its words, in the
notes of a kept page of its own chapter, or listed on an "Also in the document" slide (generator.alsoin), and recorded
(`LeftOut`, kind "notes"): the CLI's "left out" lines name it. Its pictures are kept on
backup slides after the closing slide (generator.backup; kind "appendix"), and its notes say so.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from generator.budget import continuation_slides
from generator.deckplan import divided_deck
from generator.demos import demo_page
from generator.model import Outline, Page
from generator.repeats import shown_once_line
from generator.reshape import Fitted
from generator.runs import page_blocks
from generator.shapes import one_command
from generator.summary import shown_pictures

APPENDIX = re.compile(
    r"\b(?:appendix|appendices|references|bibliography|further reading|see also|faq"
    r"|frequently asked|questionnaire|other changes|implementation history|acknowledge?ments?"
    r"|licen[cs]e|citation)\b|附录|参考文献|常见问题|致谢|引用|协议|许可",
    re.I,
)
_PLACE = re.compile(r"chapters\[(\d+)\]\.pages\[(\d+)\](?:\.sections\[(\d+)\])?")
SECONDARY = re.compile(
    r"\b(?:install(?:ation|ing)?|setup|troubleshooting|known issues|development|developing"
    r"|contribut(?:e|ing|ors?)|build(?:ing)? from source|from source|compil(?:e|ing)"
    r"|maintainers?|authors|credits|security vulnerabilit(?:y|ies)|test plan|graduation"
    r"|upgrade|downgrade|version skew|release signoff|infrastructure needed|^configuration$"
    r"|on (?:windows|mac ?os|os x|linux|freebsd|openbsd|cygwin|wsl))\b"
    r"|安装|故障排除|开发|贡献|维护者",
    re.I,
)
CORE = re.compile(
    r"\b(?:usage|how to use|examples?|features?|benchmarks?|demo|getting started|quick ?start"
    r"|tutorial|overview|summary|proposal|design|motivation)\b|用法|使用|示例|特性|功能",
    re.I,
)


@dataclass(frozen=True)
class Left:
    """A page, or a `####` section of one, taken off the slides: its place in the outline it
    leaves (section -1: the whole page); `body`: a part of the body (the deck's dividers left
    before it); `one`: the page (or section) keeps its first slide, its continuation slides
    leave (their words in its notes)."""

    chapter: int
    page: int
    section: int = -1
    body: bool = False
    one: bool = False  # only its continuation slides leave: it keeps its first slide
    two: bool = False  # ... but for its second (a reference table continuing: tablepages)


Slides = dict[tuple[int, int], float]  # the slides each page (chapter, page) takes
Continued = dict[tuple[int, int, int], int]  # slides after the first of a (chapter, page, section)
SectionSlides = dict[tuple[int, int, int], float]  # ... each section (chapter, page, section)


def appendix_like(title: str) -> bool:
    """A chapter a talk leaves out first: an appendix, a reference list, an FAQ, a
    questionnaire, "Other changes", the implementation history, the licence."""
    return bool(APPENDIX.search(title))


def secondary(title: str) -> bool:
    """A part a talk about the thing leaves out before its body: installing, one platform's
    notes, troubleshooting, developing, contributing, building from source, maintainers, a design's test plan."""
    return bool(SECONDARY.search(title))


def core(title: str) -> bool:
    """A chapter that shows what the thing does: usage, examples, features, benchmarks, the
    proposal and its design; it gives up its pages last."""
    return bool(CORE.search(title))


@dataclass
class _Tally:
    """The slides saved so far, the chapters' pages left and slides, and the dividers: a
    chapter that leaves takes its divider along, and the deck loses all of them once its
    chapters no longer take the slides dividers need (`several`: deckplan.divided_deck)."""

    slides: Slides
    remaining: dict[int, list[int]]
    dividers: int
    several: int
    saved: float = 0.0

    def take(self, ci: int, pi: int) -> None:
        self.remaining[ci].remove(pi)
        self.saved += self.slides.get((ci, pi), 1.0)
        if self.dividers and not self.remaining[ci]:
            self.saved += 1
            self.dividers -= 1
        shown = [c for c, pages in self.remaining.items() if pages]
        if self.dividers and not divided_deck([round(self.taken(c)) for c in shown], self.several):
            self.saved += self.dividers
            self.dividers = 0

    def taken(self, ci: int) -> float:
        return sum(self.slides.get((ci, p), 1.0) for p in self.remaining[ci])


def chosen(
    outline: Outline,
    slides: Slides,
    over: float,
    dividers: tuple[int, int] = (0, 2),
    sections: SectionSlides | None = None,
    made: frozenset[tuple[str, str]] = frozenset(),
    share: float = math.inf,
    continued: Continued | None = None,
    variants: frozenset[tuple[int, int]] = frozenset(),
) -> list[Left]:
    """The pages that leave the slides to save `over` slides (`slides`: the slides each page
    takes; `dividers`: the deck's dividers and the slides that give a chapter one); when every
    body chapter is down to its first page, the later `####` sections of the pages that take
    most slides (`sections`: the slides each takes). A page that stands for several (`made`:
    its chapter's and its own title; a table of platforms, generator.condense) stays. A body
    chapter that takes more than `share` slides gives up its later pages of text first. Pages
    and sections that continue over several slides (`continued`: the slides after their first)
    give those up before a sibling of theirs that shows what the thing does leaves; those of
    `variants` (pages whose first slide shows a demo whole, generator.demos) first of all."""
    chapters = outline.chapters
    remaining = {ci: list(range(len(c.pages))) for ci, c in enumerate(chapters)}
    tally = _Tally(dict(slides), remaining, *dividers)
    left: list[Left] = []
    body = [ci for ci, c in enumerate(chapters) if c.pages and not appendix_like(c.title)]
    appendix = [ci for ci in reversed(range(len(chapters))) if ci not in body] if body else []
    for ci in appendix:  # appendix-like chapters first, the last first
        for pi in reversed(list(remaining[ci])):
            if tally.saved >= over:
                return left
            left.append(Left(ci, pi))
            tally.take(ci, pi)

    def stays(ci: int, pi: int) -> bool:  # a table that stands for several pages
        return (chapters[ci].title, chapters[ci].pages[pi].title) in made

    def minor(ci: int) -> list[int]:  # the secondary pages the chapter may give up: its last
        whole = secondary(chapters[ci].title)  # ones, never one before a page that stays
        tail: list[int] = []
        for pi in reversed(remaining[ci] if whole else remaining[ci][1:]):
            if stays(ci, pi) or not (whole or secondary(chapters[ci].pages[pi].title)):
                break
            tail.insert(0, pi)
        return tail

    def later(ci: int) -> list[int]:  # the pages the chapter may give up: never its first,
        pages = remaining[ci][1:]  # nor one before a page that stays
        last = max((k for k, pi in enumerate(pages) if stays(ci, pi)), default=-1)
        return pages[last + 1 :]

    pictured = {  # pages showing pictures or a feature's demo or configuration (what a talk
        (ci, pi)  # shows): they leave after the others
        for ci in body
        for pi, page in enumerate(chapters[ci].pages)
        if _pictured(page) or demo_page(page)
    }

    def wordy(ci: int) -> list[int]:  # ... those without pictures first
        return [pi for pi in later(ci) if (ci, pi) not in pictured]

    def beyond(ci: int) -> list[int]:  # a chapter over its share: its later pages of text
        return wordy(ci) if tally.taken(ci) > share else []

    def longer(ci: int) -> list[int]:  # a chapter of one command joins a neighbour: it stays
        pages = chapters[ci].pages
        return [pi for pi in minor(ci) if len(pages) > 1 or not short(pages[pi])]

    shows = [ci for ci in body if core(chapters[ci].title)]
    rest = [ci for ci in body if ci not in shows]
    _give_up(tally, left, over, beyond, rest)  # the share cap takes a core chapter's pages
    # only once no secondary page is left; breadth before depth (a table that stands for
    # several pages is condensed already)
    more = {k: n for k, n in (continued or {}).items() if not stays(k[0], k[1])}
    repeating = {(ci, p) for ci in body for p in later(ci) if _repeats(chapters[ci].pages[p])}
    variants_of = (more, variants, lambda ci: [p for p in later(ci) if (ci, p) in repeating])
    _secondary_then_continued(tally, left, over, (longer, pictured), variants_of, body)
    if tally.saved < over and tally.dividers:  # the dividers leave before the body's pages
        tally.saved += tally.dividers
        tally.dividers = 0
    # a chapter over its share that shows what the thing does gives up its pages' later
    # `####` sections first, then every other chapter its later pages, and only then it its
    # own ("How to use" keeps its pages while "Integration with ..." keeps a second one)
    _capped_sections(outline, tally, left, over, shows, share, sections or {})
    for pool, among in ((wordy, rest), (later, rest)):
        _give_up(tally, left, over, pool, among, True)
    for pool, among in ((beyond, shows), (wordy, shows), (later, shows)):
        _give_up(tally, left, over, pool, among, True)
    if tally.saved < over:
        cut, saved = _sections(outline, remaining, body, over - tally.saved, sections or {}, left)
        left += cut
        tally.saved += saved
    _give_up(tally, left, over, minor, body, True)  # a page of one command: last of all
    return left


def _secondary_then_continued(
    tally: _Tally,
    left: list[Left],
    over: float,
    secondary_pages: tuple[Callable[[int], list[int]], set[tuple[int, int]]],
    continuations: tuple[Continued, frozenset[tuple[int, int]], Callable[[int], list[int]]],
    body: list[int],
) -> None:
    """The secondary pages (`secondary_pages`: the pool, the pages showing pictures, a
    feature's demo or configuration) but those showing something, then the continuation
    slides (`continuations`: the slides after their first, the pages whose first slide shows
    a demo whole; the pool of later pages showing a run of boxes repeating one example) that
    repeat variants of a demo shown already, and those pages, then the secondary pages that
    show something, then the other continuation slides."""
    longer, shown = secondary_pages
    more, variants, repeating = continuations
    _give_up(tally, left, over, lambda ci: [p for p in longer(ci) if (ci, p) not in shown], body)
    repeated = {k: n for k, n in more.items() if k[:2] in variants}
    give_up_continued(tally, left, over, repeated, body)
    _give_up(tally, left, over, repeating, body, True)
    _give_up(tally, left, over, longer, body)
    others = {k: n for k, n in more.items() if k not in repeated}
    give_up_continued(tally, left, over, others, body)


def short(page: Page) -> bool:
    """A page of one command (an install step: generator.shapes.one_command): it costs a
    neighbour's slide a few lines, and alone on the "Also in the document" slide it would
    leave a near-empty slide."""
    return not page.sections and one_command(page_blocks(page))


def give_up_continued(
    tally: _Tally, left: list[Left], over: float, continued: Continued, body: list[int]
) -> None:
    """Pages and sections of the body that continue over several slides keep their first
    (the rest in their notes) until `over` slides are saved: the one with most slides after
    its first gives them up first (every sibling keeps a slide before one keeps its third)."""
    units = sorted((k for k in continued if k[0] in body), key=lambda k: (-continued[k], k))
    for ci, pi, si in units:
        if tally.saved >= over:
            return
        if pi not in tally.remaining[ci]:
            continue
        left.append(Left(ci, pi, si, one=True))
        tally.saved += continued[(ci, pi, si)]
        tally.slides[(ci, pi)] = tally.slides.get((ci, pi), 1.0) - continued[(ci, pi, si)]


def continued_parts(fitted: list[Fitted]) -> Continued:
    """The slides after its first each page or `####` section (chapter, page, section; -1: a
    page) continues over (generator.budget.continuation_slides)."""
    out: Continued = {}
    for source, n in continuation_slides(fitted).items():
        m = _PLACE.fullmatch(source)
        if m is not None:
            ci, pi, si = m.groups()
            out[(int(ci), int(pi), int(si) if si is not None else -1)] = n
    return out


def _repeats(page: Page) -> bool:
    """A page showing a run of boxes repeating one example (generator.repeats): variants of
    a demo shown already."""
    return any(shown_once_line(b) for b in page_blocks(page))


def _pictured(page: Page) -> bool:
    return bool(shown_pictures(page_blocks(page)))


def _give_up(
    tally: _Tally,
    left: list[Left],
    over: float,
    pool: Callable[[int], list[int]],
    among: list[int],
    body: bool = False,
) -> None:
    """Pages of `among` (those `pool` says each may give up) leave until `over` slides are
    saved: the chapter that takes most slides gives up its last, again and again."""
    while tally.saved < over:
        open_ = [ci for ci in among if pool(ci)]
        if not open_:
            return
        ci = max(open_, key=lambda c: (tally.taken(c), c))
        pi = pool(ci)[-1]
        left.append(Left(ci, pi, body=body))
        tally.take(ci, pi)


def _capped_sections(
    outline: Outline,
    tally: _Tally,
    left: list[Left],
    over: float,
    shows: list[int],
    share: float,
    slides: SectionSlides,
) -> None:
    """Later `####` sections of the pages of a chapter that shows what the thing does and
    takes more than `share` slides (never a page's first section) leave until `over` slides
    are saved or the chapter is within its share: the page whose sections take most slides
    gives up its last one, again and again (every page keeps a slide before one keeps its
    third section)."""
    while tally.saved < over:
        capped = [ci for ci in shows if tally.taken(ci) > share]
        cut, saved = _sections(outline, tally.remaining, capped, 1e-9, slides, left)
        if not cut:
            return
        left += [replace(x, body=True) for x in cut]
        tally.saved += saved
        for x in cut:
            taken = slides.get((x.chapter, x.page, x.section), 0.0)
            tally.slides[(x.chapter, x.page)] = tally.slides.get((x.chapter, x.page), 1.0) - taken


def _sections(
    outline: Outline,
    remaining: dict[int, list[int]],
    body: list[int],
    over: float,
    slides: SectionSlides,
    gone: Sequence[Left] = (),
) -> tuple[list[Left], float]:
    """Later `####` sections of the body's pages (never a page's first): the page whose
    sections take most slides gives up its last one, again and again (those `gone` have
    left already)."""
    left: list[Left] = []
    saved = 0.0
    cut = {(x.chapter, x.page, x.section) for x in gone if x.section >= 0 and not x.one}
    kept = {
        (ci, pi): [
            si
            for si in range(len(outline.chapters[ci].pages[pi].sections))
            if (ci, pi, si) not in cut
        ]
        for ci in body
        for pi in remaining[ci]
    }
    while saved < over:
        open_ = [key for key, secs in kept.items() if len(secs) > 1]
        if not open_:
            break

        def taken(key: tuple[int, int]) -> float:
            return sum(slides.get((*key, si), 0.0) for si in kept[key])

        key = max(open_, key=lambda k: (taken(k), k))
        si = kept[key].pop()
        left.append(Left(key[0], key[1], si, body=True))
        saved += slides.get((*key, si), 0.0)
    return left, saved
