"""Reading order (shapes in painting order + the document order of their boxes -> the shapes
moved back towards document order wherever that changes nothing a viewer sees)."""

from __future__ import annotations

from engine.model.clip.clipping import shape_bounds
from engine.model.schema.shapes import Shape


def _overlap(
    a: tuple[float, float, float, float] | None, b: tuple[float, float, float, float] | None
) -> bool:
    if a is None or b is None:
        return True
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


READING_ORDER_REACH = 128  # how far back one shape may move: keeps huge pages linear


def reading_order(shapes: list[Shape], sources: list[int]) -> list[Shape]:
    """Shapes in painting order, with each shape moved back towards document order past shapes
    it does not overlap: what covers what is unchanged, but text reads (and is read out) in
    source order, e.g. an absolutely positioned label stays with its card."""
    order = list(range(len(shapes)))
    bounds = [shape_bounds(s) for s in shapes]
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
