"""Draft pages -> fitted slides: every page is laid out by the engine once, measured, and kept.

- A page that fits is kept as laid out (that layout is also its conversion, assemble-free).
  When its content takes little room, it is laid out once more with larger type (up to 1.45x,
  within the template's range); the frame centres it in the body area.
- A whole-slide layout (cards, numbers, timeline...) that does not fit becomes a flowing page.
- A flowing page that does not fit is cut into measured pieces (pieces.py) and packed
  (pack.py) into continuation slides "(2/3)" that carry similar amounts; a page a little too
  long gets smaller type instead (never below the floor: a document's prose 24 px, 18 pt, an
  authored deck's 18 px, 14 pt code, 16 px tables on 1280x720, scaled for other sizes); a
  slide showing only a picture does not hold its text slides' type back. Each continuation
  slide is laid out once; one that still
  overflows (line heights differ by a pixel here and there) hands its last piece on.
- Titles that do not fit step down within the template's title sizes, then are shortened
  (listed as left out). With length "short" a page keeps its first slide only; the rest is
  listed as left out. Nothing else is ever dropped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine import Options
from generator.compose import (  # noqa: F401 - deck_language, draft_pages, page_blocks re-exported
    deck_language,
    draft_pages,
    page_blocks,
)
from generator.contentsfit import CONTENTS_COLUMNS, ContentsFitting  # noqa: F401 - re-exported
from generator.cutting import Cutting
from generator.errors import bad
from generator.estimate import Calibration
from generator.estimated import (
    chapter_of,
    clear_count,
    counted_later,
    estimated_count,
    estimated_slides,
)
from generator.fit import Measure, measured, try_lay_out
from generator.grow import Growing
from generator.highlight import CodeStyle
from generator.layouts import page_context
from generator.leadins import LeadIns
from generator.leftout import LeftOut
from generator.lone import Joining
from generator.model import Block
from generator.pack import chained, cost, pack, usable
from generator.pages import FLOWING, LAYOUTS, PlannedPage  # noqa: F401 - re-exported
from generator.partnames import gallery_parts
from generator.pieces import Piece, measured_pieces
from generator.points import pointed_blocks
from generator.pointsfit import PointsFitting
from generator.predict import CODE_PAGE_FLOOR, GROW, Predicting, shows_code
from generator.rendered import rendered
from generator.reshape import Fitted, Reshaping, later, settled
from generator.shapes import choose_layout, key_number  # noqa: F401 - re-exported
from generator.shrinking import Shrinking
from generator.slides import (  # noqa: F401 - dense_document and flowing are re-exported
    cut_block,
    dense_document,
    flowing,
    make_contents,
    make_flowing,
    scaled,
    slide_lang,
    word_cap,
)
from generator.summarising import SHRINK_SPAN, Summarising
from generator.summary import (
    PROSE_CHARS,
    gallery_groups,
    nested_pictures,
    prose_length,
)
from generator.surefit import surely_one_slide
from generator.templates import Template
from generator.terse import TERSE_SIZE
from generator.tighten import Tightening
from generator.titles import TitleFitting

Make = Callable[[PlannedPage, list[Piece], int, int], PlannedPage]

BODY_FLOOR = 18.0  # px on a 1280 px wide slide: one unit that cannot be cut, an authored slide
READ_FLOOR = 24.0  # px (18 pt): prose and lists of a document's content slide, read from a seat
CODE_FLOOR = 56 / 3  # 14 pt: code smaller than this is not read from a seat
SMALL_FLOOR = 16.0  # tables and small print
BASE_FLOOR = 20.0  # the deck's starting body size is at least this


class Planner(
    TitleFitting,
    Reshaping,
    Summarising,
    Tightening,
    Predicting,
    LeadIns,
    Joining,
    ContentsFitting,
    Growing,
    PointsFitting,
    Cutting,
    Shrinking,
):
    """Fits pages to a template, measuring each with the engine's layout."""

    def __init__(
        self,
        template: Template,
        deck: dict[str, Any],
        *,
        length: str = "medium",
        options: Options | None = None,
        dense: bool = False,
        authored: bool = False,
        tight: bool = False,
        whole: bool = False,
    ) -> None:
        self.template = template
        self.deck = deck
        self.length = length
        self.options = options or Options()
        scale = float(template.manifest.get("size", {}).get("width", 1280)) / 1280.0
        self.scale = scale
        self.title_max, self.title_min = template.size_range("title")
        body_max, body_min = template.size_range("body")
        # the smallest size of one unit that cannot be cut (a paragraph taller than a slide)
        self.unit_min = max(body_min, BODY_FLOOR * scale)
        # prose and lists are set at no less than this: a page that would need smaller type
        # continues on the next slide, and no merge or join goes below it; an authored slide
        # deck keeps its slides, so one of its slides is one unit (down to unit_min)
        read = BODY_FLOOR if authored else READ_FLOOR
        self.body_min = max(body_min, read * scale)
        self.body_base = max(body_max, BASE_FLOOR * scale, self.body_min)
        if dense:  # a long document: the smallest comfortable size, fewer slides
            self.body_base = max(min(body_max, BASE_FLOOR * scale), self.body_min)
        # a long document's pages of long prose items show their leads (generator.terse)
        self.dense = dense
        self.body_cap = self.body_base * GROW
        self.code_floor = CODE_FLOOR * scale
        self.small_floor = SMALL_FLOOR * scale
        self.terse_size = TERSE_SIZE * scale  # a page of long prose items set below: their leads
        ink = str(template.manifest.get("colors", {}).get("text") or "#222222")
        colors = {str(k): str(v) for k, v in template.manifest.get("colors", {}).items()}
        colors["font"] = str(template.manifest.get("fonts", {}).get("body") or "")
        self.code = CodeStyle(
            template.code_palette, str(deck.get("lang", "en")), ink, tuple(sorted(colors.items()))
        )
        self.counter = 0
        self.max_pages = 500
        self.layouts = 0  # engine layouts made (the benchmark reports them)
        # a plan only counted (generator.talk): a slide's last layout, which never changes the
        # slides' count, kinds or sources, is made only when the slide is read (reshape.Later)
        self.counting = False
        # ... and the outline chapters whose pages it counts by the text estimate (they leave
        # the deck whatever their count: generator.estimated)
        self.estimated: frozenset[int] = frozenset()
        self.left_out: list[LeftOut] = []
        # an authored slide deck keeps its slides: a page shrinks to the floor before it continues
        self.shrink_span = float("inf") if authored else SHRINK_SPAN
        self.authored = authored  # its slides never join (generator.lone)
        # a document that is not a talk: long pages are summarised, the rest in the notes
        self.summarise = length == "medium" and not authored
        # a document over its slide budget (generator.budget): a page keeps one slide
        self.tight = tight and self.summarise
        # a document within its slide budget: every page continues on following slides, whole
        # (no summary, no cap); the summary and the cap are steps of condensing (generator.api)
        self.whole = whole and self.summarise and not self.tight
        self.page_whole = self.whole
        # ... whose dense walls of prose are points even at a slide more (generator.pointsfit)
        self.pay_walls = True
        self.calibration = Calibration()
        self.frame: tuple[float, float] | None = None  # (width, height) of the body's frame
        # pictures of the part of a page moved to its notes: shown on picture slides after it
        self.gallery: list[Block] = []
        self.gallery_parts: list[int] = []  # the part of the page each picture is in
        self.page_floor = 0.0
        # pages (by source) of a deck over its budget that keep their first slide, the rest in
        # their notes: their continuation slides leave before whole parts (generator.drop)
        self.one_slide: frozenset[str] = frozenset()
        self.two_slides: frozenset[str] = frozenset()  # ... of them, those keeping two
        self.deck_names: Counter[str] = Counter()  # what a cut reference table keeps

    # -- rendering and measuring -------------------------------------------------------------

    def sizes(self, body: float) -> str:
        code = self.code_size(body)
        small = max(self.small_floor, round(body * 0.88))
        return f"--df-code-size:{code:.5g}px;--df-small-size:{small:g}px"

    def page_lang(self, page: PlannedPage) -> str:
        return slide_lang(page, str(self.deck.get("lang", "en")))

    def render(self, page: PlannedPage, lang: str | None = None) -> str:
        """The page's HTML, in `lang` when given (else the language of its own text); made
        once per deck for the same inputs (generator.rendered)."""
        sizes = self.sizes(page.body_size)
        # the page's own language follows from the page and the deck, both in the key: it is
        # found only when the page is rendered
        key = (id(self.template), repr(self.deck), repr(page), lang, sizes, self.code)
        return rendered(key, lambda: self._render(page, lang or self.page_lang(page), sizes))

    def _render(self, page: PlannedPage, lang: str, sizes: str) -> str:
        context = page_context(page, self.code, sizes)
        deck = self.deck
        if lang != deck.get("lang"):
            deck = {**deck, "lang": lang}
        return self.template.render(page.kind, {"deck": deck, "page": context})

    def measure(self, page: PlannedPage, lang: str | None = None) -> tuple[str, Measure | None]:
        html = self.render(page, lang)
        self.layouts += 1
        laid = try_lay_out(html, self.options)
        return html, measured(laid) if laid is not None else None

    def regions(self, page: PlannedPage) -> list[str]:
        _, m = self.measure(page)
        return m.regions if m is not None else []

    # -- the plan ------------------------------------------------------------------------------

    def plan(
        self, drafts: list[PlannedPage], keep_layout: bool = False, max_pages: int = 500
    ) -> list[Fitted]:
        """Fitted slides; GeneratorError 1010 on `markdown` as soon as there are more than max_pages."""
        self.max_pages = max_pages
        out: list[Fitted] = []
        for draft in drafts:
            fitted = self.fit(draft, keep_layout)
            for f in fitted:
                self.counter += 1
                f.page.number = self.counter
            out.extend(fitted)
            if len(out) > max_pages:
                raise bad("markdown", f"makes more than {max_pages} slides")
        return out

    def fit(self, draft: PlannedPage, keep_layout: bool = False) -> list[Fitted]:
        if self.counting and self.frame is not None and chapter_of(draft) in self.estimated:
            size = self.body_base
            count = estimated_count(draft, size, self.code_size(size), self.frame)
            page = replace(
                draft, number=self.counter + 1, title_size=self.title_max, body_size=size
            )
            return estimated_slides(page, count)
        slides = self.fit_slides(draft, keep_layout)
        if self.counting:
            return [self.lead_titled_later(f) for f in slides]
        return [self.continued_titled(self.lead_titled(f)) for f in slides]

    def lead_titled_later(self, f: Fitted) -> Fitted:
        """`lead_titled`, made when the slide is read (a plan only counted)."""
        return later(f.page, lambda: self.continued_titled(self.lead_titled(settled(f))))

    def fit_slides(self, draft: PlannedPage, keep_layout: bool = False) -> list[Fitted]:
        self.gallery, self.gallery_parts = [], []
        self.page_floor = 0.0  # the smallest body size continuation slides merge at
        # a page whose list items hold pictures is summarised and capped as before: a slide
        # shows no picture inside a list item, the summary gives them slides of their own
        self.page_whole = self.whole and not nested_pictures(draft.blocks)
        page = replace(
            draft,
            number=self.counter + 1,
            title_size=self.title_max,
            body_size=self.body_base,
        )
        if page.kind == "content":  # many short list items: in columns, on fewer slides
            page, known = self.kicker_and_title(page)
            page = self.listed_in_columns(self.one_line_title(page, known))
        if page.kind == "content" and not keep_layout:
            page.layout = choose_layout(page.blocks, page.sections, page.hint)
        if page.kind == "content" and self.length != "long":
            page = self.code_condensed(page)
        return self.fit_shown(page)

    def shown(self, page: PlannedPage, plain: bool = False) -> PlannedPage:
        """The page as its slides show it: a long page of a document summarised, long prose
        items by their leads, walls of prose as points (every word kept). `plain`: as
        paragraphs, the summary keeping no list's lead-in sentence (generator.pointsfit)."""
        if self.summarise and page.layout in FLOWING and page.parts == 1:
            if not self.page_whole and (self.long(page) or prose_length(page.blocks) > PROSE_CHARS):
                page = self.summarised(page, lead_ins=not plain)
            # long prose items of a long document show their leads (a whole page too)
            predicted = self.predicted_size(page)
            if self.dense:  # the size a long document is read at before its floor is raised
                predicted = min(predicted, BASE_FLOOR * self.scale)
            tersed = self.tersed(page, self.terse_size, predicted)
            if tersed is not page:  # shown by its leads to stay readable: no smaller type
                self.page_floor = self.terse_size
            page = tersed
        if page.kind == "content" and page.layout in FLOWING and not self.authored and not plain:
            pointed = pointed_blocks(page.blocks)  # walls of prose as points, every word kept
            if pointed is not page.blocks:
                page = replace(page, blocks=pointed)
        return page

    def fit_page(self, page: PlannedPage) -> list[Fitted]:
        """The page's slides (laid out at its predicted size, or cut from the estimate). A
        cover, divider or closing page is one slide whatever its layout: in a plan only
        counted, it is laid out when read."""
        if self.counting and page.kind not in ("content", "contents"):
            return [later(page, lambda: settled(self.page_slides(page)[0]))]
        if self.counting and self.frame is not None:  # a clear count: generator.estimated
            size = page.body_size
            n = clear_count(page, self.calibration, size, self.code_size(size), self.frame)
            if n is not None:
                return counted_later(page, n, lambda: self.page_slides(page))
        return self.page_slides(page)

    def page_slides(self, page: PlannedPage) -> list[Fitted]:
        """`fit_page`, the page laid out now."""
        predicted = self.predicted_size(page)
        if predicted != page.body_size:
            bigger = replace(page, body_size=predicted)
            html, m = self.measure(bigger)
            if m is not None and m.body_fits and m.title_fits:
                self.learn(bigger, m)
                return [Fitted(bigger, html, m.laid)]
        at_once = self.grown_at_once(page)
        if at_once is not None:
            return [at_once]
        estimated = self.estimated_chunks(page)
        if estimated is not None:
            page, estimated = self.tightened(flowing(page), estimated, 0.0, 0.0)
            page, estimated = self.condensed(page, estimated)
            return self.finish(page, estimated, make_flowing, estimated=True)
        html, m = self.measure(page)
        if m is None:
            return [Fitted(page, html, None)]
        self.learn(page, m)
        if m.frame is not None and word_cap(page, m.frame.width) < self.body_min:
            # columns narrower than the page's longest word even at the smallest type (a
            # template's narrow body, many cards): one column, words never broken in the middle
            page = flowing(page)
            html, m = self.measure(page)
            if m is None:
                return [Fitted(page, html, None)]
        if not m.title_fits:
            page, html, m = self.titled(page)
            if m is None:
                return [Fitted(page, html, None)]
        if page.kind == "contents":
            if m.body_fits:
                return [self.kept(page, html, m)]
            return self.contents_columns(page) or self.continue_contents(page, m)
        if page.kind != "content" or m.body_fits:
            return [self.grown_slide(page, html, m)]
        if page.layout not in FLOWING:
            smaller = self.shrunk(page, m)  # a whole-slide layout a little too tall: smaller type
            if smaller is not None:
                return [smaller]
            page = flowing(page)
            html, m = self.measure(page)
            if m is None or m.body_fits:
                return [
                    self.grown_slide(page, html, m) if m is not None else Fitted(page, html, None)
                ]
        return self.continue_flowing(page, html, m)

    def code_size(self, body: float) -> float:
        return max(self.code_floor, round(body * 0.8))

    def shrink_floor(self, page: PlannedPage) -> float:
        """The smallest body size a page too tall for its slide is set at: the body floor, or
        CODE_PAGE_FLOOR for a page showing code (dense prose beside code continues instead)."""
        if shows_code(page):
            return max(self.body_min, CODE_PAGE_FLOOR * self.scale)
        return self.body_min

    def kept(self, page: PlannedPage, html: str, m: Measure) -> Fitted:
        return Fitted(page, html, m.laid)

    # -- continuation slides -----------------------------------------------------------------

    def continue_flowing(self, page: PlannedPage, html: str, m: Measure) -> list[Fitted]:
        room = m.room
        pieces = measured_pieces(page.blocks, m, usable(room)) if room > 0 else None
        if not pieces or m.stack is None:
            return [Fitted(page, html, m.laid)]  # not a measurable page: kept as it is
        smaller = self.shrunk(page, m)
        if smaller is None and self.shrink_span == float("inf"):  # a deck's slide
            smaller = self.two_columns(page, m)
        if smaller is not None:
            return [smaller]
        head = max(0.0, pieces[0].top - m.stack.y)
        foot = max(0.0, min(40.0, m.stack.y + m.stack.height - pieces[-1].bottom))
        chunks = pack(pieces, room, head, foot, self.at_unit_floor(page.body_size))
        tight, chunks = self.tightened(page, chunks, head, foot)
        page, chunks = self.condensed(tight, chunks)
        # smaller type: the pieces' extents are scaled estimates, the first slide corrects them
        return self.finish(page, chunks, make_flowing, estimated=tight is not page, room=room)

    def finish(
        self,
        page: PlannedPage,
        chunks: list[list[Piece]],
        make: Make,
        estimated: bool = False,
        room: float = 0.0,
    ) -> list[Fitted]:
        """Each chunk laid out as its own slide; a slide that still overflows passes its last
        piece to the next slide (a new one at the end), and the slides are laid out again.
        `estimated`: the pieces' extents are estimates; the first slide's layout corrects them
        (all scaled by measured / estimated) and the slides are packed again when they are off.
        In a plan only counted, a chunk of measured pieces that surely takes one slide (it
        surely fits the page's `room`, or it is a picture alone) is laid out when read
        (generator.surefit)."""
        done: list[tuple[Fitted, Measure | None]] = []
        guard = 2 * sum(len(c) for c in chunks) + 4  # cuts make pieces: room for each
        while len(done) < len(chunks) and guard > 0:
            guard -= 1
            i, n = len(done), len(chunks)
            g = len(gallery_groups(self.gallery)) if make is make_flowing else 0
            if self.counter + n + g > self.max_pages:
                raise bad("markdown", f"makes more than {self.max_pages} slides")
            slide = replace(make(page, chunks[i], i, n + g), number=self.counter + 1 + i)
            if (
                self.counting
                and not estimated
                and make is make_flowing
                and surely_one_slide(chunks[i], room)
            ):
                done.append((self.relaid(slide), None))  # laid out (its title fitted) when read
                continue
            html, m = self.measure(slide)
            room = m.room if m is not None and m.room > 0 else room
            if m is not None and not m.title_fits:
                slide, html, m = self.titled(slide)
            if estimated and m is not None and m.stack is not None and i == 0:
                estimated = False
                scale = m.used / max(1.0, cost(chunks[0], 0, len(chunks[0]) - 1, 0.0, 0.0))
                if not 0.92 <= scale <= 1.08:
                    pieces = [scaled(p, scale) for c in chunks for p in c]
                    smallest = self.at_unit_floor(page.body_size)
                    page, chunks = self.condensed(page, pack(pieces, m.room, smallest=smallest))
                    continue
            if m is None or m.body_fits:
                done.append((Fitted(slide, html, m.laid if m is not None else None), m))
                continue
            whole = self.chain_fit(slide, m) if chained(chunks[i]) else None
            if whole is not None:  # a chain kept together: one unit, set smaller
                done.append(whole)
                continue
            cut = self.cut(chunks[i], m) if make is make_flowing else None
            if cut is not None:
                chunks[i], carry = cut
                if i + 1 < n:
                    chunks[i + 1][:0] = carry
                else:
                    chunks.append(carry)
                    done = []  # one slide more: every "(i/n)" title changes
                continue
            if len(chunks[i]) > 1:
                moved = chunks[i].pop()
                if i + 1 < n:
                    chunks[i + 1].insert(0, moved)
                else:
                    chunks.append([moved])
                    done = []  # one slide more: every "(i/n)" title changes
                continue
            done.append((self.single(slide, html, m), None))
        done += self.rest_as_cut(page, chunks, len(done), make)
        slides = self.grown_together(done)
        if make is not make_flowing:
            return slides
        slides = self.joined_parts(self.with_lead_ins(slides))
        pictures = gallery_parts(self.gallery, self.gallery_parts)
        self.gallery_parts = []
        slides += self.galleries(page, slides)
        return self.titled_by_parts(page, chunks, pictures, slides)

    def rest_as_cut(
        self, page: PlannedPage, chunks: list[list[Piece]], start: int, make: Make
    ) -> list[tuple[Fitted, Measure | None]]:
        """The chunks from `start` on, each laid out as it is cut (the smallest type, then
        shortened, when it still overflows): what the cutting left when its turns ran out is
        never dropped."""
        out: list[tuple[Fitted, Measure | None]] = []
        g = len(gallery_groups(self.gallery)) if make is make_flowing else 0
        for i in range(start, len(chunks)):
            slide = replace(make(page, chunks[i], i, len(chunks) + g), number=self.counter + 1 + i)
            html, m = self.measure(slide)
            if m is None or m.body_fits:
                out.append((Fitted(slide, html, m.laid if m is not None else None), m))
            else:
                out.append((self.single(slide, html, m), None))
        return out
