"""Tiled gradient layers (a linear gradient along x or y, repeated in tiles smaller than the
box -> one shape per band of each tile row or column).

Chart grid lines, ruled paper and pinstripes are written as
`linear-gradient(#e5e7eb 1px, transparent 1px) 0 0 / 100% 25%`: Chromium paints the gradient
in every tile of background-size, from background-position, repeated over the painting area.
A gradient running along y is the same in every tile of a row, so each of its bands (the span
between two stops) becomes one shape across the whole row: solid where both stops share a
colour, else a two-stop gradient; transparent bands are skipped. Along x the same by columns.
Other angles, radial and conic tiles, and `space` / `round` repeats are not drawn this way.
"""

from __future__ import annotations

import math
from typing import Any

from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    Polygon,
    clip_convex,
    custom_geom,
    local_box,
    outline_polygon,
    placed,
)
from engine.model.paint.fills import css_angle, fill_for_color, resolved_stops
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import RectShape, Shape
from engine.style.types import LinearGradient

MAX_TILE_SHAPES = 400


def _starts(pos: float, size: float, lo: float, hi: float, repeat: str) -> list[float] | None:
    """Where the tiles along one axis start (those meeting [lo, hi])."""
    if repeat == "no-repeat":
        return [pos] if pos < hi and pos + size > lo else []
    if repeat != "repeat":
        return None
    first = pos - math.ceil((pos - lo) / size) * size
    count = math.ceil((hi - first) / size)
    if count > MAX_TILE_SHAPES:
        return None
    return [first + i * size for i in range(count)]


def _bands(
    layer: LinearGradient, angle: float, length: float, alpha: float
) -> list[tuple[float, float, Fill]]:
    """(start, end, fill) of each painted band as fractions of the tile along the axis, from
    the tile's top or left edge."""
    stops = resolved_stops(layer, length)
    flip = angle in (0.0, 270.0)  # `to top` / `to left`: the gradient line starts at the far edge
    out: list[tuple[float, float, Fill]] = []
    for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
        if p1 - p0 <= 1e-9 or (c0.a <= 0 and c1.a <= 0):
            continue
        fill: Fill | None
        if c0 == c1:
            fill = fill_for_color(c0, alpha)
        else:
            fill = {
                "type": "gradient",
                "path": "linear",
                "angle": (angle - 90.0) % 360.0,
                "stops": [
                    {"pos": 0.0, "color": c0.hex, "alpha": round(c0.a * alpha, 4)},
                    {"pos": 1.0, "color": c1.hex, "alpha": round(c1.a * alpha, 4)},
                ],
            }
        if fill is not None:
            out.append((1.0 - p1, 1.0 - p0, fill) if flip else (p0, p1, fill))
    return out


def tiled_linear(
    layer: Any,
    tile: Box,
    area: Box,
    area_geom: GeomKeys,
    repeat: tuple[str, str],
    alpha: float,
    m: Matrix,
    name: str,
) -> list[Shape] | None:
    """The shapes of a tiled linear-gradient layer (tile: the first tile's box, area: the
    painting area), or None when it is not drawn this way (other images too)."""
    if not isinstance(layer, LinearGradient):
        return None
    tx, ty, tw, th = tile
    angle = css_angle(layer, tw, th) % 360.0
    if angle not in (0.0, 90.0, 180.0, 270.0):
        return None
    vertical = angle in (0.0, 180.0)  # the colours change along y: bands are rows
    ax, ay, aw, ah = area
    xs = _starts(tx, tw, ax, ax + aw, repeat[0])
    ys = _starts(ty, th, ay, ay + ah, repeat[1])
    if xs is None or ys is None or not xs or not ys:
        return None if xs is None or ys is None else []
    bands = _bands(layer, angle, th if vertical else tw, alpha)
    runs = ys if vertical else xs
    if len(runs) * len(bands) > MAX_TILE_SHAPES:
        return None
    # Across the bands: the whole area when the tiles repeat that way, else the one tile.
    across = xs if vertical else ys
    size = tw if vertical else th
    lo = max(ax if vertical else ay, across[0])
    hi = min((ax + aw) if vertical else (ay + ah), across[-1] + size)
    outline = None if area_geom.get("geom") == "rect" else outline_polygon(area_geom, area)
    shapes: list[Shape] = []
    for start in runs:
        for b0, b1, fill in bands:
            along0 = max(start + b0 * (th if vertical else tw), ay if vertical else ax)
            along1 = min(
                start + b1 * (th if vertical else tw), (ay + ah) if vertical else (ax + aw)
            )
            if along1 - along0 <= 1e-6 or hi - lo <= 1e-6:
                continue
            box = (lo, along0, hi - lo, along1 - along0)
            if not vertical:
                box = (along0, lo, along1 - along0, hi - lo)
            shape = _band_shape(box, outline, fill, name)
            if shape is not None:
                shapes.append(placed(shape, m, box))
    return shapes


def _band_shape(box: Box, outline: Polygon | None, fill: Fill, name: str) -> RectShape | None:
    geom: GeomKeys = {"geom": "rect"}
    if outline is not None:
        x, y, w, h = box
        cut = clip_convex(outline, [(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        if len(cut) < 3:
            return None
        geom = custom_geom([cut], box)
    return {
        "kind": "rect",
        **geom,
        "fill": fill,
        "line": None,
        "name": name + " gradient",
        **local_box(box),
    }
