"""Table column widths (column min/max constraints + assignable table width -> column widths, as Chromium's TableNG).

CSS Tables 3 "width distribution" (the min/percentage/specified/max guesses), following Blink's
table_layout_utils.cc step for step. All sizes here are Blink LayoutUnits: integers in 1/64 px
(`to_lu`/`from_lu` convert), so rounding matches the browser's.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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


LU_RAW_MAX = 2**31 - 1  # LayoutUnit's raw int32 range
LU_RAW_MIN = -(2**31)


def lu_of_float(value: float) -> int:
    """LayoutUnit(float) for a value already in 1/64 units: truncation toward zero, saturated to
    LayoutUnit's int32 range as Chromium's saturated cast does (NaN -> 0, infinities -> the ends):
    `100 / 1e-308%` of a column stays a number."""
    if value != value:
        return 0
    return (
        max(LU_RAW_MIN, min(LU_RAW_MAX, math.trunc(value)))
        if math.isfinite(value)
        else (LU_RAW_MAX if value > 0 else LU_RAW_MIN)
    )


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
