"""2-D affine geometry for mapping (CSS transforms + fragment offsets -> shape positions and rotations)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple, NotRequired, TypedDict, TypeVar

from engine.model.schema.fills import Crop
from engine.model.schema.shapes import BoxShape, Geom, PictureShape, RectShape
from engine.style.types import LP

Point = tuple[float, float]
Polygon = list[Point]
Box = tuple[float, float, float, float]  # x, y, w, h
Radii = tuple[float, float, float, float]  # tl, tr, br, bl corner radii


class GeomKeys(TypedDict):
    """The slide model's geometry keys of a rect or picture shape, as the geometry helpers
    make them (merged into a shape with `**` or set_geom)."""

    geom: Geom
    radius: NotRequired[float]
    radii: NotRequired[list[float]]
    points: NotRequired[list[list[float]]]
    contours: NotRequired[list[list[list[float]]]]


class Placement(TypedDict):
    """A shape's box in slide px and its clockwise rotation (place_rect)."""

    x: float
    y: float
    w: float
    h: float
    rotation: NotRequired[float]


Outlined = RectShape | PictureShape  # the shapes with a geometry
OutlinedT = TypeVar("OutlinedT", RectShape, PictureShape)


def set_geom(shape: Outlined, geom: GeomKeys) -> None:
    """Merge geometry keys into a shape (as dict.update)."""
    shape["geom"] = geom["geom"]
    if "radius" in geom:
        shape["radius"] = geom["radius"]
    if "radii" in geom:
        shape["radii"] = geom["radii"]
    if "points" in geom:
        shape["points"] = geom["points"]
    if "contours" in geom:
        shape["contours"] = geom["contours"]


def drop_geom(shape: Outlined) -> None:
    """Remove a shape's radius, radii, points and contours (its "geom" stays)."""
    shape.pop("radius", None)
    shape.pop("radii", None)
    shape.pop("points", None)
    shape.pop("contours", None)


def set_box(shape: BoxShape, box: Placement) -> None:
    """Merge a placement into a shape (as dict.update)."""
    shape["x"], shape["y"], shape["w"], shape["h"] = box["x"], box["y"], box["w"], box["h"]
    if "rotation" in box:
        shape["rotation"] = box["rotation"]


def round_crop(crop: Crop) -> Crop:
    """Crop fractions rounded to 5 decimals (what the model keeps)."""
    return {
        "l": round(crop["l"], 5),
        "t": round(crop["t"], 5),
        "r": round(crop["r"], 5),
        "b": round(crop["b"], 5),
    }


def local_box(box: Box) -> Placement:
    """A shape's box before `placed` maps it: its local x, y, w, h."""
    return {"x": box[0], "y": box[1], "w": box[2], "h": box[3]}


class Matrix(NamedTuple):
    """x' = a*x + c*y + e ; y' = b*x + d*y + f (the CSS/SVG matrix(a, b, c, d, e, f))."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def multiply(self, o: Matrix) -> Matrix:
        """self x o (apply o first, then self)."""
        return Matrix(
            self.a * o.a + self.c * o.b,
            self.b * o.a + self.d * o.b,
            self.a * o.c + self.c * o.d,
            self.b * o.c + self.d * o.d,
            self.a * o.e + self.c * o.f + self.e,
            self.b * o.e + self.d * o.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def is_translation(self) -> bool:
        return self.a == 1.0 and self.b == 0.0 and self.c == 0.0 and self.d == 1.0

    @property
    def rotation(self) -> float:
        """Clockwise rotation in degrees (y axis points down)."""
        return math.degrees(math.atan2(self.b, self.a)) % 360.0

    @property
    def scale_x(self) -> float:
        return math.hypot(self.a, self.b)

    @property
    def scale_y(self) -> float:
        return math.hypot(self.c, self.d)


IDENTITY = Matrix()


def translate(x: float, y: float) -> Matrix:
    return Matrix(1.0, 0.0, 0.0, 1.0, x, y)


def _len(value: Any, basis: float) -> float:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


def css_transform(functions: Any, width: float, height: float, origin: Any) -> Matrix:
    """The transform of an element's box in its own coordinates (origin = border-box top-left)."""
    if not functions:
        return IDENTITY
    ox = _len(origin[0], width) if origin else width / 2
    oy = _len(origin[1], height) if origin else height / 2
    m = translate(ox, oy)
    for fn in functions:
        m = m.multiply(_function(fn.name.lower(), fn.args, width, height))
    return m.multiply(translate(-ox, -oy))


def _function(name: str, args: tuple[Any, ...], width: float, height: float) -> Matrix:
    if name in ("translate", "translate3d"):
        tx = _len(args[0], width) if args else 0.0
        ty = _len(args[1], height) if len(args) > 1 else 0.0
        return translate(tx, ty)
    if name == "translatex":
        return translate(_len(args[0], width), 0.0)
    if name == "translatey":
        return translate(0.0, _len(args[0], height))
    if name in ("rotate", "rotatez"):
        r = math.radians(float(args[0]))
        return Matrix(math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
    if name in ("scale", "scale3d"):
        sx = float(args[0])
        sy = float(args[1]) if len(args) > 1 else sx
        return Matrix(sx, 0.0, 0.0, sy, 0.0, 0.0)
    if name == "scalex":
        return Matrix(float(args[0]), 0.0, 0.0, 1.0, 0.0, 0.0)
    if name == "scaley":
        return Matrix(1.0, 0.0, 0.0, float(args[0]), 0.0, 0.0)
    if name == "skewx":
        return Matrix(1.0, 0.0, math.tan(math.radians(float(args[0]))), 1.0, 0.0, 0.0)
    if name == "skewy":
        return Matrix(1.0, math.tan(math.radians(float(args[0]))), 0.0, 1.0, 0.0, 0.0)
    if name == "matrix" and len(args) == 6:
        return Matrix(*(float(a) for a in args))
    return IDENTITY


def place_rect(m: Matrix, x: float, y: float, w: float, h: float) -> Placement:
    """Shape geometry (unrotated box + clockwise rotation about its centre) for a local rect under m."""
    cx, cy = m.apply(x + w / 2, y + h / 2)
    sw, sh = w * m.scale_x, h * m.scale_y
    out: Placement = {"x": cx - sw / 2, "y": cy - sh / 2, "w": sw, "h": sh}
    rot = m.rotation
    if abs(rot) > 0.01 and abs(rot - 360.0) > 0.01:
        out["rotation"] = rot
    return out


# -- polygons (px, y axis down; "clockwise" as seen on screen) ----------------------------


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
    """(x, y, w, h) of a non-empty polygon."""
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def ellipse_polygon(cx: float, cy: float, rx: float, ry: float) -> Polygon:
    """A clockwise polygon within ~0.25 px of an ellipse."""
    r = max(rx, ry, 1e-6)
    pts = arc_points(0.0, 0.0, r, 0.0, 360.0)[:-1]
    return [(cx + x * rx / r, cy + y * ry / r) for x, y in pts]


def signed_area(poly: Polygon) -> float:
    """Twice the signed area; positive when clockwise with the y axis down."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=True))


def dedupe(poly: Polygon) -> Polygon:
    """Drop repeated consecutive points (and a closing point equal to the first)."""
    out: Polygon = []
    for p in poly:
        if not out or abs(p[0] - out[-1][0]) > 1e-6 or abs(p[1] - out[-1][1]) > 1e-6:
            out.append(p)
    if len(out) > 1 and abs(out[0][0] - out[-1][0]) < 1e-6 and abs(out[0][1] - out[-1][1]) < 1e-6:
        out.pop()
    return out


def arc_points(cx: float, cy: float, r: float, start: float, sweep: float) -> Polygon:
    """Points on a circular arc (degrees, clockwise on screen), within ~0.25 px of it."""
    if r <= 0:
        return [(cx, cy)]
    step = 2 * math.degrees(math.acos(max(-1.0, 1 - 0.25 / r))) if r > 0.25 else 90.0
    n = max(1, min(64, math.ceil(abs(sweep) / max(step, 1.0))))
    out = []
    for i in range(n + 1):
        ang = math.radians(start + sweep * i / n)
        out.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
    return out


def rounded_rect_polygon(
    x0: float, y0: float, x1: float, y1: float, radii: tuple[float, float, float, float]
) -> Polygon:
    """A clockwise polygon of a rectangle with corner radii (tl, tr, br, bl)."""
    limit = max(0.0, min(x1 - x0, y1 - y0) / 2)
    tl, tr, br, bl = (max(0.0, min(limit, r)) for r in radii)
    pts: Polygon = []
    pts += arc_points(x0 + tl, y0 + tl, tl, 180.0, 90.0)
    pts += arc_points(x1 - tr, y0 + tr, tr, 270.0, 90.0)
    pts += arc_points(x1 - br, y1 - br, br, 0.0, 90.0)
    pts += arc_points(x0 + bl, y1 - bl, bl, 90.0, 90.0)
    return dedupe(pts)


def shape_outline(shape: Outlined) -> list[Polygon]:
    """A rect shape's outline contours in slide px (custom polygons, ellipse, rounded rect, rect)."""
    x, y, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    geom = shape.get("geom")
    if geom == "custom":
        contours = shape.get("contours") or [shape.get("points") or []]
        return [[(x + px, y + py) for px, py in c] for c in contours]
    if geom == "ellipse":
        return [ellipse_polygon(x + w / 2, y + h / 2, w / 2, h / 2)]
    if geom == "roundRect":
        radii = shape.get("radii") or [shape.get("radius", 0.0)] * 4
        return [rounded_rect_polygon(x, y, x + w, y + h, _radii(radii))]
    return [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]]


def clip_outline(shape: RectShape, clip: tuple[float, float, float, float]) -> RectShape | None:
    """A rect shape cut to a clip rectangle (x0, y0, x1, y1): its outline becomes a custom
    polygon; its box (which places its gradient) stays. None when nothing is left.

    A shape with an outline or a soft edge is kept whole (the cut would be outlined or
    softened too; what spills past the slide is not seen anyway). A gradient-filled one
    gets a zero-area contour across its box: LibreOffice sizes a gradient's transparency by
    the outline's bounds, which must stay the box's.
    """
    if shape.get("soft_edge") or shape.get("line"):
        return shape
    x0, y0, x1, y1 = clip
    rect = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    contours = []
    for contour in shape_outline(shape):
        if len(contour) >= 3 and abs(signed_area(contour)) < 1e-6:
            contours.append(contour)  # a zero-area contour only widens the outline's bounds
            continue
        cut = dedupe(clip_convex(contour, rect))
        if len(cut) >= 3:
            contours.append(cut)
    if not any(abs(signed_area(c)) > 1e-6 for c in contours):
        return None
    x, y = shape["x"], shape["y"]
    fill = shape.get("fill")
    if (
        isinstance(fill, dict)
        and fill.get("type") == "gradient"
        and not any(abs(signed_area(c)) <= 1e-6 for c in contours)
    ):
        w, h = shape["w"], shape["h"]
        contours.append([(x, y), (x + w, y + h), (x, y)])
    rel = [[[round(px - x, 3), round(py - y, 3)] for px, py in c] for c in contours]
    out = shape.copy()
    drop_geom(out)
    out["geom"] = "custom"
    if len(rel) == 1:
        out["points"] = rel[0]
    else:
        out["contours"] = rel
    return out


def elliptic_rect_polygon(
    x0: float, y0: float, x1: float, y1: float, corners: list[tuple[float, float]]
) -> Polygon:
    """A clockwise polygon of a rectangle with elliptical corners ((rx, ry) for tl, tr, br, bl)."""
    centres = [
        (x0 + corners[0][0], y0 + corners[0][1], 180.0),
        (x1 - corners[1][0], y0 + corners[1][1], 270.0),
        (x1 - corners[2][0], y1 - corners[2][1], 0.0),
        (x0 + corners[3][0], y1 - corners[3][1], 90.0),
    ]
    pts: Polygon = []
    for (cx, cy, start), (rx, ry) in zip(centres, corners, strict=True):
        r = max(rx, ry)
        if rx <= 0 or ry <= 0:
            pts.append((cx, cy))
            continue
        for px, py in arc_points(0.0, 0.0, r, start, 90.0):
            pts.append((cx + px * rx / r, cy + py * ry / r))
    return dedupe(pts)


# -- shape geometry keys (slide-model "geom", "radius", "radii", "points", "contours") -----


def geom_for(radii: Radii, w: float, h: float) -> GeomKeys:
    """Model geometry keys for a box with corner radii: rect, ellipse (a circle or an ellipse
    whose radii are all half the sides), roundRect with "radius" (and "radii" when they differ)."""
    biggest = max(radii)
    if biggest <= 0.5:
        return {"geom": "rect"}
    if w > 0 and h > 0 and min(radii) >= min(w, h) / 2 - 0.5 and abs(w - h) < 1.0:
        return {"geom": "ellipse"}
    out: GeomKeys = {"geom": "roundRect", "radius": biggest}
    if biggest - min(radii) > 0.5:
        out["radii"] = [round(r, 3) for r in radii]
    return out


def outline_polygon(geom: GeomKeys | Outlined, box: Box) -> Polygon:
    """The outline of a geometry over a box as a clockwise polygon."""
    x, y, w, h = box
    if geom["geom"] == "ellipse":
        return ellipse_polygon(x + w / 2, y + h / 2, w / 2, h / 2)
    if geom["geom"] == "roundRect":
        radii = geom.get("radii") or [geom["radius"]] * 4
        return rounded_rect_polygon(x, y, x + w, y + h, _radii(radii))
    return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]


def scale_of(m: Matrix) -> float:
    return math.sqrt(m.scale_x * m.scale_y)


def is_sheared(m: Matrix) -> bool:
    """Whether m skews (its axes are no longer perpendicular): skewX/skewY or a shearing
    matrix(), which a rotated, scaled shape cannot show."""
    return abs(m.a * m.c + m.b * m.d) > 1e-6 * max(1.0, m.scale_x * m.scale_y)


def _radii(radii: list[float]) -> Radii:
    return radii[0], radii[1], radii[2], radii[3]


def _sheared(shape: RectShape, m: Matrix, box: Box) -> RectShape:
    """A rect shape under a skewing matrix: its outline mapped point by point, written as a
    custom polygon in its page-space bounding box (no rotation left to apply)."""
    x, y = box[0], box[1]
    if shape.get("geom") == "custom":
        contours = [shape["points"]] if "points" in shape else shape.get("contours", [])
        local = [[(x + px, y + py) for px, py in c] for c in contours]
    else:
        local = [outline_polygon(shape, box)]
    page = [[m.apply(px, py) for px, py in c] for c in local if len(c) >= 3]
    if not page:
        return shape
    xs = [p[0] for c in page for p in c]
    ys = [p[1] for c in page for p in c]
    bounds = (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    drop_geom(shape)
    shape.pop("rotation", None)
    set_geom(shape, custom_geom(page, bounds))
    set_box(shape, local_box(bounds))
    return shape


def placed(shape: OutlinedT, m: Matrix, box: Box) -> OutlinedT:
    """Place a shape's local box under m (radius and polygon points follow m's scale; a
    skewing m turns a rect shape into its mapped polygon)."""
    if shape["kind"] == "rect" and is_sheared(m):
        return _sheared(shape, m, box)
    x, y, w, h = box
    set_box(shape, place_rect(m, x, y, w, h))
    sx, sy = m.scale_x, m.scale_y
    if abs(sx - 1.0) > 1e-6 or abs(sy - 1.0) > 1e-6:
        if "radius" in shape:
            shape["radius"] = shape["radius"] * scale_of(m)
        if "radii" in shape:
            shape["radii"] = [r * scale_of(m) for r in shape["radii"]]
        if "points" in shape:
            shape["points"] = [[px * sx, py * sy] for px, py in shape["points"]]
        if "contours" in shape:
            shape["contours"] = [[[px * sx, py * sy] for px, py in c] for c in shape["contours"]]
    return shape


def custom_geom(contours: list[Polygon], box: Box) -> GeomKeys:
    """Geometry keys of polygons (local coordinates) relative to `box`."""
    x, y = box[0], box[1]
    rel = [[[round(px - x, 3), round(py - y, 3)] for px, py in c] for c in contours if len(c) >= 3]
    if len(rel) == 1:
        return {"geom": "custom", "points": rel[0]}
    return {"geom": "custom", "contours": rel}


def box_contains(outer: Box, inner: Box) -> bool:
    return (
        inner[0] >= outer[0] - 0.01
        and inner[1] >= outer[1] - 0.01
        and inner[0] + inner[2] <= outer[0] + outer[2] + 0.01
        and inner[1] + inner[3] <= outer[1] + outer[3] + 0.01
    )
