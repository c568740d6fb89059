"""CSS masks (mask-image gradients over a box -> the alpha folded into what the box paints: gradient fills, holes, baked pictures).

A masked element is a stacking context; everything it paints is multiplied by the mask image's
alpha (mask-mode match-source: a gradient's alpha). The mask layer covers the border box (the
mask painting area and origin; a gradient's auto size). Once the context is painted:

- a linear mask turns a solid fill into a linear gradient along the mask's line whose stops
  carry the mask's alpha (DrawingML stops have alpha), bakes its alpha into a copy of each
  picture, and gives other fills, lines and text runs the mask's alpha at their centre;
- a radial mask with a hard edge (`radial-gradient(farthest-side, transparent calc(100% - 12px),
  #000 calc(100% - 11px))`: a ring) cuts the ellipse out of every fill as a hole, or (opaque
  inside, transparent outside) clips everything to the ellipse; pictures get the alpha baked in.
"""

from __future__ import annotations

import io
import math
from typing import Any, NamedTuple

from PIL import Image

from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.media import store_media
from engine.model.clip.cut import cut_shapes
from engine.model.clip.knife import Knife
from engine.model.clip.path import ClipRegion
from engine.model.geometry import (
    Matrix,
    Polygon,
    clip_convex,
    custom_geom,
    dedupe,
    drop_geom,
    ellipse_polygon,
    set_geom,
    shape_outline,
    signed_area,
)
from engine.model.paint.fills import css_angle, gradient_line_length, radial_extent, resolved_stops
from engine.model.schema.fills import Crop, GradientFill, GradientStop, SolidFill
from engine.model.schema.shapes import PictureShape, RectShape, Shape
from engine.style.types import LP, LinearGradient, RadialGradient

HARD_EDGE = 2.0  # px: a radial mask changing from 0 to 1 within this is drawn as geometry


class Mask(NamedTuple):
    """A mask in slide px. Linear: t(p) = (p - centre) . dir / length + 0.5 along the gradient
    line; radial: t(p) = the ellipse-normalised distance from the centre (1 = rx, ry).
    `stops`: (t, alpha) pairs, t ascending."""

    linear: bool
    cx: float
    cy: float
    a: float  # linear: dir x / length; radial: rx
    b: float  # linear: dir y / length; radial: ry
    stops: list[tuple[float, float]]
    angle: float = 0.0  # linear: the used CSS angle
    length: float = 1.0  # linear: the gradient line length
    box: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # x, y, w, h


def has_mask(style: Any) -> bool:
    images = style["mask-image"]
    return isinstance(images, tuple) and any(i != "none" for i in images)


def element_mask(frag: Any, m: Matrix, diag: Diagnostics) -> Mask | None:
    """The element's mask placed on the slide (None: no mask, or one not drawn: reported)."""
    style = frag.box.style
    if not has_mask(style):
        return None
    images = [i for i in style["mask-image"] if i != "none"]
    w, h = frag.width, frag.height
    what = frag.box.describe()
    image = images[0]
    if len(images) > 1 or not isinstance(image, (LinearGradient, RadialGradient)):
        diag.add("unsupported", "mask-image other than one gradient is not drawn", what)
        return None
    if not _covers(style["mask-size"][0], w, h):
        diag.add("unsupported", "mask-size other than the border box is not drawn", what)
        return None
    if abs(m.b) > 1e-9 or abs(m.c) > 1e-9 or m.a <= 0 or m.d <= 0 or w <= 0 or h <= 0:
        diag.add("unsupported", "mask of a rotated, skewed or empty box is not drawn", what)
        return None
    box = (m.e, m.f, w * m.a, h * m.d)
    if isinstance(image, LinearGradient):
        angle = css_angle(image, box[2], box[3])
        length = gradient_line_length(angle, box[2], box[3])
        stops = [(p, c.a) for p, c in resolved_stops(image, length, -1.0, 2.0)]
        rad = math.radians(angle)
        cx, cy = box[0] + box[2] / 2, box[1] + box[3] / 2
        ux, uy = math.sin(rad) / length, -math.cos(rad) / length
        return Mask(True, cx, cy, ux, uy, stops, angle, length, box)
    cx, cy, rx, ry = radial_extent(image, box[2], box[3])
    if rx <= 0 or ry <= 0:
        return None
    stops = [(p, c.a) for p, c in resolved_stops(image, rx, 0.0, 4.0)]
    return Mask(False, box[0] + cx, box[1] + cy, rx, ry, stops, box=box)


def _covers(size: Any, w: float, h: float) -> bool:
    """Whether a mask-size makes a gradient cover the w x h border box."""
    if size in ("cover", "contain"):
        return True

    def full(v: Any, basis: float) -> bool:
        return v == "auto" or (isinstance(v, LP) and abs(v.resolve(basis) - basis) < 0.5)

    return full(size[0], w) and full(size[1], h)


# -- the mask's alpha ---------------------------------------------------------------------------


def _t(mask: Mask, x: Any, y: Any) -> Any:
    if mask.linear:
        return (x - mask.cx) * mask.a + (y - mask.cy) * mask.b + 0.5
    import numpy as np  # only pages with masks pay for numpy's import

    return np.hypot((x - mask.cx) / mask.a, (y - mask.cy) / mask.b)


def _alpha_of_t(mask: Mask, t: Any) -> Any:
    import numpy as np

    ts = [p for p, _a in mask.stops]
    alphas = [a for _p, a in mask.stops]
    return np.interp(t, ts, alphas)


def alpha_at(mask: Mask, x: float, y: float) -> float:
    return float(_alpha_of_t(mask, _t(mask, x, y)))


# -- applying it ----------------------------------------------------------------------------------


def masked(
    shapes: list[Shape],
    sources: list[int],
    mask: Mask,
    media: dict[str, Any],
    diag: Diagnostics,
) -> tuple[list[Shape], list[int]]:
    """What is left of the shapes under the mask, with the source of each piece."""
    out: list[Shape] = []
    out_sources: list[int] = []
    for pieces, source in zip(mask_shapes(shapes, mask, media, diag), sources, strict=True):
        out.extend(pieces)
        out_sources.extend([source] * len(pieces))
    return out, out_sources


def mask_shapes(
    shapes: list[Shape], mask: Mask, media: dict[str, Any], diag: Diagnostics
) -> list[list[Shape]]:
    """Per painted shape, what is left of it under the mask (a list: a shape may vanish)."""
    edge = None if mask.linear else _hard_edge(mask)
    if not mask.linear and edge is None:
        diag.add("limit", "a soft radial mask is drawn on pictures only", "mask")
    out: list[list[Shape]] = []
    for shape in shapes:
        check("slide model")
        if shape["kind"] == "picture" and shape["media"] in media:
            out.append([_baked(shape, mask, media)])
        elif mask.linear:
            out.append([_linear(shape, mask)])
        elif edge is not None:
            out.append(_ring(shape, mask, *edge))
        else:
            out.append([shape])
    return out


def _hard_edge(mask: Mask) -> tuple[float, bool] | None:
    """(t of the edge, opaque inside) when the radial mask is 0 or 1 everywhere but one narrow
    step; None otherwise."""
    stops = [(p, a) for p, a in mask.stops if p <= 1.0 + HARD_EDGE / mask.a] or mask.stops
    if any(0.01 < a < 0.99 for _p, a in stops):
        return None
    steps = [(p, q) for (p, a), (q, b) in zip(stops, stops[1:], strict=False) if abs(a - b) > 0.5]
    if len(steps) != 1 or (steps[0][1] - steps[0][0]) * mask.a > HARD_EDGE:
        return None
    p, q = steps[0]
    return (p + q) / 2, stops[0][1] > 0.5


def _scale_alpha(node: object, k: float) -> None:
    """Every "alpha" in a shape's tree of dicts and lists (fills, stops, lines, shadows, runs,
    outlines, cells) times k."""
    pending = [node]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key == "alpha" and isinstance(value, (int, float)):
                    item[key] = round(value * k, 4)
                elif isinstance(value, (dict, list)):
                    pending.append(value)
        elif isinstance(item, list):
            pending.extend(v for v in item if isinstance(v, (dict, list)))


def _fade(shape: Shape, k: float) -> None:
    """Every alpha in the shape times k (text runs without one are opaque)."""
    body = shape.get("text") if shape["kind"] in ("rect", "text") else None
    if body is not None:
        for para in body["paragraphs"]:
            for run in para["runs"]:
                if "text" in run and "alpha" not in run:
                    run["alpha"] = 1.0
    _scale_alpha(shape, k)


def _centre(shape: Shape) -> tuple[float, float]:
    if shape["kind"] == "line":
        return (shape["x1"] + shape["x2"]) / 2, (shape["y1"] + shape["y2"]) / 2
    return shape["x"] + shape["w"] / 2, shape["y"] + shape["h"] / 2


def _linear(shape: Shape, mask: Mask) -> Shape:
    if shape["kind"] == "rect" and not shape.get("rotation"):
        fill = shape["fill"]
        if fill is not None and fill["type"] == "solid":
            rest = shape.copy()
            rest["fill"] = None  # replaced: not faded itself
            _fade(rest, alpha_at(mask, *_centre(shape)))  # its line, its text
            rest["fill"] = _faded_fill(shape, fill, mask)
            return rest
    _fade(shape, alpha_at(mask, *_centre(shape)))
    return shape


def _faded_fill(shape: RectShape, fill: SolidFill, mask: Mask) -> GradientFill:
    """A solid fill as a linear gradient along the mask's line with the mask's alpha."""
    w, h = shape["w"], shape["h"]
    length = gradient_line_length(mask.angle, w, h) or 1.0
    x, y = _centre(shape)
    t_mid = _t(mask, x, y)  # the mask's t at the shape's centre
    k = length / mask.length  # mask t per unit of the shape's t

    def own(t_mask: float) -> float:
        return (t_mask - t_mid) / k + 0.5

    points = {0.0: t_mid - 0.5 * k, 1.0: t_mid + 0.5 * k}
    for t_mask, _a in mask.stops:
        pos = own(t_mask)
        if 0.0 < pos < 1.0:
            points[pos] = t_mask
    stops: list[GradientStop] = []
    for pos in sorted(points):
        a = float(_alpha_of_t(mask, points[pos]))
        stops.append(
            {"pos": round(pos, 6), "color": fill["color"], "alpha": round(fill["alpha"] * a, 4)}
        )
    return {
        "type": "gradient",
        "path": "linear",
        "angle": (mask.angle - 90.0) % 360.0,
        "stops": stops,
    }


def _ring(shape: Shape, mask: Mask, t: float, inside: bool) -> list[Shape]:
    ellipse = (mask.cx, mask.cy, mask.a * t, mask.b * t)
    outline = ellipse_polygon(*ellipse)
    if inside:  # opaque inside the ellipse: a clip
        return cut_shapes([shape], Knife(ClipRegion(outline, ellipse)))
    if shape["kind"] != "rect" or shape.get("rotation") or shape.get("line"):
        return [shape]
    contours = shape_outline(shape)
    holes: list[Polygon] = []
    for contour in contours:
        if len(contour) < 3 or abs(signed_area(contour)) <= 1e-6:
            continue
        cw = contour if signed_area(contour) > 0 else contour[::-1]
        piece = dedupe(clip_convex(cw, outline))
        if len(piece) >= 3 and abs(signed_area(piece)) > 1e-6:
            holes.append(piece[::-1])
    if not holes:
        return [shape]
    if sum(abs(signed_area(p)) for p in holes) >= 0.999 * sum(
        abs(signed_area(c)) for c in contours if len(c) >= 3
    ):
        return []  # wholly inside the hole
    cw_contours = [c if signed_area(c) > 0 else c[::-1] for c in contours if len(c) >= 3]
    box = (shape["x"], shape["y"], shape["w"], shape["h"])
    out = shape.copy()
    drop_geom(out)
    out["shadow"] = None
    set_geom(out, custom_geom([*cw_contours, *holes], box))
    return [out]


def _baked(shape: PictureShape, mask: Mask, media: dict[str, Any]) -> Shape:
    """A picture with the mask's alpha multiplied into a copy of its pixels."""
    if shape.get("rotation"):
        return _linear(shape, mask) if mask.linear else shape
    entry = media[shape["media"]]
    with Image.open(io.BytesIO(entry["data"])) as im:
        im.load()
        rgba = im.convert("RGBA")
    width, height = rgba.size
    crop: Crop = shape["crop"] or {"l": 0.0, "t": 0.0, "r": 0.0, "b": 0.0}
    left, top = crop["l"], crop["t"]
    span_x = max(1e-6, 1.0 - left - crop["r"])
    span_y = max(1e-6, 1.0 - top - crop["b"])
    import numpy as np

    u = (np.arange(width) + 0.5) / width
    v = (np.arange(height) + 0.5) / height
    xs = shape["x"] + (u - left) / span_x * shape["w"]
    ys = shape["y"] + (v - top) / span_y * shape["h"]
    gx, gy = np.meshgrid(xs, ys)
    alpha = _alpha_of_t(mask, _t(mask, gx, gy))
    pixels = np.asarray(rgba).copy()
    pixels[..., 3] = np.round(pixels[..., 3] * alpha).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels, "RGBA").save(out, format="PNG")
    stored = store_media(media, out.getvalue(), "image/png", entry["width"], entry["height"])
    baked = shape.copy()
    baked["media"] = str(stored["key"])
    baked.pop("svg_media", None)  # the masked raster is what shows
    return baked
