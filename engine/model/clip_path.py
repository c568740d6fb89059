"""clip-path basic shapes (polygon(), inset() -> the outline cutting a box's own background and border shapes).

Funnels, chevrons, slanted hero bands and ribbons are drawn in slide HTML as boxes cut by
`clip-path: polygon(...)`. Chromium paints the box's background, border and shadow only inside
that outline (reference box: the border box). Here the shapes `decorate` made for the box get
the outline as custom geometry: the polygon cut by each shape's own (convex) outline. Text and
descendants are left whole.
"""

from __future__ import annotations

from typing import Any

from engine.model.geometry import (
    Matrix,
    Polygon,
    clip_convex,
    custom_geom,
    dedupe,
    outline_polygon,
    signed_area,
)
from engine.style.syntax import FUNC, IDENT, split_commas, tokenize
from engine.style.types import LP
from engine.style.values import parse_length

_PLAIN = ("rect", "roundRect", "ellipse")


def _resolve(value: Any, basis: float) -> float | None:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return None


def clip_polygon(value: Any, width: float, height: float) -> Polygon | None:
    """The clip outline of a computed clip-path value over a width x height border box (box
    coordinates), or None for `none` and for what is not a supported basic shape."""
    if not isinstance(value, str) or value in ("", "none"):
        return None
    toks = [t for t in tokenize(value) if t.kind != "ws"]
    if len(toks) == 2 and toks[1].kind == IDENT and toks[1].value == "border-box":
        toks = toks[:1]
    if len(toks) != 1 or toks[0].kind != FUNC:
        return None
    func = toks[0]
    if func.value == "polygon":
        return _polygon(func.args, width, height)
    if func.value == "inset":
        return _inset(func.args, width, height)
    return None


def _polygon(args: Any, width: float, height: float) -> Polygon | None:
    groups = split_commas(args)
    if groups and len(groups[0]) == 1 and groups[0][0].kind == IDENT:
        groups = groups[1:]  # fill-rule: an outline without self-crossings fills the same
    points: Polygon = []
    for group in groups:
        if len(group) != 2:
            return None
        x = _resolve(parse_length(group[0]), width)
        y = _resolve(parse_length(group[1]), height)
        if x is None or y is None:
            return None
        points.append((x, y))
    points = dedupe(points)
    return points if len(points) >= 3 else None


def _inset(args: Any, width: float, height: float) -> Polygon | None:
    toks = list(args)
    if any(t.kind == IDENT for t in toks):
        return None  # `round <radius>`: not drawn
    values = [parse_length(t) for t in toks]
    if not 1 <= len(values) <= 4:
        return None
    top = values[0]
    right = values[1] if len(values) > 1 else top
    bottom = values[2] if len(values) > 2 else top
    left = values[3] if len(values) > 3 else right
    t, b = _resolve(top, height), _resolve(bottom, height)
    r, lft = _resolve(right, width), _resolve(left, width)
    if t is None or b is None or r is None or lft is None:
        return None
    x0, y0, x1, y1 = lft, t, width - r, height - b
    if x1 <= x0 or y1 <= y0:
        return None
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def clip_shapes(
    shapes: list[dict[str, Any]], style: Any, width: float, height: float, m: Matrix
) -> list[dict[str, Any]]:
    """The box's own shapes cut by its clip-path (unchanged when it has none we can draw, or
    when the box is transformed beyond a translation)."""
    poly = clip_polygon(style["clip-path"], width, height)
    if poly is None or not m.is_translation:
        return shapes
    ox, oy = m.e, m.f
    outline = [(x + ox, y + oy) for x, y in poly]
    if signed_area(outline) < 0:
        outline = outline[::-1]
    out = []
    for shape in shapes:
        cut = _cut(shape, outline)
        if cut is not None:
            out.append(cut)
    return out


def _cut(shape: dict[str, Any], outline: Polygon) -> dict[str, Any] | None:
    if shape.get("kind") != "rect" or shape.get("rotation"):
        return shape
    box = (shape["x"], shape["y"], shape["w"], shape["h"])
    if shape.get("geom") in _PLAIN:
        own = outline_polygon(shape, box)
        region = clip_convex(outline, own)
    elif shape.get("geom") == "custom" and "points" in shape and _convex(outline):
        own = [(box[0] + px, box[1] + py) for px, py in shape["points"]]
        region = clip_convex(own, outline)
    else:
        return shape
    region = dedupe(region)
    if len(region) < 3 or abs(signed_area(region)) < 1e-6:
        return None
    xs = [p[0] for p in region]
    ys = [p[1] for p in region]
    bounds = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    cut = {k: v for k, v in shape.items() if k not in ("geom", "radius", "radii", "points")}
    cut.update(custom_geom([region], bounds))
    cut.update(x=bounds[0], y=bounds[1], w=bounds[2], h=bounds[3])
    cut["shadow"] = None  # Chromium clips the shadow away with the box
    return cut


def _convex(poly: Polygon) -> bool:
    n = len(poly)
    sign = 0.0
    for i in range(n):
        (x0, y0), (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n], poly[(i + 2) % n]
        cross = (x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1)
        if abs(cross) < 1e-9:
            continue
        if sign and (cross > 0) != (sign > 0):
            return False
        sign = cross
    return True
