"""Vertical writing modes (a block container with writing-mode vertical-rl/lr and inline content -> a fragment whose lines run top to bottom).

The lines are laid out in the logical frame (inline axis = physical y, block axis = physical x)
by the ordinary inline layout and kept in `extra["vertical"]`; the fragment's own `lines` stay
empty so horizontal mapping never sees them. This covers what slides use (vertical labels and
CJK vertical text in an otherwise horizontal page: an orthogonal flow root).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    is_definite,
    length,
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
)
from engine.layout.dispatch import inline_intrinsic, layout_inline
from engine.layout.fragments import BoxFragment, Edges, LineFragment

VERTICAL_MODES = frozenset({"vertical-rl", "vertical-lr", "sideways-rl", "sideways-lr"})


@dataclass(slots=True)
class VerticalText:
    """Lines laid out along the inline (downward) axis; `block_size` is their total extent."""

    mode: str
    lines: list[LineFragment]  # logical: x along the inline axis, y along the block axis
    inline_size: float
    block_size: float


def is_vertical(box: b.Box) -> bool:
    return box.inline_content and box.style["writing-mode"] in VERTICAL_MODES


def layout_vertical(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """CSS Writing Modes 3 for an orthogonal flow root: the inline size comes from the height
    (or the viewport height when indefinite, shrink-to-fit), the width from the lines."""
    style = box.style
    border = border_edges(style)
    padding = padding_edges(style, space.cb_width)
    chrome_w = border.horizontal + padding.horizontal
    chrome_h = border.vertical + padding.vertical
    height_v = style["height"]
    if space.height is not None:
        inline_size = space.height - chrome_h
    elif is_definite(height_v, space.cb_height):
        h = length(height_v, space.cb_height)
        inline_size = h - chrome_h if style["box-sizing"] == "border-box" else h
    else:
        available = (space.cb_height if space.cb_height is not None else ctx.viewport[1]) - chrome_h
        sizes = inline_intrinsic(box, ctx)
        inline_size = min(max(sizes.min_content, available), sizes.max_content)
    lo, hi = min_max_height(style, space.cb_height, chrome_h)
    inline_size = clamp(inline_size + chrome_h, lo, hi) - chrome_h
    laid = layout_inline(box, ctx, max(0.0, inline_size), None, 0.0, 0.0)
    block_size = laid.height
    if space.width is not None:
        width = space.width
    elif is_definite(style["width"], space.cb_width):
        w = length(style["width"], space.cb_width)
        width = w if style["box-sizing"] == "border-box" else w + chrome_w
    else:
        width = block_size + chrome_w
    wlo, whi = min_max_width(style, space.cb_width, chrome_w)
    width = clamp(width, wlo, whi)
    margins = Edges(
        margin_value(style, "top", space.cb_width) or 0.0,
        margin_value(style, "right", space.cb_width) or 0.0,
        margin_value(style, "bottom", space.cb_width) or 0.0,
        margin_value(style, "left", space.cb_width) or 0.0,
    )
    frag = BoxFragment(box, 0.0, 0.0, width, inline_size + chrome_h, margins, border, padding)
    frag.placeholders.extend(laid.placeholders)
    frag.extra["vertical"] = VerticalText(
        str(style["writing-mode"]), laid.lines, inline_size, block_size
    )
    return frag
