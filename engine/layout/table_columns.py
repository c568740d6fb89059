"""Table column widths (cell and column min/max constraints + table width -> column widths, as Chromium's TableNG).

CSS Tables 3 "computing column measures" and "width distribution", following Blink's
table_layout_utils.cc step for step. All sizes here are Blink LayoutUnits: integers in 1/64 px
(`to_lu`/`from_lu` convert), so rounding matches the browser's.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, replace
from typing import Any

from engine.style.types import LP

LU = 64
TABLE_MAX_INLINE_SIZE = 1_000_000 * LU


def to_lu(px: float) -> int:
    return round(px * LU)


def ceil_lu(px: float) -> int:
    """LayoutUnit::FromFloatCeil (content sizes are rounded up so text never wraps)."""
    return math.ceil(px * LU - 1e-6)


def from_lu(raw: int) -> float:
    return raw / LU


def tdiv(a: int, b: int) -> int:
    """C++ integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def muldiv(a: int, b: int, c: int) -> int:
    """LayoutUnit::MulDiv."""
    return tdiv(a * b, c)


def lu_of_float(value: float) -> int:
    """LayoutUnit(float) for a value already in 1/64 units: truncation toward zero."""
    return math.trunc(value)


@dataclass(slots=True)
class CellConstraint:
    min: int
    max: int
    percent: float | None = None
    percent_bp: int = 0
    constrained: bool = False

    def encompass(self, other: CellConstraint) -> None:
        """CellInlineConstraint::Encompass: merge another single-column cell of the same column."""
        if other.min > self.min:
            self.min = other.min
        if self.constrained == other.constrained:
            self.max = max(self.max, other.max)
        elif self.constrained:
            self.max = max(self.max, other.min)
        else:
            self.max = max(self.min, other.max)
        self.constrained = self.constrained or other.constrained
        if _opt_gt(other.percent, self.percent):
            self.percent = other.percent
            self.percent_bp = other.percent_bp


@dataclass(slots=True)
class Column:
    min: int | None = None
    max: int | None = None
    percent: float | None = None
    percent_bp: int = 0
    constrained: bool = False
    table_fixed: bool = False
    mergeable: bool = False

    def resolve_percent(self, target: int) -> int:
        assert self.percent is not None
        return max(self.min or 0, lu_of_float(self.percent * target / 100) + self.percent_bp)

    @property
    def is_fixed(self) -> bool:
        return self.constrained and self.percent is None and self.max is not None

    def encompass(self, cell: CellConstraint | None) -> None:
        """Column::Encompass."""
        if cell is None:
            return
        if self.constrained and self.table_fixed:
            return
        if not self.table_fixed:
            self.mergeable = False
        if self.min is not None:
            if self.min < cell.min:
                self.min = cell.min
            if self.constrained:
                assert self.max is not None
                self.max = max(self.max, cell.max if cell.constrained else cell.min)
            else:
                self.max = max(self.max or 0, cell.max)
        else:
            self.min = cell.min
            self.max = cell.max
        if self.min is not None and self.max is not None:
            self.max = max(self.min, self.max)
        if _opt_gt(cell.percent, self.percent):
            self.percent = cell.percent
            self.percent_bp = cell.percent_bp
        self.constrained = self.constrained or cell.constrained


def _opt_gt(a: float | None, b: float | None) -> bool:
    """std::optional's a > b (nullopt is smaller than any value)."""
    if a is None:
        return False
    return b is None or a > b


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


def distribute_auto(target: int, columns: list[Column], constrained_target: bool) -> list[int]:
    """DistributeInlineSizeToComputedInlineSizeAuto (the width distribution's guesses)."""
    percent_n = fixed_n = auto_n = 0
    total_percent = 0.0
    total_auto_max = total_fixed_max = 0
    guess = [0, 0, 0, 0]  # min, percentage, specified, max
    increase = [0, 0, 0, 0]
    for c in columns:
        if c.mergeable:
            continue
        cmin, cmax = c.min or 0, c.max or 0
        if c.percent is not None:
            percent_n += 1
            total_percent += c.percent
            p = c.resolve_percent(target)
            guess[0] += cmin
            guess[1] += p
            guess[2] += p
            guess[3] += p
            increase[1] += p - cmin
        elif c.constrained:
            fixed_n += 1
            total_fixed_max += cmax
            guess[0] += cmin
            guess[1] += cmin
            guess[2] += cmax
            guess[3] += cmax
            increase[2] += cmax - cmin
        else:
            auto_n += 1
            total_auto_max += cmax
            guess[0] += cmin
            guess[1] += cmin
            guess[2] += cmin
            guess[3] += cmax
            increase[3] += cmax - cmin
    sizes = [0] * len(columns)
    target = max(target, guess[0])
    start = next((i for i in range(4) if guess[i] >= target), 4)
    live = [i for i, c in enumerate(columns) if not c.mergeable]
    last: int | None = None
    if start == 0:
        for i in live:
            sizes[i] = columns[i].min or 0
        return sizes
    if start == 1:
        distributable = target - guess[0]
        remaining = distributable
        for i in live:
            c = columns[i]
            if c.percent is not None:
                last = i
                inc = c.resolve_percent(target) - (c.min or 0)
                delta = (
                    muldiv(distributable, inc, increase[1])
                    if increase[1] > 0
                    else tdiv(distributable, percent_n)
                )
                remaining -= delta
                sizes[i] = (c.min or 0) + delta
            else:
                sizes[i] = c.min or 0
    elif start == 2:
        distributable = target - guess[1]
        remaining = distributable
        for i in live:
            c = columns[i]
            if c.percent is not None:
                sizes[i] = c.resolve_percent(target)
            elif c.constrained:
                last = i
                inc = (c.max or 0) - (c.min or 0)
                delta = (
                    muldiv(distributable, inc, increase[2])
                    if increase[2] > 0
                    else tdiv(distributable, fixed_n)
                )
                remaining -= delta
                sizes[i] = (c.min or 0) + delta
            else:
                sizes[i] = c.min or 0
    elif start == 3:
        distributable = target - guess[2]
        exact = target == guess[3]
        remaining = 0 if exact else distributable
        for i in live:
            c = columns[i]
            if c.percent is not None:
                sizes[i] = c.resolve_percent(target)
            elif c.constrained or exact:
                sizes[i] = c.max or 0
            else:
                last = i
                inc = (c.max or 0) - (c.min or 0)
                delta = (
                    muldiv(distributable, inc, increase[3])
                    if increase[3] > 0
                    else tdiv(distributable, auto_n)
                )
                remaining -= delta
                sizes[i] = (c.min or 0) + delta
    else:
        distributable = target - guess[3]
        remaining = distributable
        if auto_n > 0:
            for i in live:
                c = columns[i]
                if c.percent is not None:
                    sizes[i] = c.resolve_percent(target)
                elif c.constrained:
                    sizes[i] = c.max or 0
                else:
                    last = i
                    delta = (
                        muldiv(distributable, c.max or 0, total_auto_max)
                        if total_auto_max > 0
                        else tdiv(distributable, auto_n)
                    )
                    remaining -= delta
                    sizes[i] = (c.max or 0) + delta
        elif fixed_n > 0 and constrained_target:
            for i in live:
                c = columns[i]
                if c.percent is not None:
                    sizes[i] = c.resolve_percent(target)
                else:
                    last = i
                    delta = (
                        muldiv(distributable, c.max or 0, total_fixed_max)
                        if total_fixed_max > 0
                        else tdiv(distributable, fixed_n)
                    )
                    remaining -= delta
                    sizes[i] = (c.max or 0) + delta
        elif percent_n > 0:
            for i in live:
                c = columns[i]
                if c.percent is None:
                    continue  # as Blink: only reached for a spanning cell's unconstrained max
                last = i
                delta = (
                    lu_of_float(distributable * c.percent / total_percent)
                    if total_percent
                    else tdiv(distributable, percent_n)
                )
                remaining -= delta
                sizes[i] = c.resolve_percent(target) + delta
        else:
            return sizes
    if remaining and last is not None:
        sizes[last] += remaining
    return sizes


def distribute_fixed(target: int, columns: list[Column]) -> list[int]:
    """SynchronizeAssignableTableInlineSizeAndColumnsFixed (table-layout: fixed)."""

    def treat_as_fixed(c: Column) -> bool:
        return c.is_fixed and (c.max or 0) != 0  # width: 0 columns act as auto

    def zero_constrained(c: Column) -> bool:
        return c.constrained and (c.max or 0) == 0

    n = len(columns)
    percent_n = auto_n = fixed_n = zero_n = 0
    total_percent = total_fixed = 0
    for c in columns:
        if c.percent is not None:
            percent_n += 1
            total_percent += c.resolve_percent(target)
        elif treat_as_fixed(c):
            fixed_n += 1
            total_fixed += c.max or 0
        elif zero_constrained(c):
            zero_n += 1
        else:
            auto_n += 1
    sizes = [0] * n
    assigned = 0
    last: int | None = None
    if fixed_n:
        scale, available = 1.0, True
        target_fixed = max(0, target - total_percent)
        if (total_fixed < target_fixed and auto_n == 0) or total_fixed > target:
            if total_fixed:
                scale = target_fixed / total_fixed
            else:
                available = False
        for i, c in enumerate(columns):
            if not treat_as_fixed(c):
                continue
            last = i
            sizes[i] = (
                lu_of_float(scale * (c.max or 0)) if available else lu_of_float(target / fixed_n)
            )
            assigned += sizes[i]
    if assigned >= target:
        return sizes
    if percent_n:
        scale, available = 1.0, True
        free = target - assigned
        if (total_percent < free and auto_n == 0) or total_percent > free:
            if total_percent:
                scale = free / total_percent
            else:
                available = False
        for i, c in enumerate(columns):
            if c.percent is None:
                continue
            last = i
            sizes[i] = (
                lu_of_float(scale * c.resolve_percent(target))
                if available
                else lu_of_float(free / percent_n)
            )
            assigned += sizes[i]
    distributing = target - assigned
    all_zero = zero_n == n
    for i, c in enumerate(columns):
        if c.percent is not None or treat_as_fixed(c):
            continue
        if zero_constrained(c) and not all_zero:
            continue
        last = i
        sizes[i] = lu_of_float(distributing / (zero_n if all_zero else auto_n))
        assigned += sizes[i]
    if last is not None:
        sizes[last] += target - assigned
    return sizes


def column_locations(
    columns: list[Column], sizes: list[int], spacing: int
) -> list[tuple[int, int]]:
    """ComputeLocationsFromColumns: (offset, size) of each column from the grid's inline start
    (the offset includes the leading border-spacing); empty mergeable columns take no space."""
    out: list[tuple[int, int]] = []
    offset = spacing
    first = True
    for column, size in zip(columns, sizes, strict=True):
        if column.mergeable and size == 0:
            out.append((offset, 0))
            continue
        if first:
            first = False
        else:
            offset += spacing
        out.append((offset, size))
        offset += size
    return out


def rowspan_order(cells: list[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """Blink's RowspanCell ordering for (start_row, span, min_block_size): enclosed cells first,
    the bigger of two identical spans first, otherwise the lower start row first."""

    def less(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        if a[0] == b[0] and a[1] == b[1]:
            return a[2] > b[2]
        if a[0] >= b[0] and a[0] + a[1] <= b[0] + b[1]:
            return True
        if b[0] >= a[0] and b[0] + b[1] <= a[0] + a[1]:
            return False
        return a[0] < b[0]

    def cmp(a: tuple[int, int, int], b: tuple[int, int, int]) -> int:
        if less(a, b):
            return -1
        if less(b, a):
            return 1
        return 0

    return sorted(cells, key=functools.cmp_to_key(cmp))
