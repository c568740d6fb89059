"""clip-path values (polygon(), inset(), circle(), ellipse(), path() + a box's reference boxes -> the clip outline in border-box px).

Funnels, chevrons and slanted bands are drawn in slide HTML as boxes cut by `polygon()`; round
avatars, rings and badges by `circle()` / `ellipse()`. Chromium paints the box's background,
border and shadow only inside that outline (CSS Shapes 1 basic shapes over the reference box,
the border box unless a <geometry-box> keyword names another). engine/model/clip/cut.py cuts
the box's shapes with the outline parsed here.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.model.geometry import Box, Polygon, dedupe, ellipse_polygon, signed_area
from engine.model.svg.path import path_polygon
from engine.style.images import parse_position
from engine.style.syntax import FUNC, IDENT, STR, Tok, split_commas, tokenize
from engine.style.types import LP
from engine.style.values import INVALID, RelLength, parse_length

# <geometry-box> -> the CSS box it names on an HTML element (fill-box is the content box,
# stroke-box and view-box the border box).
_BOXES = {
    "margin-box": "margin-box",
    "border-box": "border-box",
    "padding-box": "padding-box",
    "content-box": "content-box",
    "fill-box": "content-box",
    "stroke-box": "border-box",
    "view-box": "border-box",
}
_SIDES = ("closest-side", "farthest-side")


class ClipRegion(NamedTuple):
    """A clip outline in border-box px: a clockwise polygon (empty: nothing is painted), and
    (cx, cy, rx, ry) when it is an ellipse, `convex` when every cut may use it as the knife."""

    outline: Polygon
    ellipse: tuple[float, float, float, float] | None = None
    convex: bool = True


EMPTY = ClipRegion([])


def reference_boxes(width: float, height: float, frag: Any = None) -> dict[str, Box]:
    """The fragment's margin, border, padding and content boxes in border-box px (all the
    border box when no fragment is given)."""
    border = (0.0, 0.0, width, height)
    if frag is None:
        return dict.fromkeys(("margin-box", "border-box", "padding-box", "content-box"), border)
    m, b, p = frag.margin, frag.border, frag.padding
    boxes = {"border-box": border}
    boxes["margin-box"] = (-m.left, -m.top, width + m.horizontal, height + m.vertical)
    boxes["padding-box"] = (b.left, b.top, width - b.horizontal, height - b.vertical)
    boxes["content-box"] = (
        b.left + p.left,
        b.top + p.top,
        width - b.horizontal - p.horizontal,
        height - b.vertical - p.vertical,
    )
    return boxes


def clip_region(value: Any, boxes: dict[str, Box], font_size: float = 16.0) -> ClipRegion | None:
    """The clip outline of a computed clip-path value over the reference boxes, or None for
    `none` and for what is not a supported basic shape (url(), invalid values)."""
    if not isinstance(value, str) or value in ("", "none"):
        return None
    toks = [t for t in tokenize(value) if t.kind != "ws"]
    funcs = [t for t in toks if t.kind == FUNC]
    keywords = [t.value for t in toks if t.kind == IDENT]
    if len(funcs) != 1 or len(toks) > 2 or len(keywords) != len(toks) - 1:
        return None
    if keywords and keywords[0] not in _BOXES:
        return None
    ref = boxes.get(_BOXES[keywords[0]] if keywords else "border-box")
    if ref is None:
        return None
    func = funcs[0]
    shape = _SHAPES.get(func.value)
    if shape is None:
        return None
    return shape(list(func.args), ref, font_size)


def _resolve(value: Any, basis: float, font_size: float) -> float | None:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    if isinstance(value, RelLength) and not (
        value.rem or value.vw or value.vh or value.vmin or value.vmax
    ):
        return value.px + value.em * font_size + value.pct * basis / 100.0
    return None


def _length(tok: Tok, basis: float, font_size: float) -> float | None:
    return _resolve(parse_length(tok), basis, font_size)


def _region(points: Polygon, ref: Box, convex: bool | None = None) -> ClipRegion:
    """A region from a polygon in reference-box px."""
    pts = dedupe([(ref[0] + x, ref[1] + y) for x, y in points])
    if len(pts) < 3 or abs(signed_area(pts)) < 1e-6:
        return EMPTY
    if signed_area(pts) < 0:
        pts = pts[::-1]
    return ClipRegion(pts, None, is_convex(pts) if convex is None else convex)


def _polygon(args: list[Tok], ref: Box, font_size: float) -> ClipRegion | None:
    groups = split_commas([t for t in args if t.kind != "ws"])
    if groups and len(groups[0]) == 1 and groups[0][0].kind == IDENT:
        groups = groups[1:]  # fill-rule: an outline without self-crossings fills the same
    points: Polygon = []
    for group in groups:
        if len(group) != 2:
            return None
        x = _length(group[0], ref[2], font_size)
        y = _length(group[1], ref[3], font_size)
        if x is None or y is None:
            return None
        points.append((x, y))
    if len(dedupe(points)) < 3:
        return None
    return _region(points, ref)


def _inset(args: list[Tok], ref: Box, font_size: float) -> ClipRegion | None:
    toks = [t for t in args if t.kind != "ws"]
    if any(t.kind == IDENT for t in toks):
        return None  # `round <radius>`: not drawn
    if not 1 <= len(toks) <= 4:
        return None
    w, h = ref[2], ref[3]
    order = {1: (0, 0, 0, 0), 2: (0, 1, 0, 1), 3: (0, 1, 2, 1), 4: (0, 1, 2, 3)}[len(toks)]
    sides = [
        _length(toks[i], basis, font_size) for i, basis in zip(order, (h, w, h, w), strict=True)
    ]
    top, right, bottom, left = sides
    if top is None or right is None or bottom is None or left is None:
        return None
    x0, y0, x1, y1 = left, top, w - right, h - bottom
    if x1 <= x0 or y1 <= y0:
        return EMPTY
    return _region([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], ref, convex=True)


def _split_at(args: list[Tok]) -> tuple[list[Tok], list[Tok] | None] | None:
    """(radius tokens, position tokens or None) of circle()/ellipse() arguments."""
    toks = [t for t in args if t.kind != "ws"]
    at = [i for i, t in enumerate(toks) if t.kind == IDENT and t.value == "at"]
    if not at:
        return toks, None
    if len(at) > 1:
        return None
    return toks[: at[0]], toks[at[0] + 1 :]


def _centre(pos: list[Tok] | None, ref: Box, font_size: float) -> tuple[float, float] | None:
    """The shape's centre in reference-box px (<position>: 1, 2 or 4 values)."""
    if pos is None:
        return ref[2] / 2, ref[3] / 2
    if len(pos) not in (1, 2, 4):
        return None
    parsed = parse_position(pos)
    if parsed is INVALID:
        return None
    cx = _resolve(parsed[0], ref[2], font_size)
    cy = _resolve(parsed[1], ref[3], font_size)
    if cx is None or cy is None:
        return None
    return cx, cy


def _radius(tok: Tok, basis: float, near: float, far: float, font_size: float) -> float | None:
    if tok.kind == IDENT:
        if tok.value not in _SIDES:
            return None
        return near if tok.value == "closest-side" else far
    value = parse_length(tok)
    if value is INVALID or (isinstance(value, (int, float)) and value < 0):
        return None
    if isinstance(value, LP) and value.px == 0 and value.pct < 0:
        return None
    r = _resolve(value, basis, font_size)
    return None if r is None else max(0.0, r)


def _ellipse_region(cx: float, cy: float, rx: float, ry: float, ref: Box) -> ClipRegion:
    if rx <= 0 or ry <= 0:
        return EMPTY
    x, y = ref[0] + cx, ref[1] + cy
    return ClipRegion(ellipse_polygon(x, y, rx, ry), (x, y, rx, ry), True)


def _circle(args: list[Tok], ref: Box, font_size: float) -> ClipRegion | None:
    split = _split_at(args)
    if split is None or len(split[0]) > 1:
        return None
    centre = _centre(split[1], ref, font_size)
    if centre is None:
        return None
    cx, cy = centre
    w, h = ref[2], ref[3]
    sides = (abs(cx), abs(w - cx), abs(cy), abs(h - cy))
    near, far = min(sides), max(sides)
    if not split[0]:
        r: float | None = near
    else:
        r = _radius(split[0][0], math.hypot(w, h) / math.sqrt(2), near, far, font_size)
    if r is None:
        return None
    return _ellipse_region(cx, cy, r, r, ref)


def _ellipse(args: list[Tok], ref: Box, font_size: float) -> ClipRegion | None:
    split = _split_at(args)
    if split is None or len(split[0]) not in (0, 2):
        return None
    centre = _centre(split[1], ref, font_size)
    if centre is None:
        return None
    cx, cy = centre
    w, h = ref[2], ref[3]
    xs, ys = (abs(cx), abs(w - cx)), (abs(cy), abs(h - cy))
    if not split[0]:
        rx: float | None = min(xs)
        ry: float | None = min(ys)
    else:
        rx = _radius(split[0][0], w, min(xs), max(xs), font_size)
        ry = _radius(split[0][1], h, min(ys), max(ys), font_size)
    if rx is None or ry is None:
        return None
    return _ellipse_region(cx, cy, rx, ry, ref)


def _path(args: list[Tok], ref: Box, font_size: float) -> ClipRegion | None:
    """path([<fill-rule>,]? <string>): its one closed outline, curves flattened."""
    groups = split_commas([t for t in args if t.kind != "ws"])
    if len(groups) == 2 and len(groups[0]) == 1 and groups[0][0].kind == IDENT:
        groups = groups[1:]
    if len(groups) != 1 or len(groups[0]) != 1 or groups[0][0].kind != STR:
        return None
    points = path_polygon(str(groups[0][0].value))
    if points is None:
        return None
    return _region(points, ref)


_SHAPES = {
    "polygon": _polygon,
    "inset": _inset,
    "circle": _circle,
    "ellipse": _ellipse,
    "path": _path,
}


def is_convex(poly: Polygon) -> bool:
    """Whether a simple polygon turns one way only."""
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
