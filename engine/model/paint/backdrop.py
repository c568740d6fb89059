"""Backdrop colours (shapes painted so far + a point -> the colour behind it), to flatten translucent text.

LibreOffice 7.4 draws text with alpha through a transparency group whose bounds ignore
letter-spacing and kerning, so the ends of translucent lines get cut off. When the backdrop
under a text box is known (solid fills, gradients, the slide background), the run colour is
composited over it instead, which looks the same everywhere and can't be clipped.
"""

from __future__ import annotations

import math

from engine.model.geometry import Outlined, Placement
from engine.model.schema.fills import Fill, GradientFill
from engine.model.schema.shapes import BoxShape, Shape, TextShape

RGB = tuple[float, float, float]


def _hex_rgb(value: str) -> RGB:
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def _inside(shape: Outlined, x: float, y: float) -> bool:
    sx, sy, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    if not (sx <= x <= sx + w and sy <= y <= sy + h):
        return False
    if shape.get("geom") == "ellipse" and w > 0 and h > 0:
        dx, dy = (x - sx - w / 2) / (w / 2), (y - sy - h / 2) / (h / 2)
        return dx * dx + dy * dy <= 1.0
    if shape.get("geom") == "custom":
        contours = shape.get("contours") or [shape.get("points") or []]
        return sum(_winds(c, x - sx, y - sy) for c in contours) % 2 == 1
    return True


def _winds(contour: list[list[float]], x: float, y: float) -> int:
    """1 when (x, y) is inside the polygon (even-odd ray cast), else 0."""
    inside = 0
    n = len(contour)
    for i in range(n):
        (x1, y1), (x2, y2) = contour[i], contour[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside ^= 1
    return inside


def _gradient_at(
    fill: GradientFill, shape: BoxShape | Placement, x: float, y: float
) -> tuple[RGB, float]:
    w, h = shape["w"], shape["h"]
    stops = fill["stops"]
    if fill.get("path") == "circle":
        cx, cy = shape["x"] + w / 2, shape["y"] + h / 2
        radius = math.hypot(w, h) / 2 or 1.0
        t = math.hypot(x - cx, y - cy) / radius
    else:
        angle = math.radians(fill.get("angle", 0.0))
        dx, dy = math.cos(angle), math.sin(angle)
        length = abs(w * dx) + abs(h * dy) or 1.0
        cx, cy = shape["x"] + w / 2, shape["y"] + h / 2
        t = ((x - cx) * dx + (y - cy) * dy) / length + 0.5
    t = min(1.0, max(0.0, t))
    prev = stops[0]
    for stop in stops:
        if stop["pos"] >= t:
            span = stop["pos"] - prev["pos"]
            k = 0.0 if span <= 0 else (t - prev["pos"]) / span
            a, b = _hex_rgb(prev["color"]), _hex_rgb(stop["color"])
            color = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k, a[2] + (b[2] - a[2]) * k)
            alpha = prev["alpha"] + (stop["alpha"] - prev["alpha"]) * k
            return color, alpha
        prev = stop
    return _hex_rgb(stops[-1]["color"]), stops[-1]["alpha"]


def _fill_at(
    fill: Fill | None, shape: BoxShape | Placement, x: float, y: float
) -> tuple[RGB, float] | None:
    if fill is None:
        return (0.0, 0.0, 0.0), 0.0
    if fill["type"] == "solid":
        return _hex_rgb(fill["color"]), float(fill["alpha"])
    if fill["type"] == "gradient":
        return _gradient_at(fill, shape, x, y)
    return None


def backdrop_at(
    shapes: list[Shape],
    background: Fill | None,
    slide: tuple[float, float],
    x: float,
    y: float,
) -> RGB | None:
    """The opaque colour painted at (x, y) so far, or None when a picture (or unknown paint) is there."""
    layers: list[tuple[RGB, float]] = []
    for shape in reversed(shapes):
        # text, tables, groups and lines (thin strokes) paint nothing to composite over
        if shape["kind"] not in ("rect", "picture"):
            continue
        if shape.get("rotation") or not _inside(shape, x, y):
            continue
        if shape["kind"] == "picture":
            return None
        paint = _fill_at(shape["fill"], shape, x, y)
        if paint is None:
            return None
        if paint[1] <= 0:
            continue
        layers.append(paint)
        if paint[1] >= 1.0:
            break
    else:
        bg: Placement = {"x": 0.0, "y": 0.0, "w": slide[0], "h": slide[1]}
        base = (
            _fill_at(background, bg, x, y)
            if background is not None
            else ((255.0, 255.0, 255.0), 1.0)
        )
        if base is None:
            return None
        layers.append((base[0], 1.0))
    r, g, b = layers[-1][0]
    for (pr, pg, pb), alpha in reversed(layers[:-1]):
        r, g, b = (
            pr * alpha + r * (1 - alpha),
            pg * alpha + g * (1 - alpha),
            pb * alpha + b * (1 - alpha),
        )
    return (r, g, b)


def flatten_runs(
    text_shape: TextShape,
    shapes: list[Shape],
    background: Fill | None,
    slide: tuple[float, float],
) -> None:
    """Composite translucent runs of a text box over the backdrop at the box's centre, in place."""
    runs = [
        r
        for p in text_shape["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("alpha") is not None and r.get("text")
    ]
    if not runs or text_shape.get("rotation"):
        return
    x = text_shape["x"] + text_shape["w"] / 2
    y = text_shape["y"] + text_shape["h"] / 2
    under = backdrop_at(shapes, background, slide, x, y)
    if under is None:
        return
    for run in runs:
        alpha = float(run.pop("alpha"))
        fg = _hex_rgb(run["color"])
        mixed = [round(fg[i] * alpha + under[i] * (1 - alpha)) for i in range(3)]
        run["color"] = "".join(f"{max(0, min(255, c)):02X}" for c in mixed)
