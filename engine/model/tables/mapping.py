"""Table mapping (a laid-out TableGrid -> one native table shape: gridCol widths, row heights, merged cells, fills, borders, text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from engine.layout.fragments import BoxFragment
from engine.layout.table.grid import TableCell, TableGrid
from engine.model.clip.clipping import Rect, apart, box_bounds
from engine.model.geometry import Matrix, Radii, place_rect
from engine.model.paint.fills import fill_for_color, first_color, line_for
from engine.model.schema.fills import Fill, Line
from engine.model.schema.shapes import Cell, CellBorders, RectShape, Row, Shape, TableShape
from engine.model.schema.text import Anchor
from engine.model.tables.cells import CellPainter, paints_as_shapes, separated_cell_shapes
from engine.model.tables.corners import CellBox, clipped_corner_cells, rounded_corners
from engine.model.tables.double import double_border_shapes, is_double
from engine.model.tables.text import (
    cell_text,
    empty_body,
    wrap_slack,
)
from engine.model.text.softwrap import LineBreaks
from engine.style.types import RGBA

BORDER_SIDES: tuple[Literal["t", "r", "b", "l"], ...] = ("t", "r", "b", "l")  # cell.borders order
ANCHORS: dict[str, Anchor] = {"top": "t", "middle": "ctr", "bottom": "b", "baseline": "t"}


def _fill(cell: TableCell, alpha: float) -> Fill | None:
    if cell.background is None or cell.hidden:
        return None
    style = cell.background.style
    color = style["background-color"]
    if isinstance(color, RGBA) and color.a > 0:
        return fill_for_color(color, alpha)
    for layer in style["background-image"] or ():
        first = first_color(layer)
        if first is not None:
            return fill_for_color(first, alpha)
    return None


def _border(side: Any, alpha: float) -> Line | None:
    if side is None or not side.visible:
        return None
    return line_for(side.width, side.color, side.style, alpha)


def _borders(sides: Any, alpha: float, memo: dict[Any, Line | None]) -> CellBorders:
    """A cell's t/r/b/l lines; each distinct border side is mapped once per table (a table's
    cells mostly share their borders) and every cell gets its own copies."""
    out: CellBorders = {}
    for key, side in zip(BORDER_SIDES, sides, strict=True):
        try:
            line = memo[side]
        except KeyError:
            line = memo[side] = _border(side, alpha)
        except TypeError:  # an unhashable colour value
            line = _border(side, alpha)
        out[key] = line.copy() if line is not None else None
    return out


def _geometry(grid: TableGrid) -> tuple[list[int], list[float], list[float]] | None:
    """Kept columns (not mergeable, not empty), column widths and row heights; None when the
    table has no column or no row to write."""
    keep = [i for i, col in enumerate(grid.columns) if not col.mergeable and col.width > 0]
    if not keep or not grid.rows:
        return None
    # Column widths run from one column start to the next, so border-spacing is absorbed.
    starts = [grid.columns[i].x for i in keep]
    last = grid.columns[keep[-1]]
    widths = [b - a for a, b in zip(starts, starts[1:], strict=False)] + [last.width]
    row_starts = [r.y for r in grid.rows]
    heights = [b - a for a, b in zip(row_starts, row_starts[1:], strict=False)] + [
        grid.rows[-1].height
    ]
    return keep, widths, heights


def _clipped_stub(
    frag: BoxFragment, grid: TableGrid, m: Matrix, alpha: float, clip: Rect
) -> TableShape | None:
    """A bare table shape standing for a table that lies wholly outside `clip` and has no cell
    fill (so table_shapes would return the table shape alone); None when it must be built."""
    geometry = _geometry(grid)
    if geometry is None:
        return None
    keep, widths, heights = geometry
    rect = place_rect(m, grid.columns[keep[0]].x, grid.rows[0].y, sum(widths), sum(heights))
    if not apart(box_bounds(rect), clip):
        return None
    if any(_fill(cell, alpha) is not None for cell in grid.cells):
        return None  # fills may add row underlays or rounded corners: build it all
    return {"kind": "table", "columns": widths, "rows": [], "name": frag.box.describe(), **rect}


def table_shape(
    frag: BoxFragment,
    grid: TableGrid,
    m: Matrix,
    alpha: float,
    shaped: frozenset[int] = frozenset(),
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> TableShape | None:
    """A native table for a table fragment; mergeable (span-only) columns are dropped. The
    cells in `shaped` (ids) keep only their text: their paint is drawn as shapes."""
    geometry = _geometry(grid)
    if geometry is None:
        return None
    keep, widths, heights = geometry
    new_index = {old: new for new, old in enumerate(keep)}
    x0 = grid.columns[keep[0]].x
    y0 = grid.rows[0].y
    grid_cells: list[list[Cell | None]] = [[None] * len(keep) for _h in heights]
    border_memo: dict[Any, Line | None] = {}
    for cell in grid.cells:
        cols = [new_index[c] for c in range(cell.col, cell.col + cell.colspan) if c in new_index]
        if not cols:
            continue
        col, colspan = cols[0], len(cols)
        text = cell_text(cell, grid, alpha, line_breaks, lo_widths)
        body, top, left = text.body, text.top, text.left
        slack_left, slack_right = wrap_slack(cell, body, text.extra)
        cx = grid.columns[keep[col]].x
        cy = grid.rows[cell.row].y
        frag_c = cell.fragment
        right = frag_c.border.right + frag_c.padding.right
        own_paint = id(cell) not in shaped
        borders = _borders(cell.borders, alpha, border_memo) if own_paint else {}
        for key, side in zip(BORDER_SIDES, cell.borders, strict=True):
            if own_paint and is_double(side):
                borders[key] = None  # drawn as two stripes over the table
        entry: Cell = {
            "text": body,
            "fill": _fill(cell, alpha) if own_paint else None,
            "span": [cell.rowspan, colspan],
            "merged": False,
            "borders": borders,
            "margins": [
                max(0.0, frag_c.x - cx + left - slack_left),
                max(0.0, frag_c.y - cy + top),
                max(0.0, right - slack_right),
                0.0,
            ],
            "anchor": "t",
        }
        grid_cells[cell.row][col] = entry
        for r in range(cell.row, min(len(grid_cells), cell.row + cell.rowspan)):
            for c in range(col, col + colspan):
                if (r, c) != (cell.row, col) and grid_cells[r][c] is None:
                    grid_cells[r][c] = {
                        "merged": True,
                        "text": None,
                        "fill": None,
                        "span": [1, 1],
                        "borders": {},
                        "margins": [0, 0, 0, 0],
                        "anchor": "t",
                    }
    rows: list[Row] = [
        {"h": h, "cells": [c if c is not None else _empty_cell() for c in cells]}
        for h, cells in zip(heights, grid_cells, strict=True)
    ]
    return {
        "kind": "table",
        "columns": widths,
        "rows": rows,
        "name": frag.box.describe(),
        **place_rect(m, x0, y0, sum(widths), sum(heights)),
    }


def _empty_cell() -> Cell:
    return {
        "text": empty_body(),
        "fill": None,
        "span": [1, 1],
        "merged": False,
        "borders": {},
        "margins": [0, 0, 0, 0],
        "anchor": "t",
    }


Backdrop = Callable[[float, float], "tuple[float, float, float] | None"]


def table_shapes(
    frag: BoxFragment,
    grid: TableGrid,
    m: Matrix,
    alpha: float,
    backdrop: Backdrop,
    clip: Rect | None = None,
    paint: CellPainter | None = None,
    clip_radii: Radii | None = None,
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> list[Shape]:
    """The native table, with translucent fills and borders composited over what is painted
    behind them (LibreOffice draws table lines and fills opaque), and a fill rectangle under
    rows whose cells share a fill that stands out from the backdrop (renderers leave hairline
    seams between adjacent cell fills).

    With `clip` (the clip the shapes will be emitted under), a table wholly outside it and
    without cell fills is returned as a bare stub of the same box: the caller drops (and counts)
    it as it would the full table, whose cells are not built at all (a huge page's table below
    the slide).

    With `paint`, the cells of a separated-borders table that a native cell cannot paint
    (border-spacing gaps, rounded cells) are painted by it as shapes behind the table.
    `clip_radii` are the corners of `clip` when an ancestor's overflow clip is rounded."""
    if clip is not None:
        stub = _clipped_stub(frag, grid, m, alpha, clip)
        if stub is not None:
            return [stub]
    own = [c for c in grid.cells if paints_as_shapes(c, grid)] if paint is not None else []
    shaded = frozenset(id(c) for c in own)
    shape = table_shape(frag, grid, m, alpha, shaded, line_breaks, lo_widths)
    if shape is None:
        return []
    cells: list[Shape] = []
    if paint is not None and own:
        cells = separated_cell_shapes(grid, own, m, alpha, lambda c: _fill(c, alpha), paint)
    shaped = {id(c) for c in own}
    native = [c for c in grid.cells if id(c) not in shaped]
    doubles = double_border_shapes(grid, native, m, alpha, shape.get("name", "table"))
    if shape.get("rotation"):
        return [*cells, shape, *doubles]
    underlays = _row_underlays(shape, backdrop)
    _flatten_translucent(shape, backdrop)
    corners = rounded_corners(frag, grid, shape, underlays)
    if clip is not None and clip_radii is not None:
        corners += clipped_corner_cells(shape, [*underlays, *corners], clip, clip_radii)
    return [*underlays, *corners, *cells, shape, *doubles]


def _cell_boxes(shape: TableShape) -> list[CellBox]:
    """The cells with their boxes, one column and row each (spans left out)."""
    out = []
    y = shape["y"]
    for r, row in enumerate(shape["rows"]):
        x = shape["x"]
        for c, cell in enumerate(row["cells"]):
            w = shape["columns"][c]
            out.append(CellBox(cell, r, x, y, w, row["h"]))
            x += w
        y += row["h"]
    return out


def _mix(color: str, a: float, under: tuple[float, float, float]) -> str:
    fg = (int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16))
    mixed = [round(fg[i] * a + under[i] * (1 - a)) for i in range(3)]
    return "".join(f"{max(0, min(255, v)):02X}" for v in mixed)


def _rgb(color: str) -> tuple[float, float, float]:
    return (int(color[0:2], 16), int(color[2:4], 16), int(color[4:6], 16))


def _flatten_translucent(shape: TableShape, backdrop: Backdrop) -> None:
    for cell, _r, x, y, w, h in _cell_boxes(shape):
        if cell.get("merged"):
            continue
        fill = cell.get("fill")
        under: tuple[float, float, float] | None = None
        if fill is not None and fill["type"] == "solid" and fill["alpha"] < 1:
            under = backdrop(x + w / 2, y + h / 2)
            if under is not None:
                cell["fill"] = {
                    **fill,
                    "color": _mix(fill["color"], fill["alpha"], under),
                    "alpha": 1.0,
                }
        fill = cell.get("fill")
        borders = cell["borders"]
        for key in [k for k in ("l", "r", "t", "b") if k in borders]:
            line = borders[key]
            if line is None or line["alpha"] >= 1:
                continue
            if fill is not None and fill["type"] == "solid" and fill["alpha"] >= 1:
                base: tuple[float, float, float] | None = _rgb(fill["color"])
            else:
                base = under if under is not None else backdrop(x + w / 2, y + h / 2)
            if base is not None:
                borders[key] = {
                    **line,
                    "color": _mix(line["color"], line["alpha"], base),
                    "alpha": 1.0,
                }


def _row_underlays(shape: TableShape, backdrop: Backdrop) -> list[RectShape]:
    out: list[RectShape] = []
    by_row: dict[int, list[CellBox]] = {}
    for box in _cell_boxes(shape):
        by_row.setdefault(box.row, []).append(box)
    for r, row in by_row.items():
        run: list[CellBox] = []
        for item in [*row, None]:
            fill = item.cell["fill"] if item is not None else None
            key = _solid_key(fill) if item is not None and not item.cell["merged"] else None
            if run and (key is None or key != _solid_key(run[0].cell["fill"])):
                _underlay(run, r, backdrop, out, shape.get("name", "table"))
                run = []
            if key is not None and item is not None:
                run.append(item)
    return out


def _solid_key(fill: Fill | None) -> str | None:
    if fill is not None and fill["type"] == "solid" and fill["alpha"] >= 1:
        return fill["color"]
    return None


def _underlay(
    run: list[CellBox],
    r: int,
    backdrop: Backdrop,
    out: list[RectShape],
    name: str,
) -> None:
    if len(run) < 2:
        return
    x0, y0, h = run[0].x, run[0].y, run[0].h
    x1 = run[-1].x + run[-1].w
    under = backdrop((x0 + x1) / 2, y0 + h / 2)
    fill = run[0].cell["fill"]
    if fill is None or fill["type"] != "solid":
        return  # _solid_key: solid fills only
    if (
        under is not None
        and sum(abs(a - b) for a, b in zip(_rgb(fill["color"]), under, strict=True)) < 60
    ):
        return  # the seams would not show
    out.append(
        {
            "kind": "rect",
            "x": x0,
            "y": y0,
            "w": x1 - x0,
            "h": h,
            "fill": fill.copy(),
            "line": None,
            "name": f"{name} row {r + 1} fill",
        }
    )
