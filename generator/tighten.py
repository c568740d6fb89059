"""Continuation slides merged by smaller type: a page cut into n slides at its body size is set
on n - 1 slides when a smaller size, not below TIGHT_FLOOR (and the code floor), holds it.

The pieces' measured extents are scaled to the smaller size (text by the ratio of the body
sizes, code by that of the code sizes; line wrapping only makes smaller text shorter still)
and packed again; the largest size whose packing needs fewer slides is taken. The slides'
own layouts then correct the estimate (the planner's `finish`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.pack import pack
from generator.pieces import Piece

TIGHT_FLOOR = 20.0  # px on a 1280 px wide slide: continuation slides merge down to this size


@dataclass
class Tighter:
    size: float
    chunks: list[list[Piece]]


def rescaled(pieces: list[Piece], text: float, code: float) -> list[Piece]:
    """`pieces` with their extents (and the gaps between them) scaled: code by `code`, the
    rest by `text`; a piece's lead and tail by its own factor."""
    out: list[Piece] = []
    origin = pieces[0].top if pieces else 0.0
    y, last = origin, origin
    for p in pieces:
        f = code if p.block.type == "code" else text
        top = y + (p.top - last) * text if out else origin
        bottom = top + p.height * f
        out.append(replace(p, top=top, bottom=bottom, lead=p.lead * f, tail=p.tail * f))
        y, last = bottom, p.bottom
    return out


def tighter(
    pieces: list[Piece],
    slides: int,
    size: float,
    floor: float,
    code_size: Callable[[float], float],
    room: float,
    head: float = 0.0,
    foot: float = 0.0,
) -> Tighter | None:
    """The largest body size in [floor, size) at which `pieces` (measured at `size`) pack
    into fewer than `slides` slides, with that packing; None when no size does."""
    if slides < 2 or not pieces:
        return None
    s = float(int(size) - 1 if size == int(size) else int(size))
    while s >= floor:
        text, code = s / size, code_size(s) / code_size(size)
        chunks = pack(rescaled(pieces, text, code), room, head, foot)
        if len(chunks) < slides:
            return Tighter(s, chunks)
        s -= 1
    return None
