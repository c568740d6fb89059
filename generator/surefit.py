"""Continuation slides a plan only counts need not lay out to know how many there are: a chunk
of pieces measured on the page's own layout (generator.pieces) that the packer filled within
its limit (`pack.usable`), with FOOT px more for the stack's margins, is one slide as the packer
counted it. Laid out, such a chunk fits, or overflows by a pixel of line height here and there
and hands a piece on to the next slide: on every page of every plan of the sample documents
(counted or laid out in full), the next slide held it and the page kept the packer's count. A
chunk over the limit is a piece taller than the slide or a chain of pieces kept together: it is
laid out as made (cut, or set smaller). A chunk that is one picture alone is one slide whatever
its layout says: a picture is one piece, never cut (one too tall is set smaller on its slide).
Such a slide leaves its page's count as it is: in a plan only counted (Planner.counting) it is
laid out when first read (generator.reshape.later)."""

from __future__ import annotations

from generator.pack import cost, usable
from generator.pieces import Piece

FOOT = 40.0  # px: the most the stack's margins add below and above the pieces


def surely_fits(chunk: list[Piece], room: float) -> bool:
    """Whether the measured pieces of `chunk`, with the most the stack's margins add, are within
    the packer's limit for a slide whose body frame is `room` tall (False when the room is not
    known)."""
    if not chunk or room <= 0:
        return False
    return cost(chunk, 0, len(chunk) - 1, 0.0, 0.0) + FOOT <= usable(room)


def surely_one_slide(chunk: list[Piece], room: float) -> bool:
    """Whether the measured pieces of `chunk` surely take one slide: they are within the
    packer's limit, or they are one picture alone."""
    return surely_fits(chunk, room) or (len(chunk) == 1 and chunk[0].block.type == "image")
