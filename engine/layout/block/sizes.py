"""Used sizes of block-level boxes (box + containing block -> used width and margins, the block
frame with its specified or ratio-given height, a flex/grid container's outer sizes)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.boxes import box as b
from engine.fonts.cache import ByObject
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
    ratio_height,
    ratio_width,
    specified_height,
    specified_width,
)
from engine.layout.fragments import BoxFragment, Edges
from engine.layout.intrinsic import shrink_to_fit
from engine.style.computed import ComputedStyle


@dataclass(frozen=True, slots=True)
class UsedWidth:
    """A block's used border-box width, its margins (vertical ones too: they resolve against
    the containing block's width; auto is 0), border and padding."""

    width: float  # border box
    margin_left: float
    margin_right: float
    border: Edges
    padding: Edges
    margin_top: float
    margin_bottom: float


# Used widths by computed style object and containing block, across pages: a generator lays a
# slide out at several sizes and splits, and its pages share computed style objects (style
# sharing and reuse across pages), so most blocks are sized as before. Only widths that read
# nothing but the style's values and the space's widths are kept (not shrink-to-fit, which
# reads the content, nor an aspect ratio, which reads the height and the replaced content).
# Computed styles are never mutated after the cascade (later stages change copies).
_USED: ByObject[UsedWidth] = ByObject(1024)


def used_width(box: b.Box, ctx: LayoutContext, space: Space) -> UsedWidth:
    """CSS 2.1 10.3.3 (block-level, normal flow) and 10.3.9 (shrink-to-fit) for the border box."""
    style = box.style
    if space.fit_content or style["aspect-ratio"] != "auto":
        return _used_width(box, ctx, space)
    key = (space.cb_width, space.width, space.available)
    hit = _USED.get(style, key)
    if hit is not None:
        return hit
    used = _used_width(box, ctx, space)
    _USED.put(style, key, used)
    return used


def _used_width(box: b.Box, ctx: LayoutContext, space: Space) -> UsedWidth:
    style = box.style
    cbw = space.cb_width
    border = border_edges(style)
    padding = padding_edges(style, cbw)
    chrome = border.horizontal + padding.horizontal
    ml = margin_value(style, "left", cbw)
    mr = margin_value(style, "right", cbw)
    mt = margin_value(style, "top", cbw) or 0.0
    mb = margin_value(style, "bottom", cbw) or 0.0
    if space.width is not None:
        return UsedWidth(space.width, ml or 0.0, mr or 0.0, border, padding, mt, mb)
    width: float | None = specified_width(style, cbw, chrome)
    lo, hi = min_max_width(style, cbw, chrome)
    if width is None and style["aspect-ratio"] != "auto":
        width = _width_from_ratio(box, space, border, padding, chrome)
    if width is None:
        avail = (
            (space.available if space.available is not None else cbw) - (ml or 0.0) - (mr or 0.0)
        )
        width = shrink_to_fit(box, ctx, avail, chrome) if space.fit_content else avail
        width = clamp(width, lo, hi)
        if space.fit_content:
            return UsedWidth(width, ml or 0.0, mr or 0.0, border, padding, mt, mb)
    else:
        width = clamp(width, lo, hi)
    if space.fit_content:
        return UsedWidth(width, ml or 0.0, mr or 0.0, border, padding, mt, mb)
    remaining = cbw - width - (ml or 0.0) - (mr or 0.0)
    if ml is None and mr is None:
        ml = mr = remaining / 2
    elif ml is None:
        ml = remaining
    elif mr is None:
        mr = remaining
    elif _containing_block_rtl(style):
        ml = cbw - width - mr  # over-constrained: an rtl containing block ignores margin-left
    return UsedWidth(width, ml, mr or 0.0, border, padding, mt, mb)


def _containing_block_rtl(style: ComputedStyle) -> bool:
    """Whether the box's containing block (its parent's box) lays out right to left."""
    parent = getattr(style, "parent", None)
    return (parent if parent is not None else style)["direction"] == "rtl"


def _width_from_ratio(
    box: b.Box, space: Space, border: Edges, padding: Edges, chrome_w: float
) -> float | None:
    """An auto width given by a definite height through the preferred aspect ratio."""
    chrome_h = border.vertical + padding.vertical
    height = specified_height(box.style, space.cb_height, chrome_h)
    if height is None:
        return None
    lo, hi = min_max_height(box.style, space.cb_height, chrome_h)
    return ratio_width(box, clamp(height, lo, hi), chrome_w, chrome_h)


def auto_height_from_ratio(box: b.Box, w: UsedWidth, chrome_h: float) -> float | None:
    """The border-box height of an auto-height box with a preferred aspect ratio, or None."""
    if box.style["aspect-ratio"] == "auto" or box.inner == b.REPLACED:
        return None
    chrome_w = w.border.horizontal + w.padding.horizontal
    return ratio_height(box, w.width, chrome_w, chrome_h)


@dataclass
class BlockFrame:
    """A block-level container's used width, vertical margins, forced or specified height and
    its (not yet sized) fragment: the prologue block and multicol layout share."""

    used: UsedWidth
    chrome_v: float  # vertical border + padding
    margin_top: float
    margin_bottom: float
    height: float | None  # border-box height when forced or specified (not clamped)
    content_width: float
    frag: BoxFragment
    grows: bool = False  # `height` came from the aspect ratio: taller content still grows it


def block_frame(box: b.Box, ctx: LayoutContext, space: Space) -> BlockFrame:
    """Used width (CSS 2.1 10.3.3), margins and specified height of a block container, with its
    fragment at the origin (height 0 until its content is laid out)."""
    style = box.style
    w = used_width(box, ctx, space)
    chrome_v = w.border.vertical + w.padding.vertical
    mt, mb = w.margin_top, w.margin_bottom
    height = (
        space.height
        if space.height is not None
        else specified_height(style, space.cb_height, chrome_v)
    )
    grows = False
    if height is None:
        height = auto_height_from_ratio(box, w, chrome_v)
        # min-height: auto is the content height unless the box scrolls (CSS Sizing 4, 5.2)
        grows = height is not None and style["overflow-y"] == "visible"
    content_width = max(0.0, w.width - w.border.horizontal - w.padding.horizontal)
    frag = BoxFragment(
        box,
        0.0,
        0.0,
        w.width,
        0.0,
        Edges(mt, w.margin_right, mb, w.margin_left),
        w.border,
        w.padding,
    )
    return BlockFrame(w, chrome_v, mt, mb, height, content_width, frag, grows)


@dataclass
class ContainerSize:
    """The used outer sizes of a flex or grid container, before its items are laid out."""

    used: UsedWidth
    margin_top: float
    margin_bottom: float
    chrome_v: float  # vertical border + padding
    inner_width: float  # content-box width
    height: float | None  # border-box height when definite (forced, or specified and clamped)
    inner_height: float | None
    min_height: float  # used min-height / max-height (border box)
    max_height: float | None


def container_size(box: b.Box, ctx: LayoutContext, space: Space) -> ContainerSize:
    """Used width (CSS 2.1 10.3.3 / shrink-to-fit), vertical margins and the definite height of a
    container that lays out its own items (flex, grid)."""
    style = box.style
    w = used_width(box, ctx, space)
    chrome_v = w.border.vertical + w.padding.vertical
    inner_w = max(0.0, w.width - w.border.horizontal - w.padding.horizontal)
    lo_h, hi_h = min_max_height(style, space.cb_height, chrome_v)
    height = space.height
    if height is None:
        height = specified_height(style, space.cb_height, chrome_v)
        if height is None:
            height = auto_height_from_ratio(box, w, chrome_v)
        if height is not None:
            height = clamp(height, lo_h, hi_h)
    inner_h = max(0.0, height - chrome_v) if height is not None else None
    return ContainerSize(
        w,
        w.margin_top,
        w.margin_bottom,
        chrome_v,
        inner_w,
        height,
        inner_h,
        lo_h,
        hi_h,
    )
