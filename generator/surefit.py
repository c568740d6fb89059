"""Continuation slides a plan only counts need not lay out to know they fit: a chunk of pieces
measured on the page's own layout (generator.pieces) that takes at most SURE of the slide's
room, with FOOT px more for the stack's margins, fits its slide whatever a pixel of line
height here and there does (the packer fills chunks up to `pack.usable`, and only chunks near
that limit ever overflow). A chunk that is one picture alone is one slide whatever its layout
says: a picture is one piece, never cut (one too tall is set smaller on its slide). Such a
slide leaves its page's count as it is: in a plan only counted (Planner.counting) it is laid
out when first read (generator.reshape.later)."""

from __future__ import annotations

from generator.pack import cost
from generator.pieces import Piece

SURE = 0.85  # share of the room a chunk takes at most to fit surely
FOOT = 40.0  # px: the most the stack's margins add below and above the pieces


def surely_fits(chunk: list[Piece], room: float) -> bool:
    """Whether the measured pieces of `chunk` fit a slide whose body frame is `room` tall with
    room to spare (False when the room is not known)."""
    if not chunk or room <= 0:
        return False
    return cost(chunk, 0, len(chunk) - 1, 0.0, 0.0) + FOOT <= SURE * room


def surely_one_slide(chunk: list[Piece], room: float) -> bool:
    """Whether the measured pieces of `chunk` surely take one slide: they surely fit its room,
    or they are one picture alone."""
    return surely_fits(chunk, room) or (len(chunk) == 1 and chunk[0].block.type == "image")
