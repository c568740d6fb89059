"""Intrinsic sizes (a box -> its min-content and max-content border-box widths, CSS Sizing 3)."""

from __future__ import annotations

from typing import Any

from engine.boxes import box as b
from engine.layout import dispatch
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    length,
    min_max_width,
    padding_edges,
    ratio_width,
    specified_height,
    specified_width,
)
from engine.layout.fragments import Intrinsic
from engine.layout.inline.vertical import VERTICAL_MODES, layout_vertical
from engine.layout.replaced import replaced_size
from engine.style.types import LP


def intrinsic_widths(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """Border-box min-content and max-content widths (percentages of the containing block treated as 0/auto)."""
    key = (box, "w")  # the box itself: ids of freed boxes can be reused
    cached = ctx.intrinsic_cache.get(key)
    if cached is not None:
        return cached  # type: ignore[return-value]
    result = _compute(box, ctx)
    ctx.intrinsic_cache[key] = result  # type: ignore[assignment]
    return result


def outer_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """Margin-box contributions (fixed margins only; auto and % margins count as 0)."""
    inner = intrinsic_widths(box, ctx)
    style = box.style
    margins = length(style["margin-left"], None) + length(style["margin-right"], None)
    return Intrinsic(inner.min_content + margins, inner.max_content + margins)


def _compute(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    style = box.style
    border = border_edges(style)
    padding = padding_edges(style, 0.0)
    chrome = border.horizontal + padding.horizontal
    fixed = specified_width(style, None, chrome)
    lo, hi = min_max_width(style, None, chrome)
    if fixed is None and style["aspect-ratio"] != "auto" and box.inner != b.REPLACED:
        chrome_h = border.vertical + padding.vertical
        given = specified_height(style, None, chrome_h)  # transferred through the ratio
        fixed = None if given is None else ratio_width(box, given, chrome, chrome_h)
    if fixed is not None:
        w = clamp(fixed, lo, hi)
        return Intrinsic(w, w)
    if box.inner == b.REPLACED:
        w = replaced_size(box, None, None)[0] + chrome
        return Intrinsic(_replaced_min_content(style, w, chrome, lo, hi), clamp(w, lo, hi))
    if box.inline_content and box.style["writing-mode"] in VERTICAL_MODES:
        frag = layout_vertical(box, ctx, Space(ctx.viewport[0], ctx.viewport[1]))
        return Intrinsic(frag.width, frag.width)
    mn, mx = content_intrinsic(box, ctx)
    mn = clamp(mn + chrome, lo, hi)
    mx = clamp(mx + chrome, lo, hi)
    return Intrinsic(mn, max(mn, mx))


def _cyclic(value: object) -> bool:
    return isinstance(value, LP) and value.pct != 0


def _replaced_min_content(
    style: Any, natural: float, chrome: float, lo: float, hi: float | None
) -> float:
    """A replaced box's min-content contribution: a percentage in its `width` or `max-width`
    resolves against zero (CSS Sizing 3, 5.2.2), so a picture sized `width:100%` or
    `max-width:100%` lets its flex item, float or table column shrink below its natural width,
    as browsers do; otherwise its natural width."""
    width, max_width = style["width"], style["max-width"]
    if not (_cyclic(width) or _cyclic(max_width)):
        return clamp(natural, lo, hi)
    w = specified_width(style, 0.0, chrome) if _cyclic(width) else natural
    top = min_max_width(style, 0.0, chrome)[1] if _cyclic(max_width) else hi
    return clamp(natural if w is None else w, lo, top)


def content_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """Min-content and max-content widths of a box's content (no own border, padding or width):
    dispatched to the formatting context the box establishes."""
    measured = dispatch.context_intrinsic(box, ctx)
    if measured is not None:
        return measured
    mn = mx = 0.0
    floats = {"left": 0.0, "right": 0.0}  # floats side by side on the current line
    for child in box.children:
        if child.out_of_flow:
            continue
        contribution = outer_intrinsic(child, ctx)
        mn = max(mn, contribution.min_content)
        side = child.style["float"]
        clear = child.style["clear"]
        if clear in ("left", "both"):
            floats["left"] = 0.0
        if clear in ("right", "both"):
            floats["right"] = 0.0
        if side in floats:
            floats[side] += contribution.max_content
            mx = max(mx, floats["left"] + floats["right"])
        elif child.anonymous and child.inline_content:
            # Text that follows floats shares their lines (the floats of its paragraph).
            mx = max(mx, floats["left"] + floats["right"] + contribution.max_content)
        else:
            floats = {"left": 0.0, "right": 0.0}
            mx = max(mx, contribution.max_content)
    return Intrinsic(mn, mx)


def shrink_to_fit(box: b.Box, ctx: LayoutContext, available: float, chrome: float) -> float:
    """CSS 2.1 10.3.5: min(max(min-content, available), max-content), as a border-box width."""
    sizes = intrinsic_widths(box, ctx)
    return max(chrome, min(max(sizes.min_content, available), sizes.max_content))
