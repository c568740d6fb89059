"""Positioned layout (relative offsets; absolutely positioned boxes + containing block -> fragments, CSS 2.1 10.3.7/10.6.4)."""

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
    min_max_height,
    min_max_width,
    padding_edges,
    ratio_width,
    specified_height,
    specified_width,
)
from engine.layout.fragments import AbsPlaceholder, BoxFragment
from engine.layout.intrinsic import shrink_to_fit
from engine.layout.replaced import replaced_size


def relative_offset(style: Any, cb_width: float, cb_height: float | None) -> tuple[float, float]:
    """The offset of a position: relative box (a sticky box moves only after layout, when its
    place breaks an inset: engine/layout/positioned/sticky.py)."""
    if style["position"] != "relative":
        return 0.0, 0.0
    left, right, top, bottom = style["left"], style["right"], style["top"], style["bottom"]
    dx = 0.0
    if is_definite(left, cb_width):
        dx = length(left, cb_width)
    elif is_definite(right, cb_width):
        dx = -length(right, cb_width)
    dy = 0.0
    if is_definite(top, cb_height):
        dy = length(top, cb_height)
    elif is_definite(bottom, cb_height):
        dy = -length(bottom, cb_height)
    return dx, dy


def layout_absolute(
    placeholder: AbsPlaceholder,
    ctx: LayoutContext,
    cb_x: float,
    cb_y: float,
    cb_width: float,
    cb_height: float,
) -> BoxFragment:
    """Lay out an absolutely positioned box against its containing block (a padding box at cb_x, cb_y).

    The placeholder's x, y give the static position in the same coordinates as cb_x, cb_y.
    Returns a fragment positioned in those coordinates.
    """
    box = placeholder.box
    style = box.style
    border = border_edges(style)
    padding = padding_edges(style, cb_width)
    chrome_w = border.horizontal + padding.horizontal
    chrome_h = border.vertical + padding.vertical

    def inset(name: str, basis: float) -> float | None:
        value = style[name]
        return length(value, basis) if is_definite(value, basis) else None

    left, right = inset("left", cb_width), inset("right", cb_width)
    top, bottom = inset("top", cb_height), inset("bottom", cb_height)
    ml_v, mr_v = style["margin-left"], style["margin-right"]
    mt_v, mb_v = style["margin-top"], style["margin-bottom"]
    ml = None if ml_v == "auto" else length(ml_v, cb_width)
    mr = None if mr_v == "auto" else length(mr_v, cb_width)
    mt = None if mt_v == "auto" else length(mt_v, cb_width)
    mb = None if mb_v == "auto" else length(mb_v, cb_width)

    # Horizontal (10.3.7)
    width = specified_width(style, cb_width, chrome_w)
    if box.inner == b.REPLACED and width is None:
        width = replaced_size(box, cb_width, cb_height)[0] + chrome_w
    lo, hi = min_max_width(style, cb_width, chrome_w)
    if width is None and style["aspect-ratio"] != "auto":
        given = specified_height(style, cb_height, chrome_h)
        width = None if given is None else ratio_width(box, given, chrome_w, chrome_h)
    if width is None and left is not None and right is not None:
        width = cb_width - left - right - (ml or 0.0) - (mr or 0.0)
    if width is None:
        avail = cb_width - (left or 0.0) - (right or 0.0) - (ml or 0.0) - (mr or 0.0)
        if left is None and right is None:
            avail = cb_width - (placeholder.x - cb_x) - (ml or 0.0) - (mr or 0.0)
        width = shrink_to_fit(box, ctx, avail, chrome_w)
    width = clamp(width, lo, hi)
    if left is None and right is None:
        left = placeholder.x - cb_x
        if placeholder.fx:
            left += (placeholder.area_w - width - (ml or 0.0) - (mr or 0.0)) * placeholder.fx
    if left is not None and right is not None and (ml is None or mr is None):
        free = cb_width - left - right - width - (ml or 0.0) - (mr or 0.0)
        if ml is None and mr is None:
            ml = mr = free / 2 if free >= 0 else 0.0
            if free < 0:
                mr = free
        elif ml is None:
            ml = free
        else:
            mr = free
    ml, mr = ml or 0.0, mr or 0.0
    x = left + ml if left is not None else cb_width - (right or 0.0) - mr - width

    # Vertical (10.6.4): the height may depend on content, so lay out first.
    height = specified_height(style, cb_height, chrome_h)
    if box.inner == b.REPLACED and height is None:
        height = replaced_size(box, width - chrome_w, cb_height)[1] + chrome_h
    if height is None and top is not None and bottom is not None:
        height = cb_height - top - bottom - (mt or 0.0) - (mb or 0.0)
    if height is not None:
        hlo, hhi = min_max_height(style, cb_height, chrome_h)
        height = clamp(height, hlo, hhi)
    frag = layout_box(box, ctx, Space(cb_width, cb_height, width=width, height=height))
    height = frag.height
    if top is None and bottom is None:
        top = placeholder.y - cb_y
        if placeholder.fy:
            top += (placeholder.area_h - height - (mt or 0.0) - (mb or 0.0)) * placeholder.fy
    if top is not None and bottom is not None and (mt is None or mb is None):
        free = cb_height - top - bottom - height - (mt or 0.0) - (mb or 0.0)
        if mt is None and mb is None:
            mt = mb = free / 2
        elif mt is None:
            mt = free
        else:
            mb = free
    mt, mb = mt or 0.0, mb or 0.0
    y = top + mt if top is not None else cb_height - (bottom or 0.0) - mb - height
    frag.x = cb_x + x
    frag.y = cb_y + y
    frag.margin = frag.margin._replace(left=ml, right=mr, top=mt, bottom=mb)
    return frag


def place_absolutes(root: BoxFragment, ctx: LayoutContext) -> None:
    """Resolve every AbsPlaceholder in the fragment tree: lay the box out against its containing
    block (the nearest positioned ancestor's padding box; the root for fixed boxes) and attach
    the fragment to that block. Runs after in-flow layout, since abspos boxes don't affect it."""
    _walk(root, ctx, _Anchor(root, 0.0, 0.0), _Anchor(root, 0.0, 0.0), 0.0, 0.0)


class _Anchor:
    """A containing-block fragment and its absolute position."""

    __slots__ = ("frag", "x", "y")

    def __init__(self, frag: BoxFragment, x: float, y: float):
        self.frag, self.x, self.y = frag, x, y


def _is_containing_block(frag: BoxFragment) -> bool:
    style = frag.box.style
    return style["position"] != "static" or bool(style["transform"])


def _walk(
    frag: BoxFragment, ctx: LayoutContext, root: _Anchor, cb: _Anchor, abs_x: float, abs_y: float
) -> None:
    if frag is not cb.frag and _is_containing_block(frag):
        cb = _Anchor(frag, abs_x, abs_y)
    pending, frag.placeholders = frag.placeholders, []
    for ph in pending:
        anchor = root if ph.box.style["position"] == "fixed" else cb
        holder = anchor.frag
        # Static position in the containing block's padding-box coordinates.
        static_x = abs_x + ph.x - anchor.x - holder.border.left
        static_y = abs_y + ph.y - anchor.y - holder.border.top
        pad_w = holder.width - holder.border.horizontal
        pad_h = holder.height - holder.border.vertical
        static = AbsPlaceholder(ph.box, static_x, static_y, ph.area_w, ph.area_h, ph.fx, ph.fy)
        child = layout_absolute(static, ctx, 0.0, 0.0, pad_w, pad_h)
        child.x += holder.border.left
        child.y += holder.border.top
        child.extra["absolute"] = True
        holder.children.append(child)
    i = 0
    while i < len(frag.children):  # the list may grow while we walk it
        child = frag.children[i]
        _walk(child, ctx, root, cb, abs_x + child.x, abs_y + child.y)
        i += 1
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                _walk(item, ctx, root, cb, abs_x + line.x + item.x, abs_y + line.y + item.y)
