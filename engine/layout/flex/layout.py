"""Flex layout (a flex container box + available space -> a fragment with positioned flex items, CSS Flexbox 1 §9).

Arithmetic follows Blink's LayoutUnit (1/64 px) where it decides visible sizes: free space is
distributed with Blink's LineFlexer rounding, so `flex: 1` siblings get the same widths as Chromium.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    clamp,
    is_definite,
    kept_layout,
    min_max_height,
    min_max_width,
    padding_edges,
    specified_width,
)
from engine.layout.block.sizes import container_size
from engine.layout.flex.items import (
    BOTTOM,
    LEFT,
    RIGHT,
    TOP,
    FlexContainer,
    FlexItem,
    FlexLine,
    LineFlexer,
    automatic_min_width,
    collect_lines,
    line_main_sum,
    make_item,
    ordered_items,
    size_items,
)
from engine.layout.flex.static_position import align_flex_placeholders
from engine.layout.fragments import AbsPlaceholder, BoxFragment, Edges, Intrinsic
from engine.layout.inline.vertical import VERTICAL_MODES
from engine.layout.intrinsic import intrinsic_widths, outer_intrinsic
from engine.layout.items import (
    INF,
    ItemLayouts,
    align_keyword,
    gap_value,
    lu_div,
    lu_round,
    measuring,
)
from engine.layout.positioned.absolute import relative_offset
from engine.style.types import LP

# --- cross sizes, lines and alignment ------------------------------------------------------


def _cross_min_max(c: FlexContainer, item: FlexItem) -> tuple[float, float | None]:
    style = item.box.style
    if c.row:
        return min_max_height(style, c.inner_h, item.cross_chrome)
    return min_max_width(style, c.inner_w, item.cross_chrome)


def _hypothetical_cross(c: FlexContainer, items: list[FlexItem], measuring: bool) -> None:
    """Row containers: lay every item out at its used main size to learn its cross size."""
    for item in items:
        width = item.flexed + item.main_chrome
        if item.stretch and not c.multi and c.inner_h is not None:
            lo, hi = _cross_min_max(c, item)
            target = clamp(c.inner_h - c.cross_margins(item), lo, hi)
            space = Space(c.inner_w, c.inner_h, width=width, height=target, stretch_height=True)
            item.stretch = False  # already stretched: the line is the container
        else:
            space = Space(c.inner_w, c.inner_h, width=width)
        if measuring or item.stretch:  # stretched items are laid out again later
            found = c.measure.measure(item.box, space)
            item.cross, item.baseline = found.height, found.baseline
            item.frag = None if measuring else c.measure.cache.get((id(item.box), space))
            continue
        item.frag = c.measure.layout(item.box, space)
        item.cross, item.baseline = item.frag.height, item.frag.baseline


def _line_cross_sizes(
    c: FlexContainer,
    lines: list[FlexLine],
    definite_cross: float | None,
    lo: float,
    hi: float | None,
) -> None:
    for line in lines:
        plain = 0.0
        max_asc = max_desc = 0.0
        for item in line.items:
            outer = item.cross + c.cross_margins(item)
            auto = item.margins[c.cross_start] is None or item.margins[c.cross_end] is None
            if item.align == "baseline" and not auto:
                item.baseline_aligned = True
                first = item.baseline if item.baseline is not None else item.cross
                item.ascent = item.margin(TOP) + first
                max_asc = max(max_asc, item.ascent)
                max_desc = max(max_desc, outer - item.ascent)
            else:
                plain = max(plain, outer)
        line.max_ascent = max_asc
        line.cross = max(plain, max_asc + max_desc)
    if not c.multi and lines:
        if definite_cross is not None:
            lines[0].cross = definite_cross
        else:
            lines[0].cross = clamp(lines[0].cross, lo, hi)


def _distribution(value: str, free: float, n: int, flipped: bool) -> tuple[float, float]:
    """(offset of the first box from the physical start edge, extra space between boxes).

    Like Blink, the offset is a truncated LayoutUnit while the space between stays exact and
    each box position rounds, so the remainder spreads over the gaps. Distributions that do not
    apply (one box, no free space) fall back to flex-start."""
    if n == 0:  # a line of a container whose children are all out of flow
        return 0.0, 0.0
    if value == "space-between" and (n < 2 or free < 0):
        value = "flex-start"
    elif value in ("space-around", "space-evenly") and free < 0:
        value = "start"  # Blink: safe fallback, overflow goes to the physical end side
    if value == "space-between":
        return 0.0, free / (n - 1)
    if value == "space-around":
        return lu_div(free, 2 * n), free / n
    if value == "space-evenly":
        return lu_div(free, n + 1), free / (n + 1)
    value = _physical_keyword(value, flipped)
    if value == "flex-end":
        return free, 0.0
    if value == "center":
        return lu_div(free, 2), 0.0
    return 0.0, 0.0


# start/end on an rtl inline axis: the physical right/left edge
_RTL_KEYWORDS = {"start": "right", "end": "left", "self-start": "right", "self-end": "left"}


def _physical_keyword(value: str, flipped: bool) -> str:
    """Map an alignment keyword to flex-start/flex-end/... measured from the physical start edge."""
    if value in ("start", "left", "self-start"):
        return "flex-start"
    if value in ("end", "right", "self-end"):
        return "flex-end"
    if value in ("normal", "stretch", "flex-start"):
        return "flex-end" if flipped else "flex-start"
    if value == "flex-end":
        return "flex-start" if flipped else "flex-end"
    return value


def _align_content(c: FlexContainer, lines: list[FlexLine], inner_cross: float) -> None:
    """Position the lines along the cross axis (align-content; single-line containers ignore it)."""
    n = len(lines)
    if not n:
        return
    offset = between = 0.0
    if c.multi:
        free = inner_cross - sum(line.cross for line in lines) - c.cross_gap * (n - 1)
        value = align_keyword(c.box.style["align-content"])
        if value in ("normal", "stretch") and free > 0:
            # Stretch the lines; positions round like a distribution, so sizes differ by 1/64.
            base = 0.0
            for k, line in enumerate(lines[::-1] if c.wrap_reverse else lines):
                before, after = lu_round(k * free / n), lu_round((k + 1) * free / n)
                line.pos = base + before
                base += line.cross + c.cross_gap
                line.cross += after - before
            return
        if value in ("normal", "stretch"):
            value = "flex-start"
        offset, between = _distribution(value, free, n, c.wrap_reverse)
    base = offset
    for k, line in enumerate(lines[::-1] if c.wrap_reverse else lines):
        line.pos = base + lu_round(k * between)
        base += line.cross + c.cross_gap


def _stretch_items(c: FlexContainer, lines: list[FlexLine], measuring: bool) -> None:
    for line in lines:
        for item in line.items:
            if not item.stretch:
                continue
            lo, hi = _cross_min_max(c, item)
            target = clamp(line.cross - c.cross_margins(item), lo, hi)
            if c.row and not measuring:
                frag = item.frag
                if frag is None or frag.height != target or _has_percent_height_children(item.box):
                    space = Space(
                        c.inner_w,
                        c.inner_h,
                        width=item.flexed + item.main_chrome,
                        height=target,
                        stretch_height=True,
                    )
                    item.frag = c.measure.layout(item.box, space)
                    item.baseline = item.frag.baseline
            item.cross = target


def _has_percent_height_children(box: b.Box) -> bool:
    for child in box.children:
        value = child.style["height"] if child.inner != b.TEXT else None
        if isinstance(value, LP) and value.pct:
            return True
    return False


def _final_column_layouts(c: FlexContainer, items: list[FlexItem], measuring: bool) -> None:
    for item in items:
        height = item.flexed + item.main_chrome
        auto_space = Space(c.inner_w, c.inner_h, width=item.cross)
        if measuring:
            item.baseline = c.measure.measure(item.box, auto_space).baseline
            return  # only the first item's baseline matters for the container
        measured = c.measure.cache.get((id(item.box), auto_space)) or kept_layout(
            item.box, c.measure.ctx, auto_space
        )
        if measured is not None and measured.height == height:
            item.frag = measured
        else:
            space = Space(
                c.inner_w, c.inner_h, width=item.cross, height=height, stretch_height=item.stretch
            )
            item.frag = c.measure.layout(item.box, space)
        item.baseline = item.frag.baseline


def _justify(c: FlexContainer, line: FlexLine, inner_main: float) -> None:
    """Main-axis positions of a line's items (auto margins, then justify-content), measured from
    the physical start edge; reversed directions walk the items backwards, as Blink does."""
    items = line.items
    n = len(items)
    ms, me = c.main_start, c.main_end
    used = sum(i.flexed + i.main_chrome + c.main_margins(i) for i in items) + c.main_gap * (n - 1)
    free = inner_main - used
    autos = sum(1 for i in items for side in (ms, me) if i.margins[side] is None)
    remaining, remaining_autos = (free, autos) if free > 0 else (0.0, 0)
    for item in items:
        count = (item.margins[ms] is None) + (item.margins[me] is None)
        share = lu_round(remaining * count / remaining_autos) if count and remaining_autos else 0.0
        remaining -= share
        remaining_autos -= count
        start = lu_round(share / 2) if count == 2 else share
        item.used_margins[ms] = start if item.margins[ms] is None else item.margin(ms)
        item.used_margins[me] = (
            (share - start if count == 2 else share)
            if item.margins[me] is None
            else item.margin(me)
        )
    offset = between = 0.0
    if not (autos and free > 0):
        value = align_keyword(c.box.style["justify-content"])
        if c.rtl and c.row:
            value = _RTL_KEYWORDS.get(value, value)
        offset, between = _distribution(value, free, n, c.reverse)
    ps, pe = (LEFT, RIGHT) if c.row else (TOP, BOTTOM)
    base = offset
    for k, item in enumerate(items[::-1] if c.reverse else items):
        base += item.used_margins[ps]
        item.main_pos = base + lu_round(k * between)
        base += item.flexed + item.main_chrome + item.used_margins[pe] + c.main_gap


def _align_item(c: FlexContainer, line: FlexLine, item: FlexItem) -> None:
    """Cross-axis position of an item in its line, from the line's physical start edge."""
    ps, pe = (TOP, BOTTOM) if c.row else (LEFT, RIGHT)
    outer = item.cross + c.cross_margins(item)
    free = line.cross - outer
    start_auto, end_auto = item.margins[ps] is None, item.margins[pe] is None
    item.used_margins[ps] = item.margin(ps)
    item.used_margins[pe] = item.margin(pe)
    offset = 0.0
    if start_auto or end_auto:
        if free > 0:
            if start_auto and end_auto:
                item.used_margins[ps] = lu_div(free, 2)
                item.used_margins[pe] = free - item.used_margins[ps]
            elif start_auto:
                item.used_margins[ps] = free
            else:
                item.used_margins[pe] = free
    elif item.align == "baseline" and item.baseline_aligned and not c.wrap_reverse:
        offset = line.max_ascent - item.ascent
    else:
        align = _RTL_KEYWORDS.get(item.align, item.align) if c.rtl and not c.row else item.align
        value = _physical_keyword(align, c.wrap_reverse)
        if value == "baseline":
            value = "flex-end" if c.wrap_reverse else "flex-start"
        if value == "flex-end":
            offset = free
        elif value == "center":
            offset = lu_div(free, 2)
    item.cross_pos = line.pos + offset + item.used_margins[ps]


def _container_baseline(
    c: FlexContainer,
    lines: list[FlexLine],
    inner_main: float,
    inner_cross: float,
    frag: BoxFragment,
) -> float | None:
    """First baseline: the first line's baseline group, else its first item's (synthesized) baseline."""
    if not lines or not lines[0].items:
        return None
    first = lines[0]
    chosen = next((i for i in first.items if i.baseline_aligned), first.items[0])
    _, y = _physical(c, chosen, inner_main, inner_cross)
    y += frag.content_y
    if c.row and chosen.baseline_aligned and not c.wrap_reverse:
        return y - chosen.used_margins[TOP] + chosen.ascent
    height = chosen.cross if c.row else chosen.flexed + chosen.main_chrome
    return y + (chosen.baseline if chosen.baseline is not None else height)


def _vertical(style: Any) -> tuple[bool, bool]:
    """(vertical writing mode, block axis right to left): a vertical flex container's row runs
    down the page and its lines (its block axis) stack sideways, from the right in vertical-rl.
    It is laid out in the physical axes, then mirrored left to right for the -rl modes."""
    mode = str(style["writing-mode"])
    vertical = mode in VERTICAL_MODES
    return vertical, vertical and mode.endswith("-rl")


def layout_flex(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a flex container and its items (CSS Flexbox 1 §9)."""
    style = box.style
    vertical, mirrored = _vertical(style)
    if vertical and space.width is None and not is_definite(style["width"], space.cb_width):
        space = replace(space, fit_content=True)  # an orthogonal block: its width fits content
    size = container_size(box, ctx, space)
    w = size.used
    border, padding = w.border, w.padding
    chrome_v, inner_w = size.chrome_v, size.inner_width
    mt, mb = size.margin_top, size.margin_bottom
    lo_h, hi_h = size.min_height, size.max_height
    height, inner_h = size.height, size.inner_height
    direction = str(style["flex-direction"])
    wrap = str(style["flex-wrap"])
    logical_row = not direction.startswith("column")
    row = logical_row != vertical  # the physical axis
    rtl = style["direction"] == "rtl" and not vertical  # a vertical inline axis: not mirrored
    column_gap = gap_value(style["column-gap"], inner_w)
    row_gap = gap_value(style["row-gap"], inner_h)
    c = FlexContainer(
        box,
        row,
        direction.endswith("reverse") != (rtl and row),
        wrap != "nowrap",
        (wrap == "wrap-reverse") != (rtl and not row),
        inner_w,
        inner_h,
        column_gap if logical_row else row_gap,
        row_gap if logical_row else column_gap,
        align_keyword(style["align-items"]),
        ItemLayouts(ctx),
        rtl=rtl,
        mirrored=mirrored,
    )
    frag = BoxFragment(
        box, 0.0, 0.0, w.width, 0.0, Edges(mt, w.margin_right, mb, w.margin_left), border, padding
    )
    ox, oy = frag.content_x, frag.content_y
    for child in box.children:
        if child.out_of_flow:
            frag.placeholders.append(AbsPlaceholder(child, ox, oy))
    items = [make_item(child, inner_w, mirrored) for child in ordered_items(box)]
    size_items(c, items)

    # Main size and lines.
    if row:
        avail_main = inner_w
    elif inner_h is not None:
        avail_main = inner_h
    else:
        avail_main = hi_h - chrome_v if hi_h is not None else INF
    lines = collect_lines(c, items, avail_main)
    if row or inner_h is not None:
        inner_main = avail_main
    else:
        content = max((line_main_sum(c, line) for line in lines), default=0.0)
        inner_main = clamp(content + chrome_v, lo_h, hi_h) - chrome_v
    for line in lines:
        LineFlexer(c, line.items, inner_main).run()

    # Cross sizes.
    skip = measuring(ctx)
    if row:
        _hypothetical_cross(c, items, skip)
        _line_cross_sizes(
            c, lines, inner_h, max(0.0, lo_h - chrome_v), None if hi_h is None else hi_h - chrome_v
        )
        if height is None:
            total = sum(line.cross for line in lines) + c.cross_gap * max(0, len(lines) - 1)
            height = clamp(total + chrome_v, lo_h, hi_h)
        inner_cross = max(0.0, height - chrome_v)
    else:
        _line_cross_sizes(c, lines, inner_w, 0.0, None)
        if height is None:
            height = inner_main + chrome_v
        inner_cross = inner_w
    _align_content(c, lines, inner_cross)
    _stretch_items(c, lines, skip)
    if not row:
        _final_column_layouts(c, items, skip)

    # Positions.
    for line in lines:
        _justify(c, line, inner_main)
        for item in line.items:
            _align_item(c, line, item)
            if not skip:
                _place(c, item, frag, inner_main, inner_cross)
    frag.height = height
    frag.baseline = _container_baseline(c, lines, inner_main, inner_cross, frag)
    if frag.placeholders:
        align_flex_placeholders(frag.placeholders, style, inner_w, max(0.0, height - chrome_v))
    return frag


def _physical(
    c: FlexContainer, item: FlexItem, inner_main: float, inner_cross: float
) -> tuple[float, float]:
    """The item's border-box offset from the container's content-box origin."""
    return (item.main_pos, item.cross_pos) if c.row else (item.cross_pos, item.main_pos)


def _place(
    c: FlexContainer, item: FlexItem, frag: BoxFragment, inner_main: float, inner_cross: float
) -> None:
    child = item.frag
    assert child is not None
    x, y = _physical(c, item, inner_main, inner_cross)
    margins = Edges(*item.used_margins)
    if c.mirrored:
        x = frag.content_width - x - child.width
        margins = margins._replace(left=margins.right, right=margins.left)
    dx, dy = relative_offset(item.box.style, c.inner_w, c.inner_h)
    child.x = frag.content_x + x + dx
    child.y = frag.content_y + y + dy
    child.margin = margins
    frag.children.append(child)


def flex_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """(min-content, max-content) content-box widths of a flex container from its items' contributions.

    Row items' contributions are clamped by their flex base size when they cannot grow (at most)
    or shrink (at least), then by their min/max main size, as Chromium does (CSS Flexbox 1 §9.9.1).
    """
    style = box.style
    row = not str(style["flex-direction"]).startswith("column")
    row = row != _vertical(style)[0]  # the physical axis
    multi = str(style["flex-wrap"]) != "nowrap"
    items = [child for child in box.children if not child.out_of_flow]
    mn = mx = 0.0
    for item in items:
        if not row:
            contribution = outer_intrinsic(item, ctx)
            mn = max(mn, contribution.min_content)
            mx = max(mx, contribution.max_content)
            continue
        item_min, item_max = _row_contribution(item, ctx)
        if multi:
            mn = max(mn, item_min)
        else:
            mn += item_min
        mx += item_max
    if row and len(items) > 1:
        gap = style["row-gap" if _vertical(style)[0] else "column-gap"]
        gaps = gap_value(gap, None) * (len(items) - 1)
        mx += gaps
        if not multi:
            mn += gaps
    return Intrinsic(mn, max(mn, mx))


def _row_contribution(item: b.Box, ctx: LayoutContext) -> tuple[float, float]:
    """Outer min-content and max-content contributions of a row flex item."""
    inner = intrinsic_widths(item, ctx)
    margins = outer_intrinsic(item, ctx).max_content - inner.max_content
    mn, mx = inner.min_content, inner.max_content
    style = item.style
    border, padding = border_edges(style), padding_edges(style, 0.0)
    chrome = border.horizontal + padding.horizontal
    basis = style["flex-basis"]
    base: float | None = None
    if basis == "auto":
        base = specified_width(style, None, chrome)
    elif isinstance(basis, (int, float)):
        base = float(basis) + (0.0 if style["box-sizing"] == "border-box" else chrome)
        base = max(base, chrome)
    if base is not None:
        if not float(style["flex-grow"] or 0.0):
            mn, mx = min(mn, base), min(mx, base)
        if not float(style["flex-shrink"] or 0.0):
            mn, mx = max(mn, base), max(mx, base)
        floor = automatic_min_width(item, ctx, None)
        _, hi = min_max_width(style, None, chrome)
        mn, mx = clamp(mn, floor, hi), clamp(mx, floor, hi)
    return mn + margins, mx + margins


__all__ = ["layout_flex", "flex_intrinsic", "LineFlexer", "FlexItem"]
