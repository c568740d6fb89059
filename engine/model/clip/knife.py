"""A clip outline prepared for many shapes (ClipRegion -> a grid of its edges: is a box apart from it, inside it, is a point inside).

A clip-path cuts the box's own shapes and every shape its descendants paint, so a page may
test thousands of shapes against an outline of thousands of points (a path() or a long
polygon()). The edges are bucketed in a grid over the outline's bounds: a box meets only the
edges of the cells it overlaps, and a point's inside test counts only the edges of its row
to its right. An ellipse is tested analytically.
"""

from __future__ import annotations

import math

from engine.model.clip.path import ClipRegion
from engine.model.geometry import Polygon

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1
EDGE = 0.5  # px: a shape this close to the clip's edge is inside it
_MAX_CELLS = 64  # per axis


class Knife:
    """A clip region with its edges bucketed (slide px)."""

    def __init__(self, region: ClipRegion) -> None:
        self.region = region
        pts = region.outline
        n = len(pts)
        xs = [p[0] for p in pts] or [0.0]
        ys = [p[1] for p in pts] or [0.0]
        self.bounds: Rect = (min(xs), min(ys), max(xs), max(ys))
        self.edges = [(pts[i], pts[(i + 1) % n]) for i in range(n)]
        self.cells = max(1, min(_MAX_CELLS, math.ceil(math.sqrt(n))))
        x0, y0, x1, y1 = self.bounds
        self.cw = max(x1 - x0, 1e-6) / self.cells
        self.ch = max(y1 - y0, 1e-6) / self.cells
        self.grid: dict[tuple[int, int], list[int]] = {}
        if region.ellipse is not None:
            return  # tested analytically
        for index, ((ax, ay), (bx, by)) in enumerate(self.edges):
            c0, r0 = self._cell(min(ax, bx), min(ay, by))
            c1, r1 = self._cell(max(ax, bx), max(ay, by))
            for col in range(c0, c1 + 1):
                for row in range(r0, r1 + 1):
                    self.grid.setdefault((col, row), []).append(index)

    def _cell(self, x: float, y: float) -> tuple[int, int]:
        last = self.cells - 1
        col = int((x - self.bounds[0]) / self.cw)
        row = int((y - self.bounds[1]) / self.ch)
        return max(0, min(last, col)), max(0, min(last, row))

    def near(self, box: Rect) -> list[int]:
        """The edges whose bounds meet `box`."""
        x0, y0, x1, y1 = box
        bx0, by0, bx1, by1 = self.bounds
        if x1 < bx0 or y1 < by0 or x0 > bx1 or y0 > by1:
            return []
        c0, r0 = self._cell(x0, y0)
        c1, r1 = self._cell(x1, y1)
        found: set[int] = set()
        for col in range(c0, c1 + 1):
            for row in range(r0, r1 + 1):
                found.update(self.grid.get((col, row), ()))
        out = []
        for index in sorted(found):
            (ax, ay), (bx, by) = self.edges[index]
            if max(ax, bx) >= x0 and min(ax, bx) <= x1 and max(ay, by) >= y0 and min(ay, by) <= y1:
                out.append(index)
        return out

    def inside(self, x: float, y: float) -> bool:
        """Whether a point lies inside the outline (even-odd)."""
        bx0, by0, bx1, by1 = self.bounds
        if x < bx0 or x > bx1 or y < by0 or y > by1:
            return False
        col, row = self._cell(x, y)
        seen: set[int] = set()
        hit = False
        for c in range(col, self.cells):
            for index in self.grid.get((c, row), ()):
                if index in seen:
                    continue
                seen.add(index)
                (x1, y1), (x2, y2) = self.edges[index]
                if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                    hit = not hit
        return hit

    def apart(self, box: Rect) -> bool:
        """Whether a box lies wholly outside the outline."""
        x0, y0, x1, y1 = box
        bx0, by0, bx1, by1 = self.bounds
        if x1 <= bx0 or y1 <= by0 or x0 >= bx1 or y0 >= by1:
            return True
        if self.region.ellipse is not None:
            cx, cy, rx, ry = self.region.ellipse
            nx = min(max(cx, x0), x1)  # the box's point nearest the centre (axis-aligned scale)
            ny = min(max(cy, y0), y1)
            return ((nx - cx) / rx) ** 2 + ((ny - cy) / ry) ** 2 > 1.0
        if self.near(box):
            return False
        return not self.inside((x0 + x1) / 2, (y0 + y1) / 2)

    def within(self, contours: list[Polygon], box: Rect, grow: float) -> bool:
        """Whether outlines inside `box` (grown by `grow` px) lie inside the outline, up to
        EDGE px."""
        pts = [p for c in contours for p in c]
        if self.region.ellipse is not None:
            cx, cy, rx, ry = self.region.ellipse
            rx, ry = rx + EDGE - grow, ry + EDGE - grow
            if rx <= 0 or ry <= 0:
                return False
            return all(((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1.0 for x, y in pts)
        reach = grow + EDGE + 1.0
        near = self.near((box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach))
        for x, y in pts:  # the signed distance to the outline must be >= grow - EDGE
            gap = _gap(self, near, x, y) if near else math.inf
            if self.inside(x, y):
                if gap < grow - EDGE:
                    return False
            elif gap > EDGE - grow:
                return False
        if self.region.convex:
            return True
        # A concave outline: none of its corners may reach into the shape.
        corners = {self.edges[i][0] for i in near} | {self.edges[i][1] for i in near}
        return not any(_in_polygon(c, x, y) for c in contours if len(c) >= 3 for x, y in corners)


def _gap(knife: Knife, edges: list[int], x: float, y: float) -> float:
    """Distance from (x, y) to the nearest of the given edges."""
    best = math.inf
    for index in edges:
        (x1, y1), (x2, y2) = knife.edges[index]
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length2))
        px, py = x1 + dx * t - x, y1 + dy * t - y
        best = min(best, math.hypot(px, py))
    return best


def _in_polygon(poly: Polygon, x: float, y: float) -> bool:
    hit = False
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit
