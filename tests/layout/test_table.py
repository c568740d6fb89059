"""Table layout: boxes measured in Chromium for every feature, and the TableGrid given to the PPTX stage.

expected_tables.json holds the border boxes Chromium gives the fixtures of table_fixtures.py
(recorded by tools/recorders/layout_tables.py).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from chromium_tables import EXPECTED, load_fixtures, page

from engine.diagnostics import Diagnostics
from engine.layout.base import LayoutContext
from engine.layout.fragments import BoxFragment, Edges
from engine.layout.intrinsic import intrinsic_widths
from engine.layout.table.columns import Column, distribute_auto
from engine.layout.table.layout import TableCell, TableGrid, table_intrinsic
from engine.layout.table.rows import Row, distribute_to_rows, rowspan_order
from engine.pipeline import layout_html

CASES: dict[str, Any] = json.loads(EXPECTED.read_text())
FIXTURES = load_fixtures()


def _ident(box: Any) -> str | None:
    el = box.element if box is not None else None
    return el.get("id") if el is not None else None


def element_boxes(root: BoxFragment) -> dict[str, list[float]]:
    """Border boxes of elements with an id, relative to the slide (rows/groups from the TableGrid)."""
    out: dict[str, list[float]] = {}

    def walk(frag: BoxFragment, ox: float, oy: float) -> None:
        ax, ay = ox + frag.x, oy + frag.y
        ident = _ident(frag.box)
        if ident and ident not in out:
            out[ident] = [ax, ay, frag.width, frag.height]
        for child in frag.children:
            walk(child, ax, ay)
        for line in frag.lines:
            for item in line.items:
                if isinstance(item, BoxFragment):
                    walk(item, ax + line.x, ay + line.y)
        grid = frag.extra.get("table")
        if grid is not None:
            left = ax + grid.x + grid.border.left + grid.padding.left + grid.border_spacing[0]
            inner = (
                grid.width
                - grid.border.horizontal
                - grid.padding.horizontal
                - 2 * grid.border_spacing[0]
            )
            for part in [*grid.rows, *grid.groups]:
                if _ident(part.box):
                    out[_ident(part.box)] = [left, ay + part.y, inner, part.height]  # type: ignore[index]

    walk(root, -root.x, -root.y)
    return out


def layout(snippet: str) -> BoxFragment:
    return layout_html(page(snippet))


def table(root: BoxFragment, ident: str | None = None) -> tuple[BoxFragment, TableGrid]:
    def find(frag: BoxFragment) -> BoxFragment | None:
        if "table" in frag.extra and (ident is None or _ident(frag.box) == ident):
            return frag
        items = [i for line in frag.lines for i in line.items if isinstance(i, BoxFragment)]
        for child in [*frag.children, *items]:
            hit = find(child)
            if hit is not None:
                return hit
        return None

    frag = find(root)
    assert frag is not None
    return frag, frag.extra["table"]


def cell(grid: TableGrid, ident: str) -> TableCell:
    return next(c for c in grid.cells if _ident(c.box) == ident)


def fixture_grid(name: str) -> tuple[BoxFragment, TableGrid]:
    return table(layout(FIXTURES[name]))


# --- Chromium agreement -------------------------------------------------------------------


def test_expectations_are_current() -> None:
    assert set(CASES) == set(FIXTURES)
    for name, html in FIXTURES.items():
        assert CASES[name]["html"] == html, (
            f"{name}: record again (tools/recorders/layout_tables.py)"
        )


@pytest.mark.fonts("fonts-liberation")  # Chromium measured Liberation Sans (tests/conftest.py)
@pytest.mark.parametrize("name", sorted(CASES))
def test_boxes_match_chromium(name: str) -> None:
    case = CASES[name]
    got = element_boxes(layout(case["html"]))
    tolerance = 0.5 if name.startswith("text_") else 1 / 64
    for ident, expected in case["boxes"].items():
        assert ident in got, f"no fragment for #{ident}"
        assert got[ident] == pytest.approx(expected, abs=tolerance), f"#{ident}"


# --- The TableGrid --------------------------------------------------------------------------


def test_grid_columns_and_rows() -> None:
    frag, grid = fixture_grid("auto_content")
    assert [(c.x, c.width) for c in grid.columns] == [(2, 52), (56, 82)]
    assert [(r.y, r.height) for r in grid.rows] == [(2, 32), (36, 12)]
    assert (grid.x, grid.y, grid.width, grid.height) == (0, 0, 140, 50)
    assert grid.border_spacing == (2, 2) and not grid.collapsed
    assert [c.fragment for c in grid.cells] == frag.children
    assert [(c.row, c.col) for c in grid.cells] == [(0, 0), (0, 1), (1, 0), (1, 1)]


def test_cell_slots_with_spans() -> None:
    _, grid = fixture_grid("rowspan_and_colspan")
    slots = {_ident(c.box): (c.row, c.col, c.rowspan, c.colspan) for c in grid.cells}
    assert slots == {
        "a": (0, 0, 2, 2),
        "b": (0, 2, 1, 1),
        "c": (1, 2, 1, 1),
        "d": (2, 0, 1, 1),
        "e": (2, 1, 1, 1),
        "f": (2, 2, 1, 1),
    }
    _, grid = fixture_grid("rowspan_slots")
    assert {_ident(c.box): c.col for c in grid.cells} == {"a": 0, "b": 1, "c": 2, "d": 1, "e": 3}


def test_rowspan_zero_and_colspan_clamped_to_the_grid() -> None:
    _, grid = fixture_grid("rowspan_zero")
    assert cell(grid, "a").rowspan == 2  # to the end of its row group only
    _, grid = fixture_grid("colspan_beyond_grid")
    assert len(grid.columns) == 1 and cell(grid, "a").colspan == 1


def test_mergeable_column() -> None:
    _, grid = fixture_grid("colspan_mergeable")
    assert [c.mergeable for c in grid.columns] == [False, True, False]
    assert [c.width for c in grid.columns] == [197, 0, 197]


def test_row_groups_header_first_footer_last() -> None:
    _, grid = fixture_grid("sections_order")
    assert [(_ident(g.box), g.kind, g.first_row) for g in grid.groups] == [
        ("head", "header", 0),
        ("body1", "body", 1),
        ("body2", "body", 2),
        ("foot", "footer", 3),
    ]
    assert [_ident(c.box) for c in grid.cells] == ["h", "b1", "b2", "f"]
    assert [r.group for r in grid.rows] == [0, 1, 2, 3]


def test_anonymous_table_objects() -> None:
    _, grid = fixture_grid("anon_cells_in_table")
    assert grid.groups[0].box is None and grid.rows[0].box is None
    assert [_ident(c.box) for c in grid.cells] == ["a", "b"]
    _, grid = fixture_grid("text_anon_text_in_row")
    first = grid.cells[0]
    assert first.box.anonymous and first.box.inline_content
    assert _ident(grid.rows[0].box) == "r"
    assert _ident(grid.cells[1].box) == "a"


def test_captions_sit_outside_the_table_box() -> None:
    frag, grid = fixture_grid("captions")
    top, bottom = grid.captions
    assert (top.y, top.height) == (0, 25)
    assert (grid.y, grid.height) == (25, 6 + 16)
    assert bottom.y == 25 + 22 + 5
    assert frag.height == bottom.y + 15
    assert frag.children[0] is top and frag.children[-1] is bottom


def test_separated_borders_and_padding() -> None:
    frag, grid = fixture_grid("separate_spacing")
    assert grid.border_spacing == (10, 5)
    assert frag.border == Edges(3, 3, 3, 3) and frag.padding == Edges(7, 7, 7, 7)
    assert [s.width for s in grid.table_borders] == [3, 3, 3, 3]
    a, b = cell(grid, "a"), cell(grid, "b")
    assert [(s.width, s.style, s.source) for s in a.borders] == [(2, "solid", "cell")] * 4
    assert all(not s.visible for s in b.borders)
    assert a.padding == Edges(4, 4, 4, 4) and b.padding == Edges(0, 0, 0, 0)
    assert grid.h_edges == [] and grid.v_edges == []
    _, grid = fixture_grid("cell_padding")
    assert cell(grid, "a").padding == Edges(5, 10, 15, 20)


def test_collapsed_borders_are_split_between_neighbours() -> None:
    frag, grid = fixture_grid("collapse_basic")
    assert grid.collapsed and grid.border_spacing == (0, 0)
    assert frag.border == Edges(3, 3, 3, 3) == grid.border
    assert [s.width for s in grid.table_borders] == [0, 0, 0, 0]  # drawn by the cells' edges
    a = cell(grid, "a")
    assert a.fragment.border == Edges(3, 2, 1, 3)
    assert [(s.width, s.source) for s in a.borders] == [
        (6, "table"),
        (4, "cell"),
        (2, "cell"),
        (6, "table"),
    ]
    assert len(grid.h_edges) == 3 and len(grid.h_edges[0]) == 2
    assert len(grid.v_edges) == 2 and len(grid.v_edges[0]) == 3
    assert grid.v_edges[0][1].width == 4 and grid.h_edges[1][1].width == 4


def test_collapsed_border_precedence() -> None:
    snippet = (
        '<table style="border-collapse:collapse;border:2px solid green">'
        '<col style="border:2px solid orange"><tbody style="border:2px solid purple">'
        '<tr style="border:2px solid blue"><td id="a" style="border:2px solid red">x</td><td id="b">y</td></tr>'
        '<tr><td id="c">x</td><td id="d" style="border-top:hidden">y</td></tr></tbody></table>'
    )
    _, grid = table(layout(snippet))

    def sides(ident: str) -> list[tuple[float, str | None, str]]:
        return [
            (s.width, s.color.hex if s.color else None, s.source) for s in cell(grid, ident).borders
        ]

    red, blue, purple, orange = "FF0000", "0000FF", "800080", "FFA500"
    assert sides("a") == [(2, red, "cell")] * 4  # cell beats row, group, column and table
    assert sides("b") == [(2, blue, "row"), (2, blue, "row"), (0, None, ""), (2, red, "cell")]
    assert sides("c") == [
        (2, red, "cell"),
        (2, orange, "column"),
        (2, purple, "row-group"),
        (2, purple, "row-group"),
    ]
    assert sides("d")[0] == (0, None, "")  # 'hidden' suppresses the shared edge


def test_collapsed_border_width_then_style() -> None:
    _, grid = fixture_grid("collapse_style_priority")
    a, b = cell(grid, "a"), cell(grid, "b")
    assert (a.borders[1].style, a.borders[1].color.hex) == ("double", "0000FF")
    assert b.borders[3] == a.borders[1]
    assert b.borders[1].style == "ridge"
    _, grid = fixture_grid("collapse_hidden")
    a = cell(grid, "a")
    assert not a.borders[3].visible  # hidden beats the table's 8px
    assert (a.borders[1].width, a.borders[1].source) == (6, "cell")  # wider wins over b's 2px


def test_spanning_cell_edges_are_not_filled() -> None:
    _, grid = fixture_grid("collapse_spanning")
    d = cell(grid, "d")
    assert d.colspan == 2 and d.borders[0].width == 8
    assert not grid.v_edges[2][1].visible  # inside the colspan
    a = cell(grid, "a")
    assert a.borders[1].width == 6  # the widest edge along a's right side (c's 6px)


def test_backgrounds_cell_then_row_group_column() -> None:
    _, grid = fixture_grid("text_zebra")
    sources = [(c.row, c.background_source) for c in grid.cells]
    assert sources == [(0, "row"), (0, "row"), (1, "cell"), (1, "cell"), (2, "row"), (2, "row")]
    assert grid.cells[0].background is grid.rows[0].box
    snippet = (
        '<table><col style="background:#abc"><col><tbody style="background:#def">'
        '<tr><td id="a">a</td><td id="b">b</td></tr></tbody></table>'
        '<table><col style="background:#abc"><tr><td id="c">c</td></tr></table>'
    )
    root = layout(snippet)
    _, grid = table(root)
    assert [c.background_source for c in grid.cells] == ["row-group", "row-group"]
    frag = root.children[1]
    assert [c.background_source for c in frag.extra["table"].cells] == ["column"]


def test_empty_cells_hide() -> None:
    cells = '<tr><td id="a"></td><td id="b">x</td></tr>'
    _, grid = table(layout(f'<table style="empty-cells:hide">{cells}</table>'))
    assert [c.hidden for c in grid.cells] == [True, False]
    _, grid = table(
        layout(f'<table style="empty-cells:hide;border-collapse:collapse">{cells}</table>')
    )
    assert [c.hidden for c in grid.cells] == [False, False]


def test_vertical_align_moves_the_content() -> None:
    _, grid = fixture_grid("valign_inner")
    got = {_ident(c.box): (c.vertical_align, c.content_offset) for c in grid.cells}
    assert got == {
        "tall": ("middle", 0),  # td inherits vertical-align: middle from tbody (UA sheet)
        "top": ("top", 0),
        "mid": ("middle", (102 - 23) / 2),
        "bot": ("bottom", 102 - 22),
    }
    mid = cell(grid, "mid").fragment
    assert mid.children[0].y == 1 + (102 - 23) / 2


def test_table_baseline_is_the_first_rows() -> None:
    frag, grid = fixture_grid("text_valign_baseline")
    assert frag.baseline == grid.rows[0].y + grid.rows[0].baseline
    assert grid.rows[0].baseline == cell(grid, "a").fragment.baseline


def test_table_intrinsic_widths() -> None:
    ctx = LayoutContext(Diagnostics(), (1280.0, 720.0))
    frag, _ = fixture_grid("auto_content")
    assert table_intrinsic(frag.box, ctx) == (140, 140)
    ctx = LayoutContext(
        Diagnostics(), (1280.0, 720.0)
    )  # one context per page, as the pipeline does
    frag, _ = fixture_grid("collapse_in_inline_block")
    assert table_intrinsic(frag.box, ctx) == (72 - 20, 72 - 20)  # style chrome 20, used chrome 10
    assert intrinsic_widths(frag.box, ctx) == (72, 72)
    ctx = LayoutContext(Diagnostics(), (1280.0, 720.0))
    frag, _ = fixture_grid("text_wrapping_columns")
    mn, mx = table_intrinsic(frag.box, ctx)
    assert 0 < mn < 300 < mx


def test_fixed_layout_only_reads_the_first_row() -> None:
    _, grid = fixture_grid("fixed_layout")
    assert [c.width for c in grid.columns] == [102, 245, 245]  # 100px + padding, then equal shares
    assert cell(grid, "d").fragment.width == 102


# --- The distribution algorithms ------------------------------------------------------------


def test_distribute_auto_guesses() -> None:
    px = 64
    auto = Column(min=10 * px, max=50 * px)
    percent = Column(min=20 * px, max=30 * px, percent=50.0)
    fixed = Column(min=5 * px, max=40 * px, constrained=True)
    columns = [auto, percent, fixed]
    assert distribute_auto(35 * px, columns, True) == [10 * px, 20 * px, 5 * px]  # min guess
    assert distribute_auto(300 * px, columns, True) == [110 * px, 150 * px, 40 * px]  # above max
    sizes = distribute_auto(100 * px, columns, True)
    assert sum(sizes) == 100 * px and sizes[1] == 50 * px and sizes[2] == 40 * px


def test_rowspan_order_and_empty_row_growth() -> None:
    assert rowspan_order([(0, 3, 10), (1, 2, 10), (0, 3, 20), (2, 2, 5)]) == [
        (1, 2, 10),
        (0, 3, 20),
        (0, 3, 10),
        (2, 2, 5),
    ]
    rows = [Row(20 * 64), Row(0), Row(0)]
    distribute_to_rows(0, 3, 80 * 64, True, 0, None, rows)
    assert [r.block_size for r in rows] == [80 * 64, 0, 0]  # non-empty rows grow first
    rows = [Row(0), Row(0), Row(0)]
    distribute_to_rows(0, 3, 80 * 64, True, 2 * 64, None, rows)
    assert [r.block_size for r in rows] == [0, 0, 76 * 64]  # all empty: the last one takes it
    rows = [Row(20 * 64), Row(10 * 64)]
    distribute_to_rows(0, 2, 60 * 64, False, 0, None, rows)
    assert [r.block_size for r in rows] == [40 * 64, 20 * 64]  # in proportion
