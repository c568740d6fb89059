"""No near-empty slides: a slide that would show one sentence, one bullet or one line of links
in a large empty area shares a slide with its neighbour.

A lone slide is a content slide of text alone (paragraphs, a list, a label heading) holding at
most LONE_UNITS paragraphs or list items of at most LONE_WORDS words (a CJK character half a
word), or a few names or links
(at most NAMES_WORDS words): the slides readers of the corpus decks called near-empty
(benchmarks/markdown_corpus.near_empty counts them the same way). Such a slide joins:

- among the slides of one page (a continuation part: a paragraph cut off before a code block or
  a picture, the tail a last slide overflowed with), the part before it (at its end), else the
  part after it (at its start); an introduction (ending with a heading or a colon) the part
  after it first; the page's slides are numbered again;
- among the slides of one chapter, a chapter's introduction (the page titled after its
  chapter) the slide after it, at its start and without a heading (the divider or the kicker
  names the chapter); any other lone page the slide before it, under its own title as a
  heading, else the slide after it; both only when that page is one slide (a part never
  starts on another part's continuation slide); a part whose slide names its page above its
  title (a section of a page cut at its content titles) shows that name as a heading too;
  the slide is titled by what it holds (generator.jointitle: both parts when that reads in
  one line, else the heading they are under, else no join);
- across chapters, in a deck without dividers (each slide names its chapter above its title,
  or nothing does), a chapter whose only slide is lone: the slide of the chapter before it,
  else the slide of the chapter after it, when that chapter is one slide too (whole small
  chapters share a slide; a chapter of several slides is never split across slides holding
  others), each under its own title as a heading; the slide's title names both ("0.27.2 ·
  0.27.1") and no chapter above it. The contents slide numbers chapters, not
  slides, so it stays right.

A join is made only when the joined slide fits at the host's type size or a smaller one not
below the reading size of prose (the planner's `body_min`; for pages sharing a slide also not
below TIGHT_FLOOR, the size continuation slides merge down to), and its layout still flows (text, text beside a picture, code
with its explanation). An authored deck's slides never join, nor do a long deck's pages (its
continuation parts do).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from engine import Options
from generator.cjk import CJK_TEXT, may_hold_cjk, pattern
from generator.fit import Measure, laid_before, measured
from generator.jointitle import parent_of
from generator.keep import title_parts
from generator.leftout import LeftOut, block_text, count_words, left_out_blocks
from generator.model import Block, title_spans
from generator.overjoin import overflows, shrunk_size, stacked_height, stacks_alike
from generator.owncontents import norm
from generator.pages import PlannedPage
from generator.partnames import parts_title, without_credits
from generator.pointing import as_notes, compact, pointing_part
from generator.reshape import Fitted, settled
from generator.shapes import choose_layout
from generator.tighten import TIGHT_FLOOR

LONE_UNITS = 2  # paragraphs and list items a lone slide holds at most ...
LONE_WORDS = 60  # ... of at most this many words together
NAMES_WORDS = 12  # or a few names or links of at most this many words
TEXT = frozenset({"paragraph", "list", "heading"})
HOSTS = frozenset({"bullets", "image-text", "code"})  # layouts a lone slide's text joins ...
PICTURE_HOSTS = frozenset({"image-full", "image-grid"})  # ... and pictures alone
# another page joins under its heading only a slide of text: a picture's slide keeps its words
# to its picture (the caption a picture layout shows)
TEXT_HOSTS = frozenset({"bullets", "code"})
# another chapter's page joins a slide of text, or of text in columns (set as headings then)
# ... or a slide of a table (a whole small chapter of one table takes a one-sentence chapter)
ACROSS_ONLY = frozenset({"table"})
ACROSS_HOSTS = TEXT_HOSTS | {"columns"} | ACROSS_ONLY


def _units(blocks: list[Block]) -> int:
    """Paragraphs, headings and list items (nested ones too)."""
    n = 0
    for b in blocks:
        if b.type in ("paragraph", "heading"):
            n += 1
        elif b.type == "list":
            n += len(b.items) + sum(_units(i.children) for i in b.items)
    return n


def _text_only(blocks: list[Block]) -> bool:
    return all(b.type in TEXT and all(_text_only(i.children) for i in b.items) for b in blocks)


def lone(page: PlannedPage) -> bool:
    """A content slide of flowing text alone that is one sentence, one bullet or one line of
    links (a key number or a quote in its own layout is a slide)."""
    if page.kind != "content" or page.sections or not page.blocks or page.layout != "bullets":
        return False  # a figure, a quote, cards...: a layout of its own shows it
    blocks = page.blocks
    if not _text_only(blocks):
        return False
    words = words_read(" ".join(block_text(b) for b in blocks))
    return words <= NAMES_WORDS or (_units(blocks) <= LONE_UNITS and words <= LONE_WORDS)


def words_read(text: str) -> float:
    """Words, a CJK character counting as half a word (a CJK word is about two characters)."""
    cjk = len(pattern(CJK_TEXT).findall(text)) if may_hold_cjk(text) else 0
    return count_words(text) - cjk / 2


def _host(page: PlannedPage) -> bool:
    return page.kind == "content" and not page.sections and page.layout in HOSTS | PICTURE_HOSTS


def _heading(title: str) -> Block:
    return Block("heading", title_spans(title, bold=True))


def _notes(*pages: PlannedPage) -> str:
    return "\n\n".join(p.notes for p in pages if p.notes)


class Joining:
    """A mixin of the planner (its `measure`, `titled`, `renumbered`, `lead_titled`, floor)."""

    body_min: float
    scale: float
    terse_size: float
    left_out: list[LeftOut]
    authored: bool
    length: str
    options: Options

    if TYPE_CHECKING:

        def render(self, page: PlannedPage, lang: str | None = None) -> str: ...

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def titled(self, page: PlannedPage) -> tuple[PlannedPage, str, Measure | None]: ...

        def renumbered(self, slides: list[Fitted], first: int) -> list[Fitted]: ...

        def grown(self, page: PlannedPage, html: str, m: Measure) -> Fitted: ...

        def relaid(self, page: PlannedPage) -> Fitted: ...

        def titled_by_content(
            self, page: PlannedPage, names: list[str], parent: str
        ) -> PlannedPage | None: ...

    def joined_fit(self, page: PlannedPage, floor: float) -> Fitted | None:
        """`page` laid out at its size, else at the largest smaller one down to `floor` that
        holds it; None when none does."""
        size = page.body_size
        for _ in range(3):
            trial = replace(page, body_size=size)
            html, m = self.measure(trial)
            if m is None:
                return None
            if not m.title_fits:
                trial, html, m = self.titled(trial)
                if m is None:
                    return None
            if m.body_fits:  # larger again when it takes little room (as any slide)
                return self.grown(trial, html, m)
            if size <= floor or m.used <= 0:
                return None
            size = shrunk_size(size, floor, m.room, m.used)
        return None

    def _joined(
        self,
        host: PlannedPage,
        blocks: list[Block],
        notes: str,
        source: str,
        part: bool = False,
        across: bool = False,
        apart: tuple[Fitted, Fitted] | None = None,
    ) -> Fitted | None:
        """`host` holding `blocks` laid out, at a smaller size when needed: down to the body
        floor for parts of one page (`part`), to TIGHT_FLOOR for pages sharing a slide; pages
        of two chapters (`across`) on a host that moved text to the notes to stay readable
        not below the size of readable leads (terse_size), unless it is set smaller. `apart`:
        the host's slide and the other slide as laid out alone, when the join is known to fail
        from their layouts (generator.overjoin) it is not laid out."""
        hint = "image-text" if host.layout == "image-text" else host.hint  # text stays beside
        layout = choose_layout(blocks, [], hint)
        if layout not in HOSTS | PICTURE_HOSTS | (ACROSS_ONLY if across else set()):
            return None
        page = replace(host, blocks=blocks, layout=layout, notes=notes, source=source)
        floor = self.body_min if part else max(self.body_min, TIGHT_FLOOR * self.scale)
        if across and self._shortened(host):
            floor = max(floor, min(host.body_size, self.terse_size))
        if apart is not None:
            start = self._join_start(page, floor, *apart)
            if start is None:
                return None
            page = replace(page, body_size=start)
        return self.joined_fit(page, floor)

    def _join_start(
        self, page: PlannedPage, floor: float, host: Fitted, other: Fitted
    ) -> float | None:
        """The size the join of `host` and `other` into `page` is first laid out at: `page`'s
        own, or, when the two slides' layouts at that size already tell it overflows, the size
        the join tries next when that is surely the floor; None when it is known to overflow
        at the floor too (generator.overjoin; only layouts already made are read)."""
        size = page.body_size
        if page.title != host.page.title:
            return size
        for _ in range(2):
            at = replace(page, body_size=size)
            height = stacked_height(self._laid_at(host, at), self._laid_at(other, at))
            if height is None or not overflows(height):
                return size
            if size <= floor:
                return None
            used, room = height
            following = shrunk_size(size, floor, room, used)
            if following > floor:
                return size  # the next size depends on the joined slide's own height
            size = following
        return size

    def _laid_at(self, f: Fitted, page: PlannedPage) -> Measure | None:
        """The measure of `f`'s slide at `page`'s body size, when it was laid out so (before
        its type grew, say) and lays its blocks out as `page` does; else None."""
        if not stacks_alike(f.page, page):
            return None
        if f.page.body_size == page.body_size:
            laid = f.laid
        else:
            laid = laid_before(self.render(replace(f.page, body_size=page.body_size)), self.options)
        return measured(laid) if laid is not None else None

    def _shortened(self, page: PlannedPage) -> bool:
        """A page that moved text to the speaker notes to stay readable (its long items shown
        by their leads, or summarised)."""
        parts = set(page.source.split("+"))
        return any(r.kind == "notes" and parts & set(r.where.split("+")) for r in self.left_out)

    def joined_parts(self, slides: list[Fitted]) -> list[Fitted]:
        """The slides of one page with each lone part joined to the part before or after it,
        numbered again (see the module's note)."""
        slides = self.pointing_parts(slides)
        if self.authored or len(slides) < 2:
            return slides
        out = list(slides)
        first = out[0].page.number
        gone = False
        k = 0
        while k < len(out) and len(out) > 1:
            if not lone(out[k].page):
                k += 1
                continue
            # a slide of a plan only counted is laid out before it joins or takes another
            out[max(0, k - 1) : k + 2] = [settled(f) for f in out[max(0, k - 1) : k + 2]]
            page = out[k].page
            before = out[k - 1].page if k > 0 else None
            after = out[k + 1].page if k + 1 < len(out) else None
            joined = None
            if after is not None and _host(after) and _introduces(page):
                # an introduction goes with what it introduces
                joined, at = self._part_joined(out[k], out[k + 1], onto_next=True), k
            if joined is None and before is not None and _host(before):
                joined, at = self._part_joined(out[k], out[k - 1], onto_next=False), k - 1
            if joined is None and after is not None and _host(after):
                joined, at = self._part_joined(out[k], out[k + 1], onto_next=True), k
            if joined is None:
                k += 1
                continue
            out[at : at + 2] = [joined]
            gone = True
        return self.renumbered(out, first) if gone else out

    def _part_joined(self, part: Fitted, host: Fitted, onto_next: bool) -> Fitted | None:
        """A lone part laid out on the slide of its page's `host` part (the next part when
        `onto_next`, else the previous one), its blocks in reading order; None when it does not
        fit there."""
        first, then = (part.page, host.page) if onto_next else (host.page, part.page)
        return self._joined(
            host.page,
            [*first.blocks, *then.blocks],
            _notes(first, then),
            host.page.source,
            True,
            apart=(host, part),
        )

    def pointing_parts(self, slides: list[Fitted]) -> list[Fitted]:
        """The slides of one page with each part of lines pointing at the code before it
        (generator.pointing) joined to that code's slide, else put in its notes; numbered
        again."""
        out = list(slides)
        first = out[0].page.number if out else 0
        gone = False
        k = 1
        while k < len(out):
            if not pointing_part(out[k].page, out[k - 1].page):
                k += 1
                continue
            out[k - 1 : k + 1] = [settled(f) for f in out[k - 1 : k + 1]]
            b, page = out[k - 1].page, out[k].page
            joined = None
            if _host(b):
                blocks = [*b.blocks, *(compact(x) for x in page.blocks)]
                joined = self._joined(b, blocks, _notes(b, page), b.source, True)
            if joined is None:
                joined = self.relaid(replace(b, notes=as_notes(replace(page, notes=b.notes))))
                why = "lines pointing at the code, too many for its slide"
                record = left_out_blocks(b.source, "notes", page.blocks, why)
                self.left_out += [record] if record is not None else []
            out[k - 1 : k + 1] = [joined]
            gone = True
        return self.renumbered(out, first) if gone else out

    def apart(self) -> bool:
        """Pages never share a slide: an authored deck's slides, a long deck's pages."""
        return self.authored or self.length == "long"

    def join_previous(self, before: Fitted, lone_slide: Fitted) -> Fitted | None:
        """A lone page (not a chapter's introduction) joined to the slide before it of its
        chapter when that page takes one slide (a part never starts on another part's
        continuation slide), under its own title as a heading; None when it cannot take it."""
        before, lone_slide = settled(before), settled(lone_slide)  # laid out, if only counted
        b, page = before.page, lone_slide.page
        if self.apart() or not _neighbours(b, page) or _intro(page) or b.parts != 1:
            return None
        if b.layout not in TEXT_HOSTS:
            return None
        blocks = [*b.blocks, *_named_above(page, b), _heading(page.title), *page.blocks]
        names = [*(title_parts(b.title) or [b.title]), page.title]
        host = self.titled_by_content(replace(b, blocks=blocks), names, parent_of(b, page))
        if host is None:  # no title says what the slide would hold: the page keeps its own
            return None
        return self._titled_join(host, blocks, _notes(b, page), f"{b.source}+{page.source}")

    def _titled_join(
        self, host: PlannedPage, blocks: list[Block], notes: str, source: str
    ) -> Fitted | None:
        """`host` (titled by what it holds, generator.jointitle) laid out with its blocks,
        each part under its heading; when that does not fit and its title names the first
        part, without that part's heading (`blocks`: the title says it)."""
        joined = self._joined(host, host.blocks, notes, source)
        if joined is None and host.blocks != blocks and _names_first(host, blocks):
            joined = self._joined(replace(host, blocks=blocks), blocks, notes, source)
        return joined

    def join_across(self, before: Fitted, lone_slide: Fitted) -> Fitted | None:
        """A chapter's only slide (lone) joined to the slide of the chapter before it (that
        chapter's only slide too), each under its own name as a heading, the title naming
        both and no chapter above it (`_shown_as`); None when it cannot take it."""
        before, lone_slide = settled(before), settled(lone_slide)
        b, page = before.page, lone_slide.page
        if not self._across(b, page) or b.parts != 1 or b.sections:
            return None  # a chapter never starts on another page's continuation slide
        first, lead = _shown_as(b)
        second, heads = _shown_as(page)
        title = parts_title(without_credits([first, second]))
        blocks = [*_not_titled(lead, title), *b.blocks, *heads, *page.blocks]
        host = replace(b, title=title, subtitle="")
        source = f"{b.source}+{page.source}"
        return self._joined(host, blocks, _notes(b, page), source, across=True)

    def join_across_next(self, lone_slide: Fitted, after: Fitted) -> Fitted | None:
        """A chapter's only slide (lone) joined to the slide of the chapter after it (its
        only slide, a page of one slide), each under its own name as a heading (its columns,
        if it has some, as headings in turn), the title naming both and no chapter above it."""
        lone_slide, after = settled(lone_slide), settled(after)
        page, a = lone_slide.page, after.page
        if not self._across(a, page) or a.parts != 1:
            return None
        flat = [*a.blocks, *(b for s in a.sections for b in (_heading(s.title), *s.blocks))]
        first, lead = _shown_as(page)
        second, heads = _shown_as(a)
        title = parts_title(without_credits([first, second]))
        blocks = [*_not_titled(lead, title), *page.blocks, *heads, *flat]
        host = replace(a, title=title, subtitle="", sections=[], hint="")
        source = f"{page.source}+{a.source}"
        return self._joined(host, blocks, _notes(page, a), source, across=True)

    def _across(self, host: PlannedPage, page: PlannedPage) -> bool:
        """Pages of two chapters may share the host's slide: a text slide of another chapter,
        the lone page a slide of its own."""
        if self.apart() or host.kind != "content" or host.layout not in ACROSS_HOSTS:
            return False
        return host.chapter != page.chapter and page.parts == 1 and lone(page)

    def join_next(self, lone_slide: Fitted, after: Fitted) -> Fitted | None:
        """A lone page joined to the first slide after it of its chapter: a chapter's
        introduction at its start without a heading, any other page under its title, the
        slide after it then under its heading (a page of one paragraph or item also on the
        first of several slides of a page: that page's first part opens under its heading,
        its continuation slides follow)."""
        lone_slide, after = settled(lone_slide), settled(after)  # laid out, if only counted
        page, a = lone_slide.page, after.page
        if self.apart() or not _neighbours(a, page) or a.part != 1:
            return None
        source = f"{page.source}+{a.source}"
        if _intro(page):  # the host's source first: the slide is the host's, kicker and all
            blocks = [*page.blocks, *a.blocks]
            return self._joined(a, blocks, _notes(page, a), f"{a.source}+{page.source}")
        if a.layout not in TEXT_HOSTS or (a.parts != 1 and _units(page.blocks) > 1):
            return None  # only one paragraph or item takes the start of a page of several
        names = title_parts(a.title) or [a.title]
        blocks = [*page.blocks, *_named_above(a, page), _heading(names[0]), *a.blocks]
        # the slide is the lone page's: the next page's first part opens under its heading and
        # its continuation slides keep their "(2/n)"
        host = replace(
            a, title=page.title, subtitle=page.subtitle, eyebrow=page.eyebrow, part=1, parts=1
        )
        titled = self.titled_by_content(
            replace(host, blocks=blocks), [page.title, *names], parent_of(page, a)
        )
        if titled is None:  # no title says what the slide would hold: the page keeps its own
            return None
        return self._titled_join(titled, blocks, _notes(page, a), source)


def _names_first(page: PlannedPage, blocks: list[Block]) -> bool:
    """A slide's title names the part its `blocks` open with (text, not a heading): it is
    titled by all its parts, not by the heading they are under."""
    return (
        bool(blocks)
        and blocks[0].type != "heading"
        and len(page.title) > 0
        and (page.title not in (page.chapter, page.subtitle))
    )


def _not_titled(headings: list[Block], title: str) -> list[Block]:
    """The headings a shared slide opens with but the one its title says (the closing
    credits after a chapter: the slide titled by the chapter alone)."""
    return [h for h in headings if norm(block_text(h)) != norm(title)]


def _introduces(page: PlannedPage) -> bool:
    """The slide ends with a heading or a sentence ending with a colon (what it introduces
    follows it)."""
    last = page.blocks[-1]
    text = block_text(last).rstrip()
    return last.type == "heading" or text.endswith((":", "："))


def _intro(page: PlannedPage) -> bool:
    """A chapter's introduction: the page titled after its chapter."""
    return bool(page.chapter) and norm(page.title) == norm(page.chapter)


def _neighbours(host: PlannedPage, page: PlannedPage) -> bool:
    return _host(host) and host.chapter == page.chapter and page.parts == 1 and lone(page)


def _named_above(part: PlannedPage, host: PlannedPage) -> list[Block]:
    """The heading of what `part`'s slide names above its title (the page a section comes
    from: "User Stories" above "Task isolation") when the slide it joins names something else:
    the part shows the page it belongs to, as its own slides do."""
    above = norm(part.subtitle)
    if not above or above in (norm(host.subtitle), norm(host.title)):
        return []
    return [_heading(part.subtitle)]


def _shown_as(page: PlannedPage) -> tuple[str, list[Block]]:
    """How a chapter's slide is named on a slide it shares with another chapter: by what its
    slide names above its title (its chapter: "0.24.0 (6th April, 2023)" above "Changed"),
    else by its title; and the headings it opens with there, that name and its own title
    (not one its content already opens with; the document's untitled introduction has no
    heading to show)."""
    name = page.subtitle or page.title
    names = [name] if norm(page.title) == norm(name) else [name, page.title]
    if not page.chapter:
        names = []
    first = page.blocks[:1]
    if (
        names
        and first
        and first[0].type == "heading"
        and norm(block_text(first[0])) == norm(names[-1])
    ):
        names.pop()
    return name, [_heading(n) for n in names]
