"""Collapsed table borders (border styles of cells, rows, row groups, columns and the table -> resolved grid edges).

CSS 2.1 17.6.2.1 as Chromium's TableBorders does it: sources are merged cells first (in
row order, so the left/top cell wins ties), then rows, row groups, columns, column groups and
the table; a source replaces an edge only when it is more specific: 'hidden' wins, then the
wider border, then the style priority (double > solid > dashed > dotted > ridge > outset >
groove > inset). Edges inside a spanning cell are never filled.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.layout.fragments import Edges

STYLE_RANK = {
    "none": 0,
    "hidden": 1,
    "inset": 2,
    "groove": 3,
    "outset": 4,
    "ridge": 5,
    "dotted": 6,
    "dashed": 7,
    "solid": 8,
    "double": 9,
}


@dataclass(frozen=True, slots=True)
class BorderSide:
    """A used border: its full width (px), style keyword, colour and the kind of box it came from."""

    width: float
    style: str
    color: Any
    source: str = ""  # 'cell' | 'row' | 'row-group' | 'column' | 'column-group' | 'table' | ''

    @property
    def visible(self) -> bool:
        return self.width > 0 and self.style not in ("none", "hidden")


NO_BORDER = BorderSide(0.0, "none", None, "")


def style_side(style: Any, side: str, source: str) -> BorderSide:
    """A box's own border on one side (the separated borders model)."""
    kind = str(style[f"border-{side}-style"])
    width = float(style[f"border-{side}-width"])
    if kind in ("none", "hidden") or width <= 0:
        return NO_BORDER
    return BorderSide(width, kind, style[f"border-{side}-color"], source)


class _Edge:
    __slots__ = ("style", "side", "source", "no_fill")

    def __init__(self) -> None:
        self.style: Any = None
        self.side = ""
        self.source = ""
        self.no_fill = False

    def width(self) -> float:
        """Chromium's BorderWidth for an edge that can paint, else 0."""
        if self.style is None or self.no_fill:
            return 0.0
        if self.style[f"border-{self.side}-style"] in ("none", "hidden"):
            return 0.0
        return float(self.style[f"border-{self.side}-width"])

    def used(self) -> BorderSide:
        if self.style is None or self.no_fill:
            return NO_BORDER
        kind = str(self.style[f"border-{self.side}-style"])
        if kind in ("none", "hidden"):
            return NO_BORDER
        return BorderSide(
            float(self.style[f"border-{self.side}-width"]),
            kind,
            self.style[f"border-{self.side}-color"],
            self.source,
        )


def _more_specific(style: Any, side: str, edge: _Edge) -> bool:
    if edge.no_fill:
        return False
    kind = str(style[f"border-{side}-style"])
    if edge.style is None or kind == "hidden":
        return True
    edge_kind = str(edge.style[f"border-{edge.side}-style"])
    if edge_kind == "hidden":
        return False
    width = float(style[f"border-{side}-width"])
    edge_width = float(edge.style[f"border-{edge.side}-width"])
    if width != edge_width:
        return width > edge_width
    return STYLE_RANK.get(kind, 0) > STYLE_RANK.get(edge_kind, 0)


class CollapsedBorders:
    """The edge grid: `h[r][c]` is the horizontal edge above row r (r == rows: the bottom edge) over
    column c; `v[r][c]` is the vertical edge left of column c (c == cols: the right edge) in row r."""

    def __init__(self, rows: int, cols: int):
        self.rows = rows
        self.cols = cols
        self.h = [[_Edge() for _ in range(cols)] for _ in range(rows + 1)]
        self.v = [[_Edge() for _ in range(cols + 1)] for _ in range(rows)]

    def merge(
        self, row: int, col: int, rowspan: int, colspan: int, style: Any, source: str
    ) -> None:
        colspan = min(colspan, self.cols - col)
        rowspan = min(rowspan, self.rows - row)
        if rowspan <= 0 or colspan <= 0 or style is None:
            return
        self._merge_h(self.h[row][col : col + colspan], style, "top", source)
        self._merge_h(self.h[row + rowspan][col : col + colspan], style, "bottom", source)
        self._merge_h([self.v[r][col] for r in range(row, row + rowspan)], style, "left", source)
        self._merge_h(
            [self.v[r][col + colspan] for r in range(row, row + rowspan)], style, "right", source
        )
        if source == "cell" and (rowspan > 1 or colspan > 1):
            for r in range(row, row + rowspan):
                for c in range(col + 1, col + colspan):
                    if self.v[r][c].style is None:
                        self.v[r][c].no_fill = True
            for r in range(row + 1, row + rowspan):
                for c in range(col, col + colspan):
                    if self.h[r][c].style is None:
                        self.h[r][c].no_fill = True

    @staticmethod
    def _merge_h(edges: list[_Edge], style: Any, side: str, source: str) -> None:
        if style[f"border-{side}-style"] == "none":
            return
        for edge in edges:
            if _more_specific(style, side, edge):
                edge.style = style
                edge.side = side
                edge.source = source

    def half_widths(self, row: int, col: int, rowspan: int, colspan: int) -> Edges:
        """Chromium's GetCellBorders: the widest edge on each side, halved (in 1/64 px)."""
        colspan = max(0, min(colspan, self.cols - col))
        rowspan = max(0, min(rowspan, self.rows - row))
        if colspan == 0 or rowspan == 0:
            return Edges()
        left = max(self.v[r][col].width() for r in range(row, row + rowspan))
        right = max(self.v[r][col + colspan].width() for r in range(row, row + rowspan))
        top = max(self.h[row][c].width() for c in range(col, col + colspan))
        bottom = max(self.h[row + rowspan][c].width() for c in range(col, col + colspan))
        return Edges(_half(top), _half(right), _half(bottom), _half(left))

    def cell_sides(
        self, row: int, col: int, rowspan: int, colspan: int
    ) -> tuple[BorderSide, BorderSide, BorderSide, BorderSide]:
        """The used (full-width) borders of a cell's four sides, top/right/bottom/left: on a side
        that meets several edges (a spanning cell), the widest one."""
        colspan = max(1, min(colspan, self.cols - col))
        rowspan = max(1, min(rowspan, self.rows - row))
        top = _widest(self.h[row][c] for c in range(col, col + colspan))
        bottom = _widest(self.h[row + rowspan][c] for c in range(col, col + colspan))
        left = _widest(self.v[r][col] for r in range(row, row + rowspan))
        right = _widest(self.v[r][col + colspan] for r in range(row, row + rowspan))
        return top, right, bottom, left

    def h_sides(self) -> list[list[BorderSide]]:
        return [[e.used() for e in line] for line in self.h]

    def v_sides(self) -> list[list[BorderSide]]:
        return [[e.used() for e in line] for line in self.v]


def _widest(edges: Any) -> BorderSide:
    best = NO_BORDER
    for edge in edges:
        side = edge.used()
        if side.width > best.width:
            best = side
    return best


def _half(width: float) -> float:
    raw = round(width * 64)
    return math.trunc(raw / 2) / 64
