"""Skia raster backend (a built SlideSvg with its pictures kept out -> PNG bytes): our own
slide SVG drawn by skia's SVG module in this process, pictures drawn from their pixels.

Why: resvg (in its helper process) only hands back a PNG encoded at its default zlib level, and
is ~4x slower on the same documents; skia draws the same SVG and the PNG is encoded from raw
pixels at compress_level 1.

What skia sees: only the documents SlideSvg.layers() makes from the slide model (numbers
formatted and clamped by engine/render/paint.py, text escaped, glyphs as outline paths, no
<image>, no external reference). Pictures arrive as pixels: raster media decoded and scaled by
Pillow (engine/render/images.py), content SVG sanitized (engine/model/svg/sanitize.py) and drawn by
resvg in the helper process with its time limit. skia cannot be interrupted: the work is bounded
by SlideSvg's budgets (MAX_SHAPES, MAX_PAINTED_SLIDES, MAX_DEPTH, geometry.MAX_POINTS).
A slide that needs an SVG <text> fallback (faces without outlines, e.g. colour emoji) is left
to the resvg backend by the caller, since skia's SVG module has no font manager here.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

if TYPE_CHECKING:
    from engine.render.document import Raster, SlideSvg

try:
    import skia
except ImportError:  # optional: engine.render falls back to resvg
    skia = None

AVAILABLE = skia is not None
PNG_LEVEL = 1  # zlib level of the PNG (the default 6 costs ~3x the drawing on photo slides)


def _draw_svg(canvas: skia.Canvas, svg: str, width: int, height: int) -> None:
    data = svg.encode("utf-8")  # kept alive while skia reads it
    dom = skia.SVGDOM.MakeFromStream(skia.MemoryStream(data, True))
    if dom is None:
        return
    dom.setContainerSize(skia.Size(width, height))
    dom.render(canvas)


def _draw_raster(
    canvas: skia.Canvas, doc: SlideSvg, raster: Raster, width: int, height: int
) -> None:
    """The picture cut by its clip outline: the pixels drawn into a layer under the picture's
    rotations, then the outline (painted by skia's SVG module: same groups, transforms and
    anti-aliasing as the shapes) composited onto them with DstIn, so nothing of the outline
    shows where the picture has no pixels (its edges, a picture narrower than its box)."""
    canvas.saveLayer()
    canvas.save()
    canvas.scale(width / doc.width, height / doc.height)
    for _, rotation in raster.opened:
        if rotation is not None:
            canvas.rotate(rotation[0], rotation[1], rotation[2])
    pixels = np.asarray(raster.image.convert("RGBA"))
    image = skia.Image.fromarray(
        pixels, colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType
    )
    x, y, w, h = raster.dest
    canvas.drawImageRect(
        image, skia.Rect.MakeXYWH(x, y, w, h), skia.SamplingOptions(skia.FilterMode.kLinear)
    )
    canvas.restore()
    canvas.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
    _draw_svg(canvas, doc.mask_svg(raster, width), width, height)
    canvas.restore()
    canvas.restore()


def render_png(doc: SlideSvg, width: int, height: int) -> bytes:
    """PNG bytes of a SlideSvg built with inline_images=False, width x height px."""
    if skia is None:
        raise RuntimeError("skia-python is not installed")
    surface = skia.Surface(width, height)
    if surface is None:
        raise RuntimeError(f"skia cannot make a {width} x {height} surface")
    canvas = surface.getCanvas()
    canvas.clear(skia.ColorWHITE)
    for layer in doc.layers(width):
        if isinstance(layer, str):
            _draw_svg(canvas, layer, width, height)
        else:
            _draw_raster(canvas, doc, layer, width, height)
    pixels = surface.toarray(colorType=skia.kRGBA_8888_ColorType)
    out = io.BytesIO()
    Image.fromarray(np.ascontiguousarray(pixels[:, :, :3])).save(
        out, format="PNG", compress_level=PNG_LEVEL
    )
    return out.getvalue()
