"""Long-text screenshots cut into readable parts: a tall screenshot (narrower than TALL, a long
chat answer or web page) drawn alone at the body's full height (READ_HEIGHT) below MIN_SCALE of
its own size cannot be read; it becomes vertical crops of equal height, each drawn at
MIN_SCALE or more on a slide of its own ("<alt> (1/3)"...). A picture the document gives a
size to (Marp `w:`, `<img width>`) is never cut, nor one of more than MAX_PIXELS pixels.
"""

from __future__ import annotations

import base64
import io
import math
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.model import Block
from generator.screenshots import READ_HEIGHT, screenshot

if TYPE_CHECKING:
    from PIL.Image import Image

TALL = 0.6  # width / height below this: a tall screenshot
MIN_SCALE = 0.5  # a screenshot drawn below this share of its own size is not read
MAX_CROPS = 8
MAX_PIXELS = 16_000_000


def tall_crops(block: Block) -> list[Block]:
    """`block`, or its crops when it is a tall screenshot too long to read on one slide."""
    if not screenshot(block) or block.width / block.height >= TALL:
        return [block]
    room = READ_HEIGHT / MIN_SCALE  # px of the picture one slide shows readably
    if block.height <= room or block.width * block.height > MAX_PIXELS:
        return [block]
    from PIL import Image, UnidentifiedImageError

    try:
        data = base64.b64decode(block.src.split(",", 1)[1])
        with Image.open(io.BytesIO(data)) as im:
            if im.size != (block.width, block.height):  # sized by the document: kept whole
                return [block]
            n = min(MAX_CROPS, math.ceil(block.height / room))
            step = math.ceil(block.height / n)
            parts = [
                im.crop((0, top, im.width, min(im.height, top + step)))
                for top in range(0, im.height, step)
            ]
            return [_crop_block(block, part, i + 1, len(parts)) for i, part in enumerate(parts)]
    except (UnidentifiedImageError, OSError, ValueError, IndexError, Image.DecompressionBombError):
        return [block]


def _crop_block(block: Block, part: Image, i: int, n: int) -> Block:
    out = io.BytesIO()
    part.save(out, format="PNG")
    uri = "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")
    alt = f"{block.alt} ({i}/{n})" if block.alt else f"({i}/{n})"
    return replace(block, src=uri, alt=alt, width=part.width, height=part.height)
