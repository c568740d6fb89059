"""Grid layout (a grid container box + available space -> a fragment with items placed in sized grid areas, CSS Grid 1)."""

from __future__ import annotations

from typing import Any

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    is_definite,
    min_max_height,
    padding_edges,
    specified_height,
)
from engine.layout.block.sizes import container_size
from engine.layout.fragments import AbsPlaceholder, BoxFragment, Edges, Intrinsic
from engine.layout.grid.items import (
    Axis,
    GridItem,
    automatic_minimum,
    column_contribution,
    item_width,
    resolve_self,
    row_contribution,
)
from engine.layout.grid.placement import GridSetup, ItemPlacement, build_grid
from engine.layout.grid.subgrid import (
    COLUMNS,
    ROWS,
    column_span_items,
    is_subgrid,
    row_span_items,
    subgrid_tracks,
)
from engine.layout.grid.tracks import (
    LAYOUT,
    MAX_CONTENT,
    MIN_CONTENT,
    Contribution,
    SpanItem,
    Track,
    gaps_between,
    make_tracks,
    size_tracks,
)
from engine.layout.items import (
    ItemLayouts,
    align_keyword,
    gap_value,
    lu_div,
    measuring,
    synthesized_baseline,
)
from engine.layout.positioned.absolute import relative_offset
from engine.style import grid_values as gv
from engine.style.types import LP


def _offsets(tracks: list[Track], gap: float, available: float | None, alignment: Any) -> Axis:
    """Track start offsets with content distribution (justify-content / align-content)."""
    sizes = [t.base for t in tracks]
    count = sum(1 for t in tracks if not t.collapsed)
    free = (available - sum(sizes) - gaps_between(tracks, gap)) if available is not None else 0.0
    value = align_keyword(alignment)
    start = extra = 0.0
    if value == "space-between":
        if count >= 2 and free > 0:
            extra = lu_div(free, count - 1)
    elif value == "space-around":
        if free > 0 and count:
            share = lu_div(free, count)
            start, extra = lu_div(share, 2), share
    elif value == "space-evenly":
        if free > 0:
            share = lu_div(free, count + 1)
            start, extra = share, share
    elif value == "center":
        start = lu_div(free, 2)
    elif value in ("end", "flex-end", "right"):
        start = free
    starts: list[float] = []
    pos = start
    live = [i for i, t in enumerate(tracks) if not t.collapsed]
    last_live = live[-1] if live else -1
    for i, t in enumerate(tracks):
        starts.append(pos)
        pos += t.base
        if not t.collapsed and i < last_live:
            pos += gap + extra
    return Axis(starts, sizes)


def _has_percent_rows(sizes: list[gv.TrackSize], row_gap: Any) -> bool:
    if isinstance(row_gap, LP) and row_gap.pct:
        return True
    return any(size.min.pct or size.max.pct for size in sizes)


def _stretches(alignment: Any) -> bool:
    return align_keyword(alignment) in ("normal", "stretch")


# --- layout ------------------------------------------------------------------------------------


def layout_grid(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a grid container: place items, size columns then rows, align items in their areas."""
    style = box.style
    size = container_size(box, ctx, space)
    w = size.used
    border, padding = w.border, w.padding
    chrome_v, inner_w = size.chrome_v, size.inner_width
    mt, mb = size.margin_top, size.margin_bottom
    lo_h, hi_h = size.min_height, size.max_height
    height, inner_h = size.height, size.inner_height
    min_inner_h = max(0.0, lo_h - chrome_v) if inner_h is None else None
    frag = BoxFragment(
        box, 0.0, 0.0, w.width, 0.0, Edges(mt, w.margin_right, mb, w.margin_left), border, padding
    )
    ox, oy = frag.content_x, frag.content_y
    for child in box.children:
        if child.out_of_flow:
            frag.placeholders.append(AbsPlaceholder(child, ox, oy))
    forced_rows, forced_cols = space.subgrid_rows, space.subgrid_columns
    setup = build_grid(
        box,
        ctx,
        inner_w,
        inner_h if inner_h is not None else (min_inner_h or None),
        None if forced_rows is None else len(forced_rows),
        None if forced_cols is None else len(forced_cols),
    )
    measure = ItemLayouts(ctx)
    if forced_cols is not None:  # a column subgrid: its parent sized these columns
        columns = Axis([x for x, _ in forced_cols], [size for _, size in forced_cols])
    else:
        columns = column_axis(box, ctx, setup, inner_w)

    # Rows: item heights at their column widths.
    items: list[GridItem] = []
    row_items: list[SpanItem] = []
    row_tracks = make_tracks(setup.row_sizes, inner_h, setup.row_collapsed)
    for child, p in zip(setup.items, setup.places, strict=True):
        replaced = child.inner == b.REPLACED
        item = GridItem(
            child,
            p,
            resolve_self(child.style["justify-self"], style["justify-items"], replaced),
            # normal is start in the ratio-dependent (block) axis of a box with an aspect ratio
            resolve_self(
                child.style["align-self"],
                style["align-items"],
                replaced or child.style["aspect-ratio"] != "auto",
                True,
            ),
        )
        items.append(item)
        if is_subgrid(child, COLUMNS):
            item.justify = "stretch"  # a subgrid fills the columns it takes from its parent
            _, area_w = columns.area(p.column_start, p.column_end)
            item.subgrid_columns = subgrid_tracks(
                child, p.column_start, p.column_end, columns, area_w, COLUMNS
            )
        if is_subgrid(child, ROWS):
            item.align = "stretch"  # a subgrid fills the rows it takes from its parent
            row_items += row_span_items(item, ctx, measure, columns, row_tracks, setup.row_gap)
            continue
        row_items.append(
            SpanItem(p.row_start, p.row_end, row_measure(item, ctx, measure, columns, row_tracks))
        )
    _baseline_shims(items, ctx, measure, columns)
    if forced_rows is not None:  # a subgrid: its parent sized these rows
        rows = Axis([top for top, _ in forced_rows], [size for _, size in forced_rows])
        height = space.height if space.height is not None else height
        if height is None:
            height = clamp(rows.starts[-1] + rows.sizes[-1] + chrome_v, lo_h, hi_h)
        return _finish(frag, height, items, ctx, measure, columns, rows, inner_w, inner_h)
    max_inner_h = max(0.0, hi_h - chrome_v) if inner_h is None and hi_h is not None else None
    size_tracks(
        row_tracks,
        row_items,
        setup.row_gap,
        inner_h,
        LAYOUT,
        _stretches(style["align-content"]),
        min_inner_h,
        max_inner_h,
    )
    row_gap = setup.row_gap
    if height is None:
        content = sum(t.base for t in row_tracks) + gaps_between(row_tracks, row_gap)
        height = clamp(content + chrome_v, lo_h, hi_h)
        if _has_percent_rows(setup.row_sizes, style["row-gap"]):
            # Percentages were treated as auto to find the height; now resolve them against it.
            definite = max(0.0, height - chrome_v)
            row_gap = gap_value(style["row-gap"], definite)
            row_tracks = make_tracks(setup.row_sizes, definite, setup.row_collapsed)
            size_tracks(
                row_tracks, row_items, row_gap, definite, LAYOUT, _stretches(style["align-content"])
            )
    final_inner_h = max(0.0, height - chrome_v)
    rows = _offsets(row_tracks, row_gap, final_inner_h, style["align-content"])
    return _finish(frag, height, items, ctx, measure, columns, rows, inner_w, inner_h)


def _finish(
    frag: BoxFragment,
    height: float,
    items: list[GridItem],
    ctx: LayoutContext,
    measure: ItemLayouts,
    columns: Axis,
    rows: Axis,
    inner_w: float,
    inner_h: float | None,
) -> BoxFragment:
    """Place the items in their sized areas (only the first baseline when measuring)."""
    frag.height = height
    if measuring(ctx):  # only the height and the first baseline are needed
        first = _baseline_item(items)
        if first is not None:
            frag.baseline = _measured_baseline(first, ctx, measure, columns, rows, frag)
        return frag
    for item in items:
        _place_item(item, ctx, measure, columns, rows, frag, inner_w, inner_h)
    first = _baseline_item(items)
    if first is not None and first.frag is not None:
        frag.baseline = first.frag.y + synthesized_baseline(first.frag)
    return frag


def column_axis(box: b.Box, ctx: LayoutContext, setup: GridSetup, inner_w: float) -> Axis:
    """The columns sized for the items, with justify-content's distribution."""
    style = box.style
    col_tracks = make_tracks(setup.col_sizes, inner_w, setup.col_collapsed)
    col_items = _column_items(ctx, setup, col_tracks)
    size_tracks(
        col_tracks, col_items, setup.col_gap, inner_w, LAYOUT, _stretches(style["justify-content"])
    )
    return _offsets(col_tracks, setup.col_gap, inner_w, style["justify-content"])


def _column_items(ctx: LayoutContext, setup: GridSetup, tracks: list[Track]) -> list[SpanItem]:
    """The items as the column sizing sees them (a column subgrid by its own items)."""
    out: list[SpanItem] = []
    for child, p in zip(setup.items, setup.places, strict=True):
        if is_subgrid(child, COLUMNS):
            out += column_span_items(child, p, ctx, tracks, setup.col_gap)
        else:
            out.append(
                SpanItem(
                    p.column_start,
                    p.column_end,
                    column_measure(child, ctx, tracks, p, setup.col_gap),
                )
            )
    return out


def column_measure(
    child: b.Box, ctx: LayoutContext, tracks: list[Track], p: ItemPlacement, gap: float
) -> Any:
    return lambda: column_contribution(child, ctx, tracks, p.column_start, p.column_end, gap)


def row_measure(
    item: GridItem, ctx: LayoutContext, measure: ItemLayouts, columns: Axis, rows: list[Track]
) -> Any:
    def run() -> Contribution:
        _, area_w = columns.area(item.place.column_start, item.place.column_end)
        item.width = item_width(item, ctx, area_w, None)
        found = measure.measure(
            item.box, Space(area_w, None, width=item.width, subgrid_columns=item.subgrid_columns)
        )
        height = found.height
        automatic = automatic_minimum(rows, item.place.row_start, item.place.row_end)
        return row_contribution(item, height + item.shim, area_w, automatic)

    return run


def _baseline_shims(
    items: list[GridItem], ctx: LayoutContext, measure: ItemLayouts, columns: Axis
) -> None:
    """Baseline self-alignment in rows: items of a row that align to their first baseline are
    shifted down so the baselines meet; the shift counts in the row's size (CSS Grid 1 §11.5)."""
    ascents: dict[int, list[tuple[GridItem, float]]] = {}
    for item in items:
        p = item.place
        if item.align != "baseline" or p.row_end - p.row_start != 1:
            continue
        _, area_w = columns.area(p.column_start, p.column_end)
        width = item_width(item, ctx, area_w, None)
        found = measure.measure(item.box, Space(area_w, None, width=width))
        top = item.margins[0] or 0.0
        ascent = top + (found.baseline if found.baseline is not None else found.height)
        ascents.setdefault(p.row_start, []).append((item, ascent))
    for group in ascents.values():
        if len(group) < 2:
            continue
        highest = max(ascent for _, ascent in group)
        for item, ascent in group:
            item.shim = highest - ascent


def _place_item(
    item: GridItem,
    ctx: LayoutContext,
    measure: ItemLayouts,
    columns: Axis,
    rows: Axis,
    frag: BoxFragment,
    inner_w: float,
    inner_h: float | None,
) -> None:
    p = item.place
    area_x, area_w = columns.area(p.column_start, p.column_end)
    area_y, area_h = rows.area(p.row_start, p.row_end)
    box = item.box
    style = box.style
    width = item_width(item, ctx, area_w, area_h)
    mt, mr, mb, ml = item.margins
    border, padding = border_edges(style), padding_edges(style, area_w)
    chrome_v = border.vertical + padding.vertical
    height = specified_height(style, area_h, chrome_v)
    lo, hi = min_max_height(style, area_h, chrome_v)
    cols = item.subgrid_columns
    if is_subgrid(box, ROWS):
        forced = subgrid_tracks(box, p.row_start, p.row_end, rows, area_w, ROWS)
        target = area_h - (mt or 0.0) - (mb or 0.0)
        child = measure.layout(
            box,
            Space(
                area_w,
                area_h,
                width=width,
                height=target,
                subgrid_rows=forced,
                subgrid_columns=cols,
            ),
        )
    elif height is None and item.align == "stretch" and mt is not None and mb is not None:
        target = clamp(area_h - mt - mb, lo, hi)
        measured = measure.cache.get(
            (id(box), Space(area_w, None, width=width, subgrid_columns=cols))
        )
        if measured is not None and measured.height == target and not _has_percent_heights(box):
            child = measured
        else:
            child = measure.layout(
                box,
                Space(
                    area_w,
                    area_h,
                    width=width,
                    height=target,
                    stretch_height=True,
                    subgrid_columns=cols,
                ),
            )
    else:
        measured = (
            None
            if isinstance(style["height"], LP)
            else measure.cache.get(
                (id(box), Space(area_w, None, width=width, subgrid_columns=cols))
            )
        )
        child = (
            measured
            if measured is not None
            else measure.layout(box, Space(area_w, area_h, width=width, subgrid_columns=cols))
        )
    used_ml, used_mr = _align_offsets(item.justify, area_w, child.width, ml, mr)
    used_mt, used_mb = _align_offsets(item.align, area_h, child.height, mt, mb)
    if item.align == "baseline" and mt is not None and mb is not None:
        used_mt += item.shim
        used_mb -= item.shim
    dx, dy = relative_offset(style, inner_w, inner_h)
    child.x = frag.content_x + area_x + used_ml + dx
    child.y = frag.content_y + area_y + used_mt + dy
    child.margin = Edges(used_mt, used_mr, used_mb, used_ml)
    item.frag = child
    frag.children.append(child)


def _has_percent_heights(box: b.Box) -> bool:
    for child in box.children:
        if (
            child.inner != b.TEXT
            and isinstance(child.style["height"], LP)
            and child.style["height"].pct
        ):
            return True
    return False


def _align_offsets(
    align: str, area: float, size: float, start: float | None, end: float | None
) -> tuple[float, float]:
    """Used start/end margins that position a box of `size` in an area (self-alignment, auto margins)."""
    if start is None or end is None:
        free = area - size - (start or 0.0) - (end or 0.0)
        if start is None and end is None:
            half = lu_div(free, 2) if free > 0 else 0.0
            return half, free - half if free > 0 else 0.0
        if start is None:
            return max(0.0, free), end or 0.0
        return start, max(0.0, free)
    free = area - size - start - end
    if align == "end":
        return start + free, end
    if align == "center":
        offset = lu_div(free, 2)
        return start + offset, end + free - offset
    return start, end + free


def _baseline_item(items: list[GridItem]) -> GridItem | None:
    """The item that gives the grid its first baseline: the first one in the first row."""
    if not items:
        return None
    first_row = min(i.place.row_start for i in items)
    return min(
        (i for i in items if i.place.row_start == first_row), key=lambda i: i.place.column_start
    )


def _measured_baseline(
    item: GridItem,
    ctx: LayoutContext,
    measure: ItemLayouts,
    columns: Axis,
    rows: Axis,
    frag: BoxFragment,
) -> float:
    """The first baseline from an item's measured height (measuring mode: no final layout)."""
    p = item.place
    _, area_w = columns.area(p.column_start, p.column_end)
    area_y, area_h = rows.area(p.row_start, p.row_end)
    width = item_width(item, ctx, area_w, area_h)
    found = measure.measure(item.box, Space(area_w, None, width=width))
    mt, mb = item.margins[0], item.margins[2]
    height = found.height
    if (
        item.align == "stretch"
        and mt is not None
        and mb is not None
        and not is_definite(item.box.style["height"], area_h)
    ):
        height = max(0.0, area_h - mt - mb)
    used_mt, _ = _align_offsets(item.align, area_h, height, mt, mb)
    baseline = found.baseline if found.baseline is not None else height
    return frag.content_y + area_y + used_mt + baseline


def grid_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """(min-content, max-content) content-box widths of a grid container: its columns sized under each constraint."""
    setup = build_grid(box, ctx, None, None)
    result: list[float] = []
    for mode in (MIN_CONTENT, MAX_CONTENT):
        tracks = make_tracks(setup.col_sizes, None, setup.col_collapsed)
        span_items = _column_items(ctx, setup, tracks)
        size_tracks(tracks, span_items, setup.col_gap, None, mode, False)
        result.append(sum(t.base for t in tracks) + gaps_between(tracks, setup.col_gap))
    return Intrinsic(result[0], max(result[0], result[1]))


__all__ = ["layout_grid", "grid_intrinsic"]
