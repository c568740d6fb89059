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

Radial (path "circle" centred in the box): parameter t reaches 1 at the box corners (the
ellipse circumscribing the box: PowerPoint's path circle; LibreOffice uses the same circle
on a square box). Bands are discs drawn from the outside in (or rings when translucent).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.pptx.geometry import arc_points
from engine.pptx.oxml import finite, items

Point = tuple[float, float]
Polygon = list[Point]
_EPS = 1e-6


class Band(NamedTuple):
    """One band: its box (px, relative to the shape's top-left), its outline relative to that
    box (contours: an outline and maybe a hole; None: the shape's own geometry over the whole
    box; "ellipse": the box's inscribed ellipse), and its 2-stop (or solid) fill."""

    box: tuple[float, float, float, float]
    points: list[Polygon] | str | None
    fill: dict[str, Any]


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
    """True for a linear or centred circle gradient with more than two stops."""
    if not isinstance(fill, Mapping) or fill.get("type") != "gradient":
        return False
    path = fill.get("path", "linear")
    if path not in ("linear", "circle", None):
        return False
    if path == "circle":
        center = items(fill.get("center"))
        if len(center) == 2 and any(abs(_num(c, 0.5) - 0.5) > 1e-3 for c in center):
            return False
    return len(_stops(fill)) > 2


def _two_stop(a: _Stop, b: _Stop, base: Mapping[str, Any], pa: float, pb: float) -> dict[str, Any]:
    """A fill from a at position pa to b at pb (positions on the band's own gradient line)."""
    if a.color.upper() == b.color.upper() and abs(a.alpha - b.alpha) < 1e-4 or abs(pb - pa) < 1e-6:
        color = b if abs(pb - pa) < 1e-6 else a
        return {"type": "solid", "color": color.color, "alpha": color.alpha}
    fill = {
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


# -- polygons --------------------------------------------------------------------------------


def clip_half_plane(poly: Polygon, nx: float, ny: float, c: float) -> Polygon:
    """The part of `poly` where nx*x + ny*y >= c (Sutherland-Hodgman against one edge)."""
    out: Polygon = []
    n = len(poly)
    for i in range(n):
        p, q = poly[i], poly[(i + 1) % n]
        dp = p[0] * nx + p[1] * ny - c
        dq = q[0] * nx + q[1] * ny - c
        if dp >= 0:
            out.append(p)
        if (dp >= 0) != (dq >= 0):
            k = dp / (dp - dq)
            out.append((p[0] + (q[0] - p[0]) * k, p[1] + (q[1] - p[1]) * k))
    return out


def clip_convex(poly: Polygon, clip: Polygon) -> Polygon:
    """`poly` cut by a convex polygon given clockwise (y down)."""
    out = poly
    n = len(clip)
    for i in range(n):
        if not out:
            break
        (x1, y1), (x2, y2) = clip[i], clip[(i + 1) % n]
        nx, ny = -(y2 - y1), x2 - x1  # inward normal of a clockwise edge (y axis down)
        out = clip_half_plane(out, nx, ny, nx * x1 + ny * y1)
    return out


def bounds(poly: Polygon) -> tuple[float, float, float, float]:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def ellipse_polygon(cx: float, cy: float, rx: float, ry: float) -> Polygon:
    """A clockwise polygon within ~0.25 px of an ellipse."""
    r = max(rx, ry, 1e-6)
    pts = arc_points(0.0, 0.0, r, 0.0, 360.0)[:-1]
    return [(cx + x * rx / r, cy + y * ry / r) for x, y in pts]


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
            return pts if _area(pts) >= 0 else pts[::-1]
    if geom == "ellipse":
        return ellipse_polygon(w / 2, h / 2, (x1 - x0) / 2, (y1 - y0) / 2)
    if geom == "roundRect":
        radii = [max(0.0, _num(r)) for r in items(shape.get("radii"))]
        if len(radii) != 4:
            radii = [max(0.0, _num(shape.get("radius")))] * 4
        limit = min(x1 - x0, y1 - y0) / 2
        tl, tr, br, bl = (max(0.0, min(limit, r - inset)) for r in radii)
        pts = []
        pts += arc_points(x0 + tl, y0 + tl, tl, 180.0, 90.0)
        pts += arc_points(x1 - tr, y0 + tr, tr, 270.0, 90.0)
        pts += arc_points(x1 - br, y1 - br, br, 0.0, 90.0)
        pts += arc_points(x0 + bl, y1 - bl, bl, 90.0, 90.0)
        return _dedupe(pts)
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _area(poly: Polygon) -> float:
    """Twice the signed area; positive when clockwise with the y axis down."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=True))


def _dedupe(poly: Polygon) -> Polygon:
    out: Polygon = []
    for p in poly:
        if not out or abs(p[0] - out[-1][0]) > 1e-6 or abs(p[1] - out[-1][1]) > 1e-6:
            out.append(p)
    if len(out) > 1 and abs(out[0][0] - out[-1][0]) < 1e-6 and abs(out[0][1] - out[-1][1]) < 1e-6:
        out.pop()
    return out


# -- linear ----------------------------------------------------------------------------------


def _linear_bands(fill: Mapping[str, Any], stops: list[_Stop], w: float, h: float, region: Polygon) -> list[Band]:
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
        poly = _dedupe(poly)
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
        bands.append(Band((bx, by, bw, bh), [pts], _two_stop(a, b, fill, local(a.pos), local(b.pos))))
    return bands


# -- radial ----------------------------------------------------------------------------------


def _radial_bands(fill: Mapping[str, Any], stops: list[_Stop], w: float, h: float, region: Polygon) -> list[Band]:
    opaque = all(s.alpha >= 1.0 for s in stops)
    segs = _segments(stops)
    bands: list[Band] = []
    region_box = (0.0, 0.0, w, h)

    def disc(t: float) -> tuple[tuple[float, float, float, float], list[Polygon] | str] | None:
        """The disc of parameter t: its box (centred, sqrt2 * t * (w, h)) and outline."""
        s = math.sqrt(2.0) * t
        bw, bh = s * w, s * h
        if bw < 0.01 or bh < 0.01:
            return None
        bx, by = (w - bw) / 2, (h - bh) / 2
        if bx >= -1e-6 and by >= -1e-6 and _is_box(region, w, h):
            return (bx, by, bw, bh), "ellipse"
        poly = clip_convex(region, ellipse_polygon(w / 2, h / 2, bw / 2, bh / 2))
        if len(poly) < 3:
            return None
        return (bx, by, bw, bh), [[(x - bx, y - by) for x, y in poly]]

    if opaque:
        last = len(segs) - 1
        a, b = segs[last]
        bands.append(Band(region_box, None, _two_stop(a, b, fill, a.pos, b.pos)))
        for a, b in reversed(segs[:last]):
            found = disc(b.pos)
            if found is None:
                continue
            box, pts = found
            s = math.sqrt(2.0) * b.pos
            bands.append(Band(box, pts, _two_stop(a, b, fill, a.pos / s, b.pos / s)))
        return bands
    # Translucent: rings (outer disc minus inner disc) that do not overlap.
    for i, (a, b) in enumerate(segs):
        outer_t = b.pos if i < len(segs) - 1 else None
        if outer_t is None:
            outer: Polygon = region
            box = region_box
            scale = 1.0
        else:
            s = math.sqrt(2.0) * outer_t
            bw, bh = s * w, s * h
            if bw < 0.01 or bh < 0.01:
                continue
            box = ((w - bw) / 2, (h - bh) / 2, bw, bh)
            outer = clip_convex(region, ellipse_polygon(w / 2, h / 2, bw / 2, bh / 2))
            scale = s
        if len(outer) < 3:
            continue
        bx, by = box[0], box[1]
        pts = [[(x - bx, y - by) for x, y in outer]]
        if i > 0 and a.pos > 0:
            r = math.sqrt(2.0) * a.pos / 2
            inner = clip_convex(region, ellipse_polygon(w / 2, h / 2, r * w, r * h))
            if len(inner) >= 3:  # a hole: a second contour, the other way round
                pts.append([(x - bx, y - by) for x, y in inner[::-1]])
        bands.append(Band(box, pts, _two_stop(a, b, fill, a.pos / scale, b.pos / scale)))
    return bands


def _is_box(region: Polygon, w: float, h: float) -> bool:
    return len(region) == 4 and bounds(region) == (0.0, 0.0, w, h)


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
    stops = _stops(fill)
    if fill.get("path") == "circle":
        return _radial_bands(fill, stops, w, h, region)
    return _linear_bands(fill, stops, w, h, region)
