"""Continuation slides merged by smaller type: a page cut into n slides at its body size is set
on n - 1 slides when a smaller size, not below TIGHT_FLOOR nor the reading size of prose (the
planner's `body_min`; the code floor for code), holds it; a page whose last slide is a short
tail (less than a third of the room after full slides) down to the page's shrink floor.

The pieces' measured extents are scaled to the smaller size (text by the ratio of the body
sizes, code by that of the code sizes; line wrapping only makes smaller text shorter still)
and packed again; the largest size whose packing needs fewer slides is taken. The slides'
own layouts then correct the estimate (the planner's `finish`).

A chain of pieces kept together (an introduction, its code, the sentence pointing back at it)
that is taller than a slide at the reading size is one unit (generator.pack): its slide is set
at the largest smaller size, down to the unit floor, that holds it.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from generator.listcols import in_columns
from generator.pack import Smallest, pack, short_tail
from generator.pages import PlannedPage
from generator.pieces import Piece
from generator.reshape import Fitted
from generator.slides import word_cap
from generator.summary import nested_pictures

if TYPE_CHECKING:
    from generator.fit import Measure

TIGHT_FLOOR = 20.0  # px on a 1280 px wide slide: continuation slides merge down to this size
FRAME_SHARE = 0.875  # the body frame's share of the slide width before a page was measured


@dataclass
class Tighter:
    """A smaller text size and the slides its pieces fill at it."""

    size: float
    chunks: list[list[Piece]]


def rescaled(pieces: list[Piece], text: float, code: float) -> list[Piece]:
    """`pieces` with their extents (and the gaps between them) scaled: code by `code`,
    pictures not at all, the rest by `text`; a piece's lead and tail by its own factor."""
    out: list[Piece] = []
    origin = pieces[0].top if pieces else 0.0
    y, last = origin, origin
    for p in pieces:
        f = code if p.block.type == "code" else text
        if p.block.type == "image" and p.block.kind != "formula":
            f = 1.0  # a picture is drawn at its own size, whatever the type size
        top = y + (p.top - last) * text if out else origin
        bottom = top + p.height * f
        out.append(replace(p, top=top, bottom=bottom, lead=p.lead * f, tail=p.tail * f))
        y, last = bottom, p.bottom
    return out


def tighter(
    chunks: list[list[Piece]],
    size: float,
    floors: tuple[float, float],
    code_size: Callable[[float], float],
    room: float,
    head: float = 0.0,
    foot: float = 0.0,
    smallest_at: Callable[[float], Smallest] | None = None,
) -> Tighter | None:
    """The largest body size at which the pieces of `chunks` (measured at `size`) pack into
    fewer slides, with that packing; None when no size does. `floors`: (the lowest size for
    merging slides, the lowest when the last slide of `chunks` is a short tail). A packing
    that ends with a short tail where `chunks` did not is not taken. `smallest_at(s)`: the
    pieces at size s as a unit too tall for a slide is set (pack's `smallest`)."""
    pieces = [p for c in chunks for p in c]
    if len(chunks) < 2 or not pieces:
        return None
    tail = short_tail(chunks, room, head, foot)
    lowest = min(floors) if tail else floors[0]
    s = float(int(size) - 1 if size == int(size) else int(size))
    while s >= lowest:
        text, code = s / size, code_size(s) / code_size(size)
        smallest = smallest_at(s) if smallest_at is not None else None
        trial = pack(rescaled(pieces, text, code), room, head, foot, smallest)
        if len(trial) < len(chunks) and (tail or not short_tail(trial, room, head, foot)):
            return Tighter(s, trial)
        s -= 1
    return None


class Tightening:
    """Lists in columns, continuation slides merged by smaller type and a chain kept
    together set smaller (a mixin of the planner: its frame, type sizes, the current page's
    floor, `measure` and `titled`)."""

    frame: tuple[float, float] | None
    body_min: float
    unit_min: float
    scale: float
    page_floor: float

    def code_size(self, body: float) -> float:
        raise NotImplementedError

    def shrink_floor(self, page: PlannedPage) -> float:
        raise NotImplementedError

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def titled(self, page: PlannedPage) -> tuple[PlannedPage, str, Measure | None]: ...

    def at_unit_floor(self, size: float) -> Smallest:
        """Pieces measured at body size `size` as the smallest type of a unit that cannot be
        cut sets them (a chain kept together that is taller than a slide: generator.pack)."""
        text = self.unit_min / size
        code = self.code_size(self.unit_min) / self.code_size(size)
        return lambda pieces: rescaled(pieces, text, code)

    def chain_fit(self, slide: PlannedPage, m: Measure) -> tuple[Fitted, Measure] | None:
        """A slide of one chain kept together (generator.pack) too tall at its size: laid out
        at the largest smaller size down to the unit floor that holds it, with its measure;
        None when none does."""
        size = slide.body_size
        for _ in range(3):
            if m.used <= 0 or size <= self.unit_min:
                return None
            size = float(
                max(self.unit_min, min(size - 1, math.floor(size * m.room / m.used * 0.98)))
            )
            trial = replace(slide, body_size=size)
            html, measured = self.measure(trial)
            if measured is not None and not measured.title_fits:
                trial, html, measured = self.titled(trial)
            if measured is None:
                return None
            if measured.body_fits:
                return Fitted(trial, html, measured.laid), measured
            m = measured
        return None

    def listed_in_columns(self, page: PlannedPage) -> PlannedPage:
        """A page whose lists of many short items are set in columns (generator.listcols),
        at a size (not below TIGHT_FLOOR) at which their longest words fit a column: a run of
        names looked up, not prose read, so not held to the reading size of prose."""
        width = self.frame[0] if self.frame is not None else FRAME_SHARE * 1280 * self.scale
        floor = max(self.unit_min, TIGHT_FLOOR * self.scale)
        blocks = in_columns(page.blocks, width, floor)
        if all(a is b for a, b in zip(blocks, page.blocks, strict=True)):
            return page
        page = replace(page, blocks=blocks)
        size = min(page.body_size, float(math.floor(word_cap(page, width))))
        return replace(page, body_size=max(floor, size))

    def tightened(
        self, page: PlannedPage, chunks: list[list[Piece]], head: float, foot: float
    ) -> tuple[PlannedPage, list[list[Piece]]]:
        """Continuation slides one fewer at a smaller body size when one holds them
        (generator.tighten); the page and its chunks unchanged otherwise."""
        if self.frame is None or page.kind != "content" or nested_pictures(page.blocks):
            return page, chunks  # pictures in list items: their own slides after the summary
        floor = max(self.body_min, TIGHT_FLOOR * self.scale, self.page_floor)
        room = self.frame[1]
        floors = (floor, max(self.shrink_floor(page), self.page_floor))
        found = tighter(
            chunks, page.body_size, floors, self.code_size, room, head, foot, self.at_unit_floor
        )
        if found is None:
            return page, chunks
        return replace(page, body_size=found.size), found.chunks
