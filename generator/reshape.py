"""Slides a page becomes besides its continuation slides: a deck's slide too tall at the
smallest type in two columns, and the picture slides of a summarised page (the pictures of the
part moved to its speaker notes, never dropped)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from engine import LaidOut
from generator.fit import Measure
from generator.model import Block, Section
from generator.pages import PlannedPage
from generator.summary import gallery_groups, gallery_page
from generator.together import introduces


@dataclass
class Fitted:
    """A final slide: its plan, its HTML and the engine's layout of that HTML (None when the
    engine cannot lay it out: the conversion then reports the page)."""

    page: PlannedPage
    html: str
    laid: LaidOut | None


@dataclass
class Later(Fitted):
    """A slide of a plan that is only counted (Planner.counting) whose layout that changes
    neither how many slides its page takes nor their sources (its type grown, its title
    fitted or by its first part, its number "(i/n)") is made when the slide is first read
    (`settled`): its kind, source and number, all a count reads, are known before. `page`
    is the slide's page before that step; `html` and `laid` stay empty."""

    make: Callable[[], Fitted] = field(repr=False, kw_only=True)


def later(page: PlannedPage, make: Callable[[], Fitted]) -> Later:
    """A slide `make` lays out when first read (a copy of `page` stands for it until then)."""
    return Later(replace(page), "", None, make=make)


def settled(f: Fitted) -> Fitted:
    """The slide itself, laid out (a `Later` slide is made now, numbered as it was since)."""
    if not isinstance(f, Later):
        return f
    made = f.make()
    made.page.number = f.page.number
    return made


class Reshaping:
    """Two columns and picture slides (a mixin of the planner: `measure`, `titled`, the body
    floor, the slide counter and the pending pictures are the planner's)."""

    body_min: float
    counter: int
    counting: bool
    gallery: list[Block]

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def titled(self, page: PlannedPage) -> tuple[PlannedPage, str, Measure | None]: ...

        def grown(self, page: PlannedPage, html: str, m: Measure) -> Fitted: ...

        def pictured(self, page: PlannedPage, m: Measure) -> Fitted | None: ...

        def shrink_floor(self, page: PlannedPage) -> float: ...

    def two_columns(self, page: PlannedPage, m: Measure) -> Fitted | None:
        """A deck's slide too tall at the smallest type, in two columns (its blocks in order,
        cut where the two heights are closest; never after a heading nor between an
        introduction and what it introduces, such as a row's label and its code), or None."""
        blocks = page.blocks
        if len(blocks) < 2 or page.sections or m.stack is None:
            return None
        if any(i not in m.units for i in range(len(blocks))):
            return None
        tops = [m.boxes[m.units[i]].y for i in range(len(blocks))]
        ends = tops[1:] + [m.stack.y + m.stack.height]
        heights = [e - t for t, e in zip(tops, ends, strict=True)]
        cuts = [
            k
            for k in range(1, len(blocks))
            if blocks[k - 1].type != "heading" and not introduces(blocks[k - 1], blocks[k])
        ]
        if not cuts:
            return None
        k = min(cuts, key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        halves = [Section("", blocks[:k]), Section("", blocks[k:])]
        # a slide showing code is set no smaller than a page showing code (else it continues)
        size = self.shrink_floor(page)
        two = replace(page, blocks=[], sections=halves, layout="columns", body_size=size)
        html, m2 = self.measure(two)
        if m2 is not None and m2.body_fits and m2.title_fits:
            return self.grown(two, html, m2)  # the columns leave room: larger type again
        return None

    def galleries(self, page: PlannedPage, slides: list[Fitted]) -> list[Fitted]:
        """The picture slides of the pictures moved off a page (its parts numbered after the
        kept slides; a kept slide numbered before the last pictures were known is redone)."""
        groups = gallery_groups(self.gallery)
        self.gallery = []
        if not groups:
            return []
        total = len(slides) + len(groups)
        for k, f in enumerate(slides):
            if f.page.parts != total:
                slides[k] = self.with_parts(f, total)
        out = []
        for j, group in enumerate(groups):
            part = len(slides) + j + 1
            shown = replace(
                gallery_page(page, group), part=part, parts=total, number=self.counter + part
            )
            out.append(self.relaid(shown))
        return out

    def with_parts(self, f: Fitted, total: int) -> Fitted:
        """A kept slide numbered "(i/total)", laid out again (when read, in a plan only
        counted: its title and number change, not how many slides its page takes)."""
        if self.counting:
            draft = replace(f.page, parts=total)
            return later(draft, lambda: self._relaid(replace(settled(f).page, parts=total), False))
        return self._relaid(replace(f.page, parts=total), False)

    def relaid(self, page: PlannedPage) -> Fitted:
        """A slide laid out again with another title or number, its title fitted (when read,
        in a plan only counted)."""
        if self.counting:
            return later(page, lambda: self._relaid(page, True))
        return self._relaid(page, True)

    def _relaid(self, page: PlannedPage, fit_title: bool) -> Fitted:
        html, m = self.measure(page)
        if fit_title and m is not None and not m.title_fits:
            page, html, m = self.titled(page)
        pictured = self.pictured(page, m) if m is not None and m.title_fits else None
        if pictured is not None:  # a picture slide: its picture takes the body's spare height
            return pictured
        return Fitted(page, html, m.laid if m is not None else None)
