"""Multi-stop gradients (a shape fill with more than two stops -> stacked shapes with 2-stop gradients).

LibreOffice before 7.6 keeps only two colours of an a:gradFill (a 3-stop gradient comes out
as a different 2-colour one), while PowerPoint draws any number of stops. Splitting the
gradient into bands, each a 2-stop gradient whose stops are placed relative to the band's
own box, looks the same in both.

Linear: the gradient line runs through the box centre at the fill's angle; a point's
parameter is t = (p - centre) . dir / L + 0.5 with L = |w cos| + |h sin| (CSS Images 3,
and how both PowerPoint (lin scaled="0") and LibreOffice size a linear gradient). Band k is
the shape's outline cut by the half-plane t >= t_k (a polygon), drawn over band k-1: each
band's first stop colour equals what lies under its edge, so no seam shows. With
translucent stops the bands may not overlap, so each one is cut at t_k and t_k+1.

Radial gradients are not split: LibreOffice 7.4 ignores the stop positions of a path
gradient (it spreads the first and last colour from the centre to the corners, only reading
two equal outer stops as a border: see radial_paint), so bands could not place them either;
PowerPoint draws their stops natively.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.model.geometry import (
    Polygon,
    bounds,
    clip_half_plane,
    dedupe,
    ellipse_polygon,
    rounded_rect_polygon,
    signed_area,
)
from engine.model.schema import Fill, GradientFill
from engine.pptx.oxml import finite, items

_EPS = 1e-6


class Band(NamedTuple):
    """One band: its box (px, relative to the shape's top-left), its outline relative to that
    box (contours: an outline and maybe a hole; None: the shape's own geometry over the whole
    box; "ellipse": the box's inscribed ellipse), and its 2-stop (or solid) fill."""

    box: tuple[float, float, float, float]
    points: list[Polygon] | str | None
    fill: Fill


class _Stop(NamedTuple):
    pos: float
    color: str
    alpha: float


def _num(value: Any, default: float = 0.0) -> float:
    number = finite(value)
    return default if number is None else number


def _stops(fill: Mapping[str, Any]) -> list[_Stop]:
    out = []
    for stop in items(fill.get("stops")):
        if isinstance(stop, Mapping):
            color = stop.get("color")
            out.append(
                _Stop(
                    max(0.0, min(1.0, _num(stop.get("pos")))),
                    color if isinstance(color, str) else "000000",
                    max(0.0, min(1.0, _num(stop.get("alpha"), 1.0))),
                )
            )
    out.sort(key=lambda s: s.pos)
    return out


def needs_bands(fill: Any) -> bool:
    """True for a linear gradient with more than two stops."""
    if not isinstance(fill, Mapping) or fill.get("type") != "gradient":
        return False
    return fill.get("path", "linear") in ("linear", None) and len(_stops(fill)) > 2


def _two_stop(a: _Stop, b: _Stop, base: Mapping[str, Any], pa: float, pb: float) -> Fill:
    """A fill from a at position pa to b at pb (positions on the band's own gradient line)."""
    if a.color.upper() == b.color.upper() and abs(a.alpha - b.alpha) < 1e-4 or abs(pb - pa) < 1e-6:
        color = b if abs(pb - pa) < 1e-6 else a
        return {"type": "solid", "color": color.color, "alpha": color.alpha}
    fill: GradientFill = {
        "type": "gradient",
        "path": base.get("path", "linear"),
        "angle": _num(base.get("angle")),
        "stops": [
            {"pos": round(pa, 6), "color": a.color, "alpha": a.alpha},
            {"pos": round(pb, 6), "color": b.color, "alpha": b.alpha},
        ],
    }
    return fill


def _segments(stops: list[_Stop]) -> list[tuple[_Stop, _Stop]]:
    """Consecutive stop pairs; a zero-width pair (a hard stop) is kept only when last."""
    segs = []
    for i in range(len(stops) - 1):
        a, b = stops[i], stops[i + 1]
        if b.pos - a.pos < 1e-6 and i < len(stops) - 2:
            continue
        segs.append((a, b))
    return segs


def outline(shape: Mapping[str, Any], w: float, h: float, inset: float = 0.0) -> Polygon:
    """The shape's outline as a clockwise polygon (px, relative to its box), inset by `inset`."""
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    if x1 - x0 <= 0 or y1 - y0 <= 0:
        return []
    geom = shape.get("geom")
    if geom == "custom":
        contours = items(shape.get("contours"))
        raw = items(contours[0]) if contours else items(shape.get("points"))
        pts = [(_num(p[0]), _num(p[1])) for p in raw if isinstance(p, list | tuple) and len(p) == 2]
        if len(pts) >= 3:
            return pts if signed_area(pts) >= 0 else pts[::-1]
    if geom == "ellipse":
        return ellipse_polygon(w / 2, h / 2, (x1 - x0) / 2, (y1 - y0) / 2)
    if geom == "roundRect":
        radii = [max(0.0, _num(r)) for r in items(shape.get("radii"))]
        if len(radii) != 4:
            radii = [max(0.0, _num(shape.get("radius")))] * 4
        inner = tuple(max(0.0, r - inset) for r in radii)
        return rounded_rect_polygon(x0, y0, x1, y1, inner)  # type: ignore[arg-type]
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


# -- linear ----------------------------------------------------------------------------------


def _linear_bands(
    fill: Mapping[str, Any], stops: list[_Stop], w: float, h: float, region: Polygon
) -> list[Band]:
    ang = math.radians(_num(fill.get("angle")))
    dx, dy = math.cos(ang), math.sin(ang)
    if abs(dx) < 1e-9:
        dx = 0.0
    if abs(dy) < 1e-9:
        dy = 0.0
    length = abs(w * dx) + abs(h * dy) or 1.0
    cx, cy = w / 2, h / 2
    opaque = all(s.alpha >= 1.0 for s in stops)

    def offset(t: float) -> float:
        """The value of (p . dir) on the line of parameter t."""
        return (t - 0.5) * length + cx * dx + cy * dy

    segs = _segments(stops)
    bands: list[Band] = []
    # Overlap mode: the bottom band is the whole shape; later bands start at their first stop.
    first = 0
    if opaque:
        for i, (a, _b) in enumerate(segs):
            if a.pos <= 0.0:
                first = i
        a, b = segs[first]
        bands.append(Band((0.0, 0.0, w, h), None, _two_stop(a, b, fill, a.pos, b.pos)))
    for i, (a, b) in enumerate(segs):
        if opaque and i <= first:
            continue
        if a.pos >= 1.0 and i > 0:
            break
        poly = region
        if i > 0 or opaque:
            poly = clip_half_plane(poly, dx, dy, offset(a.pos))
        if not opaque and i < len(segs) - 1:
            poly = clip_half_plane(poly, -dx, -dy, -offset(b.pos))
        poly = dedupe(poly)
        if len(poly) < 3:
            continue
        bx, by, bw, bh = bounds(poly)
        if bw < 0.01 or bh < 0.01:
            continue
        band_len = abs(bw * dx) + abs(bh * dy) or 1.0
        centre = (bx + bw / 2) * dx + (by + bh / 2) * dy

        def local(t: float, centre: float = centre, band_len: float = band_len) -> float:
            return (offset(t) - centre) / band_len + 0.5

        pts = [(x - bx, y - by) for x, y in poly]
        bands.append(
            Band((bx, by, bw, bh), [pts], _two_stop(a, b, fill, local(a.pos), local(b.pos)))
        )
    return bands


def gradient_bands(shape: Mapping[str, Any], w: float, h: float) -> list[Band]:
    """The bands of a shape whose fill needs them (see needs_bands); [] otherwise.

    The first band is the shape itself (its own geometry, the whole box); later bands stay
    inside the shape's line (inset by half its width).
    """
    fill = shape.get("fill")
    if not needs_bands(fill) or w <= 0 or h <= 0:
        return []
    assert isinstance(fill, Mapping)
    line = shape.get("line")
    inset = _num(line.get("width")) / 2 if isinstance(line, Mapping) else 0.0
    region = outline(shape, w, h, inset)
    if len(region) < 3:
        return []
    return _linear_bands(fill, _stops(fill), w, h, region)
