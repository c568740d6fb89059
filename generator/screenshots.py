"""Pictures that carry text shown large enough to read: a large raster picture that is not a
banner (a chat window, a terminal, a web page, a chart, a long answer: judged by its pixel size
and aspect, never by its file name) is a screenshot. It gets the slide's body to itself: one a
slide, never beside a text column (a slide of text and a screenshot flows, and the fitting puts
the picture on a slide of its own), drawn as large as the body allows (`df-read`: the body's
width, at most READ_HEIGHT px high, at most UPSCALE times its own width). Other pictures go up
to four to a slide.

The rooms are those of the picture layouts on a 1280x720 slide (docs/generator.md): one
picture of `image-full` in 1120x400 px (1120xREAD_HEIGHT without a caption), each of two
pictures of `image-grid` in 550x320 px.
"""

from __future__ import annotations

import re

from generator.cjk import CJK_TEXT, pattern
from generator.model import Block

SCREEN_PIXELS = 200_000  # a picture of at least this many pixels ...
SCREEN_SIDE = 240  # ... each side at least this long ...
SCREEN_ASPECT = 3.5  # ... and a width / height at most this (wider: a banner) is a screenshot
UPSCALE = 3  # a raster picture drawn large is at most this many times its own width
READ_HEIGHT = 460  # px: the height of the smallest template body (minimal), a screenshot's room
MAX_PICTURES = 4  # pictures that are not screenshots, on one slide
CAPTION_CHARS = 110  # a screenshot's caption line (weighted characters), the rest in the notes
CJK_WIDTH = 2.2  # a CJK character takes the room of about this many Latin ones
BODY_WIDTH, GRID_HEIGHT, GRID_GAP = 1120, 320, 20  # px: the pictures of image-grid, in a row
DIAGRAM_FONT = 20.0  # px of a drawn diagram's labels (generator.markup.mermaid.measure.FONT)
DIAGRAM_READ = 12.0  # px: a diagram's labels drawn smaller are not read from a room's back
GRID_COUNT = re.compile(r"\s*\(pictures \d+-\d+ of \d+\)$")  # a grid's count (markup.details)


def screenshot(block: Block) -> bool:
    """A large raster picture that is not a banner (text-bearing, to be read)."""
    if block.type != "image" or block.kind != "picture" or block.src.startswith("data:image/svg"):
        return False
    w, h = block.width, block.height
    if w < SCREEN_SIDE or h < SCREEN_SIDE or w * h < SCREEN_PIXELS:
        return False
    return w / h <= SCREEN_ASPECT


def per_slide(pictures: list[Block]) -> int:
    """How many of these pictures one slide shows: 4, 1 with a screenshot among them; with
    drawn diagrams among them, as many side by side (up to 4) as keep every diagram's labels
    readable (diagram_readable)."""
    if any(screenshot(b) for b in pictures):
        return 1
    diagrams = [b for b in pictures if b.type == "image" and b.kind == "diagram"]
    return next(
        (n for n in range(MAX_PICTURES, 1, -1) if all(diagram_readable(b, n) for b in diagrams)),
        1,
    )


def diagram_readable(block: Block, beside: int) -> bool:
    """A drawn diagram (labels DIAGRAM_FONT px) whose labels stay at least DIAGRAM_READ px
    once fitted into one of `beside` pictures of a row (image-grid: the body's width shared
    with GRID_GAP between, GRID_HEIGHT high)."""
    if block.width <= 0 or block.height <= 0:
        return True
    cell = (BODY_WIDTH - GRID_GAP * (beside - 1)) / beside
    scale = min(1.0, cell / block.width, GRID_HEIGHT / block.height)
    return DIAGRAM_FONT * scale >= DIAGRAM_READ


def caption_line(text: str) -> str:
    """A picture's words as a one-line caption (a screenshot keeps the body's height): up to
    CAPTION_CHARS (weighted), cut at a word (in CJK text anywhere) with " …"; a grid's
    "(pictures 1-2 of 8)" count is not shown."""
    text = GRID_COUNT.sub("", " ".join(text.split()))
    if len(text) > 1 and text[0] == text[-1] and text[0] in "\"'":  # an alt text in quotes
        text = text[1:-1].strip()
    weight = 0.0
    for i, ch in enumerate(text):
        weight += CJK_WIDTH if pattern(CJK_TEXT).match(ch) else 1.0
        if weight > CAPTION_CHARS:
            cut = text[:i]
            space = cut.rfind(" ")
            return (cut[:space] if space > len(cut) // 2 else cut).rstrip(" ,.;:，。") + " …"
    return text
