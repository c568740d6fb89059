"""Cutting a box's own shapes by its clip-path (shapes + the clip outline in slide px -> what Chromium's clip leaves of them).

Every fill shape (background colour, gradient layers, conic wedges, border sides, rings) and
picture is cut to the outline: a shape lying inside it is kept as it is; one inside which the
clip's ellipse lies becomes that ellipse (a:prstGeom "ellipse", exact in PowerPoint); else
the intersection is a custom polygon. A gradient keeps its box (which places its colours) and
gets a zero-area contour across it (LibreOffice sizes a gradient by its outline's bounds); a
picture is cropped (srcRect) to the intersection's bounds. A border drawn as a stroke becomes
the filled ring between its outer and inner edges, cut like the rest (a cut stroke would
follow the cut). Shadows go: Chromium clips them away with the box.
"""

from __future__ import annotations

from typing import Any

from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.model.clip.clipping import recrop
from engine.model.clip.knife import Knife, Rect
from engine.model.clip.path import ClipRegion, clip_region, is_convex, reference_boxes
from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    Outlined,
    Polygon,
    clip_convex,
    custom_geom,
    dedupe,
    drop_geom,
    local_box,
    outline_polygon,
    set_box,
    set_geom,
    shape_outline,
    signed_area,
)
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import BoxShape, LineShape, RectShape, Shape

_PLAIN = ("rect", "roundRect", "ellipse")


def placed_region(frag: Any, m: Matrix, diag: Diagnostics) -> Knife | None:
    """The box's clip-path outline in slide px, ready to cut (None when it has none we can
    draw, or when the box is rotated or skewed: reported)."""
    style = frag.box.style
    boxes = reference_boxes(frag.width, frag.height, frag)
    region = clip_region(style["clip-path"], boxes, float(style["font-size"]))
    if region is None:
        return None
    if abs(m.b) > 1e-9 or abs(m.c) > 1e-9 or m.a <= 0 or m.d <= 0:
        diag.add(
            "unsupported", "clip-path of a rotated or skewed box is not drawn", frag.box.describe()
        )
        return None
    return Knife(_placed(region, m))


def _placed(region: ClipRegion, m: Matrix) -> ClipRegion:
    outline = [m.apply(x, y) for x, y in region.outline]
    ellipse = None
    if region.ellipse is not None:
        cx, cy, rx, ry = region.ellipse
        x, y = m.apply(cx, cy)
        ellipse = (x, y, rx * m.a, ry * m.d)
    return ClipRegion(outline, ellipse, region.convex)


def cut_shapes(shapes: list[Shape], knife: Knife) -> list[Shape]:
    """Shapes (slide px) cut by a clip region (slide px); a text box, table or group is kept
    whole (the same dict) or dropped."""
    if not knife.region.outline:
        return []  # an empty clip: nothing is painted
    out: list[Shape] = []
    for shape in shapes:
        check("slide model")
        out.extend(_cut(shape, knife))
    return out


def _cut(shape: Shape, knife: Knife) -> list[Shape]:
    region = knife.region
    if shape["kind"] == "line":
        return list(_cut_line(shape, region))
    box = _box(shape)
    if shape["kind"] not in ("rect", "picture") or shape.get("rotation"):
        return [] if box is not None and knife.apart(box) else [shape]
    return list(_cut_outlined(shape, knife))


def _cut_outlined(shape: Outlined, knife: Knife) -> list[Outlined]:
    region = knife.region
    line = shape.get("line") if shape["kind"] == "rect" else None
    grow = line["width"] / 2 if line is not None else 0.0
    contours = shape_outline(shape)
    bounds = _rect(contours, grow)
    if knife.apart(bounds):
        return []
    if knife.within(contours, bounds, grow):
        return [shape]
    if line is not None and shape["kind"] == "rect":
        return list(_cut_stroked(shape, knife))
    cut = _cut_contours(contours, region)
    if cut is None:
        return [shape]
    if not any(abs(signed_area(c)) > 1e-6 for c in cut):
        return []
    return [_reshaped(shape, cut, region)]


def _box(shape: BoxShape) -> Rect | None:
    if shape.get("rotation"):
        return None
    x, y = shape["x"], shape["y"]
    return x, y, x + shape["w"], y + shape["h"]


def _rect(contours: list[Polygon], grow: float) -> Rect:
    xs = [p[0] for c in contours for p in c] or [0.0]
    ys = [p[1] for c in contours for p in c] or [0.0]
    return min(xs) - grow, min(ys) - grow, max(xs) + grow, max(ys) + grow


# -- cutting ---------------------------------------------------------------------------------


def _cut_contours(contours: list[Polygon], region: ClipRegion) -> list[Polygon] | None:
    """Each contour cut by the region (outlines clockwise, holes the other way round; zero-area
    contours kept as they are), or None when neither side of a cut is convex."""
    areas = [signed_area(c) if len(c) >= 3 else 0.0 for c in contours]
    main = next((a for a in areas if abs(a) > 1e-6), 1.0)
    out: list[Polygon] = []
    for contour, area in zip(contours, areas, strict=True):
        if abs(area) <= 1e-6:
            if len(contour) >= 3:
                out.append(contour)
            continue
        hole = (area > 0) != (main > 0)
        cw = contour if area > 0 else contour[::-1]
        if region.convex:
            piece = clip_convex(cw, region.outline)
        elif is_convex(cw):
            piece = clip_convex(region.outline, cw)
        else:
            return None
        piece = dedupe(piece)
        if len(piece) >= 3 and abs(signed_area(piece)) > 1e-6:
            out.append(piece[::-1] if hole else piece)
    return out


def _bounds(contours: list[Polygon]) -> Box:
    xs = [p[0] for c in contours for p in c]
    ys = [p[1] for c in contours for p in c]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def _is_clip_ellipse(cut: list[Polygon], region: ClipRegion) -> bool:
    """Whether the cut is the whole clip ellipse (the ellipse lies inside the shape)."""
    if region.ellipse is None:
        return False
    pieces = [c for c in cut if abs(signed_area(c)) > 1e-6]
    if len(pieces) != 1:
        return False
    return abs(signed_area(pieces[0])) >= 0.998 * abs(signed_area(region.outline))


def _reshaped(shape: Outlined, cut: list[Polygon], region: ClipRegion) -> Outlined:
    box = (shape["x"], shape["y"], shape["w"], shape["h"])
    out = shape.copy()
    drop_geom(out)
    out["shadow"] = None  # Chromium clips the shadow away with the box
    ellipse = _is_clip_ellipse(cut, region)
    if ellipse and region.ellipse is not None:
        cx, cy, rx, ry = region.ellipse
        bounds: Box = (cx - rx, cy - ry, 2 * rx, 2 * ry)
    else:
        bounds = _bounds([c for c in cut if abs(signed_area(c)) > 1e-6])
    if out["kind"] == "picture":
        out = recrop(out, bounds)
        box = bounds
    elif not _is_gradient(out["fill"]) or (ellipse and _same_box(bounds, box)):
        box = bounds
    elif not any(abs(signed_area(c)) <= 1e-6 for c in cut):
        x, y, w, h = box  # a gradient keeps its box: a zero-area contour spans it
        cut = [*cut, [(x, y), (x + w, y + h), (x, y)]]
        ellipse = False
    else:
        ellipse = False
    if ellipse:
        out["geom"] = "ellipse"
    else:
        set_geom(out, custom_geom(cut, box))
    set_box(out, local_box(box))
    return out


def _is_gradient(fill: Fill | None) -> bool:
    return fill is not None and fill["type"] == "gradient"


def _same_box(a: Box, b: Box) -> bool:
    return all(abs(p - q) < 0.01 for p, q in zip(a, b, strict=True))


def _cut_stroked(shape: RectShape, knife: Knife) -> list[RectShape]:
    """A shape with a border stroke: its fill cut, and the stroke as a filled ring, cut."""
    geom = shape.get("geom") or "rect"
    if geom not in _PLAIN:
        return [shape]
    region = knife.region
    line = shape.get("line")
    if line is None:
        return [shape]
    half = line["width"] / 2
    x, y, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    out: list[RectShape] = []
    if shape.get("fill") is not None:
        unstroked: RectShape = {**shape, "line": None}
        out.extend(s for s in _cut_outlined(unstroked, knife) if s["kind"] == "rect")
    outer = outline_polygon(_grown(shape, half), (x - half, y - half, w + 2 * half, h + 2 * half))
    contours = [outer]
    if w > 2 * half and h > 2 * half:
        inner = outline_polygon(
            _grown(shape, -half), (x + half, y + half, w - 2 * half, h - 2 * half)
        )
        contours.append(inner[::-1])
    ring: RectShape = {
        "kind": "rect",
        "fill": {"type": "solid", "color": line["color"], "alpha": line.get("alpha", 1.0)},
        "line": None,
        "shadow": None,
        "name": shape.get("name", "") + " border",
        **local_box((x, y, w, h)),
    }
    cut = _cut_contours(contours, region)
    if cut is None:
        return [shape]
    pieces = [c for c in cut if abs(signed_area(c)) > 1e-6]
    if pieces:
        bounds = _bounds(pieces)
        set_geom(ring, custom_geom(pieces, bounds))
        set_box(ring, local_box(bounds))
        out.append(ring)
    return out


def _grown(shape: RectShape, by: float) -> GeomKeys:
    """The shape's geometry keys with its corner radii grown by `by` px."""
    geom: GeomKeys = {"geom": shape.get("geom") or "rect"}
    if geom["geom"] == "roundRect":
        geom["radius"] = max(0.0, shape.get("radius", 0.0) + by)
        if shape.get("radii"):
            geom["radii"] = [max(0.0, r + by) for r in shape["radii"]]
    return geom


def _cut_line(shape: LineShape, region: ClipRegion) -> list[LineShape]:
    """A line (a dashed border side) cut to a convex region (Cyrus-Beck); kept whole when the
    region is concave."""
    if not region.convex:
        return [shape]
    x1, y1, x2, y2 = shape["x1"], shape["y1"], shape["x2"], shape["y2"]
    t0, t1 = 0.0, 1.0
    outline = region.outline
    n = len(outline)
    for i in range(n):
        (ax, ay), (bx, by) = outline[i], outline[(i + 1) % n]
        nx, ny = -(by - ay), bx - ax  # inward normal of a clockwise edge (y axis down)
        num = nx * (x1 - ax) + ny * (y1 - ay)
        den = nx * (x2 - x1) + ny * (y2 - y1)
        if abs(den) < 1e-12:
            if num < 0:
                return []
            continue
        t = -num / den
        if den > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return []
    if t0 <= 0.0 and t1 >= 1.0:
        return [shape]
    dx, dy = x2 - x1, y2 - y1
    return [
        {**shape, "x1": x1 + dx * t0, "y1": y1 + dy * t0, "x2": x1 + dx * t1, "y2": y1 + dy * t1}
    ]
