"""Table layout (a table box + available space -> its fragment with positioned cells and a TableGrid; CSS 2.1 17 as Chromium's TableNG).

The table fragment is Chromium's table *wrapper*: it holds the captions and the table box; its
`border`/`padding` are the table box's used ones (in the collapsing model: half of the outer
collapsed borders, no padding). Its children are the caption fragments and the cell fragments,
placed relative to its border box. Rows, row groups and columns get no fragments: their
geometry and boxes are in `fragment.extra["table"]`, a `TableGrid`.
"""

from __future__ import annotations

from typing import Any

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    is_definite,
    layout_box,
    length,
    margin_value,
    padding_edges,
)
from engine.layout.fragments import AbsPlaceholder, BoxFragment, Edges, Intrinsic
from engine.layout.inline.layout import inline_intrinsic
from engine.layout.intrinsic import outer_intrinsic
from engine.layout.table.borders import NO_BORDER, CollapsedBorders, style_side
from engine.layout.table.cells import TablePrep, measure_cell, place_cell, row_sizes
from engine.layout.table.columns import (
    TABLE_MAX_INLINE_SIZE,
    CellConstraint,
    Column,
    ceil_lu,
    column_locations,
    distribute_auto,
    distribute_fixed,
    from_lu,
    to_lu,
)
from engine.layout.table.grid import (
    SIDES,
    TableCell,
    TableColumn,
    TableGrid,
    TableRow,
    TableRowGroup,
)
from engine.layout.table.measures import (
    ColspanCell,
    build_columns,
    cell_constraint,
    column_from_style,
    grid_min_max,
    undistributable_space,
)
from engine.layout.table.rows import distribute_to_sections
from engine.layout.table.structure import TableStructure, build_structure
from engine.style.types import LP

__all__ = [
    "TableCell",
    "TableColumn",
    "TableGrid",
    "TableRow",
    "TableRowGroup",
    "layout_table",
    "table_intrinsic",
]


def table_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """(min-content, max-content) widths of a table *minus its style's border and padding*
    (intrinsic.py adds those back; the table's used chrome can differ in the collapsing model)."""
    prep = _prepare(box, ctx, None, allow_percent=False)
    mn = max(from_lu(prep.grid_min), prep.caption_min)
    mx = max(from_lu(prep.grid_max), prep.caption_min)
    if prep.fixed and isinstance(box.style["width"], LP):
        mx = from_lu(TABLE_MAX_INLINE_SIZE)
    chrome = border_edges(box.style).horizontal + padding_edges(box.style, 0.0).horizontal
    return Intrinsic(mn - chrome, max(mn, mx) - chrome)


def layout_table(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    style = box.style
    prep = _prepare(box, ctx, space.cb_width)
    st = prep.st
    cbw = space.cb_width
    width, ml, mr = _used_width(box, space, prep)
    bp_left = to_lu(prep.border.left + prep.padding.left)
    sh, sv = to_lu(prep.spacing[0]), to_lu(prep.spacing[1])
    locations: list[tuple[int, int]] = []
    if prep.columns:
        assignable = to_lu(width) - prep.undistributable
        if space.width is not None:
            assignable = max(0, assignable)
        if prep.fixed:
            sizes = distribute_fixed(assignable, prep.columns)
        else:
            sizes = distribute_auto(assignable, prep.columns, True)
        locations = column_locations(prep.columns, sizes, sh)
        end = locations[-1][0] + locations[-1][1]
        width = from_lu(
            max(
                end + to_lu(prep.border.horizontal + prep.padding.horizontal) + sh,
                to_lu(prep.caption_min),
            )
        )
    grid_inline = max(0.0, width - prep.border.horizontal - prep.padding.horizontal)

    frag = BoxFragment(box, 0.0, 0.0, width, 0.0, Edges(), prep.border, prep.padding)
    y = 0
    top_caps: list[BoxFragment] = []
    bottom_caps: list[BoxFragment] = []
    for caption in st.captions:
        cap = layout_box(caption, ctx, Space(width, None))
        (bottom_caps if caption.style["caption-side"] == "bottom" else top_caps).append(cap)
    y = _place_captions(top_caps, y)

    measures = [
        measure_cell(slot, prep, ctx, locations, grid_inline, i) for i, slot in enumerate(st.cells)
    ]
    rows, sections = row_sizes(st, prep, measures, sv)
    table_h = _table_block_size(style, space, prep)
    bp_top = to_lu(prep.border.top + prep.padding.top)
    bp_v = bp_top + to_lu(prep.border.bottom + prep.padding.bottom)
    if table_h is not None:
        distributable = max(0, to_lu(table_h) - bp_v)
        if distributable > sum(s.block_size for s in sections):
            distribute_to_sections(sv, distributable, sections, rows)

    grid_top = y
    y += bp_top
    row_y = [0] * len(rows)
    group_rects: list[tuple[int, int]] = []
    for section in sections:
        y += sv
        start_y = y
        for k in range(section.row_count):
            row_y[section.start_row + k] = y
            y += rows[section.start_row + k].block_size + (sv if k < section.row_count - 1 else 0)
        group_rects.append((start_y, y - start_y))
    if sections:
        y += sv
    y += bp_v - bp_top
    grid_h = max(y - grid_top, to_lu(table_h) if table_h is not None else 0)
    y = _place_captions(bottom_caps, grid_top + grid_h)

    frag.height = from_lu(y)
    mt = margin_value(style, "top", cbw) or 0.0
    mb = margin_value(style, "bottom", cbw) or 0.0
    frag.margin = Edges(mt, mr, mb, ml)
    if rows:
        frag.baseline = from_lu(row_y[0] + (rows[0].baseline or 0))
    table_borders = (NO_BORDER, NO_BORDER, NO_BORDER, NO_BORDER)
    if not prep.collapsed:  # collapsed: the outer edges belong to the cells' borders
        top, right, bottom, left = (style_side(style, s, "table") for s in SIDES)
        table_borders = (top, right, bottom, left)
    grid = TableGrid(
        prep.collapsed,
        prep.spacing,
        0.0,
        from_lu(grid_top),
        width,
        from_lu(grid_h),
        prep.border,
        prep.padding,
        table_borders,
        captions=top_caps + bottom_caps,
    )
    for i, (offset, size) in enumerate(locations):
        col_info = st.columns[i] if i < len(st.columns) else None
        grid.columns.append(
            TableColumn(
                from_lu(bp_left + offset),
                from_lu(size),
                col_info.box if col_info else None,
                col_info.group if col_info else None,
                prep.columns[i].mergeable,
            )
        )
    for ri, (row, row_info) in enumerate(zip(rows, st.rows, strict=True)):
        grid.rows.append(
            TableRow(
                from_lu(row_y[ri]),
                from_lu(row.block_size),
                row_info.box,
                row_info.group,
                from_lu(row.baseline or 0),
            )
        )
    for (gy, gh), group_info in zip(group_rects, st.groups, strict=True):
        grid.groups.append(
            TableRowGroup(
                from_lu(gy),
                from_lu(gh),
                group_info.box,
                group_info.kind,
                group_info.first_row,
                group_info.row_count,
            )
        )
    if prep.edges is not None:
        grid.h_edges = prep.edges.h_sides()
        grid.v_edges = prep.edges.v_sides()

    frag.children.extend(top_caps)
    for i, (slot, m) in enumerate(zip(st.cells, measures, strict=True)):
        cell = place_cell(slot, m, prep, rows, row_y, locations, bp_left, sv, grid_inline, i)
        grid.cells.append(cell)
        frag.children.append(cell.fragment)
    frag.children.extend(bottom_caps)
    origin = (prep.border.left + prep.padding.left, from_lu(grid_top + bp_top))
    for oof in st.out_of_flow:
        frag.placeholders.append(AbsPlaceholder(oof, origin[0], origin[1]))
    frag.extra["table"] = grid
    return frag


def _prepare(
    box: b.Box, ctx: LayoutContext, cb_width: float | None, allow_percent: bool = True
) -> TablePrep:
    style = box.style
    st = _structure(box, ctx)
    collapsed = style["border-collapse"] == "collapse"
    fixed = style["table-layout"] == "fixed" and style["width"] != "auto"
    spacing = (0.0, 0.0) if collapsed else _spacing(style)
    element_columns = _element_columns(st, fixed)
    last_real = max((i + 1 for i, c in enumerate(element_columns) if not c.mergeable), default=0)
    extent = max((c.col + (c.colspan if fixed else 1) for c in st.cells), default=0)
    n_cols = max(extent, last_real)
    edges: CollapsedBorders | None = None
    if collapsed:
        edges = _collapse(box, st, n_cols)
        border = edges.half_widths(0, 0, len(st.rows), n_cols)
        padding = Edges()
        cell_borders = [edges.half_widths(c.row, c.col, c.rowspan, c.colspan) for c in st.cells]
    else:
        border = border_edges(style)
        padding = padding_edges(style, cb_width or 0.0)
        cell_borders = [border_edges(c.box.style) for c in st.cells]
    singles: list[CellConstraint | None] = []
    spanning: list[ColspanCell] = []
    first_row = st.groups[0].first_row if st.groups else 0
    for slot, cb in zip(st.cells, cell_borders, strict=True):
        reach = slot.col + (slot.colspan if fixed else 1)
        if reach > len(singles):
            singles.extend([None] * (reach - len(singles)))
        if fixed and slot.row != first_row:
            continue
        constraint = _cell_constraint(slot.box, ctx, cb, fixed)
        if slot.colspan == 1:
            current = singles[slot.col]
            if current is None:
                singles[slot.col] = constraint
            else:
                current.encompass(constraint)
        else:
            spanning.append(ColspanCell(constraint, slot.col, slot.colspan))
    columns = build_columns(element_columns, singles, spanning, to_lu(spacing[0]), fixed)
    undistributable = undistributable_space(
        columns, to_lu(border.horizontal + padding.horizontal), to_lu(spacing[0])
    )
    if columns:
        grid_min, grid_max = grid_min_max(columns, undistributable, fixed, allow_percent)
    else:
        grid_min = grid_max = to_lu(border.horizontal + padding.horizontal)
    caption_min = max((outer_intrinsic(c, ctx).min_content for c in st.captions), default=0.0)
    return TablePrep(
        st,
        collapsed,
        fixed,
        spacing,
        border,
        padding,
        edges,
        cell_borders,
        columns,
        undistributable,
        grid_min,
        grid_max,
        caption_min,
    )


def _structure(box: b.Box, ctx: LayoutContext) -> TableStructure:
    """The table's structure, built once per layout context: it owns the anonymous boxes, which
    must live as long as the context's intrinsic-size cache (keyed by id)."""
    key = (id(box), "table-structure")
    cached = ctx.intrinsic_cache.get(key)
    if isinstance(cached, TableStructure):
        return cached
    st = build_structure(box)
    ctx.intrinsic_cache[key] = st  # type: ignore[assignment]
    return st


def _spacing(style: Any) -> tuple[float, float]:
    value = style["border-spacing"]
    if isinstance(value, (tuple, list)) and len(value) == 2:
        return float(value[0]), float(value[1])
    if isinstance(value, (int, float)):
        return float(value), float(value)
    return 0.0, 0.0


def _element_columns(st: TableStructure, fixed: bool) -> list[Column]:
    out: list[Column] = []
    for info in st.columns:
        if info.box is None:
            continue
        if info.box is info.group:
            out.append(column_from_style(info.box.style, None, fixed))
            continue
        default = None
        if info.group is not None and not fixed:
            default = column_from_style(info.group.style, None, fixed).max
        out.append(column_from_style(info.box.style, default, fixed))
    return out


def _collapse(table: b.Box, st: TableStructure, n_cols: int) -> CollapsedBorders:
    """Resolve the collapsed borders: cells, rows, row groups, columns, column groups, table."""
    n_rows = len(st.rows)
    edges = CollapsedBorders(n_rows, n_cols)
    for slot in st.cells:
        edges.merge(slot.row, slot.col, slot.rowspan, slot.colspan, slot.box.style, "cell")
    for ri, row in enumerate(st.rows):
        if row.box is not None:
            edges.merge(ri, 0, 1, n_cols, row.box.style, "row")
    for group in st.groups:
        if group.box is not None:
            edges.merge(group.first_row, 0, group.row_count, n_cols, group.box.style, "row-group")
    for ci, info in enumerate(st.columns[:n_cols]):
        if info.box is not None and info.box is not info.group:
            edges.merge(0, ci, n_rows, 1, info.box.style, "column")
    seen: set[int] = set()
    for ci, info in enumerate(st.columns[:n_cols]):
        colgroup = info.group
        if colgroup is None or id(colgroup) in seen:
            continue
        seen.add(id(colgroup))
        span = sum(1 for other in st.columns[:n_cols] if other.group is colgroup)
        edges.merge(0, ci, n_rows, span, colgroup.style, "column-group")
    edges.merge(0, 0, n_rows, n_cols, table.style, "table")
    return edges


def _cell_constraint(cell: b.Box, ctx: LayoutContext, border: Edges, fixed: bool) -> CellConstraint:
    padding = padding_edges(cell.style, 0.0)
    bp = to_lu(border.horizontal + padding.horizontal)
    style = cell.style
    needs_content = not fixed or not isinstance(style["width"], (int, float))
    mn = mx = 0.0
    if needs_content:
        mn, mx = _content_widths(cell, ctx)
    return cell_constraint(style, ceil_lu(mn) + bp, ceil_lu(mx) + bp, bp, fixed)


def _content_widths(cell: b.Box, ctx: LayoutContext) -> tuple[float, float]:
    if cell.inline_content:
        return inline_intrinsic(cell, ctx)
    mn = mx = 0.0
    for child in cell.children:
        if child.out_of_flow:
            continue
        sizes = outer_intrinsic(child, ctx)
        mn = max(mn, sizes.min_content)
        mx = max(mx, sizes.max_content)
    return mn, mx


def _table_length(style: Any, name: str, basis: float | None, chrome: float) -> float | None:
    """A table's width/height-like value as a border-box size (None when not definite). The UA
    sheet gives tables box-sizing: border-box; `chrome` is the table's *used* border + padding."""
    value = style[name]
    if not is_definite(value, basis):
        return None
    size = length(value, basis)
    return size + chrome if style["box-sizing"] == "content-box" else max(size, chrome)


def _used_width(box: b.Box, space: Space, prep: TablePrep) -> tuple[float, float, float]:
    """The table's border-box width (before columns are sized) and its left/right margins."""
    style = box.style
    cbw = space.cb_width
    chrome = prep.border.horizontal + prep.padding.horizontal
    ml = margin_value(style, "left", cbw)
    mr = margin_value(style, "right", cbw)
    grid_min, grid_max = from_lu(prep.grid_min), from_lu(prep.grid_max)
    if space.width is not None:
        width = space.width
    else:
        spec = _table_length(style, "width", cbw, chrome)
        if spec is None:
            avail = (
                (space.available if space.available is not None else cbw)
                - (ml or 0.0)
                - (mr or 0.0)
            )
            if style["width"] == "min-content":
                avail = grid_min
            elif style["width"] == "max-content":
                avail = grid_max
            spec = min(max(grid_min, avail), grid_max)
        lo = _table_length(style, "min-width", cbw, chrome) or 0.0
        width = max(clamp(spec, lo, _table_length(style, "max-width", cbw, chrome)), grid_min)
    if not prep.columns:
        width = _empty_width(style, space, prep, width)
    width = max(width, prep.caption_min)
    if space.fit_content:
        return width, ml or 0.0, mr or 0.0
    remaining = cbw - width - (ml or 0.0) - (mr or 0.0)
    if ml is None and mr is None:
        return width, remaining / 2, remaining / 2
    if ml is None:
        return width, remaining, mr or 0.0
    return width, ml, remaining if mr is None else mr


def _empty_width(style: Any, space: Space, prep: TablePrep, used: float) -> float:
    """ComputeEmptyTableInlineSize: tables without columns."""
    chrome = prep.border.horizontal + prep.padding.horizontal
    if space.width is not None or style["width"] != "auto" or style["min-width"] != "auto":
        return used
    if prep.caption_min:
        return max(prep.caption_min, chrome)
    return 0.0 if prep.collapsed else chrome


def _table_block_size(style: Any, space: Space, prep: TablePrep) -> float | None:
    """The table box's specified border-box height (min/max applied), None when auto."""
    if space.height is not None:
        return space.height
    chrome = prep.border.vertical + prep.padding.vertical
    height = _table_length(style, "height", space.cb_height, chrome)
    lo = _table_length(style, "min-height", space.cb_height, chrome)
    hi = _table_length(style, "max-height", space.cb_height, chrome)
    if height is None and lo is not None:
        height = chrome
    if height is None:
        return None
    return clamp(height, lo or 0.0, hi)


def _place_captions(captions: list[BoxFragment], y: int) -> int:
    for cap in captions:
        y += to_lu(cap.margin.top)
        cap.x = cap.margin.left
        cap.y = from_lu(y)
        y += to_lu(cap.height + cap.margin.bottom)
    return y
