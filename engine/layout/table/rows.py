"""Table row heights (minimum row block sizes + rowspans + section/table heights -> final row heights, as Blink).

Blink's DistributeExcessBlockSizeToRows and DistributeTableBlockSizeToSections, in LayoutUnits
(integers in 1/64 px, see table_columns).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from engine.layout.table.columns import lu_of_float, muldiv, tdiv


@dataclass(slots=True)
class Row:
    block_size: int
    baseline: int | None = None
    percent: float | None = None
    constrained: bool = False
    has_rowspan_start: bool = False


@dataclass(slots=True)
class Section:
    start_row: int
    row_count: int
    block_size: int
    percent: float | None = None
    constrained: bool = False
    is_tbody: bool = True
    needs_redistribution: bool = False


def distribute_to_rows(
    start: int,
    count: int,
    desired: int,
    rowspan: bool,
    spacing: int,
    percent_basis: int | None,
    rows: list[Row],
) -> None:
    """Grow rows start..start+count so they (with the spacing between them) reach `desired`."""
    if count == 0:
        return
    indices = range(start, start + count)

    def deficit(row: Row) -> int:
        assert percent_basis is not None and row.percent is not None
        return max(0, lu_of_float(row.percent * percent_basis / 100) - row.block_size)

    with_rowspan: list[int] = []
    percent_rows: list[int] = []
    unconstrained_non_empty: list[int] = []
    empty: list[int] = []
    non_empty: list[int] = []
    unconstrained_empty: list[int] = []
    constrained_non_empty = 0
    total = percent_deficit = unconstrained_size = 0
    for i in indices:
        row = rows[i]
        total += row.block_size
        if rowspan and i != start and row.has_rowspan_start:
            with_rowspan.append(i)
        is_empty = row.block_size == 0
        if row.percent and percent_basis is not None:
            d = deficit(row)
            if d:
                percent_rows.append(i)
                percent_deficit += d
                is_empty = False
        constrained = row.constrained and (row.percent is None or percent_basis is not None)
        if is_empty:
            empty.append(i)
            if not constrained:
                unconstrained_empty.append(i)
        else:
            non_empty.append(i)
            if constrained:
                constrained_non_empty += 1
            else:
                unconstrained_non_empty.append(i)
                unconstrained_size += row.block_size
    distributable = desired - spacing * (count - 1) - total
    if distributable <= 0:
        return
    if percent_rows:
        share = min(percent_deficit, distributable)
        remaining = share
        for i in percent_rows:
            delta = muldiv(share, deficit(rows[i]), percent_deficit)
            rows[i].block_size += delta
            total += delta
            distributable -= delta
            remaining -= delta
        rows[percent_rows[-1]].block_size += remaining
        distributable -= remaining
        if distributable <= 0:
            return
    if with_rowspan:
        remaining = distributable
        for i in with_rowspan:
            delta = tdiv(distributable, len(with_rowspan))
            rows[i].block_size += delta
            remaining -= delta
        rows[with_rowspan[-1]].block_size = max(0, rows[with_rowspan[-1]].block_size + remaining)
        return
    if unconstrained_non_empty:
        _grow_proportionally(unconstrained_non_empty, distributable, unconstrained_size, rows)
        return
    if empty:
        only_empty = len(empty) == count
        if rowspan:
            if only_empty:
                rows[empty[-1]].block_size += distributable
                return
        elif only_empty or len(empty) + constrained_non_empty == count:
            grow = unconstrained_empty or empty
            remaining = distributable
            for i in grow:
                delta = tdiv(distributable, len(grow))
                rows[i].block_size = delta
                remaining -= delta
            rows[grow[-1]].block_size += remaining
            return
    if non_empty:
        _grow_proportionally(non_empty, distributable, total, rows)


def _grow_proportionally(
    indices: list[int], distributable: int, total: int, rows: list[Row]
) -> None:
    remaining = distributable
    for i in indices:
        delta = (
            muldiv(distributable, rows[i].block_size, total)
            if total
            else tdiv(distributable, len(indices))
        )
        rows[i].block_size += delta
        remaining -= delta
    rows[indices[-1]].block_size += remaining


def distribute_to_sections(
    spacing: int, table_block_size: int, sections: list[Section], rows: list[Row]
) -> None:
    """Grow the sections (tbody-like ones first) to fill a table's specified block size."""
    if not sections:
        return
    distributable_table = max(0, table_block_size - (len(sections) + 1) * spacing)

    def percent_size(section: Section) -> int:
        assert section.percent is not None
        return max(section.block_size, lu_of_float(section.percent * distributable_table / 100))

    minimum = sum(s.block_size for s in sections)
    percent_guess = sum(
        percent_size(s) if s.percent is not None else s.block_size for s in sections
    )
    if distributable_table <= minimum:
        return
    percent_sections = [i for i, s in enumerate(sections) if s.percent is not None]
    if percent_sections and percent_guess > minimum:
        share = min(percent_guess, distributable_table) - minimum
        difference = percent_guess - minimum
        remaining = share
        for i in percent_sections:
            section = sections[i]
            delta = muldiv(share, percent_size(section) - section.block_size, difference)
            section.block_size += delta
            section.needs_redistribution = True
            remaining -= delta
            minimum += delta
        sections[percent_sections[-1]].block_size += remaining
        minimum += remaining

    def pick(tbody_only: bool) -> list[int]:
        pool = [i for i, s in enumerate(sections) if s.is_tbody or not tbody_only]
        auto = [i for i in pool if sections[i].percent is None and not sections[i].constrained]
        fixed = [i for i in pool if sections[i].percent is None and sections[i].constrained]
        percent = [i for i in pool if sections[i].percent is not None]
        return auto or fixed or percent

    grow = pick(any(s.is_tbody for s in sections))
    distributable = distributable_table - minimum
    if distributable > 0 and grow:
        size = sum(sections[i].block_size for i in grow)
        remaining = distributable
        for i in grow:
            section = sections[i]
            delta = (
                muldiv(distributable, section.block_size, size)
                if size > 0
                else tdiv(distributable, len(grow))
            )
            section.block_size += delta
            section.needs_redistribution = True
            remaining -= delta
        sections[grow[-1]].block_size += remaining
    for section in sections:
        if section.needs_redistribution:
            distribute_to_rows(
                section.start_row,
                section.row_count,
                section.block_size,
                False,
                spacing,
                section.block_size,
                rows,
            )


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
