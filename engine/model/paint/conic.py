"""Conic gradient layers (CSS Images 4 conic-gradient() -> solid wedge shapes cut to the painting area).

DrawingML has no angular gradient. A conic layer is drawn as wedges around its centre: one solid
shape per run of equal colour (pie charts and donuts: `conic-gradient(#a 0 40%, #b 40% 100%)`
become one exact shape per slice), and between stops of different colours one wedge per
`SMOOTH_STEP` degrees, coloured as Chromium colours the wedge's middle. Each wedge is the
painting area (its border-radius outline) cut by the two half-planes of its rays, so a round
box gives round slices and nothing is drawn outside the box.
"""

from __future__ import annotations

import math
from typing import Any

from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    Polygon,
    clip_half_plane,
    custom_geom,
    dedupe,
    local_box,
    outline_polygon,
    placed,
)
from engine.model.paint.fills import Stop, color_at, resolved_stops
from engine.model.schema.shapes import RectShape, Shape
from engine.style.types import RGBA, ConicGradient

SMOOTH_STEP = 4.0  # degrees per wedge where the colour changes continuously
MAX_WEDGES = 180
# An opaque wedge reaches this far under the next (opaque) one, which is drawn over it: no
# anti-aliasing seam shows between them and every boundary stays where the next wedge starts.
OVERLAP = 0.75


def _len(value: Any, basis: float) -> float:
    if isinstance(value, (int, float)):
        return float(value)
    return float(value.resolve(basis))


def conic_runs(stops: list[Stop]) -> list[tuple[float, float, RGBA]]:
    """(start, end, colour) runs over one turn [0, 1] from the resolved stops: equal-colour
    spans whole, colour changes cut into SMOOTH_STEP wedges; neighbours of one colour merged."""
    runs: list[tuple[float, float, RGBA]] = []
    step = SMOOTH_STEP / 360.0
    for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
        lo, hi = max(0.0, p0), min(1.0, p1)
        if hi - lo <= 1e-9:
            continue
        if c0 == c1:
            pieces = [(lo, hi, c0)]
        else:
            n = max(1, math.ceil((hi - lo) / step - 1e-9))
            pieces = []
            for k in range(n):
                a, b = lo + (hi - lo) * k / n, lo + (hi - lo) * (k + 1) / n
                pieces.append((a, b, color_at(stops, (a + b) / 2)))
        for a, b, c in pieces:
            if runs and runs[-1][2] == c and abs(runs[-1][1] - a) < 1e-9:
                runs[-1] = (runs[-1][0], b, c)
            else:
                runs.append((a, b, c))
    return runs


def _wedge(area: Polygon, cx: float, cy: float, start: float, end: float) -> Polygon:
    """The part of the convex `area` between the rays at CSS angles start..end (degrees,
    0 = up, clockwise; end - start <= 180)."""
    a0 = math.radians(start - 90.0)
    a1 = math.radians(end - 90.0)
    d0x, d0y = math.cos(a0), math.sin(a0)
    d1x, d1y = math.cos(a1), math.sin(a1)
    poly = clip_half_plane(area, -d0y, d0x, -d0y * cx + d0x * cy)
    if not poly:
        return []
    return dedupe(clip_half_plane(poly, d1y, -d1x, d1y * cx - d1x * cy))


def conic_shapes(
    layer: ConicGradient,
    tile: Box,
    area: Box,
    area_geom: GeomKeys,
    alpha: float,
    m: Matrix,
    name: str,
) -> list[Shape]:
    """A conic layer over `tile` (its positioning area), painted within `area`."""
    tx, ty, tw, th = tile
    cx = tx + _len(layer.center[0], tw)
    cy = ty + _len(layer.center[1], th)
    runs = conic_runs(resolved_stops(layer, 1.0))
    if len(runs) > MAX_WEDGES:
        return []
    area_poly = outline_polygon(area_geom, area)
    shapes: list[Shape] = []
    for i, (lo, hi, color) in enumerate(runs):
        a = color.a * alpha
        if a <= 0:
            continue
        start = layer.angle + lo * 360.0
        sweep = (hi - lo) * 360.0
        if a >= 1.0 and i + 1 < len(runs) and runs[i + 1][2].a * alpha >= 1.0:
            sweep += OVERLAP
        parts = max(1, math.ceil(sweep / 180.0 - 1e-9))
        contours = []
        for k in range(parts):
            s0 = start + sweep * k / parts
            wedge = _wedge(area_poly, cx, cy, s0, s0 + sweep / parts)
            if len(wedge) >= 3:
                contours.append(wedge)
        if not contours:
            continue
        xs = [p[0] for c in contours for p in c]
        ys = [p[1] for c in contours for p in c]
        box = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        for contour in contours:
            shape: RectShape = {
                "kind": "rect",
                **custom_geom([contour], box),
                "fill": {"type": "solid", "color": color.hex, "alpha": round(a, 4)},
                "line": None,
                "name": name + " conic",
                **local_box(box),
            }
            shapes.append(placed(shape, m, box))
    return shapes
