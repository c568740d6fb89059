"""Point-in-shape for slide-model shapes (custom contours with holes, ellipses, rounded and plain
rectangles): what a test needs to say which shapes paint a pixel."""

from __future__ import annotations

from typing import Any


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Even-odd point in polygon."""
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def covers(shape: dict[str, Any], x: float, y: float) -> bool:
    """Whether the shape's outline covers (x, y) (slide px)."""
    sx, sy, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    geom = shape.get("geom")
    in_box = sx - 1e-6 <= x <= sx + w + 1e-6 and sy - 1e-6 <= y <= sy + h + 1e-6
    if not in_box and geom != "custom":  # custom points may lie outside the box
        return False
    if geom == "custom":
        contours = shape.get("contours") or [shape["points"]]  # a contour inside another: a hole
        hits = sum(inside([(sx + px, sy + py) for px, py in c], x, y) for c in contours)
        return hits % 2 == 1
    if geom == "ellipse":
        return ((x - sx - w / 2) / (w / 2)) ** 2 + ((y - sy - h / 2) / (h / 2)) ** 2 <= 1
    if geom == "roundRect":
        r = shape.get("radius", 0.0)
        dx = max(0.0, abs(x - sx - w / 2) - (w / 2 - r))
        dy = max(0.0, abs(y - sy - h / 2) - (h / 2 - r))
        return dx * dx + dy * dy <= r * r
    return True
