"""Row subgrids (a grid item with grid-template-rows: subgrid + its parent's rows -> its items' contributions to those rows, and the rows it lays its items out in), CSS Grid 2 section 9.

A row subgrid has no rows of its own: it spans some of its parent's rows, and its items are
sized with the parent's items, as if they sat in the parent grid. Chromium 156, as the spec:
the subgrid's margin, border and padding count as extra margin on the items in its first and
last rows, and when the subgrid sets its own row-gap, half the difference from the parent's
gutter counts as extra (possibly negative) margin on each side of an item facing a gutter.
The subgrid then lays its items out in those rows, its gaps centred in the parent's gutters.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.boxes import box as b
from engine.layout.base import LayoutContext, border_edges, margin_value, padding_edges
from engine.layout.grid_items import Axis, GridItem, item_width, resolve_self
from engine.layout.grid_placement import ItemPlacement, build_grid
from engine.layout.grid_tracks import Contribution, SpanItem, Track
from engine.layout.items import ItemLayouts, gap_value
from engine.style.types import LP


def is_row_subgrid(box: b.Box) -> bool:
    """A grid item whose rows are its parent's (only meaningful inside a grid container)."""
    if box.inner != b.GRID or box.out_of_flow:
        return False
    return str(box.style["grid-template-rows"]).strip().lower() == "subgrid"


class _Edges(NamedTuple):
    top: float  # margin + border + padding above the subgrid's content box
    bottom: float
    gap: float | None  # the subgrid's own row-gap (None: the parent's gutters)


def _edges(box: b.Box, area_w: float) -> _Edges:
    style = box.style
    border, padding = border_edges(style), padding_edges(style, area_w)
    mt = margin_value(style, "top", area_w) or 0.0
    mb = margin_value(style, "bottom", area_w) or 0.0
    own = style["row-gap"]
    gap = gap_value(own, None) if isinstance(own, (LP, int, float)) else None
    return _Edges(mt + border.top + padding.top, mb + border.bottom + padding.bottom, gap)


def row_span_items(
    item: GridItem,
    ctx: LayoutContext,
    measure: ItemLayouts,
    columns: Axis,
    rows: list[Track],
    parent_gap: float,
) -> list[SpanItem]:
    """The subgrid's items as items of the parent's rows (the subgrid itself contributes no
    height of its own): each measured at its column width inside the subgrid."""
    from engine.layout.grid import _column_axis, _row_measure

    p = item.place
    count = p.row_end - p.row_start
    _, area_w = columns.area(p.column_start, p.column_end)
    item.width = item_width(item, ctx, area_w, None)
    box = item.box
    style = box.style
    border, padding = border_edges(style), padding_edges(style, area_w)
    inner_w = max(0.0, item.width - border.horizontal - padding.horizontal)
    setup = build_grid(box, ctx, inner_w, None, subgrid_rows=count)
    sub_columns = _column_axis(box, ctx, setup, inner_w)
    edges = _edges(box, area_w)
    half = 0.0 if edges.gap is None else (edges.gap - parent_gap) / 2
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
        extra = 0.0
        extra += edges.top if sp.row_start == 0 else half
        extra += edges.bottom if sp.row_end == count else half
        run = _row_measure(inner, ctx, measure, sub_columns, rows)
        out.append(SpanItem(inner.place.row_start, inner.place.row_end, _plus(run, extra)))
    return out


def _plus(run: Any, extra: float) -> Any:
    def measure() -> Contribution:
        c = run()
        return Contribution(c.min_content + extra, c.max_content + extra, c.minimum + extra)

    return measure


def subgrid_rows(
    box: b.Box, place: ItemPlacement, rows: Axis, area_w: float
) -> tuple[tuple[float, float], ...]:
    """(top, size) of the subgrid's rows in its content box: the parent's tracks, less the
    subgrid's own edges in its first and last rows, its own gaps centred in the gutters."""
    edges = _edges(box, area_w)
    first, last = place.row_start, place.row_end - 1
    area_top = rows.starts[first]
    area_end = rows.starts[last] + rows.sizes[last]
    content_top = area_top + edges.top
    content_end = area_end - edges.bottom
    out: list[tuple[float, float]] = []
    for i in range(first, last + 1):
        top, end = rows.starts[i], rows.starts[i] + rows.sizes[i]
        if edges.gap is not None:
            if i > first:
                top -= (rows.starts[i] - (rows.starts[i - 1] + rows.sizes[i - 1]) - edges.gap) / 2
            if i < last:
                end += (rows.starts[i + 1] - end - edges.gap) / 2
        top = max(top, content_top)
        end = min(end, content_end)
        out.append((top - content_top, max(0.0, end - top)))
    return tuple(out)
