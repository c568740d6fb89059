"""Natively painted form controls (a fragment's `control` record -> native shapes as Chromium's theme draws them).

Measured in Chromium 156 (tests/model/chromium_controls.py): a checkbox is a 2px-rounded square,
white with a 1px #767676 frame, or filled with the accent colour and a checkmark stroked at
0.16 of its height through (0.2, 0.5), (0.4, 0.7), (0.8, 0.2); a radio is a circle with the
same frame, or an accent ring around a dot of 0.58 of its size; the checkmark / the gap is
white, or #3b3b3b when the accent is too light for white (contrast under 3:1). Sliders are an
8px track (accent up to the value, #efefef with a 1px #b2b2b2 frame after it, #3b3b3b
behind a light accent) under a 16px accent thumb; progress bars and meters a track half the box high, value part accent or the
meter's region colour. A select's drop-down arrow is a chevron in its text colour, 4px inside
its right border.
"""

from __future__ import annotations

import math
from typing import Any

from engine.layout.fragments import BoxFragment
from engine.model.geometry import GeomKeys, Matrix, custom_geom, local_box, placed
from engine.model.paint.fills import fill_for_color, line_for
from engine.model.schema.shapes import RectShape, Shape
from engine.style.types import RGBA

FRAME = RGBA(118, 118, 118, 1.0)
WHITE = RGBA(255, 255, 255, 1.0)
DARK = RGBA(59, 59, 59, 1.0)  # the checkmark on a light accent colour
TRACK = RGBA(239, 239, 239, 1.0)
TRACK_FRAME = RGBA(178, 178, 178, 1.0)
METER_FRAME = RGBA(203, 203, 203, 1.0)
DISABLED_FILL = RGBA(209, 209, 209, 1.0)
DISABLED_FRAME = RGBA(209, 209, 209, 1.0)
DISABLED_MARK = RGBA(237, 237, 237, 1.0)
DISABLED_EMPTY = RGBA(248, 248, 248, 1.0)
METER_COLORS = {
    "optimum": RGBA(16, 124, 16, 1.0),
    "suboptimum": RGBA(255, 185, 0, 1.0),
    "worst": RGBA(216, 59, 1, 1.0),
}
CHECK_POINTS = ((0.2, 0.5), (0.4, 0.7), (0.8, 0.2))  # fractions of the box (Blink)
CHECK_STROKE = 0.16  # of the box height
RADIO_DOT = 0.58  # dot diameter / box size
BOX_RADIUS = 2.0
SLIDER_TRACK = 8.0
THUMB = 16.0
ARROW_W, ARROW_H, ARROW_STROKE, ARROW_INSET = 8.0, 4.0, 1.5, 4.0

Box = tuple[float, float, float, float]


def control_shapes(frag: BoxFragment, m: Matrix, alpha: float) -> list[Shape]:
    """The shapes the native theme paints for a form control fragment (none for others)."""
    state = frag.box.control
    if state is None or frag.box.style["visibility"] != "visible":
        return []
    kind = state["kind"]
    if kind == "select":
        return _select_arrow(frag, state, m, alpha)
    box = (frag.content_x, frag.content_y, frag.content_width, frag.content_height)
    if box[2] <= 0 or box[3] <= 0:
        return []
    name = frag.box.describe()
    if kind == "checkbox":
        return _checkbox(box, state, m, alpha, name)
    if kind == "radio":
        return _radio(box, state, m, alpha, name)
    if kind == "range":
        return _slider(box, state, m, alpha, name)
    return _bar(box, state, m, alpha, name)


def mark_color(accent: RGBA) -> RGBA:
    """White on the accent colour unless that contrasts under 3:1, then dark grey."""
    return WHITE if contrast(accent, WHITE) >= 3.0 else DARK


def contrast(a: RGBA, b: RGBA) -> float:
    la, lb = _luminance(a), _luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _luminance(c: RGBA) -> float:
    def channel(v: int) -> float:
        s = v / 255.0
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)


def _rect(
    box: Box,
    fill: RGBA | None,
    frame: RGBA | None,
    m: Matrix,
    alpha: float,
    name: str,
    geom: GeomKeys,
    frame_width: float = 1.0,
) -> RectShape:
    """A filled shape with a frame drawn inside its box (the line centred half a width in)."""
    x, y, w, h = box
    inset = frame_width / 2 if frame is not None else 0.0
    inner = (x + inset, y + inset, max(0.0, w - 2 * inset), max(0.0, h - 2 * inset))
    shape: RectShape = {
        "kind": "rect",
        **geom,
        "fill": fill_for_color(fill, alpha) if fill is not None else None,
        "line": line_for(frame_width, frame, "solid", alpha) if frame is not None else None,
        "shadow": None,
        "name": name,
        **local_box(inner),
    }
    if "radius" in shape:
        shape["radius"] = max(0.0, shape["radius"] - inset)
    return placed(shape, m, inner)


def _checkbox(box: Box, state: dict[str, Any], m: Matrix, alpha: float, name: str) -> list[Shape]:
    rounded: GeomKeys = {"geom": "roundRect", "radius": BOX_RADIUS}
    accent, checked, disabled = state["accent"], state.get("checked"), state.get("disabled")
    if not checked:
        fill, frame = (DISABLED_EMPTY, DISABLED_FRAME) if disabled else (WHITE, FRAME)
        return [_rect(box, fill, frame, m, alpha, name, rounded)]
    colour = DISABLED_FILL if disabled else accent
    mark = DISABLED_MARK if disabled else mark_color(accent)
    shapes: list[Shape] = [_rect(box, colour, colour, m, alpha, name, rounded)]
    x, y, w, h = box
    points = [(x + fx * w, y + fy * h) for fx, fy in CHECK_POINTS]
    outline = stroke_polygon(points, CHECK_STROKE * h)
    shapes.append(_polygon(outline, mark, m, alpha, name + " check"))
    return shapes


def _radio(box: Box, state: dict[str, Any], m: Matrix, alpha: float, name: str) -> list[Shape]:
    circle: GeomKeys = {"geom": "ellipse"}
    accent, checked, disabled = state["accent"], state.get("checked"), state.get("disabled")
    if not checked:
        fill, frame = (DISABLED_EMPTY, DISABLED_FRAME) if disabled else (WHITE, FRAME)
        return [_rect(box, fill, frame, m, alpha, name, circle)]
    colour = DISABLED_FILL if disabled else accent
    gap = DISABLED_MARK if disabled else mark_color(accent)
    x, y, w, h = box
    dw, dh = w * RADIO_DOT, h * RADIO_DOT
    dot = (x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)
    return [
        _rect(box, gap, colour, m, alpha, name, circle),
        _rect(dot, colour, None, m, alpha, name + " dot", circle),
    ]


def _slider(box: Box, state: dict[str, Any], m: Matrix, alpha: float, name: str) -> list[Shape]:
    x, y, w, h = box
    accent = DISABLED_FILL if state.get("disabled") else state["accent"]
    thumb = min(THUMB, w, h)
    centre = x + thumb / 2 + state["fraction"] * max(0.0, w - thumb)
    track = min(SLIDER_TRACK, h)
    ty = y + (h - track) / 2
    light = mark_color(accent) is DARK  # a light accent: the track behind it turns dark
    fill, frame = (DARK, DARK) if light else (TRACK, TRACK_FRAME)
    shapes: list[Shape] = [_rect((x, ty, w, track), fill, frame, m, alpha, name, _pill(track))]
    if centre > x:
        shapes.append(
            _rect((x, ty, centre - x, track), accent, None, m, alpha, name + " value", _pill(track))
        )
    ball = (centre - thumb / 2, y + (h - thumb) / 2, thumb, thumb)
    shapes.append(_rect(ball, accent, None, m, alpha, name + " thumb", {"geom": "ellipse"}))
    return shapes


def _bar(box: Box, state: dict[str, Any], m: Matrix, alpha: float, name: str) -> list[Shape]:
    """<progress> and <meter>: a rounded track half the box high with the value part."""
    x, y, w, h = box
    track = h / 2
    ty = y + (h - track) / 2
    meter = state["kind"] == "meter"
    frame = METER_FRAME if meter else TRACK_FRAME
    shapes: list[Shape] = [_rect((x, ty, w, track), TRACK, frame, m, alpha, name, _pill(track))]
    fraction = state.get("fraction")
    if fraction is None:  # indeterminate progress: Chromium animates a segment; its first frame
        start, width = x + w * 0.2, w * 0.2  # is drawn a fifth in
    else:
        start, width = x, w * max(0.0, min(1.0, fraction))
    colour = METER_COLORS[state.get("region", "optimum")] if meter else state["accent"]
    if width > 0.5:
        part = (start, ty, width, track)
        shapes.append(_rect(part, colour, None, m, alpha, name + " value", _pill(track)))
    return shapes


def _pill(height: float) -> GeomKeys:
    return {"geom": "roundRect", "radius": height / 2}


def _select_arrow(frag: BoxFragment, state: dict[str, Any], m: Matrix, alpha: float) -> list[Shape]:
    """The menu list's chevron, centred vertically, ARROW_INSET inside the right border."""
    right = frag.width - frag.border.right - ARROW_INSET
    cy = frag.height / 2
    points = [
        (right - ARROW_W, cy - ARROW_H / 2),
        (right - ARROW_W / 2, cy + ARROW_H / 2),
        (right, cy - ARROW_H / 2),
    ]
    outline = stroke_polygon(points, ARROW_STROKE)
    colour = state.get("color")
    if not isinstance(colour, RGBA):
        return []
    return [_polygon(outline, colour, m, alpha, frag.box.describe() + " arrow")]


def _polygon(
    points: list[tuple[float, float]], colour: RGBA, m: Matrix, alpha: float, name: str
) -> RectShape:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    bounds = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    shape: RectShape = {
        "kind": "rect",
        **custom_geom([points], bounds),
        "fill": fill_for_color(colour, alpha),
        "line": None,
        "shadow": None,
        "name": name,
        **local_box(bounds),
    }
    return placed(shape, m, bounds)


def stroke_polygon(points: list[tuple[float, float]], width: float) -> list[tuple[float, float]]:
    """The outline of a polyline stroked `width` wide with butt caps and mitred joins."""
    half = width / 2
    normals = []
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        normals.append((-(y1 - y0) / length, (x1 - x0) / length))
    left: list[tuple[float, float]] = []
    right: list[tuple[float, float]] = []
    for i, (px, py) in enumerate(points):
        if i == 0 or i == len(points) - 1:
            nx, ny = normals[min(i, len(normals) - 1)]
            scale = 1.0
        else:
            ax, ay = normals[i - 1]
            bx, by = normals[i]
            nx, ny = ax + bx, ay + by
            norm = math.hypot(nx, ny) or 1.0
            nx, ny = nx / norm, ny / norm
            scale = 1.0 / max(0.2, nx * ax + ny * ay)  # the mitre's length
        left.append((px + nx * half * scale, py + ny * half * scale))
        right.append((px - nx * half * scale, py - ny * half * scale))
    return left + right[::-1]
