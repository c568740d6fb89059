"""Screenshots shown large enough to read: a large raster picture of screen-like proportions
(a chat window, a terminal, a web page: judged by its pixel size and aspect, never by its file
name) is at most two to a slide, and alone when two side by side would draw it below
READABLE of its own size. Other pictures go up to four to a slide.

The rooms are those of the picture layouts on a 1280x720 slide (docs/generator.md): one
picture of `image-full` in 1120x400 px, each of two pictures of `image-grid` in 550x320 px.
"""

from __future__ import annotations

from generator.model import Block

SCREEN_PIXELS = 200_000  # a picture of at least this many pixels ...
SCREEN_SIDE = 240  # ... each side at least this long ...
SCREEN_ASPECT = (0.5, 3.5)  # ... and a width / height within this range is a screenshot
READABLE = 0.6  # a screenshot drawn below this share of its own size is hard to read
PAIR_ROOM = (550.0, 320.0)  # one of two pictures side by side (image-grid)
MAX_PICTURES = 4  # pictures that are not screenshots, on one slide


def screenshot(block: Block) -> bool:
    """A large raster picture of screen-like proportions (text-bearing, to be read)."""
    if block.type != "image" or block.kind != "picture" or block.src.startswith("data:image/svg"):
        return False
    w, h = block.width, block.height
    if w < SCREEN_SIDE or h < SCREEN_SIDE or w * h < SCREEN_PIXELS:
        return False
    return SCREEN_ASPECT[0] <= w / h <= SCREEN_ASPECT[1]


def pair_readable(block: Block) -> bool:
    """Whether the screenshot, one of two side by side, is drawn at READABLE of its size."""
    scale = min(PAIR_ROOM[0] / block.width, PAIR_ROOM[1] / block.height)
    return scale >= READABLE


def per_slide(pictures: list[Block]) -> int:
    """How many of these pictures one slide shows: 4, or 2 with a screenshot among them, or
    1 when a screenshot among them would be drawn too small beside another."""
    shots = [b for b in pictures if screenshot(b)]
    if not shots:
        return MAX_PICTURES
    return 2 if all(pair_readable(b) for b in shots) else 1
