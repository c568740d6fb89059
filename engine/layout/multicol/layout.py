"""Multi-column layout (a multicol container + containing block -> column fragments: the content
laid out once at the column width through an anonymous flow, balanced and cut into columns by
engine.layout.multicol.fragmentation).

`column-span: all` children cut the content into rows of columns, each balanced on its own, with
the spanner at full width between them. `column-rule` is painted as a thin box in each gap
between two columns that hold content.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    clamp,
    layout_box,
    length,
    min_max_height,
)
from engine.layout.dispatch import block_frame, content_intrinsic
from engine.layout.fragments import BoxFragment, Edges, Intrinsic
from engine.layout.multicol.fragmentation import (
    balanced_height,
    fill_columns,
    floor64,
    flow_breaks,
    is_multicol,
    split_flow,
)
from engine.style.computed import anonymous_style

_EPS = 1e-6


@dataclass(frozen=True, slots=True)
class ColumnGeometry:
    """Used column count, column width and gap (CSS Multi-column 1, 3.4)."""

    count: int
    width: float
    gap: float


def column_geometry(style: object, available: float) -> ColumnGeometry:
    count_v = style["column-count"]  # type: ignore[index]
    width_v = style["column-width"]  # type: ignore[index]
    gap_v = style["column-gap"]  # type: ignore[index]
    gap = float(style["font-size"]) if gap_v == "normal" else length(gap_v, available)  # type: ignore[index]
    gap = max(0.0, gap)
    if width_v == "auto":
        count = int(count_v)
    else:
        fit = max(1, math.floor((available + gap) / (max(float(width_v), 0.0) + gap) + _EPS))
        count = fit if count_v == "auto" else min(int(count_v), fit)
    count = max(1, count)
    width = max(0.0, (available - (count - 1) * gap) / count)
    return ColumnGeometry(count, floor64(width), gap)


def multicol_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """Min-/max-content widths of a multicol container's content: a column's (at least
    `column-width`) times the specified column count (1 when auto), plus the gaps (Chromium's
    ColumnLayoutAlgorithm::ComputeMinMaxSizes)."""
    style = box.style
    inner = content_intrinsic(_flow_box(box, list(box.children), ctx), ctx)
    mn, mx = inner.min_content, inner.max_content
    if style["column-width"] != "auto":
        mn = max(mn, float(style["column-width"]))
        mx = max(mx, float(style["column-width"]))
    count = 1 if style["column-count"] == "auto" else int(style["column-count"])
    gap_v = style["column-gap"]
    gap = float(style["font-size"]) if gap_v == "normal" else max(0.0, length(gap_v, 0.0))
    extra = gap * (count - 1)
    return Intrinsic(mn * count + extra, mx * count + extra)


def layout_multicol(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a multicol container: rows of balanced columns (and spanners between them)."""
    style = box.style
    bf = block_frame(box, ctx, space)
    w, chrome_v, height, inner_w, frag = bf.used, bf.chrome_v, bf.height, bf.content_width, bf.frag
    lo, hi = min_max_height(style, space.cb_height, chrome_v)
    geo = column_geometry(style, inner_w)
    ox, oy = w.border.left + w.padding.left, w.border.top + w.padding.top
    fixed = None if height is None else max(0.0, height - chrome_v)
    cap = fixed
    if cap is None and hi is not None:
        cap = max(0.0, hi - chrome_v)
    y = 0.0
    rows = _rows(box)
    for index, (kind, part) in enumerate(rows):
        if kind == "span":
            child = part[0]
            cfrag = layout_box(child, ctx, Space(inner_w, fixed))
            y += cfrag.margin.top
            cfrag.x, cfrag.y = ox + cfrag.margin.left, oy + y
            frag.children.append(cfrag)
            y += cfrag.height + cfrag.margin.bottom
            continue
        row_cap = None if cap is None else max(0.0, cap - y)
        # column-fill: auto fills only the last row of columns: rows before a spanner balance
        last = index == len(rows) - 1
        y += _column_row(
            box, part, ctx, geo, frag, (ox, oy + y), row_cap, fixed is not None and last
        )
    content = y
    if height is None:
        height = clamp(content + chrome_v, lo, hi)
    elif space.height is None:
        height = clamp(height, lo, hi)
    frag.height = height
    if frag.children:
        first = frag.children[0]
        if first.baseline is not None:
            frag.baseline = first.y + first.baseline
    return frag


def _rows(box: b.Box) -> list[tuple[str, list[b.Box]]]:
    """The container's children cut at `column-span: all` children (in-flow, block-level)."""
    if box.inline_content:
        return [("flow", list(box.children))]
    rows: list[tuple[str, list[b.Box]]] = []
    current: list[b.Box] = []
    for child in box.children:
        if (
            child.style["column-span"] == "all"
            and not child.out_of_flow
            and child.style["float"] == "none"
        ):
            if current:
                rows.append(("flow", current))
                current = []
            rows.append(("span", [child]))
        else:
            current.append(child)
    if current:
        rows.append(("flow", current))
    return rows


def _flow_box(box: b.Box, children: list[b.Box], ctx: LayoutContext) -> b.Box:
    """An anonymous block holding (part of) the container's content, kept for the page."""
    key = (box, "multicol-flow:" + ",".join(str(id(c)) for c in children[:1]))
    cached = ctx.intrinsic_cache.get(key)
    if isinstance(cached, b.Box):
        return cached
    flow = b.Box(
        anonymous_style(box.style, "block"),
        "block",
        b.FLOW_ROOT,
        children=children,
        anonymous=True,
        inline_content=box.inline_content,
        index=box.index,
    )
    ctx.intrinsic_cache[key] = flow  # type: ignore[assignment]
    return flow


def _column_row(
    box: b.Box,
    children: list[b.Box],
    ctx: LayoutContext,
    geo: ColumnGeometry,
    frag: BoxFragment,
    origin: tuple[float, float],
    cap: float | None,
    fill_auto_ok: bool,
) -> float:
    """Lay out one row of columns into `frag`; returns the row's height."""
    flow = _flow_box(box, children, ctx)
    laid = layout_box(flow, ctx, Space(geo.width, None, width=geo.width))
    breaks = flow_breaks(laid)
    if fill_auto_ok and cap is not None and box.style["column-fill"] == "auto":
        col_h = cap
    else:
        col_h = balanced_height(breaks, geo.count, cap)
    cols = fill_columns(breaks, col_h)
    pieces = split_flow(laid, cols)
    ox, oy = origin
    for c, piece in sorted(pieces.items()):
        piece.x = ox + c * (geo.width + geo.gap)
        piece.y = oy
        piece.height = col_h
        frag.children.append(piece)
    _column_rules(box, frag, geo, origin, col_h, len(pieces))
    return col_h


def _column_rules(
    box: b.Box,
    frag: BoxFragment,
    geo: ColumnGeometry,
    origin: tuple[float, float],
    height: float,
    used: int,
) -> None:
    """`column-rule`: a line centred in each gap between two columns that hold content."""
    style = box.style
    rule_style = style["column-rule-style"]
    width = float(style["column-rule-width"])
    if rule_style in ("none", "hidden") or width <= 0 or used < 2 or height <= 0:
        return
    rule = anonymous_style(style, "block")
    rule["border-left-width"] = width
    rule["border-left-style"] = rule_style
    rule["border-left-color"] = style["column-rule-color"]
    rule_box = b.Box(rule, "block", b.FLOW, anonymous=True, index=box.index)
    ox, oy = origin
    for c in range(used - 1):
        x = ox + (c + 1) * geo.width + c * geo.gap + (geo.gap - width) / 2
        frag.children.append(
            BoxFragment(rule_box, x, oy, width, height, border=Edges(0.0, 0.0, 0.0, width))
        )


__all__ = [
    "ColumnGeometry",
    "column_geometry",
    "is_multicol",
    "layout_multicol",
    "multicol_intrinsic",
]
