"""Dense grid auto-placement resumes each item's search where an item of the same spans was last
placed: the placement is the one the plain algorithm (every search from the grid's start) gives,
on random grids of every mix of definite and auto positions."""

from __future__ import annotations

import random

import pytest

from engine.layout.grid.placement import AxisLines, ItemPlacement, place_items


def reference_dense(items: list[ItemPlacement], columns: int) -> list[tuple[int, int]]:
    """Row-flow dense placement of auto items with definite spans, each search from (0, 0)."""
    taken: set[tuple[int, int]] = set()
    out = []
    for p in items:
        (r0, rs), (c0, cs) = p.row, p.column
        if r0 is not None and c0 is not None:
            cells = {(r0 + a, c0 + b) for a in range(rs) for b in range(cs)}
            taken |= cells
            out.append((r0, c0))
    placed = []
    for p in items:
        (r0, rs), (c0, cs) = p.row, p.column
        if r0 is not None and c0 is not None:
            placed.append((r0, c0))
            continue
        row = 0
        while True:
            starts = [c0] if c0 is not None else list(range(0, columns - cs + 1))
            spot = next(
                (
                    c
                    for c in starts
                    if not any((row + a, c + b) in taken for a in range(rs) for b in range(cs))
                ),
                None,
            )
            if spot is not None:
                taken |= {(row + a, spot + b) for a in range(rs) for b in range(cs)}
                placed.append((row, spot))
                break
            row += 1
    return placed


@pytest.mark.parametrize("seed", range(12))
def test_dense_placement_matches_the_plain_search(seed: int) -> None:
    rng = random.Random(seed)
    columns = rng.choice((4, 7, 12, 60))
    items = []
    for _ in range(rng.randint(20, 300)):
        cs = min(columns, rng.choice((1, 1, 2, 3, 5, 13)))
        rs = rng.choice((1, 1, 2, 3))
        fixed = rng.random() < 0.1
        column = rng.randrange(0, columns - cs + 1) if fixed or rng.random() < 0.1 else None
        row = rng.randrange(0, 20) if fixed else None
        items.append(ItemPlacement(row=(row, rs), column=(column, cs)))
    expected = reference_dense(items, columns)
    place_items(items, AxisLines(0, {}), AxisLines(columns, {}), column_flow=False, dense=True)
    assert [(p.row_start, p.column_start) for p in items] == expected
