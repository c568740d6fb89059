"""A page a little too long for its slide set at a smaller body size (a mixin of the planner).

The size is the body size scaled by the room over the height used (less 2 %), never below the
page's shrink floor (the planner's `shrink_floor`); the page is laid out at it and kept only
when that layout fits. A deck's slide, or code, that still overflows is tried once more at the
floor itself (the ratio of text sizes overestimates what smaller code saves).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.pages import PlannedPage
from generator.predict import shows_code
from generator.reshape import Fitted

if TYPE_CHECKING:
    from generator.fit import Measure


class Shrinking:
    """Smaller type for a page a little too long (a mixin of the planner)."""

    shrink_span: float

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def shrink_floor(self, page: PlannedPage) -> float: ...

    def shrunk(self, page: PlannedPage, m: Measure) -> Fitted | None:
        """A page a little too long at a smaller body size (within the floor), or None."""
        floor = self.shrink_floor(page)
        if m.used <= 0 or m.used > m.room * self.shrink_span or page.body_size <= floor:
            return None  # nothing measured in the body (e.g. only the title is too long)
        size = float(max(floor, math.floor(page.body_size * m.room / m.used * 0.98)))
        if size >= page.body_size:
            return None
        smaller = replace(page, body_size=size)
        html, m2 = self.measure(smaller)
        if m2 is not None and m2.body_fits and m2.title_fits:
            return Fitted(smaller, html, m2.laid)
        if size > floor and (self.shrink_span == float("inf") or shows_code(page)):
            # a deck, or code at its floor (the ratio of text sizes overestimates the gain): the floor
            smallest = replace(page, body_size=floor)
            html, m3 = self.measure(smallest)
            if m3 is not None and m3.body_fits and m3.title_fits:
                return Fitted(smallest, html, m3.laid)
        return None
