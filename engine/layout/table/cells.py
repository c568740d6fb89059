"""Table cells and rows (cells at their column widths -> measured cells, row heights, placed cell fragments; as Blink).

Each cell is laid out once, by the block layout, at its used width with an auto height (Blink's
measure pass); rows take the tallest cell (and baseline alignment) into account, and the
placed cell keeps the measured content, moved down for vertical-align.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.boxes import box as b
from engine.layout.base import LayoutContext, Space, is_definite, length
from engine.layout.block.layout import layout_block
from engine.layout.fragments import BoxFragment, Edges
from engine.layout.positioned.absolute import relative_offset
from engine.layout.table.borders import CollapsedBorders, style_side
from engine.layout.table.columns import Column, from_lu, tdiv, to_lu
from engine.layout.table.grid import SIDES, TableCell, cell_background
from engine.layout.table.rows import Row, Section, distribute_to_rows, rowspan_order
from engine.layout.table.structure import CellSlot, StyleView, TableStructure
from engine.style.computed import ComputedStyle, derived_style
from engine.style.types import LP


@dataclass(eq=False, slots=True)
class TablePrep:
    """Everything that does not depend on the table's used width."""

    st: TableStructure
    collapsed: bool
    fixed: bool
    spacing: tuple[float, float]
    border: Edges
    padding: Edges
    edges: CollapsedBorders | None
    cell_borders: list[Edges]
    columns: list[Column]
    undistributable: int
    grid_min: int
    grid_max: int
    caption_min: float


@dataclass(eq=False, slots=True)
class Measure:
    frag: BoxFragment
    height: int  # the cell's intrinsic border-box height
    align: str
    baseline: int | None  # baseline-aligned cells: the first baseline (content bottom when none)
    has_content: bool
    bp_end: int  # bottom border + padding
    css_height: int | None
    css_percent: float | None


_CELL_OVERRIDES: dict[str, Any] = {
    "width": "auto",
    "height": "auto",
    "min-width": "auto",
    "max-width": "none",
    "min-height": "auto",
    "max-height": "none",
    "margin-top": 0.0,
    "margin-right": 0.0,
    "margin-bottom": 0.0,
    "margin-left": 0.0,
}


def _wrapper_style(ctx: LayoutContext, base: Any, overrides: dict[str, Any], borders: Any) -> Any:
    """The cell wrapper's style: the cell's style with `overrides`. Sibling cells share one
    computed style object, so one copy per (cell style, collapsed borders) serves a whole table
    (and reads at dict speed); a page's anonymous cells keep a view."""
    if not isinstance(base, ComputedStyle):
        return StyleView(base, overrides)
    key = ((id(base), borders), "cell-style")
    cached = ctx.intrinsic_cache.get(key)
    if cached is not None and cached[0] is base:
        return cached[1]
    style = derived_style(base, overrides)
    ctx.intrinsic_cache[key] = (base, style)  # keeps `base` alive: its id is not reused
    return style


def measure_cell(
    slot: CellSlot,
    prep: TablePrep,
    ctx: LayoutContext,
    locations: list[tuple[int, int]],
    grid_inline: float,
    index: int,
) -> Measure:
    """Lay the cell out at its column width with an auto height (Blink's measure pass)."""
    cell = slot.box
    end = min(slot.col + slot.colspan, len(locations)) - 1
    width = from_lu(locations[end][0] + locations[end][1] - locations[slot.col][0])
    overrides = _CELL_OVERRIDES  # never mutated: a StyleView only reads its overrides
    if prep.collapsed:
        top, right, bottom, left = prep.cell_borders[index]
        overrides = {
            **_CELL_OVERRIDES,
            "border-top-width": top,
            "border-right-width": right,
            "border-bottom-width": bottom,
            "border-left-width": left,
        }
    wrapper = b.Box(
        _wrapper_style(
            ctx, cell.style, overrides, prep.cell_borders[index] if prep.collapsed else None
        ),
        "block",
        b.TABLE_CELL,
        children=cell.children,
        element=cell.element,
        pseudo=cell.pseudo,
        anonymous=cell.anonymous,
        inline_content=cell.inline_content,
        marker=cell.marker,
        href=cell.href,
        index=cell.index,
    )
    frag = layout_block(wrapper, ctx, Space(grid_inline, None, width=width))
    frag.box = cell
    height = to_lu(frag.height)
    valign = cell.style["vertical-align"]
    align = valign if valign in ("top", "middle", "bottom") else "baseline"
    has_content = any(not c.out_of_flow for c in cell.children)
    bp_end = to_lu(frag.border.bottom + frag.padding.bottom)
    baseline = None
    if align == "baseline":
        baseline = to_lu(frag.baseline) if frag.baseline is not None else height - bp_end
    css_height, css_percent = None, None
    value = cell.style["height"]
    if isinstance(value, LP) and value.pct:
        css_percent = float(value.pct)
    elif is_definite(value, None):
        bp_v = to_lu(frag.border.vertical + frag.padding.vertical)
        h = to_lu(length(value, None))
        css_height = max(bp_v, h) if cell.style["box-sizing"] == "border-box" else bp_v + h
    return Measure(frag, height, align, baseline, has_content, bp_end, css_height, css_percent)


def row_sizes(
    st: TableStructure, prep: TablePrep, measures: list[Measure], sv: int
) -> tuple[list[Row], list[Section]]:
    """Blink's ComputeSectionMinimumRowBlockSizes for every section."""
    index = {id(slot): i for i, slot in enumerate(st.cells)}
    rows: list[Row] = []
    sections: list[Section] = []
    for group in st.groups:
        start = len(rows)
        rowspans: list[tuple[int, int, int]] = []
        total_percent = 0.0
        for ri in range(group.first_row, group.first_row + group.row_count):
            info = st.rows[ri]
            row = Row(0)
            max_cell = 0
            ascent: int | None = None
            descent: int | None = None
            fallback: int | None = None
            for slot in info.cells:
                m = measures[index[id(slot)]]
                if slot.rowspan == 1:
                    if m.css_height is not None or m.css_percent is not None:
                        row.constrained = True
                    if m.css_percent is not None:
                        row.percent = max(row.percent or 0.0, m.css_percent)
                    max_cell = max(max_cell, m.height, m.css_height or 0)
                else:
                    row.has_rowspan_start = True
                    rowspans.append((ri, slot.rowspan, max(m.height, m.css_height or 0)))
                if m.align == "baseline" and m.has_content and m.baseline is not None:
                    ascent = m.baseline if ascent is None else max(ascent, m.baseline)
                    if slot.rowspan > 1:
                        descent = descent or 0
                    else:
                        descent = max(
                            descent if descent is not None else m.height - m.baseline,
                            m.height - m.baseline,
                        )
                if ascent is None:
                    fallback = m.bp_end if fallback is None else min(fallback, m.bp_end)
            if info.box is not None:
                value = info.box.style["height"]
                if isinstance(value, LP) and value.pct:
                    row.constrained = True
                    row.percent = max(row.percent or 0.0, float(value.pct))
                elif is_definite(value, None):
                    row.constrained = True
                    max_cell = max(max_cell, to_lu(length(value, None)))
            row.block_size = (
                max(max_cell, ascent + (descent or 0)) if ascent is not None else max_cell
            )
            if ascent is not None:
                row.baseline = ascent
            elif fallback is not None:
                row.baseline = max(0, row.block_size - fallback)
            else:
                row.baseline = 0
            if row.percent is not None:
                row.percent = min(100.0 - total_percent, row.percent)
                total_percent += row.percent
            rows.append(row)
        for start_row, span, size in rowspan_order(rowspans):
            distribute_to_rows(start_row, span, size, True, sv, None, rows)
        count = group.row_count
        size = sum(r.block_size for r in rows[start:]) + sv * max(0, count - 1)
        percent = None
        constrained = False
        if group.box is not None:
            value = group.box.style["height"]
            if isinstance(value, LP) and value.pct:
                percent, constrained = float(value.pct), True
            elif is_definite(value, None):
                constrained = True
                fixed_size = to_lu(length(value, None))
                if fixed_size > size:
                    distribute_to_rows(start, count, fixed_size, False, sv, fixed_size, rows)
                    size = fixed_size
        sections.append(Section(start, count, size, percent, constrained, group.kind == "body"))
    return rows, sections


def place_cell(
    slot: CellSlot,
    m: Measure,
    prep: TablePrep,
    rows: list[Row],
    row_y: list[int],
    locations: list[tuple[int, int]],
    bp_left: int,
    sv: int,
    grid_inline: float,
    index: int,
) -> TableCell:
    frag = m.frag
    span = range(slot.row, slot.row + slot.rowspan)
    height = sum(rows[r].block_size for r in span) + sv * (slot.rowspan - 1)
    free = height - m.height
    offset = 0
    if m.align == "middle":
        offset = tdiv(free, 2)
    elif m.align == "bottom":
        offset = free
    elif m.align == "baseline" and m.has_content and m.baseline is not None:
        offset = (rows[slot.row].baseline or 0) - m.baseline
    frag.x = from_lu(bp_left + locations[slot.col][0])
    frag.y = from_lu(row_y[slot.row])
    frag.height = from_lu(height)
    shift = from_lu(offset)
    if shift:
        for line in frag.lines:
            line.y += shift
        for child in frag.children:
            child.y += shift
        for ph in frag.placeholders:
            ph.y += shift
        if frag.baseline is not None:
            frag.baseline += shift
    dx, dy = relative_offset(slot.box.style, grid_inline, None)
    frag.x += dx
    frag.y += dy
    st = prep.st
    colspan = max(1, min(slot.colspan, len(locations) - slot.col))
    if prep.edges is not None:
        borders = prep.edges.cell_sides(slot.row, slot.col, slot.rowspan, colspan)
    else:
        top, right, bottom, left = (style_side(slot.box.style, s, "cell") for s in SIDES)
        borders = (top, right, bottom, left)
    background, source = cell_background(slot, st)
    return TableCell(
        slot.row,
        slot.col,
        slot.rowspan,
        colspan,
        frag,
        slot.box,
        background,
        source,
        borders,
        frag.padding,
        m.align,
        shift,
        not prep.collapsed and not m.has_content and slot.box.style["empty-cells"] == "hide",
    )
