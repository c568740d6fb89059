"""Grid item placement (engine.layout.grid.placement): line resolution and auto-placement."""

from __future__ import annotations

from engine.layout.grid.placement import AxisLines, ItemPlacement, place_items, resolve_axis
from engine.style.grid_values import grid_line

COLS3 = AxisLines(3, {"main-start": [1], "main-end": [3], "x": [0, 2]})


def axis(start: str, end: str, lines: AxisLines = COLS3) -> tuple[int | None, int]:
    return resolve_axis(grid_line(start), grid_line(end), lines)


def test_resolve_lines_spans_and_names() -> None:
    assert axis("auto", "auto") == (None, 1)
    assert axis("2", "auto") == (1, 1)
    assert axis("1", "-1") == (0, 3)
    assert axis("-2", "auto") == (2, 1)
    assert axis("span 2", "auto") == (None, 2)
    assert axis("2", "span 2") == (1, 2)
    assert axis("span 2", "-1") == (1, 2)
    assert axis("3", "1") == (0, 2)  # swapped
    assert axis("main", "main") == (1, 2)  # area name: main-start / main-end
    assert axis("x 2", "auto") == (2, 1)
    assert axis("-5", "auto") == (-1, 1)  # before the explicit grid


def places(*specs: tuple[str, str, str, str]) -> list[ItemPlacement]:
    rows = AxisLines(0, {})
    out = []
    for rs, re_, cs, ce in specs:
        out.append(ItemPlacement(resolve_axis(grid_line(rs), grid_line(re_), rows), axis(cs, ce)))
    return out


def area(p: ItemPlacement) -> tuple[int, int, int, int]:
    return p.row_start, p.row_end, p.column_start, p.column_end


def test_sparse_auto_placement_leaves_holes() -> None:
    items = places(
        ("auto", "auto", "auto", "auto"),
        ("auto", "auto", "span 2", "auto"),
        ("auto", "auto", "span 2", "auto"),
        ("auto", "auto", "auto", "auto"),
    )
    shape = place_items(items, AxisLines(0, {}), COLS3, column_flow=False, dense=False)
    assert [area(p) for p in items] == [(0, 1, 0, 1), (0, 1, 1, 3), (1, 2, 0, 2), (1, 2, 2, 3)]
    assert (shape.rows, shape.columns) == (2, 3)


def test_dense_auto_placement_fills_holes() -> None:
    items = places(
        ("auto", "auto", "span 2", "auto"),
        ("auto", "auto", "span 2", "auto"),
        ("auto", "auto", "auto", "auto"),
    )
    place_items(items, AxisLines(0, {}), COLS3, column_flow=False, dense=True)
    assert [area(p) for p in items] == [(0, 1, 0, 2), (1, 2, 0, 2), (0, 1, 2, 3)]


def test_definite_items_first_then_locked_rows_then_the_rest() -> None:
    items = places(
        ("auto", "auto", "auto", "auto"),
        ("1", "auto", "1", "auto"),
        ("2", "auto", "auto", "auto"),
        ("2", "auto", "auto", "auto"),
    )
    place_items(items, AxisLines(0, {}), COLS3, column_flow=False, dense=False)
    assert [area(p) for p in items] == [(0, 1, 1, 2), (0, 1, 0, 1), (1, 2, 0, 1), (1, 2, 1, 2)]


def test_column_flow_fills_columns() -> None:
    rows2 = AxisLines(2, {})
    items = [ItemPlacement((None, 1), (None, 1)) for _ in range(5)]
    shape = place_items(items, rows2, AxisLines(0, {}), column_flow=True, dense=False)
    assert [area(p)[::2] for p in items] == [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)]
    assert (shape.rows, shape.columns) == (2, 3)


def test_negative_lines_add_implicit_tracks_before() -> None:
    items = places(("auto", "auto", "-5", "auto"), ("auto", "auto", "auto", "auto"))
    shape = place_items(items, AxisLines(0, {}), COLS3, column_flow=False, dense=False)
    assert shape.column_offset == 1
    assert area(items[0])[2:] == (0, 1)
    assert shape.columns == 4
