"""Pictures for the PNG renderer (media bytes + crop + displayed size -> the visible part, decoded by Pillow and scaled to output pixels).

resvg resamples a picture drawn at another size than its own with a slow high-quality filter
(tens of ms per picture); giving it the pixels it will draw, already cut and scaled, keeps a
slide's render cheap. Pillow decodes only the raster types the engine stored, with its
decompression-bomb limit; anything it cannot read is left out.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

MAX_SOURCE_PIXELS = 40_000_000
MAX_OUT_SIDE = 8192


@dataclass(frozen=True)
class Placed:
    """The visible part of a picture: where it goes (slide px) and its data URI."""

    x: float
    y: float
    w: float
    h: float
    uri: str


def visible_part(
    crop: tuple[float, float, float, float], box: tuple[float, float, float, float]
) -> tuple[tuple[float, float, float, float], tuple[float, float, float, float]] | None:
    """((source l, t, r, b) as fractions inside the picture, destination (x, y, w, h)) of the
    part of a picture that shows through `box` with OOXML `crop` (l, t, r, b fractions; negative
    values leave an empty margin)."""
    cl, ct, cr, cb = crop
    x, y, w, h = box
    span_x, span_y = 1.0 - cl - cr, 1.0 - ct - cb
    if span_x <= 1e-6 or span_y <= 1e-6 or w <= 0 or h <= 0:
        return None
    sl, st = max(cl, 0.0), max(ct, 0.0)
    sr, sb = min(1.0 - cr, 1.0), min(1.0 - cb, 1.0)
    if sr - sl <= 1e-6 or sb - st <= 1e-6:
        return None
    dx0 = x + (sl - cl) / span_x * w
    dx1 = x + (sr - cl) / span_x * w
    dy0 = y + (st - ct) / span_y * h
    dy1 = y + (sb - ct) / span_y * h
    return (sl, st, sr, sb), (dx0, dy0, dx1 - dx0, dy1 - dy0)


@lru_cache(maxsize=16)
def scaled_image(
    data: bytes, source: tuple[float, float, float, float], out_w: int, out_h: int, alpha: float
) -> Image.Image | None:
    """The source fractions of the image cut out, scaled to out_w x out_h pixels, with
    `alpha` multiplied in, as an RGBA Pillow image (None if Pillow cannot read it)."""
    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.width * im.height > MAX_SOURCE_PIXELS:
                return None
            im.seek(0)
            rgba = im.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError, EOFError):
        return None
    left, top = source[0] * rgba.width, source[1] * rgba.height
    right, bottom = source[2] * rgba.width, source[3] * rgba.height
    out_w, out_h = max(1, min(out_w, MAX_OUT_SIDE)), max(1, min(out_h, MAX_OUT_SIDE))
    scaled = rgba.resize((out_w, out_h), Image.Resampling.BICUBIC, box=(left, top, right, bottom))
    if alpha < 0.999:
        scaled.putalpha(scaled.getchannel("A").point(lambda v: int(v * alpha + 0.5)))
    return scaled


@lru_cache(maxsize=16)
def scaled_uri(
    data: bytes, source: tuple[float, float, float, float], out_w: int, out_h: int, alpha: float
) -> str | None:
    """scaled_image() as a PNG or JPEG data URI (for the resvg backend)."""
    import base64

    scaled = scaled_image(data, source, out_w, out_h, alpha)
    if scaled is None:
        return None
    out = io.BytesIO()
    low = scaled.getchannel("A").getextrema()[0]
    if isinstance(low, (int, float)) and low >= 255:
        scaled.convert("RGB").save(out, format="JPEG", quality=92)
        mime = "image/jpeg"
    else:
        scaled.save(out, format="PNG", compress_level=1)
        mime = "image/png"
    return f"data:{mime};base64," + base64.b64encode(out.getvalue()).decode("ascii")
