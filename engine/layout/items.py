"""Shared helpers for flex and grid items (LayoutUnit rounding, alignment keywords, gaps, item layout caching)."""

from __future__ import annotations

import math
from typing import Any

from engine.boxes import box as b
from engine.layout.base import LayoutContext, Space, border_edges, is_definite, layout_box, padding_edges
from engine.layout.fragments import BoxFragment
from engine.layout.intrinsic import intrinsic_widths, outer_intrinsic
from engine.style.types import LP

INF = math.inf

# --- LayoutUnit helpers (Blink stores layout sizes as integers of 1/64 px) -------------------


def lu_round(value: float) -> float:
    """LayoutUnit::FromDoubleRound: nearest 1/64 px, halves away from zero."""
    raw = math.floor(abs(value) * 64.0 + 0.5)
    return math.copysign(raw, value) / 64.0


def lu_trunc(value: float) -> float:
    """LayoutUnit(double): truncates towards zero to 1/64 px."""
    return math.trunc(value * 64.0) / 64.0


def lu_div(value: float, count: int) -> float:
    """LayoutUnit / int: integer division of the raw value (truncating)."""
    if count <= 0:
        return 0.0
    return math.trunc(round(value * 64.0) / count) / 64.0


def lu(value: float) -> float:
    """Snap a size coming from elsewhere (text measurement, percentages) to 1/64 px."""
    return round(value * 64.0) / 64.0


# --- alignment keywords ------------------------------------------------------------------


def align_keyword(value: Any) -> str:
    """Normalise an alignment value: drop safe/unsafe, 'first baseline' -> 'baseline'."""
    text = str(value).strip().lower()
    for prefix in ("unsafe ", "safe "):
        if text.startswith(prefix):
            text = text[len(prefix) :].strip()
    if text in ("first baseline", "baseline"):
        return "baseline"
    if text == "last baseline":
        return "last-baseline"
    if text.startswith("legacy"):
        rest = text[len("legacy") :].strip()
        return rest or "normal"
    if text.endswith(" legacy"):
        return text[: -len(" legacy")].strip()
    return text


def gap_value(value: Any, basis: float | None) -> float:
    """Used row-gap/column-gap ('normal' is 0 in flex and grid; % of an indefinite size is 0)."""
    if isinstance(value, (int, float)):
        return max(0.0, float(value))
    if isinstance(value, LP):
        if basis is None:
            return max(0.0, lu_trunc(value.px))
        return max(0.0, lu_trunc(value.resolve(basis)))
    return 0.0


def is_scroll_container(style: Any) -> bool:
    return style["overflow-x"] not in ("visible", "clip") or style["overflow-y"] not in ("visible", "clip")


def synthesized_baseline(frag: BoxFragment) -> float:
    """First baseline from the border-box top, synthesized from the border-box bottom when absent."""
    return frag.baseline if frag.baseline is not None else frag.height


class ItemLayouts:
    """Per-container cache of item layouts keyed by the space they were laid out in."""

    def __init__(self, ctx: LayoutContext):
        self.ctx = ctx
        self.cache: dict[tuple[int, Space], BoxFragment] = {}

    def layout(self, box: b.Box, space: Space) -> BoxFragment:
        key = (id(box), space)
        frag = self.cache.get(key)
        if frag is None:
            frag = layout_box(box, self.ctx, space)
            self.cache[key] = frag
        return frag


def content_min_width(box: b.Box, ctx: LayoutContext) -> float:
    """Min-content width of a box's content (border box), ignoring its own `width`/min/max."""
    style = box.style
    if not is_definite(style["width"], None):
        return intrinsic_widths(box, ctx).min_content
    key = (id(box), "content-min")
    cached = ctx.intrinsic_cache.get(key)
    if cached is not None:
        return cached
    border = border_edges(style)
    padding = padding_edges(style, 0.0)
    chrome = border.horizontal + padding.horizontal
    if box.inner == b.REPLACED:
        from engine.layout.replaced import replaced_size

        mn = replaced_size(box, None, None)[0]
    elif box.inline_content:
        from engine.layout.inline import inline_intrinsic

        mn = inline_intrinsic(box, ctx)[0]
    elif box.inner == b.FLEX:
        from engine.layout.flex import flex_intrinsic

        mn = flex_intrinsic(box, ctx)[0]
    elif box.inner == b.GRID:
        from engine.layout.grid import grid_intrinsic

        mn = grid_intrinsic(box, ctx)[0]
    else:
        mn = 0.0
        for child in box.children:
            if not child.out_of_flow:
                mn = max(mn, outer_intrinsic(child, ctx).min_content)
    result = mn + chrome
    ctx.intrinsic_cache[key] = result
    return result


