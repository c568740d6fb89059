"""Table column measures (cells' and <col>s' styles and content sizes -> column min/max constraints and the table's min/max widths).

CSS Tables 3 "computing cell measures" and "computing column measures", following Blink's
table_layout_utils.cc / table_layout_algorithm_types.cc. Sizes are LayoutUnits (see table_columns).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from engine.layout.table.columns import (
    TABLE_MAX_INLINE_SIZE,
    CellConstraint,
    Column,
    distribute_auto,
    lu_of_float,
    to_lu,
)
from engine.style.types import LP


def _fixed_size(value: Any, bp: int, content_box: bool) -> int | None:
    if isinstance(value, LP) and value.pct == 0:
        value = value.px
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    size = to_lu(float(value))
    return size + bp if content_box else max(size, bp)


def sizes_from_style(
    style: Any, bp: int
) -> tuple[int | None, int | None, int | None, float | None]:
    """InlineSizesFromStyle: (width, min-width, max-width) as border-box LayoutUnits, and width's percentage."""
    content_box = style["box-sizing"] != "border-box"
    width = _fixed_size(style["width"], bp, content_box)
    min_w = _fixed_size(style["min-width"], bp, content_box)
    max_w = _fixed_size(style["max-width"], bp, content_box)
    if max_w is not None and min_w is not None:
        max_w = max(min_w, max_w)
    percent = None
    w = style["width"]
    if isinstance(w, LP) and w.px == 0 and w.pct != 0:
        percent = float(w.pct)
        mw = style["max-width"]
        if isinstance(mw, LP) and mw.px == 0 and mw.pct != 0:
            percent = min(percent, float(mw.pct))
    return width, min_w, max_w, percent


def cell_constraint(
    style: Any, content_min: int, content_max: int, bp: int, fixed_layout: bool
) -> CellConstraint:
    """CreateCellInlineConstraint; content sizes are border-box sizes (they include `bp`)."""
    width, min_w, max_w, percent = sizes_from_style(style, bp)
    resolved_min = 0 if fixed_layout else max(content_min, min_w or 0)
    content = width if width is not None else content_max
    if max_w is not None:
        content = min(content, max_w)
        resolved_min = min(resolved_min, max_w)
    resolved_max = max(resolved_min, content)
    percent_bp = (
        bp if fixed_layout and percent is not None and style["box-sizing"] != "border-box" else 0
    )
    return CellConstraint(resolved_min, resolved_max, percent, percent_bp, width is not None)


def column_from_style(style: Any, default: int | None, fixed_layout: bool) -> Column:
    """CreateColumn for a <col>/<colgroup>."""
    width, min_w, _max_w, percent = sizes_from_style(style, 0)
    if width is None:
        width = default
    if min_w is not None and width is not None:
        width = max(width, min_w)
    if percent == 0:
        percent = None
    mergeable = False if fixed_layout else (width or 0) == 0 and (percent or 0) == 0
    return Column(min_w or 0, width, percent, 0, width is not None, fixed_layout, mergeable)


@dataclass(slots=True)
class ColspanCell:
    constraint: CellConstraint
    start: int
    span: int


def build_columns(
    element_columns: list[Column],
    cells: list[CellConstraint | None],
    colspan_cells: list[ColspanCell],
    spacing: int,
    fixed_layout: bool,
) -> list[Column]:
    """ApplyCellConstraintsToColumnConstraints: merge cells into columns, distribute spanning cells."""
    columns = [replace(c) for c in element_columns]
    if len(columns) < len(cells):
        columns.extend(
            Column(table_fixed=fixed_layout, mergeable=not fixed_layout)
            for _ in range(len(cells) - len(columns))
        )
    elif len(columns) > len(cells):
        last = len(columns) - 1
        while last + 1 > len(cells) and columns[last].mergeable:
            last -= 1
        del columns[last + 1 :]
    for cell in colspan_cells:
        if cell.start < len(columns):
            columns[cell.start].mergeable = False  # at least one spanned column takes space
    for i, constraint in enumerate(cells):
        columns[i].encompass(constraint)
    ordered = sorted(colspan_cells, key=lambda c: (c.span, c.start))
    for cell in ordered:
        if cell.start >= len(columns):
            continue
        if fixed_layout:
            _distribute_colspan_fixed(cell, spacing, columns)
        else:
            _distribute_colspan_auto(cell, spacing, columns)
    total_percent = 0.0
    for column in columns:
        if column.percent is not None:
            if not fixed_layout and column.percent + total_percent > 100.0:
                column.percent = 100 - total_percent
            total_percent += column.percent
        column.min = column.min or 0
        column.max = column.max or 0
    if fixed_layout and total_percent > 100.0:
        for column in columns:
            if column.percent is not None:
                column.percent = column.percent * 100 / total_percent
    return columns


def _inner_spacing(columns: list[Column], spacing: int) -> int:
    count = sum(1 for c in columns if not c.mergeable)
    return spacing * max(0, count - 1)


def _distribute_colspan_auto(cell: ColspanCell, spacing: int, all_columns: list[Column]) -> None:
    columns = all_columns[cell.start : cell.start + cell.span]
    inner = _inner_spacing(columns, spacing)
    cell_min = max(0, cell.constraint.min - inner)
    cell_max = max(0, cell.constraint.max - inner)
    for column in columns:
        column.min = column.min or 0
        column.max = column.max or 0
    if cell.constraint.percent is not None:
        live = [c for c in columns if not c.mergeable]
        columns_percent = sum(c.percent for c in live if c.percent is not None)
        nonpercent = [c for c in live if c.percent is None]
        nonpercent_max = sum(c.max or 0 for c in nonpercent)
        surplus = cell.constraint.percent - columns_percent
        if surplus > 0 and nonpercent:
            for column in nonpercent:
                if nonpercent_max:
                    column.percent = surplus * (column.max or 0) / nonpercent_max
                else:
                    column.percent = surplus / len(nonpercent)
    sizes = distribute_auto(cell_min, columns, True)
    for column, size in zip(columns, sizes, strict=True):
        column.min = max(column.min or 0, size)
    sizes = distribute_auto(cell_max, columns, cell.constraint.constrained)
    for column, size in zip(columns, sizes, strict=True):
        column.max = max(column.min or 0, column.max or 0, size)


def _distribute_colspan_fixed(cell: ColspanCell, spacing: int, all_columns: list[Column]) -> None:
    columns = all_columns[cell.start : cell.start + cell.span]
    live = [c for c in columns if not c.mergeable]
    if not live:
        return
    inner = spacing * (len(live) - 1)
    cell_min = max(0, cell.constraint.min - inner) if cell.constraint.constrained else 0
    cell_max = max(0, cell.constraint.max - inner)
    new_min = lu_of_float(cell_min / len(live))
    new_max = lu_of_float(cell_max / len(live))
    new_percent = (
        cell.constraint.percent / len(live) if cell.constraint.percent is not None else None
    )
    err_min, err_max = cell_min, cell_max
    for column in live:
        err_min -= new_min
        err_max -= new_max
        if column.min is None:
            column.constrained = column.constrained or cell.constraint.constrained
            column.min = new_min
        if column.max is None:
            column.constrained = column.constrained or cell.constraint.constrained
            column.max = new_max
        if column.percent is None and not column.constrained and new_percent is not None:
            column.percent = new_percent
    last = live[-1]
    last.min = (last.min or 0) + err_min
    last.max = (last.max or 0) + err_max


def grid_min_max(
    columns: list[Column], undistributable: int, fixed_layout: bool, allow_percent: bool = True
) -> tuple[int, int]:
    """ComputeGridInlineMinMax: the table's border-box min-content and max-content widths."""
    min_size = max_size = 0
    percent_estimate = 0
    non_percent_max = 0
    percent_sum = 0.0
    for column in columns:
        cmin, cmax = column.min or 0, column.max or 0
        min_size += cmax if fixed_layout and column.is_fixed else cmin
        if column.percent is not None and column.percent > 0:
            if cmax > 0:
                estimate = lu_of_float(100 / column.percent * (cmax - column.percent_bp))
                percent_estimate = max(percent_estimate, estimate)
        else:
            non_percent_max += cmax
        max_size += cmax
        if column.percent is not None:
            percent_sum += column.percent
    percent_sum = min(percent_sum, 100.0)
    if percent_sum > 0 and allow_percent:
        from_percent = 0
        if non_percent_max:
            from_percent = (
                TABLE_MAX_INLINE_SIZE
                if percent_sum == 100.0
                else lu_of_float(100 / (100 - percent_sum) * non_percent_max)
            )
        max_size = max(max_size, from_percent, percent_estimate)
    max_size = max(min_size, max_size)
    return min_size + undistributable, max_size + undistributable


def undistributable_space(columns: list[Column], border_padding: int, spacing: int) -> int:
    count = 2
    first = True
    for column in columns:
        if not column.mergeable:
            if first:
                first = False
            else:
                count += 1
    return border_padding + count * spacing
