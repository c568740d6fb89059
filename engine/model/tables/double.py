"""Double table borders (the 'double' edges of a laid-out table -> two filled stripes per edge,
drawn over the native table, whose own cell lines cannot be double in LibreOffice)."""

from __future__ import annotations

from engine.layout.table.borders import BorderSide
from engine.layout.table.grid import TableCell, TableGrid
from engine.model.geometry import Matrix, local_box, placed
from engine.model.paint.fills import fill_for_color
from engine.model.schema.shapes import RectShape, Shape

__all__ = ["double_border_shapes", "is_double"]

Region = tuple[float, float, float, float]  # x, y, w, h in the table fragment's space


def is_double(side: BorderSide | None) -> bool:
    """A border Chromium draws as two lines: style double and at least 3 px wide (thinner
    double borders are drawn solid)."""
    return side is not None and side.style == "double" and side.width >= 3 and side.visible


def _stripes(region: Region, width: float, horizontal: bool) -> list[Region]:
    """The two lines of a double border over its region: each round(width / 3) thick, at the
    region's two outer edges (Chromium: 4 px -> 1 + 2 gap + 1, 5 px -> 2 + 1 + 2)."""
    x, y, w, h = region
    t = float(max(1, round(width / 3)))
    if horizontal:
        return [(x, y, w, t), (x, y + h - t, w, t)]
    return [(x, y, t, h), (x + w - t, y, t, h)]


def _collapsed_regions(grid: TableGrid) -> list[tuple[BorderSide, Region, bool]]:
    out: list[tuple[BorderSide, Region, bool]] = []
    if not grid.rows or not grid.columns:
        return out
    ys = [r.y for r in grid.rows] + [grid.rows[-1].y + grid.rows[-1].height]
    xs = [c.x for c in grid.columns] + [grid.columns[-1].x + grid.columns[-1].width]
    for r, row in enumerate(grid.h_edges[: len(ys)]):
        for c, side in enumerate(row[: len(grid.columns)]):
            if is_double(side) and grid.columns[c].width > 0:
                region = (xs[c], ys[r] - side.width / 2, grid.columns[c].width, side.width)
                out.append((side, region, True))
    for r, row in enumerate(grid.v_edges[: len(grid.rows)]):
        for c, side in enumerate(row[: len(xs)]):
            if is_double(side):
                region = (xs[c] - side.width / 2, ys[r], side.width, grid.rows[r].height)
                out.append((side, region, False))
    return out


def _separated_regions(
    cells: list[TableCell],
) -> list[tuple[BorderSide, Region, bool]]:
    out: list[tuple[BorderSide, Region, bool]] = []
    for cell in cells:
        f = cell.fragment
        top, right, bottom, left = cell.borders
        if is_double(top):
            out.append((top, (f.x, f.y, f.width, top.width), True))
        if is_double(bottom):
            out.append((bottom, (f.x, f.y + f.height - bottom.width, f.width, bottom.width), True))
        if is_double(left):
            out.append((left, (f.x, f.y, left.width, f.height), False))
        if is_double(right):
            out.append((right, (f.x + f.width - right.width, f.y, right.width, f.height), False))
    return out


def double_border_shapes(
    grid: TableGrid, cells: list[TableCell], m: Matrix, alpha: float, name: str
) -> list[Shape]:
    """Two filled stripes for every double border of the table: the collapsed grid's edges, or
    in the separated model the own borders of `cells` (those the native table paints)."""
    regions = _collapsed_regions(grid) if grid.collapsed else _separated_regions(cells)
    out: list[Shape] = []
    for side, region, horizontal in regions:
        fill = fill_for_color(side.color, alpha)
        if fill is None:
            continue
        for stripe in _stripes(region, side.width, horizontal):
            shape: RectShape = {
                "kind": "rect",
                "geom": "rect",
                "fill": fill.copy(),
                "line": None,
                "name": f"{name} double border",
                **local_box(stripe),
            }
            out.append(placed(shape, m, stripe))
    return out
