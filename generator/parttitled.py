"""Continuation slides of a merged page laid out under the part they show from the start (a
mixin of the planner).

A page of several parts ("Added · Fixed") that continues over several slides titles each
slide by the first part it shows (generator.partnames, `TitleFitting.titled_by_parts`), once
the page's slides are known. Each slide used to be laid out under the page's title first (its
type grown under it) and laid out again under its part's title. When nothing but the title
changes (the slide's blocks and language stay as they are), the slide is laid out under its
part's title at once, provided the layouts show that nothing else depends on it: the title
region lies where the slide without its body puts it (so the body's measurements, which every
decision reads, are the ones the page's title gives), and the page's title with the slide's
counter "(2/3)" fits it, laid out without the body (fast; as any slide's title was fitted).
When `titled_by_parts` names the same part in the end, the layout made is the slide's own; a
slide whose part comes out otherwise (its page's slides joined or numbered again) is laid out
again, as before.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.fit import TITLE_REGIONS, Measure, laid_before, measured
from generator.kickers import surely_fits
from generator.model import Block
from generator.pages import PlannedPage
from generator.partnames import gallery_parts, parts_on_slides, slide_parts_title, title_parts
from generator.pieces import Piece
from generator.reshape import Fitted

if TYPE_CHECKING:
    from engine import LaidOut, Options


def title_regions(m: Measure) -> list[tuple[str, float, float, float, float]]:
    """Where the slide's title regions lie: (name, x, y, width, height) of each."""
    out = []
    for b in m.boxes:
        name = b.attributes.get("data-df-fit") if b.kind == "box" else None
        if name in TITLE_REGIONS:
            out.append((str(name), b.x, b.y, b.width, b.height))
    return out


def bare(page: PlannedPage) -> PlannedPage:
    """The slide without its body: what its title region holds, laid out fast."""
    return replace(page, blocks=[], sections=[], entries=[], layout="bullets")


class PartTitledFirst:
    """Lays a merged page's continuation slides out under their part titles at once."""

    counting: bool
    options: Options
    gallery: list[Block]
    gallery_parts: list[int]
    # slides laid out under their part title while their plan names the page's title: the
    # slide and the page its layout shows (by the slide's id; the slide is kept alive)
    shown_as: dict[int, tuple[Fitted, PlannedPage]]

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def page_lang(self, page: PlannedPage) -> str: ...

        def render(self, page: PlannedPage, lang: str | None = None) -> str: ...

        def pictured(self, page: PlannedPage, m: Measure) -> Fitted | None: ...

        def relaid(self, page: PlannedPage) -> Fitted: ...

    def part_titled(
        self, page: PlannedPage, slide: PlannedPage, chunks: list[list[Piece]], i: int
    ) -> PlannedPage | None:
        """Slide `i` of `page` (cut into `chunks`) under the title of the part it shows, when
        only its title changes; else None."""
        names = title_parts(page.title)
        if not names or self.counting or page.kind != "content":
            return None
        pictures = gallery_parts(self.gallery, self.gallery_parts)
        if pictures is None or len(chunks) + len(pictures) < 2:
            return None
        titled = slide_parts_title(slide, names, parts_on_slides(names, chunks) + pictures, i)
        if titled.blocks != slide.blocks or titled.title == slide.title:
            return None
        if self.page_lang(titled) != self.page_lang(slide):
            return None
        return titled

    def measured_as(
        self, slide: PlannedPage, titled: PlannedPage | None
    ) -> tuple[str, Measure | None, PlannedPage | None]:
        """The slide's HTML and measure: those of `titled` when it fits (its title and body)
        and the slide's own title would fit as well without changing the body's room
        (`title_alike`), unless the slide's own layout was made before (an earlier plan of the
        deck); else the slide's own. With the page the layout shows when it is `titled`."""
        if titled is not None and laid_before(self.render(slide), self.options) is None:
            html, m = self.measure(titled)
            ok = m is not None and m.body_fits and m.title_fits
            if ok and m is not None and self.title_alike(slide, titled, m):
                return html, m, titled
        html, m = self.measure(slide)
        return html, m, None

    def title_alike(self, slide: PlannedPage, titled: PlannedPage, m: Measure) -> bool:
        """Whether `slide`'s title fits its slide as `titled`'s fits (measured `m`), with the
        body's room unchanged: both surely read in one line (the title region holds as much
        either way), else the slide laid out without its body (fast) puts its title region
        where `m` has it, and its title fits there."""
        counter = f" ({slide.parts}/{slide.parts})" if slide.parts > 1 else ""
        kicker = "" if slide.eyebrow else slide.subtitle
        if surely_fits(kicker, slide.title + counter) and surely_fits(kicker, titled.title):
            return True
        _, alone = self.measure(bare(slide))
        if alone is None or not alone.title_fits:
            return False
        return title_regions(alone) == title_regions(m)

    def kept_as(self, f: Fitted, titled: PlannedPage | None) -> Fitted:
        """`f`, noted as laid out under `titled` when it is."""
        if titled is not None:
            self.shown_as[id(f)] = (f, titled)
        return f

    def retitled(self, f: Fitted, again: PlannedPage) -> Fitted:
        """`f` under its part title `again`: the layout made for it when that is what it
        shows (its picture then given the spare height, as `relaid` does), else laid out."""
        entry = self.shown_as.pop(id(f), None)
        if entry is None or entry[0] is not f or entry[1] != again or f.laid is None:
            return self.relaid(again)
        return self._own(again, f.html, f.laid)

    def _own(self, page: PlannedPage, html: str, laid: LaidOut) -> Fitted:
        m = measured(laid)
        pictured = self.pictured(page, m) if m.title_fits else None
        return pictured if pictured is not None else Fitted(page, html, laid)

    def as_planned(self, slides: list[Fitted]) -> list[Fitted]:
        """The slides, each laid out as its plan says: one still showing a part title its
        plan does not name laid out again under its own."""
        out = []
        for f in slides:
            entry = self.shown_as.pop(id(f), None)
            if entry is not None and entry[0] is f:
                html, m = self.measure(f.page)
                f = Fitted(f.page, html, m.laid if m is not None else None)
            out.append(f)
        return out

    def shown_page(self, f: Fitted) -> PlannedPage:
        """The page `f`'s layout shows: its part title's, if it was laid out so."""
        entry = self.shown_as.get(id(f))
        return entry[1] if entry is not None and entry[0] is f else f.page

    def as_slide(self, f: Fitted, g: Fitted) -> Fitted:
        """`g`, a slide `f` became (its type grown, its picture given room), laid out as
        `f`'s layout shows it: planned as `f` is (under the page's title), the layout
        noted as its part title's."""
        shown = self.shown_page(f)
        if shown is f.page:
            return g
        same = replace(shown, body_size=g.page.body_size, picture=g.page.picture)
        planned = replace(f.page, body_size=g.page.body_size, picture=g.page.picture)
        if same != g.page:  # changed otherwise: laid out as planned
            html, m = self.measure(planned)
            return Fitted(planned, html, m.laid if m is not None else None)
        return self.kept_as(Fitted(planned, g.html, g.laid), g.page)
