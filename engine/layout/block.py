"""Block formatting context (block containers + containing block -> fragments with used widths, heights, collapsed margins)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    layout_box,
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
    specified_height,
    specified_width,
)
from engine.layout.fragments import AbsPlaceholder, BoxFragment, Edges
from engine.layout.intrinsic import shrink_to_fit
from engine.layout.position import relative_offset
from engine.layout.vertical import is_vertical, layout_vertical


@dataclass
class CollapsingMargins:
    """Adjoining margins collapse to max(positives) + min(negatives) (CSS 2.1 8.3.1)."""

    positive: float = 0.0
    negative: float = 0.0

    def add(self, value: float) -> None:
        if value >= 0:
            self.positive = max(self.positive, value)
        else:
            self.negative = min(self.negative, value)

    def add_all(self, other: CollapsingMargins) -> None:
        self.add(other.positive)
        self.add(other.negative)

    @property
    def value(self) -> float:
        return self.positive + self.negative


@dataclass
class UsedWidth:
    width: float  # border box
    margin_left: float
    margin_right: float
    border: Edges
    padding: Edges


def used_width(box: b.Box, ctx: LayoutContext, space: Space) -> UsedWidth:
    """CSS 2.1 10.3.3 (block-level, normal flow) and 10.3.9 (shrink-to-fit) for the border box."""
    style = box.style
    cbw = space.cb_width
    border = border_edges(style)
    padding = padding_edges(style, cbw)
    chrome = border.horizontal + padding.horizontal
    ml = margin_value(style, "left", cbw)
    mr = margin_value(style, "right", cbw)
    if space.width is not None:
        return UsedWidth(space.width, ml or 0.0, mr or 0.0, border, padding)
    width: float | None = specified_width(style, cbw, chrome)
    lo, hi = min_max_width(style, cbw, chrome)
    if width is None:
        avail = (
            (space.available if space.available is not None else cbw) - (ml or 0.0) - (mr or 0.0)
        )
        width = shrink_to_fit(box, ctx, avail, chrome) if space.fit_content else avail
        width = clamp(width, lo, hi)
        if space.fit_content:
            return UsedWidth(width, ml or 0.0, mr or 0.0, border, padding)
    else:
        width = clamp(width, lo, hi)
    if space.fit_content:
        return UsedWidth(width, ml or 0.0, mr or 0.0, border, padding)
    remaining = cbw - width - (ml or 0.0) - (mr or 0.0)
    if ml is None and mr is None:
        ml = mr = remaining / 2
    elif ml is None:
        ml = remaining
    elif mr is None:
        mr = remaining
    return UsedWidth(width, ml, mr or 0.0, border, padding)


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
        if height is not None:
            height = clamp(height, lo_h, hi_h)
    inner_h = max(0.0, height - chrome_v) if height is not None else None
    return ContainerSize(
        w,
        margin_value(style, "top", space.cb_width) or 0.0,
        margin_value(style, "bottom", space.cb_width) or 0.0,
        chrome_v,
        inner_w,
        height,
        inner_h,
        lo_h,
        hi_h,
    )


def establishes_bfc(box: b.Box, space: Space) -> bool:
    style = box.style
    return (
        box.inner != b.FLOW
        or box.out_of_flow
        or style["float"] != "none"
        or style["overflow-x"] != "visible"
        or space.width is not None
        or box.outer == "inline"
    )


@dataclass
class _Flow:
    """State while stacking one block container's in-flow children."""

    y: float
    pending: CollapsingMargins = field(default_factory=CollapsingMargins)
    collapsed_top: CollapsingMargins | None = None  # margins that collapse through our top edge
    float_bottom: float = 0.0  # bottom of the floats placed in this container


def layout_block(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    if is_vertical(box):
        return layout_vertical(box, ctx, space)
    style = box.style
    w = used_width(box, ctx, space)
    chrome_v = w.border.vertical + w.padding.vertical
    mt = margin_value(style, "top", space.cb_width) or 0.0
    mb = margin_value(style, "bottom", space.cb_width) or 0.0
    height = (
        space.height
        if space.height is not None
        else specified_height(style, space.cb_height, chrome_v)
    )
    content_width = max(0.0, w.width - w.border.horizontal - w.padding.horizontal)
    content_height = max(0.0, height - chrome_v) if height is not None else None
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
    origin_x = w.border.left + w.padding.left
    origin_y = w.border.top + w.padding.top
    bfc = establishes_bfc(box, space)
    own_top = CollapsingMargins()
    own_top.add(mt)
    through_top = not bfc and w.border.top == 0 and w.padding.top == 0
    through_bottom = not bfc and w.border.bottom == 0 and w.padding.bottom == 0 and height is None
    if box.inline_content:
        from engine.layout.inline import layout_inline

        inline = layout_inline(box, ctx, content_width, content_height, origin_x, origin_y)
        frag.lines = inline.lines
        frag.placeholders.extend(inline.placeholders)
        used = inline.height
        if frag.lines:
            first = frag.lines[0]
            frag.baseline = first.y + first.baseline
        bottom_margins = CollapsingMargins()
        collapsed_top = None
        if used == 0 and through_top:
            collapsed_top = own_top
    else:
        flow = _Flow(0.0)
        _stack_children(
            box, ctx, frag, flow, content_width, content_height, origin_x, origin_y, through_top
        )
        collapsed_top = flow.collapsed_top
        used = flow.y
        if bfc:  # a block formatting context root contains its floats (CSS 2.1 10.6.7)
            used = max(used + flow.pending.value, flow.float_bottom) - flow.pending.value
        bottom_margins = flow.pending
        if not through_bottom:
            used += bottom_margins.value
            bottom_margins = CollapsingMargins()
    if height is None:
        height = used + chrome_v
    if space.height is None:
        lo, hi = min_max_height(style, space.cb_height, chrome_v)
        height = clamp(height, lo, hi)
    frag.height = height
    # Margins that collapse through our edges are exposed to the parent's flow.
    top = CollapsingMargins()
    top.add(mt)
    if collapsed_top is not None:
        top.add_all(collapsed_top)
    frag.extra["collapsed_top"] = top
    bottom = CollapsingMargins()
    bottom.add(mb)
    bottom.add_all(bottom_margins)
    frag.extra["collapsed_bottom"] = bottom
    frag.extra["empty"] = (
        height == 0 and not frag.lines and not frag.children and through_top and through_bottom
    )
    return frag


def _stack_children(
    box: b.Box,
    ctx: LayoutContext,
    frag: BoxFragment,
    flow: _Flow,
    content_width: float,
    content_height: float | None,
    origin_x: float,
    origin_y: float,
    through_top: bool,
) -> None:
    first = True
    floats = _Floats(content_width)
    for child in box.children:
        if child.out_of_flow:
            frag.placeholders.append(
                AbsPlaceholder(child, origin_x, origin_y + flow.y + flow.pending.value)
            )
            continue
        side = child.style["float"]
        if side in ("left", "right"):
            float_frag = layout_box(
                child, ctx, Space(content_width, content_height, fit_content=True)
            )
            fx, fy = floats.place(side, float_frag, flow.y)
            float_frag.x = origin_x + fx + float_frag.margin.left
            float_frag.y = origin_y + fy + float_frag.margin.top
            frag.children.append(float_frag)
            continue
        if child.style["clear"] in ("left", "right", "both") and floats.bottom > flow.y:
            flow.y = floats.bottom
            flow.pending = CollapsingMargins()
        inset_left, inset_right = floats.insets(flow.y)
        if inset_left or inset_right:
            # Approximation: a block beside floats is narrowed by them over its whole height.
            ctx.diag.add(
                "layout",
                "content beside a float is narrowed, not wrapped around it",
                child.describe(),
            )
        child_space = Space(content_width - inset_left - inset_right, content_height)
        child_frag = layout_box(child, ctx, child_space)
        top: CollapsingMargins = child_frag.extra.get("collapsed_top") or _single(
            child_frag.margin.top
        )
        bottom: CollapsingMargins = child_frag.extra.get("collapsed_bottom") or _single(
            child_frag.margin.bottom
        )
        if child_frag.extra.get("empty"):
            # Margins collapse through an empty block; its top edge sits where its bottom
            # border would be if it had one (CSS 2.1 8.3.1).
            flow.pending.add_all(top)
            child_frag.x = origin_x + child_frag.margin.left
            child_frag.y = (
                origin_y + flow.y + (0.0 if first and through_top else flow.pending.value)
            )
            flow.pending.add_all(bottom)
            frag.children.append(child_frag)
            continue
        flow.pending.add_all(top)
        if first and through_top:
            flow.collapsed_top = flow.pending
            flow.pending = CollapsingMargins()
        else:
            flow.y += flow.pending.value
            flow.pending = CollapsingMargins()
        first = False
        child_frag.x = origin_x + inset_left + child_frag.margin.left
        child_frag.y = origin_y + flow.y
        dx, dy = relative_offset(child.style, content_width, content_height)
        child_frag.x += dx
        child_frag.y += dy
        if frag.baseline is None and child_frag.baseline is not None:
            frag.baseline = child_frag.y + child_frag.baseline
        frag.children.append(child_frag)
        flow.y += child_frag.height
        flow.pending.add_all(bottom)
    flow.float_bottom = floats.bottom


class _Floats:
    """Floats placed so far in one block container: shelves of left and right floats."""

    def __init__(self, width: float):
        self.width = width
        self.boxes: list[
            tuple[str, float, float, float, float]
        ] = []  # side, x, y, w, h (margin boxes)
        self.bottom = 0.0

    def place(self, side: str, frag: BoxFragment, y: float) -> tuple[float, float]:
        w, h = frag.margin_box_width, frag.margin_box_height
        while True:
            left, right = self.insets(y)
            if left + right + w <= self.width + 0.01 or (left == 0 and right == 0):
                break
            y = min(b[2] + b[4] for b in self.boxes if b[2] <= y < b[2] + b[4])
        x = left if side == "left" else self.width - right - w
        self.boxes.append((side, x, y, w, h))
        self.bottom = max(self.bottom, y + h)
        return x, y

    def insets(self, y: float) -> tuple[float, float]:
        left = max(
            (b[1] + b[3] for b in self.boxes if b[0] == "left" and b[2] <= y < b[2] + b[4]),
            default=0.0,
        )
        right = max(
            (self.width - b[1] for b in self.boxes if b[0] == "right" and b[2] <= y < b[2] + b[4]),
            default=0.0,
        )
        return left, right


def _single(value: float) -> CollapsingMargins:
    m = CollapsingMargins()
    m.add(value)
    return m


__all__ = ["layout_block", "used_width", "establishes_bfc", "CollapsingMargins"]
