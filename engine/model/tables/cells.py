"""Separated table cells (cells of a separated-borders table that a native table cannot paint ->
their backgrounds and borders as shapes at each cell's own border box, behind the table)."""

from __future__ import annotations

from collections.abc import Callable

from engine.layout.fragments import BoxFragment
from engine.layout.table.grid import TableCell, TableGrid
from engine.model.decor.borders import radius_px
from engine.model.geometry import Matrix, geom_for, local_box, placed, translate
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import RectShape, Shape

__all__ = ["CellPainter", "paints_as_shapes", "separated_cell_shapes"]

# Paints one box's background and border (engine.model.decor.layers.decorate with the page's
# diagnostics and media bound): a cell fragment, its matrix, its opacity -> shapes.
CellPainter = Callable[[BoxFragment, Matrix, float], list[Shape]]


# Gaps narrower than this (the UA default is 2px) stay a native table's abutting cells: a table
# whose author did not ask for gaps keeps its fills and borders editable in the table itself.
SHAPED_SPACING = 4.0


def paints_as_shapes(cell: TableCell, grid: TableGrid) -> bool:
    """Whether a cell's fill and borders leave the native table for shapes: in the separated
    model Chromium paints every cell at its own border box, rounded by its own border-radius
    (its row's and column's backgrounds too, clipped to that shape), with border-spacing gaps
    between cells; a native table's cells abut and are square."""
    if grid.collapsed or cell.hidden:
        return False
    frag = cell.fragment
    spaced = max(grid.border_spacing) >= SHAPED_SPACING
    if not spaced and max(radius_px(frag.box.style, frag.width, frag.height)) <= 0.5:
        return False
    return cell.background is not None or any(side.visible for side in cell.borders)


def separated_cell_shapes(
    grid: TableGrid,
    cells: list[TableCell],
    m: Matrix,
    alpha: float,
    fill_of: Callable[[TableCell], Fill | None],
    paint: CellPainter,
) -> list[Shape]:
    """Shapes for `cells` in tree order: a row's, row group's or column's background as a
    rectangle with the cell's corners, then the cell's own background and border (`paint`)."""
    out: list[Shape] = []
    for cell in cells:
        frag = cell.fragment
        cm = m.multiply(translate(frag.x, frag.y))
        opacity = alpha * float(frag.box.style["opacity"])
        if cell.background is not None and cell.background_source != "cell":
            fill = fill_of(cell)
            if fill is not None:
                radii = radius_px(frag.box.style, frag.width, frag.height)
                shape: RectShape = {
                    "kind": "rect",
                    "fill": fill,
                    "line": None,
                    "name": f"{frag.box.describe()} {cell.background_source} background",
                    **geom_for(radii, frag.width, frag.height),
                    **local_box((0.0, 0.0, frag.width, frag.height)),
                }
                out.append(placed(shape, cm, (0.0, 0.0, frag.width, frag.height)))
        out.extend(paint(frag, cm, opacity))
    return out
