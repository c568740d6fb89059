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
    padding_edges,
    specified_width,
)
from engine.layout.block.fieldset import legend_cut, place_legend, rendered_legend
from engine.layout.block.floats import FloatContext, FloatSpace, LineFloats
from engine.layout.block.sizes import UsedWidth, block_frame, used_width
from engine.layout.dispatch import layout_inline
from engine.layout.fragments import AbsPlaceholder, BoxFragment
from engine.layout.inline.vertical import is_vertical, layout_vertical
from engine.layout.multicol.layout import is_multicol, layout_multicol
from engine.layout.positioned.absolute import relative_offset


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


def establishes_bfc(box: b.Box, space: Space) -> bool:
    style = box.style
    return (
        box.inner != b.FLOW
        or box.out_of_flow
        or style["float"] != "none"
        or style["overflow-x"] != "visible"
        or space.width is not None
        or box.outer == "inline"
        or is_multicol(box)
    )


@dataclass
class _Flow:
    """State while stacking one block container's in-flow children."""

    y: float
    pending: CollapsingMargins = field(default_factory=CollapsingMargins)
    collapsed_top: CollapsingMargins | None = None  # margins that collapse through our top edge


def layout_block(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    if is_vertical(box):
        return layout_vertical(box, ctx, space)
    if is_multicol(box):
        return layout_multicol(box, ctx, space)
    style = box.style
    bf = block_frame(box, ctx, space)
    w, chrome_v, frag = bf.used, bf.chrome_v, bf.frag
    mt, mb, height, content_width = bf.margin_top, bf.margin_bottom, bf.height, bf.content_width
    content_height = max(0.0, height - chrome_v) if height is not None else None
    origin_x = w.border.left + w.padding.left
    origin_y = w.border.top + w.padding.top
    legend = rendered_legend(box)
    legend_frag, legend_extra = None, 0.0
    if legend is not None:
        legend_frag, legend_extra = place_legend(legend, ctx, origin_x, content_width, w.border.top)
        origin_y += legend_extra
    bfc = establishes_bfc(box, space)
    own_top = CollapsingMargins()
    own_top.add(mt)
    through_top = not bfc and w.border.top == 0 and w.padding.top == 0 and legend is None
    through_bottom = not bfc and w.border.bottom == 0 and w.padding.bottom == 0 and height is None
    place = _float_place(space.floats if not bfc else None, w, mt, origin_x, origin_y)
    if box.inline_content:
        line_floats = (
            None
            if place.context.empty and not _line_has_floats(box)
            else LineFloats(place.context, place.content_x, place.content_top, content_width)
        )
        inline = layout_inline(
            box, ctx, content_width, content_height, origin_x, origin_y, line_floats
        )
        frag.lines = inline.lines
        frag.placeholders.extend(inline.placeholders)
        frag.children.extend(inline.floats)
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
            box,
            ctx,
            frag,
            flow,
            content_width,
            content_height,
            origin_x,
            origin_y,
            through_top,
            place,
            legend,
        )
        collapsed_top = flow.collapsed_top
        used = flow.y
        if bfc and not place.context.empty:  # a BFC root contains its floats (CSS 2.1 10.6.7)
            float_bottom = place.context.bottom - place.content_top
            used = max(used + flow.pending.value, float_bottom) - flow.pending.value
        bottom_margins = flow.pending
        if not through_bottom:
            used += bottom_margins.value
            bottom_margins = CollapsingMargins()
    if height is None:
        height = used + chrome_v + legend_extra
    else:
        if legend_extra and style["box-sizing"] != "border-box":
            height += legend_extra
        if bf.grows:
            height = max(height, used + chrome_v + legend_extra)
    if space.height is None:
        lo, hi = min_max_height(style, space.cb_height, chrome_v)
        height = clamp(height, lo, hi)
    frag.height = height
    if legend_frag is not None:
        frag.children.insert(0, legend_frag)
        legend_cut(frag, legend_frag, w.border.top)
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
    place: _FloatPlace,
    skip: b.Box | None = None,
) -> None:
    first = True
    fc = place.context
    x0, x1 = place.content_x, place.content_x + content_width
    for child in box.children:
        if child is skip:  # a fieldset's rendered legend, placed in its top border
            continue
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
            placed = fc.place(
                side,
                float_frag.margin_box_width,
                float_frag.margin_box_height,
                place.content_top + flow.y + flow.pending.value,
                x0,
                x1,
                child.style["clear"],
            )
            float_frag.x = origin_x + placed.left - place.content_x + float_frag.margin.left
            float_frag.y = origin_y + placed.top - place.content_top + float_frag.margin.top
            frag.children.append(float_frag)
            continue
        # Where the child's border box would start (margins above it not yet collapsed).
        if first and through_top:
            above_y, strut = place.above_y, place.strut
        else:
            above_y = place.content_top + flow.y
            strut = (flow.pending.positive, flow.pending.negative)
        mt = margin_value(child.style, "top", content_width) or 0.0
        hypothetical = above_y + max(strut[0], mt, 0.0) + min(strut[1], mt, 0.0)
        cleared = _clearance(child, fc, hypothetical)
        if cleared is not None:
            above_y, strut, hypothetical = cleared, (0.0, 0.0), cleared
        inset_left = inset_right = 0.0
        if establishes_bfc(child, Space(content_width, content_height)):
            # A new formatting context's border box does not overlap floats (CSS 2.1 9.5).
            if not fc.empty:
                hypothetical = _beside_floats(child, fc, hypothetical, x0, x1, content_width)
                band = fc.band(hypothetical, 0.0, x0, x1)
                inset_left, inset_right = band.left - x0, x1 - band.right
                if cleared is None and hypothetical > above_y + max(strut[0], mt, 0.0) + min(
                    strut[1], mt, 0.0
                ):
                    cleared = hypothetical
            child_space = Space(content_width - inset_left - inset_right, content_height)
        elif fc.empty and not _has_floats(child, ctx):
            child_space = Space(content_width, content_height)
        else:
            floats = FloatSpace(fc, x0, above_y, strut, cleared is not None)
            child_space = Space(content_width, content_height, floats=floats)
        child_frag = layout_box(child, ctx, child_space)
        top: CollapsingMargins = child_frag.extra.get("collapsed_top") or _single(
            child_frag.margin.top
        )
        bottom: CollapsingMargins = child_frag.extra.get("collapsed_bottom") or _single(
            child_frag.margin.bottom
        )
        if cleared is not None:
            # Clearance: the border box starts below the floats; margins above do not collapse
            # with it (CSS 2.1 9.5.2).
            flow.y = cleared - place.content_top
            flow.pending = CollapsingMargins()
            top = CollapsingMargins()
            first = False
        if child_frag.extra.get("empty") and cleared is None:
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


@dataclass(slots=True)
class _FloatPlace:
    """Where a block container's content box sits in its block formatting context (estimated
    before its margins resolve), and the float context it places floats in."""

    context: FloatContext
    content_x: float
    content_top: float
    above_y: float  # the container's border-box top before the margins above it collapse
    strut: tuple[float, float]  # those margins, own top margin included: (max +, min -)


def _float_place(
    floats: FloatSpace | None, w: UsedWidth, mt: float, origin_x: float, origin_y: float
) -> _FloatPlace:
    if floats is None:  # a formatting context root (or a block laid out on its own)
        own = (max(mt, 0.0), min(mt, 0.0))
        return _FloatPlace(FloatContext(), 0.0, 0.0, -own[0] - own[1] - origin_y, own)
    strut = floats.strut
    if not floats.cleared:
        strut = (max(strut[0], mt), min(strut[1], mt))
    top = floats.y + strut[0] + strut[1]
    x = floats.cb_x + w.margin_left + origin_x
    return _FloatPlace(floats.context, x, top + origin_y, floats.y, strut)


def _clearance(child: b.Box, fc: FloatContext, hypothetical: float) -> float | None:
    """The border-box top a clearing block is moved to, when floats reach below its position."""
    if fc.empty:
        return None
    clear_y = fc.clearance_y(child.style["clear"])
    if clear_y is None or clear_y <= hypothetical + 0.005:
        return None
    return clear_y


def _beside_floats(
    child: b.Box, fc: FloatContext, y: float, x0: float, x1: float, cbw: float
) -> float:
    """Move a new formatting context down until its specified width fits beside the floats."""
    style = child.style
    chrome = border_edges(style).horizontal + padding_edges(style, cbw).horizontal
    width = specified_width(style, cbw, chrome)
    if width is None:
        return y
    width += (margin_value(style, "left", cbw) or 0.0) + (margin_value(style, "right", cbw) or 0.0)
    for _ in range(10_000):
        band = fc.band(y, 0.0, x0, x1)
        if not band.narrowed or band.width + 0.01 >= width:
            break
        nxt = fc.next_edge(y, 0.0)
        if nxt is None:
            break
        y = nxt
    return y


def _line_has_floats(box: b.Box) -> bool:
    """Whether floats sit inside this block's lines (directly or inside inline boxes)."""
    stack = [box]
    while stack:
        for child in stack.pop().children:
            if child.inner == b.INLINE:
                stack.append(child)
            elif child.inner not in (b.TEXT, b.BREAK) and child.style["float"] != "none":
                return True
    return False


def _has_floats(box: b.Box, ctx: LayoutContext) -> bool:
    """Whether floats inside this block (outside nested formatting contexts) join its context.

    Decided bottom-up for the whole subtree at once and cached per box, so nested blocks asking
    in turn cost O(boxes) in all (not O(boxes x depth)).
    """
    cache = ctx.intrinsic_cache
    key = (box, "floats")
    if key not in cache:
        stack: list[tuple[b.Box, bool]] = [(box, False)]
        while stack:
            node, children_done = stack.pop()
            flow = [
                c for c in node.children if c.inner not in (b.TEXT, b.BREAK) and not c.out_of_flow
            ]
            if children_done:
                cache[(node, "floats")] = any(  # type: ignore[assignment]
                    c.style["float"] != "none" or (_joins(c) and bool(cache.get((c, "floats"))))
                    for c in flow
                )
                continue
            stack.append((node, True))
            stack.extend((c, False) for c in flow if _joins(c) and (c, "floats") not in cache)
    return bool(cache[key])


def _joins(box: b.Box) -> bool:
    """A non-floating block container (or inline box) whose floats join its parent's formatting
    context."""
    style = box.style
    if box.inner == b.INLINE:
        return True
    return box.inner == b.FLOW and style["float"] == "none" and style["overflow-x"] == "visible"


def _single(value: float) -> CollapsingMargins:
    m = CollapsingMargins()
    m.add(value)
    return m


__all__ = ["layout_block", "used_width", "establishes_bfc", "CollapsingMargins"]
