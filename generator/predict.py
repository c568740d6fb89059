"""What the calibrated text estimate says of a page before it is laid out (a mixin of the
planner): the body size a sparse page should fill its frame at, the smaller size a page a little
over one slide should fit at, and the continuation slides of a long page cut from estimated
pieces, so that each page is laid out once. Every layout teaches the estimate (`learn`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from generator.estimate import Calibration, estimated_pieces
from generator.fit import Measure
from generator.pack import Smallest, pack, usable
from generator.pages import FLOWING, PlannedPage
from generator.pieces import Piece
from generator.slides import flowing
from generator.summarising import SHRINK_SPAN, text_blocks

GROW = 1.45  # sparse slides: type up to this factor
SPARSE = 0.62  # a slide whose content fills less than this share of the body area is sparse
FILL = 0.86  # ... and grows towards this share
PREDICTED_FIT = 0.96  # a page predicted a little too tall is set at the size estimated to fill this
LONG_PAGE = 1.6  # a page estimated at this many slides is cut from the estimate, not laid out whole
CODE_PAGE_FLOOR = 20.0  # px on a 1280 px wide slide: a page showing code continues rather than
# setting its prose smaller than this (prose and code side by side stay readable)


def shows_code(page: PlannedPage) -> bool:
    """The page (or one of its sections) shows a code block."""
    blocks = page.blocks + [b for s in page.sections for b in s.blocks]
    return any(b.type == "code" for b in blocks)


class Predicting:
    """Estimates before layouts (a mixin of the planner: its frame, calibration and sizes)."""

    frame: tuple[float, float] | None
    calibration: Calibration
    shrink_span: float
    body_cap: float
    body_min: float

    def code_size(self, body: float) -> float:
        raise NotImplementedError

    def shrink_floor(self, page: PlannedPage) -> float:
        raise NotImplementedError

    if TYPE_CHECKING:

        def at_unit_floor(self, size: float) -> Smallest: ...

    def predicted_size(self, page: PlannedPage) -> float:
        """For a flowing page the text estimate says is sparse: the larger body size it
        should fill the frame at (base size when no prediction can be made)."""
        base = page.body_size
        if page.kind != "content" or page.layout not in FLOWING or self.frame is None:
            return base
        width, room = self.frame
        cal = self.calibration
        if len(text_blocks(page.blocks)) < len(page.blocks):
            return base  # a screenshot takes a slide's body: smaller or larger type fits no more
        estimate = cal.height(page.blocks, base, width, self.code_size(base))
        if estimate is not None and room < estimate <= room * min(self.shrink_span, SHRINK_SPAN):
            return self.predicted_smaller(page, estimate, room)
        if estimate is None or estimate >= SPARSE * room:
            return base
        size = math.floor(min(self.body_cap, base * GROW))
        while size >= base + 2:
            grown = cal.height(page.blocks, size, width, self.code_size(size)) or room
            if grown <= FILL * room:
                return float(size)
            size -= 1
        return base

    def predicted_smaller(self, page: PlannedPage, estimate: float, room: float) -> float:
        """A page the estimate puts a little over one slide: the smaller body size (within
        the floor) it should fit at, so that it is laid out once, not at the base size first."""
        base = page.body_size
        width = self.frame[0] if self.frame is not None else 0.0
        floor = self.shrink_floor(page)
        size = float(max(floor, math.floor(base * room / estimate)))
        while size > floor:
            height = self.calibration.height(page.blocks, size, width, self.code_size(size))
            if height is None or height <= room * PREDICTED_FIT:
                break
            size -= 1
        return size if size < base else base

    def estimated_chunks(self, page: PlannedPage) -> list[list[Piece]] | None:
        """A page the calibrated estimate puts at several slides: its continuation slides
        cut from estimated pieces (each slide is then laid out and corrected by its own
        measurement), so that its content is not laid out twice. None: measure it whole."""
        if page.kind != "content" or page.layout not in FLOWING or self.frame is None:
            return None
        if self.shrink_span == float("inf"):  # a deck's page: measured whole, to shrink first
            return None
        width, room = self.frame
        flat = flowing(page)
        size = flat.body_size
        code = self.code_size(size)
        estimate = self.calibration.height(flat.blocks, size, width, code)
        if estimate is None or estimate < LONG_PAGE * room:
            return None
        cal = self.calibration
        pieces = estimated_pieces(flat.blocks, size, width, code, cal, usable(room))
        return pack(pieces, room, smallest=self.at_unit_floor(size))

    def learn(self, page: PlannedPage, m: Measure) -> None:
        """Remember the frame and how the estimate compares with the engine's layout."""
        if m.frame is None or m.stack is None or page.kind != "content":
            return
        if self.frame is None:
            self.frame = (m.frame.width, m.frame.height)
        if page.layout in FLOWING and m.stack is not None:
            tops = {i: m.boxes[b].y for i, b in m.units.items()}
            end = m.stack.y + m.stack.height
            size = page.body_size
            self.calibration.learn_page(
                page.blocks, tops, end, size, m.frame.width, self.code_size(size)
            )
