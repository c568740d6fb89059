"""Subgrids (a grid item with grid-template-rows/columns: subgrid + its parent's tracks -> its items' contributions to those tracks, and the tracks it lays its items out in), CSS Grid 2 section 9.

A subgrid has no tracks of its own in a subgridded axis: it spans some of its parent's tracks,
and its items are sized with the parent's items, as if they sat in the parent grid. Chromium
156, as the spec: the subgrid's margin, border and padding count as extra margin on the items
in its first and last tracks, and when the subgrid sets its own gap, half the difference from
the parent's gutter counts as extra (possibly negative) margin on each side of an item facing a
gutter. The subgrid then lays its items out in those tracks, its gaps centred in the parent's
gutters.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.boxes import box as b
from engine.layout.base import LayoutContext, border_edges, margin_value, padding_edges
from engine.layout.dispatch import column_axis, column_measure, row_measure
from engine.layout.grid.items import Axis, GridItem, item_width, resolve_self
from engine.layout.grid.placement import ItemPlacement, build_grid
from engine.layout.grid.tracks import Contribution, SpanItem, Track
from engine.layout.items import ItemLayouts, gap_value
from engine.style.types import LP

ROWS, COLUMNS = "rows", "columns"
Tracks = tuple[tuple[float, float], ...]  # (offset, size) of each track in the content box


def is_subgrid(box: b.Box, axis: str) -> bool:
    """A grid item whose rows (or columns) are its parent's (only inside a grid container)."""
    if box.inner != b.GRID or box.out_of_flow:
        return False
    return str(box.style[f"grid-template-{axis}"]).strip().lower() == "subgrid"


class _Edges(NamedTuple):
    start: float  # margin + border + padding before the subgrid's content box in the axis
    end: float
    gap: float | None  # the subgrid's own gap in the axis (None: the parent's gutters)


def _edges(box: b.Box, basis: float, axis: str) -> _Edges:
    style = box.style
    border, padding = border_edges(style), padding_edges(style, basis)
    first, last = ("top", "bottom") if axis == ROWS else ("left", "right")
    m0 = margin_value(style, first, basis) or 0.0
    m1 = margin_value(style, last, basis) or 0.0
    own = style["row-gap" if axis == ROWS else "column-gap"]
    gap = gap_value(own, None) if isinstance(own, (LP, int, float)) else None
    return _Edges(
        m0 + getattr(border, first) + getattr(padding, first),
        m1 + getattr(border, last) + getattr(padding, last),
        gap,
    )


def _extra(edges: _Edges, start: int, end: int, count: int, parent_gap: float) -> float:
    """The extra margin of an item spanning tracks start..end of a subgrid of `count` tracks."""
    half = 0.0 if edges.gap is None else (edges.gap - parent_gap) / 2
    return (edges.start if start == 0 else half) + (edges.end if end == count else half)


def _plus(run: Any, extra: float) -> Any:
    def measure() -> Contribution:
        c = run()
        return Contribution(c.min_content + extra, c.max_content + extra, c.minimum + extra)

    return measure


def column_span_items(
    box: b.Box, place: ItemPlacement, ctx: LayoutContext, tracks: list[Track], parent_gap: float
) -> list[SpanItem]:
    """A column subgrid's items as items of the parent's columns (the subgrid itself
    contributes no width of its own)."""
    count = place.column_end - place.column_start
    setup = build_grid(box, ctx, None, None, subgrid_columns=count)
    edges = _edges(box, 0.0, COLUMNS)
    out: list[SpanItem] = []
    for child, sp in zip(setup.items, setup.places, strict=True):
        start, end = place.column_start + sp.column_start, place.column_start + sp.column_end
        moved = ItemPlacement(sp.row, sp.column, sp.row_start, sp.row_end, start, end)
        extra = _extra(edges, sp.column_start, sp.column_end, count, parent_gap)
        out.append(
            SpanItem(
                start, end, _plus(column_measure(child, ctx, tracks, moved, parent_gap), extra)
            )
        )
    return out


def row_span_items(
    item: GridItem,
    ctx: LayoutContext,
    measure: ItemLayouts,
    columns: Axis,
    rows: list[Track],
    parent_gap: float,
) -> list[SpanItem]:
    """A row subgrid's items as items of the parent's rows (the subgrid itself contributes no
    height of its own): each measured at its column width inside the subgrid."""
    p = item.place
    count = p.row_end - p.row_start
    _, area_w = columns.area(p.column_start, p.column_end)
    item.width = item_width(item, ctx, area_w, None)
    box = item.box
    style = box.style
    border, padding = border_edges(style), padding_edges(style, area_w)
    inner_w = max(0.0, item.width - border.horizontal - padding.horizontal)
    forced = item.subgrid_columns
    setup = build_grid(box, ctx, inner_w, None, count, None if forced is None else len(forced))
    if forced is None:
        sub_columns = column_axis(box, ctx, setup, inner_w)
    else:
        sub_columns = Axis([x for x, _ in forced], [w for _, w in forced])
    edges = _edges(box, area_w, ROWS)
    out: list[SpanItem] = []
    for child, sp in zip(setup.items, setup.places, strict=True):
        replaced = child.inner == b.REPLACED
        inner = GridItem(
            child,
            # rows in the parent's lines (for the automatic minimum), columns in the subgrid's
            ItemPlacement(
                sp.row,
                sp.column,
                p.row_start + sp.row_start,
                p.row_start + sp.row_end,
                sp.column_start,
                sp.column_end,
            ),
            resolve_self(child.style["justify-self"], style["justify-items"], replaced),
            resolve_self(child.style["align-self"], style["align-items"], replaced),
        )
        extra = _extra(edges, sp.row_start, sp.row_end, count, parent_gap)
        run = row_measure(inner, ctx, measure, sub_columns, rows)
        out.append(SpanItem(inner.place.row_start, inner.place.row_end, _plus(run, extra)))
    return out


def subgrid_tracks(
    box: b.Box, first: int, end: int, parent: Axis, basis: float, axis: str
) -> Tracks:
    """(offset, size) of the subgrid's tracks first..end-1 of the parent's in its content box:
    the parent's tracks, less the subgrid's own edges in its first and last tracks, its own
    gaps centred in the gutters."""
    edges = _edges(box, basis, axis)
    last = end - 1
    content_start = parent.starts[first] + edges.start
    content_end = parent.starts[last] + parent.sizes[last] - edges.end
    out: list[tuple[float, float]] = []
    for i in range(first, end):
        lo, hi = parent.starts[i], parent.starts[i] + parent.sizes[i]
        if edges.gap is not None:
            if i > first:
                gutter = parent.starts[i] - (parent.starts[i - 1] + parent.sizes[i - 1])
                lo -= (gutter - edges.gap) / 2
            if i < last:
                hi += (parent.starts[i + 1] - hi - edges.gap) / 2
        lo, hi = max(lo, content_start), min(hi, content_end)
        out.append((lo - content_start, max(0.0, hi - lo)))
    return tuple(out)
