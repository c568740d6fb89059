"""Paint values (computed colours, gradients and border styles -> slide-model Fill and Line dicts; radial layers -> shapes)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    box_contains,
    clip_convex,
    custom_geom,
    ellipse_polygon,
    local_box,
    outline_polygon,
    placed,
)
from engine.model.schema.fills import Dash, GradientFill, GradientStop, Line, SolidFill
from engine.model.schema.shapes import RectShape, Shape
from engine.style.types import LP, RGBA, CurrentColorRGBA, LinearGradient, RadialGradient

DASHES: dict[str, Dash] = {"dashed": "dash", "dotted": "sysDot"}
MAX_STOPS = 64  # a repeating gradient is expanded to at most this many stops
SQRT_HALF = math.sqrt(0.5)
GLOW_SOFT_EDGE = (
    0.25  # soft edge of a fading ellipse (glow, radial layer), as a fraction of its radius
)


def fill_for_color(color: Any, alpha: float = 1.0) -> SolidFill | None:
    if not isinstance(color, RGBA) or color.a * alpha <= 0.0:
        return None
    return {"type": "solid", "color": color.hex, "alpha": round(color.a * alpha, 4)}


def line_for(width: float, color: Any, style: str, alpha: float = 1.0) -> Line | None:
    if (
        width <= 0
        or style in ("none", "hidden")
        or not isinstance(color, RGBA)
        or color.a * alpha <= 0
    ):
        return None
    return {
        "width": width,
        "color": color.hex,
        "alpha": round(color.a * alpha, 4),
        "dash": DASHES.get(style, "solid"),
    }


def gradient_line_length(angle_deg: float, width: float, height: float) -> float:
    """CSS Images 3: the gradient line length for an angle over a width x height box."""
    a = math.radians(angle_deg)
    return abs(width * math.sin(a)) + abs(height * math.cos(a))


def _stop_positions(stops: Any, length: float) -> list[float | None]:
    """Stop positions as fractions of `length`, auto ones distributed (CSS Images 3, 3.5.3);
    not clamped to 0..1."""
    out: list[float | None] = []
    for stop in stops:
        pos = stop.position
        if pos is None:
            out.append(None)
        elif isinstance(pos, LP):
            out.append(pos.resolve(length) / length if length else pos.pct / 100.0)
        else:
            out.append(float(pos) / length if length else 0.0)
    if out and out[0] is None:
        out[0] = 0.0
    if out and out[-1] is None:
        out[-1] = (
            max(1.0, max((p for p in out if p is not None), default=1.0)) if len(out) > 1 else 1.0
        )
    # Clamp to be non-decreasing, then distribute the auto positions evenly.
    highest = -math.inf
    for i, p in enumerate(out):
        if p is not None:
            highest = max(highest, p)
            out[i] = highest
    i = 0
    while i < len(out):
        if out[i] is None:
            j = i
            while out[j] is None:
                j += 1
            start, end = out[i - 1], out[j]
            assert start is not None and end is not None
            for k in range(i, j):
                out[k] = start + (end - start) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    return out


def css_angle(gradient: LinearGradient, width: float, height: float) -> float:
    """The used angle of a linear gradient: `to <corner>` depends on the box's aspect ratio
    (the gradient line is perpendicular to the diagonal between the other two corners)."""
    corner = getattr(gradient, "corner", None)
    if not corner or width <= 0 or height <= 0:
        return gradient.angle
    base = math.degrees(math.atan2(height, width))
    words = set(corner.split())
    if words == {"top", "right"}:
        return base
    if words == {"bottom", "right"}:
        return 180.0 - base
    if words == {"bottom", "left"}:
        return 180.0 + base
    if words == {"top", "left"}:
        return 360.0 - base
    return gradient.angle


# -- colour stops ----------------------------------------------------------------------------

Stop = tuple[float, RGBA]  # (position as a fraction of the gradient line, colour)


def _mix(a: RGBA, b: RGBA, k: float) -> RGBA:
    """Interpolate in premultiplied sRGB (as browsers do), returned unpremultiplied."""
    alpha = a.a + (b.a - a.a) * k
    if alpha <= 0:
        return RGBA(a.r, a.g, a.b, 0.0)

    def channel(x: int, y: int) -> int:
        return max(0, min(255, round((x * a.a + (y * b.a - x * a.a) * k) / alpha)))

    return RGBA(channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), alpha)


def color_at(stops: list[Stop], t: float) -> RGBA:
    if t <= stops[0][0]:
        return stops[0][1]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
        if t <= p1:
            return c0 if p1 - p0 <= 1e-9 else _mix(c0, c1, (t - p0) / (p1 - p0))
    return stops[-1][1]


def _repeat(stops: list[Stop], lo: float, hi: float) -> list[Stop] | None:
    """A repeating gradient's stops tiled over [lo, hi]; None when too many would be needed."""
    first, last = stops[0][0], stops[-1][0]
    period = last - first
    if period <= 1e-6:
        return None
    k0 = math.floor((lo - first) / period)
    k1 = math.ceil((hi - first) / period)
    if (k1 - k0) * len(stops) > MAX_STOPS:
        return None
    return [(p + k * period, c) for k in range(k0, k1 + 1) for p, c in stops]


def _window(stops: list[Stop], lo: float = 0.0, hi: float = 1.0) -> list[Stop]:
    """The stops inside [lo, hi] with the colours at lo and hi added where they are cut."""
    out: list[Stop] = [(lo, color_at(stops, lo))]
    out += [(p, c) for p, c in stops if lo < p < hi]
    # keep a hard stop at the far end as its left colour
    out.append((hi, color_at(stops, hi)))
    return out


def _premultiplied(stops: list[Stop]) -> list[Stop]:
    """Fully transparent stops take their neighbours' colour (split in two when the neighbours
    differ), so renderers that interpolate unpremultiplied colours fade the way browsers do."""
    out: list[Stop] = []
    n = len(stops)
    for i, (p, c) in enumerate(stops):
        if c.a > 0:
            out.append((p, c))
            continue
        left = stops[i - 1][1] if i > 0 and stops[i - 1][1].a > 0 else None
        right = stops[i + 1][1] if i + 1 < n and stops[i + 1][1].a > 0 else None
        if left is not None:
            out.append((p, RGBA(left.r, left.g, left.b, 0.0)))
        if right is not None and (left is None or right[:3] != left[:3]):
            out.append((p, RGBA(right.r, right.g, right.b, 0.0)))
        if left is None and right is None:
            out.append((p, c))
    return out


def resolved_stops(gradient: Any, length: float, lo: float = 0.0, hi: float = 1.0) -> list[Stop]:
    """The gradient's colour stops over [lo, hi] of its line (positions as fractions of
    `length`), repeating gradients tiled, ready to write."""
    positions = _stop_positions(gradient.stops, length)
    stops = [(p or 0.0, s.color) for p, s in zip(positions, gradient.stops, strict=True)]
    if getattr(gradient, "repeating", False):
        tiled = _repeat(stops, lo, hi)
        if tiled is not None:
            stops = tiled
    return _premultiplied(_window(stops, lo, hi))


def _fill_stops(stops: list[Stop], alpha: float, scale: float = 1.0) -> list[GradientStop]:
    out: list[GradientStop] = []
    for pos, color in stops:
        stop: GradientStop = {
            "pos": round(min(1.0, max(0.0, pos * scale)), 6),
            "color": color.hex,
            "alpha": round(color.a * alpha, 4),
        }
        if out and out[-1] == stop:
            continue
        out.append(stop)
    return out


# -- gradients -------------------------------------------------------------------------------


def gradient_fill(gradient: Any, width: float, height: float, alpha: float = 1.0) -> GradientFill:
    """A slide-model gradient Fill for a CSS linear or radial gradient over a width x height box.

    Radial gradients come out centred on their CSS centre ("center": fractions of the box) with
    stop positions relative to the ray to the box's farthest corner; decorations use
    radial_paint instead, which places them exactly.
    """
    if isinstance(gradient, LinearGradient):
        used = css_angle(gradient, width, height)
        length = gradient_line_length(used, width, height)
        stops = resolved_stops(gradient, length)
        return {
            "type": "gradient",
            "path": "linear",
            "angle": (used - 90.0) % 360.0,
            "stops": _fill_stops(stops, alpha),
        }
    assert isinstance(gradient, RadialGradient)
    cx, cy, rx, _ry = radial_extent(gradient, width, height)
    reach = max(math.hypot(x - cx, y - cy) for x in (0.0, width) for y in (0.0, height)) or 1.0
    stops = resolved_stops(gradient, rx, 0.0, reach / rx if rx > 0 else 1.0)
    fill: GradientFill = {
        "type": "gradient",
        "path": "circle",
        "angle": 0.0,
        "stops": _fill_stops(stops, alpha, rx / reach),
    }
    if width > 0 and height > 0 and (abs(cx - width / 2) > 0.5 or abs(cy - height / 2) > 0.5):
        fill["center"] = [round(cx / width, 4), round(cy / height, 4)]
    return fill


def _len(value: Any, basis: float) -> float:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return basis / 2


def radial_extent(
    gradient: RadialGradient, width: float, height: float
) -> tuple[float, float, float, float]:
    """(cx, cy, rx, ry) of a radial gradient's ending shape in a width x height box (CSS Images 3)."""
    cx = _len(gradient.center[0], width)
    cy = _len(gradient.center[1], height)
    sides_x = (abs(cx), abs(width - cx))
    sides_y = (abs(cy), abs(height - cy))
    corners = [(abs(x - cx), abs(y - cy)) for x in (0.0, width) for y in (0.0, height)]
    size = gradient.size
    circle = gradient.shape == "circle"
    if size == "explicit" and gradient.radii is not None:
        rx = _len(gradient.radii[0], width)
        ry = rx if circle else _len(gradient.radii[1], height)
    elif size in ("closest-side", "farthest-side"):
        pick = min if size == "closest-side" else max
        rx, ry = pick(sides_x), pick(sides_y)
        if circle:
            rx = ry = pick(rx, ry)
    else:  # closest-corner / farthest-corner
        pick = min if size == "closest-corner" else max
        corner = pick(corners, key=lambda c: math.hypot(*c))
        if circle:
            rx = ry = math.hypot(*corner)
        else:
            side = min if size == "closest-corner" else max
            sx, sy = side(sides_x), side(sides_y)
            ratio = sx / sy if sy > 0 else 1.0
            ry = math.hypot(corner[0] / ratio, corner[1]) if ratio > 0 else corner[1]
            rx = ry * ratio
    return cx, cy, max(rx, 0.0), max(ry, 0.0)


class RadialPaint(NamedTuple):
    """A radial gradient placed so PowerPoint and LibreOffice agree as far as they can: `fill`
    is a centred path gradient over `box` (x, y, w, h: the bounding box of the ellipse where
    the last stop lies), with stop positions scaled by 1/sqrt 2 (a path gradient reaches its
    end at the box's circumscribed ellipse, so the inscribed one is at 0.707). Outside that
    ellipse the colour is `outside` (None when transparent)."""

    fill: GradientFill
    box: tuple[float, float, float, float]
    outside: SolidFill | None


def radial_paint(
    gradient: RadialGradient, width: float, height: float, alpha: float = 1.0
) -> RadialPaint | None:
    """The shapes' view of a radial gradient over a width x height box (None when degenerate)."""
    cx, cy, rx, ry = radial_extent(gradient, width, height)
    if rx <= 0.01 or ry <= 0.01:
        return None
    positions = _stop_positions(gradient.stops, rx)
    raw = [(p or 0.0, s.color) for p, s in zip(positions, gradient.stops, strict=True)]
    last = raw[-1][0]
    if getattr(gradient, "repeating", False):
        reach = max(
            math.hypot((x - cx) / rx, (y - cy) / ry) for x in (0.0, width) for y in (0.0, height)
        )
        tiled = _repeat(raw, 0.0, reach)
        if tiled is not None:
            raw, last = tiled, reach
    last = max(last, 1e-3)
    stops = _premultiplied(_window(raw, 0.0, last))
    ex, ey = rx * last, ry * last
    fill_stops = _fill_stops(stops, alpha, SQRT_HALF / last)
    if fill_stops[-1]["pos"] < 1.0 and len({s["alpha"] for s in fill_stops}) == 1:
        # The last colour again at the corners: LibreOffice 7.4 drops the stop positions of a
        # path gradient but reads two equal outer stops as a border, ending the colours at the
        # ellipse's edge as PowerPoint does (its transparency border goes the wrong way).
        fill_stops.append({**fill_stops[-1], "pos": 1.0})
    fill: GradientFill = {"type": "gradient", "path": "circle", "angle": 0.0, "stops": fill_stops}
    return RadialPaint(
        fill, (cx - ex, cy - ey, 2 * ex, 2 * ey), fill_for_color(stops[-1][1], alpha)
    )


def first_color(gradient: Any) -> RGBA | None:
    stops = getattr(gradient, "stops", ())
    return stops[0].color if stops else None


def radial_shapes(
    layer: RadialGradient,
    tile: Box,
    area: Box,
    area_geom: GeomKeys,
    alpha: float,
    m: Matrix,
    name: str,
    uncut: bool = False,
) -> list[Shape]:
    """A radial layer: an ellipse with a centred path gradient (cut to the painting area unless
    `uncut`), over the last stop's colour when that is visible."""
    paint = radial_paint(layer, tile[2], tile[3], alpha)
    if paint is None:
        return []
    ex, ey, ew, eh = paint.box
    ebox = (tile[0] + ex, tile[1] + ey, ew, eh)
    area_poly = outline_polygon(area_geom, area)
    ellipse = ellipse_polygon(ebox[0] + ew / 2, ebox[1] + eh / 2, ew / 2, eh / 2)
    shapes: list[Shape] = []
    if paint.outside is not None:
        hole = clip_convex(area_poly, ellipse)
        outer = (
            area_geom
            if paint.outside["alpha"] >= 1.0 or len(hole) < 3
            else custom_geom([area_poly, hole[::-1]], area)
        )
        outside: RectShape = {
            "kind": "rect",
            **outer,
            "fill": paint.outside,
            "line": None,
            "name": name + " gradient",
            **local_box(area),
        }
        shapes.append(placed(outside, m, area))
    inside = ellipse if uncut or box_contains(area, ebox) else clip_convex(area_poly, ellipse)
    if len(inside) < 3:
        return shapes
    soft_edge = None
    if inside is ellipse:
        geom: GeomKeys = {"geom": "ellipse"}
        if paint.outside is None:  # fading out: soften LibreOffice's edge, as for a glow
            soft_edge = round(GLOW_SOFT_EDGE * min(ew, eh) / 2, 2)
    else:
        # The cut outline, plus a zero-area contour across the ellipse's box: LibreOffice sizes a
        # path gradient's transparency by the outline's bounds, its colours by the shape's box.
        corners = [(ebox[0], ebox[1]), (ebox[0] + ew, ebox[1] + eh), (ebox[0], ebox[1])]
        geom = custom_geom([inside, corners], ebox)
    shape: RectShape = {
        "kind": "rect",
        **geom,
        "fill": paint.fill,
        "line": None,
        "name": name + " gradient",
        **local_box(ebox),
    }
    if soft_edge is not None:
        shape["soft_edge"] = soft_edge
    shapes.append(placed(shape, m, ebox))
    return shapes


_SCALE = 255.99998  # Blink: nextafterf(256.0f, 0.0f)


def shaded_color(color: Any, darker: bool) -> Any:
    """The colour Chromium paints an inset/outset border side with: Color::Dark() on the
    shadowed sides, Color::Light() on the lit ones; black is drawn as #545454 / #a8a8a8."""
    if not isinstance(color, RGBA):
        return color
    if isinstance(color, CurrentColorRGBA):  # a border colour left to currentcolor
        grey = 0x9A if darker else 0xEE
        return RGBA(grey, grey, grey, color.a)
    if (color.r, color.g, color.b) == (0, 0, 0):
        grey = 0x54 if darker else 0xA8
        return RGBA(grey, grey, grey, color.a)
    v = max(color.r, color.g, color.b) / 255.0
    factor = max(0.0, (v - 0.33) / v) if darker else min(1.0, v + 0.33) / v
    r, g, b = (min(255, int(c / 255.0 * factor * _SCALE)) for c in (color.r, color.g, color.b))
    return RGBA(r, g, b, color.a)
