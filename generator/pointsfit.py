"""Prose shown as points never costs a page a slide (a mixin of the planner).

Two ways a slide shows a document's prose take more room than its paragraphs: walls of prose
set as points (generator.points: a line of its own for each point, an indent, a gap between
points), and a summary keeping the sentence that introduces a list (generator.summary: a line
or two more). A page they set on more slides than its plain paragraphs take is shown as
paragraphs, its summary keeping no lead-in sentence: a deck over its slide budget would
otherwise give up a whole part for the slides they added (the chapter counts more slides, so
generator.drop takes its last page first), and a deck within it would grow.

The page is fitted as shown first; only when it takes more than one slide of text, and its
plain form differs, is that fitted too (one page's layouts more), and the page keeps whichever
takes fewer slides (the shown one when both take as many).

A dense wall of prose (generator.points.dense_wall) keeps its points at exactly one slide more
in a deck planned whole within its budget: that slide is marked `paid`, counted by the deck's
budget but not by its page or chapter (generator.budget), and a deck it takes past the budget
is planned again without such slides (generator.talk).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.budget import picture_slide
from generator.leftout import LeftOut
from generator.model import Block
from generator.pages import PlannedPage
from generator.points import dense_wall
from generator.reshape import Fitted


@dataclass(frozen=True)
class _State:
    """What shaping and fitting a page adds to the planner: its records, the pictures waiting
    for picture slides and the parts they are in, the size its continuation slides keep."""

    left_out: list[LeftOut]
    gallery: list[Block]
    gallery_parts: list[int]
    page_floor: float


class PointsFitting:
    """Chooses between a page as shown and its plain paragraphs by the slides each takes."""

    left_out: list[LeftOut]
    gallery: list[Block]
    gallery_parts: list[int]
    page_floor: float
    whole: bool
    pay_walls: bool

    if TYPE_CHECKING:

        def shown(self, page: PlannedPage, plain: bool = False) -> PlannedPage: ...

        def fit_page(self, page: PlannedPage) -> list[Fitted]: ...

    def fit_shown(self, page: PlannedPage) -> list[Fitted]:
        """The slides of the page as shown (`shown`), or of its plain paragraphs when those
        take fewer slides."""
        before = self._state()
        shown = self.shown(page)
        slides = self.fit_page(shown)
        if sum(1 for f in slides if not picture_slide(f.page)) <= 1:
            return slides  # one slide of text (its pictures' slides are the same either way)
        with_shown = self._state()
        self._restore(before)
        plain = self.shown(page, plain=True)
        if plain.blocks != shown.blocks:
            paragraphs = self.fit_page(plain)
            if len(paragraphs) < len(slides):
                if not self._wall_paid(plain, paragraphs, slides):
                    return paragraphs
                self._restore(with_shown)
                return _paid(slides)
        self._restore(with_shown)
        return slides

    def _wall_paid(
        self, plain: PlannedPage, paragraphs: list[Fitted], slides: list[Fitted]
    ) -> bool:
        """Whether the page's points are worth their one slide more: its plain form is a dense
        wall of prose (generator.points.dense_wall) on a deck within its budget, whose
        condensing steps pay for the slide (a page that keeps one slide never gets it)."""
        if not (self.whole and self.pay_walls) or len(slides) != len(paragraphs) + 1:
            return False
        return dense_wall(plain.blocks)

    def _state(self) -> _State:
        return _State(
            list(self.left_out), list(self.gallery), list(self.gallery_parts), self.page_floor
        )

    def _restore(self, state: _State) -> None:
        self.left_out[:] = state.left_out
        self.gallery = list(state.gallery)
        self.gallery_parts = list(state.gallery_parts)
        self.page_floor = state.page_floor


def _paid(slides: list[Fitted]) -> list[Fitted]:
    """The slides with the last slide of text marked as the one the points add (`paid`)."""
    last = max(i for i, f in enumerate(slides) if not picture_slide(f.page))
    out = list(slides)
    out[last] = replace(out[last], page=replace(out[last].page, paid=True))
    return out
