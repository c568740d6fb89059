"""Reading order (shapes in painting order + the document order of their boxes -> the shapes
moved back towards document order wherever that changes nothing a viewer sees)."""

from __future__ import annotations

from typing import Any


def _bounds(shape: dict[str, Any]) -> tuple[float, float, float, float] | None:
    if not all(k in shape for k in ("x", "y", "w", "h")):
        return None
    x, y, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    if shape.get("rotation"):
        r = max(w, h) / 2 * 1.4143  # any rotation stays inside the circumscribed square
        cx, cy = x + w / 2, y + h / 2
        return (cx - r, cy - r, cx + r, cy + r)
    return (x, y, x + w, y + h)


def _overlap(
    a: tuple[float, float, float, float] | None, b: tuple[float, float, float, float] | None
) -> bool:
    if a is None or b is None:
        return True
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


READING_ORDER_REACH = 128  # how far back one shape may move: keeps huge pages linear


def reading_order(shapes: list[dict[str, Any]], sources: list[int]) -> list[dict[str, Any]]:
    """Shapes in painting order, with each shape moved back towards document order past shapes
    it does not overlap: what covers what is unchanged, but text reads (and is read out) in
    source order, e.g. an absolutely positioned label stays with its card."""
    order = list(range(len(shapes)))
    bounds = [_bounds(s) for s in shapes]
    for pos in range(1, len(order)):
        current = order[pos]
        j = pos
        while j > max(0, pos - READING_ORDER_REACH):
            before = order[j - 1]
            if sources[before] <= sources[current] or _overlap(bounds[before], bounds[current]):
                break
            order[j] = before
            j -= 1
        order[j] = current
    return [shapes[i] for i in order]
