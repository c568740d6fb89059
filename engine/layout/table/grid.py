"""The laid-out table as a grid (what the PPTX stage maps to a:tbl): columns, rows, row groups, cells with fills and borders."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b
from engine.layout.fragments import BoxFragment, Edges
from engine.layout.table.borders import BorderSide
from engine.layout.table.structure import CellSlot, TableStructure

SIDES = ("top", "right", "bottom", "left")


@dataclass(eq=False, slots=True)
class TableColumn:
    x: float  # border-box left of the column's cells, relative to the table fragment
    width: float
    box: b.Box | None  # the <col> (or childless <colgroup>) describing it, if any
    group: b.Box | None  # its <colgroup>
    mergeable: bool = False  # no cell starts here (only spanned): width 0, no spacing


@dataclass(eq=False, slots=True)
class TableRow:
    y: float
    height: float
    box: b.Box | None  # None for an anonymous row
    group: int
    baseline: float  # from the row's top


@dataclass(eq=False, slots=True)
class TableRowGroup:
    y: float
    height: float
    box: b.Box | None  # None for an anonymous row group
    kind: str  # 'header' | 'body' | 'footer'
    first_row: int
    row_count: int


@dataclass(eq=False, slots=True)
class TableCell:
    """One cell. Its content sits inside `fragment` (border box; in the collapsing model its
    `border` is half of each collapsed edge) at fragment.border + padding from the border box."""

    row: int
    col: int
    rowspan: int
    colspan: int  # clamped to the grid
    fragment: BoxFragment
    box: b.Box
    background: b.Box | None  # the box whose background-* fills the cell: cell, row, group, column
    background_source: str  # 'cell' | 'row' | 'row-group' | 'column' | 'column-group' | ''
    borders: tuple[BorderSide, BorderSide, BorderSide, BorderSide]  # top/right/bottom/left, full
    padding: Edges
    vertical_align: str  # 'top' | 'middle' | 'bottom' | 'baseline'
    content_offset: float  # how far vertical-align moved the content down
    hidden: bool = False  # 'empty-cells: hide' on an empty cell (separated model): paint nothing


@dataclass(eq=False, slots=True)
class TableGrid:
    """A laid-out table as a grid (everything relative to the table fragment's border box)."""

    collapsed: bool
    border_spacing: tuple[float, float]
    x: float  # the table box (grid + table border/padding, without captions)
    y: float
    width: float
    height: float
    border: Edges  # the table box's used border widths (collapsed: halves of the outer edges)
    padding: Edges
    table_borders: tuple[BorderSide, BorderSide, BorderSide, BorderSide]  # separate model only
    columns: list[TableColumn] = field(default_factory=list)
    rows: list[TableRow] = field(default_factory=list)
    groups: list[TableRowGroup] = field(default_factory=list)
    cells: list[TableCell] = field(default_factory=list)
    h_edges: list[list[BorderSide]] = field(default_factory=list)  # collapsed: (rows + 1) x columns
    v_edges: list[list[BorderSide]] = field(default_factory=list)  # collapsed: rows x (columns + 1)
    captions: list[BoxFragment] = field(default_factory=list)


def cell_background(slot: CellSlot, st: TableStructure) -> tuple[b.Box | None, str]:
    """The box whose background shows in the cell: the cell's, else its row's, row group's, column's, column group's."""
    candidates: list[tuple[b.Box | None, str]] = [
        (slot.box, "cell"),
        (st.rows[slot.row].box, "row"),
        (st.groups[slot.group].box, "row-group"),
    ]
    if slot.col < len(st.columns):
        info = st.columns[slot.col]
        if info.box is not info.group:
            candidates.append((info.box, "column"))
        candidates.append((info.group, "column-group"))
    for box, source in candidates:
        if box is not None and has_background(box.style):
            return box, source
    return None, ""


def has_background(style: Any) -> bool:
    color = style["background-color"]
    if color is not None and not getattr(color, "transparent", False):
        return True
    images = style["background-image"]
    if images is None or images == "none":
        return False
    if isinstance(images, (tuple, list)):
        return any(image not in (None, "none") for image in images)
    return True
