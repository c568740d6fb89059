"""Flex layout (a flex container box + available space -> a fragment with positioned flex items, CSS Flexbox 1 §9).

Arithmetic follows Blink's LayoutUnit (1/64 px) where it decides visible sizes: free space is
distributed with Blink's LineFlexer rounding, so `flex: 1` siblings get the same widths as Chromium.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
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
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
    specified_height,
    specified_width,
)
from engine.layout.block import used_width
from engine.layout.fragments import AbsPlaceholder, BoxFragment, Edges
from engine.layout.intrinsic import intrinsic_widths, outer_intrinsic, shrink_to_fit
from engine.layout.items import (
    INF,
    ItemLayouts,
    align_keyword,
    content_min_width,
    gap_value,
    is_scroll_container,
    lu,
    lu_div,
    lu_round,
    lu_trunc,
    synthesized_baseline,
)
from engine.layout.position import relative_offset
from engine.style.types import LP

# --- flex items ----------------------------------------------------------------------------

NONE, FROZEN, MIN_VIOLATION, MAX_VIOLATION = 0, 1, 2, 3


@dataclass(eq=False, slots=True)
class FlexItem:
    box: b.Box
    margins: list[float | None]  # physical top, right, bottom, left; None = auto
    border: Edges
    padding: Edges
    main_chrome: float  # border + padding along the main axis
    cross_chrome: float
    grow: float
    shrink: float
    base: float = 0.0  # inner (content-box) flex base size
    hypo: float = 0.0  # inner hypothetical main size
    min_main: float = 0.0  # inner min/max main sizes
    max_main: float = INF
    flexed: float = 0.0  # inner target main size
    state: int = NONE
    fraction: float = 0.0
    cross: float = 0.0  # border-box cross size
    frag: BoxFragment | None = None
    ascent: float = 0.0  # baseline offset from the margin-box cross-start edge
    baseline_aligned: bool = False
    main_pos: float = 0.0  # border-box main-start offset from the content-box main-start
    cross_pos: float = 0.0  # border-box cross-start offset from the content-box cross-start
    align: str = "stretch"
    stretch: bool = False
    used_margins: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 0.0])

    def margin(self, side: int) -> float:
        value = self.margins[side]
        return value if value is not None else 0.0

    def clamp_main(self, size: float) -> float:
        return max(self.min_main, min(size, self.max_main))


TOP, RIGHT, BOTTOM, LEFT = 0, 1, 2, 3


@dataclass(eq=False, slots=True)
class FlexLine:
    items: list[FlexItem]
    cross: float = 0.0  # line cross size
    pos: float = 0.0  # cross offset from the content-box cross-start
    max_ascent: float = 0.0


@dataclass(eq=False, slots=True)
class _Container:
    """The flex container's axes and sizes during one layout."""

    box: b.Box
    row: bool
    reverse: bool
    multi: bool
    wrap_reverse: bool
    inner_w: float
    inner_h: float | None
    main_gap: float
    cross_gap: float
    align_items: str
    measure: ItemLayouts

    @property
    def main_start(self) -> int:
        if self.row:
            return RIGHT if self.reverse else LEFT
        return BOTTOM if self.reverse else TOP

    @property
    def main_end(self) -> int:
        if self.row:
            return LEFT if self.reverse else RIGHT
        return TOP if self.reverse else BOTTOM

    @property
    def cross_start(self) -> int:
        if self.row:
            return BOTTOM if self.wrap_reverse else TOP
        return RIGHT if self.wrap_reverse else LEFT

    @property
    def cross_end(self) -> int:
        if self.row:
            return TOP if self.wrap_reverse else BOTTOM
        return LEFT if self.wrap_reverse else RIGHT

    def main_margins(self, item: FlexItem) -> float:
        return item.margin(self.main_start) + item.margin(self.main_end)

    def cross_margins(self, item: FlexItem) -> float:
        return item.margin(self.cross_start) + item.margin(self.cross_end)


def _ordered_items(box: b.Box) -> list[b.Box]:
    children = [c for c in box.children if not c.out_of_flow]
    return sorted(children, key=lambda c: _order(c.style))


def _order(style: Any) -> int:
    try:
        return int(style["order"])
    except (KeyError, TypeError, ValueError):
        return 0


def _make_item(child: b.Box, inner_w: float) -> FlexItem:
    style = child.style
    margins = [margin_value(style, side, inner_w) for side in ("top", "right", "bottom", "left")]
    border = border_edges(style)
    padding = padding_edges(style, inner_w)
    return FlexItem(
        child,
        margins,
        border,
        padding,
        0.0,
        0.0,
        max(0.0, float(style["flex-grow"] or 0.0)),
        max(0.0, float(style["flex-shrink"] or 0.0)),
    )


def _resolve_align(c: _Container, item: FlexItem) -> str:
    value = align_keyword(item.box.style["align-self"])
    if value == "auto":
        value = c.align_items
    if value in ("normal", "stretch"):
        return "stretch"
    if value in ("flex-start", "self-start"):
        return "flex-start"
    if value in ("flex-end", "self-end"):
        return "flex-end"
    if value in ("start", "left"):
        return "start"
    if value in ("end", "right"):
        return "end"
    if value == "baseline":
        return "baseline" if c.row else "flex-start"
    if value == "last-baseline":
        return "flex-end"
    if value == "center":
        return "center"
    return "flex-start"


def _cross_size_auto(c: _Container, item: FlexItem) -> bool:
    style = item.box.style
    if c.row:
        return not is_definite(style["height"], c.inner_h)
    return not is_definite(style["width"], c.inner_w)


# --- sizing the items ----------------------------------------------------------------------


def _column_cross(c: _Container, item: FlexItem) -> float:
    """Border-box width of an item in a column container (before any multi-line stretch)."""
    style = item.box.style
    avail = max(0.0, c.inner_w - c.cross_margins(item))
    chrome = item.cross_chrome
    lo, hi = min_max_width(style, c.inner_w, chrome)
    width = specified_width(style, c.inner_w, chrome)
    if width is None:
        if item.stretch and not c.multi:
            width = avail
        else:
            width = shrink_to_fit(item.box, c.measure.ctx, avail, chrome)
    return lu(clamp(width, lo, hi))


def _measure_column(c: _Container, item: FlexItem) -> BoxFragment:
    """Lay an item of a column container out at its cross size with an auto height."""
    return c.measure.layout(item.box, Space(c.inner_w, c.inner_h, width=item.cross))


def _flex_basis(c: _Container, item: FlexItem, inner_main: float | None) -> float | None:
    """The inner flex base size from flex-basis / the main size property; None means 'content'."""
    style = item.box.style
    basis = style["flex-basis"]
    chrome = item.main_chrome
    border_box = style["box-sizing"] == "border-box"
    if basis == "content":
        return None
    if basis == "auto":
        size = specified_width(style, c.inner_w, chrome) if c.row else specified_height(style, c.inner_h, chrome)
        return None if size is None else max(0.0, size - chrome)
    if isinstance(basis, LP) and inner_main is None:
        return None
    if not isinstance(basis, (int, float, LP)):
        return None
    value = lu_trunc(length(basis, inner_main)) if isinstance(basis, LP) else float(basis)
    return max(0.0, value - chrome) if border_box else max(0.0, value)


def _main_min_max(c: _Container, item: FlexItem, content_main: float | None) -> tuple[float, float]:
    """Inner min and max main sizes, with the automatic minimum size (CSS Flexbox 1 §4.5)."""
    style = item.box.style
    chrome = item.main_chrome
    if c.row:
        lo, hi = min_max_width(style, c.inner_w, chrome)
        min_value = style["min-width"]
    else:
        lo, hi = min_max_height(style, c.inner_h, chrome)
        min_value = style["min-height"]
    max_inner = INF if hi is None else max(0.0, hi - chrome)
    if min_value == "auto" and not is_scroll_container(style):
        if c.row:
            suggestion = content_min_width(item.box, c.measure.ctx) - chrome
            specified = specified_width(style, c.inner_w, chrome)
        else:
            if content_main is None:
                content_main = lu(_measure_column(c, item).height) - chrome
            suggestion = content_main
            specified = specified_height(style, c.inner_h, chrome)
        if specified is not None:
            suggestion = min(suggestion, specified - chrome)
        min_inner = max(0.0, min(lu(suggestion), max_inner))
    else:
        min_inner = max(0.0, lo - chrome)
    return min_inner, max(min_inner, max_inner)


def _size_items(c: _Container, items: list[FlexItem]) -> None:
    """Flex base sizes, hypothetical main sizes and min/max main sizes of all items."""
    inner_main = c.inner_w if c.row else c.inner_h
    for item in items:
        item.main_chrome = (item.border.horizontal + item.padding.horizontal) if c.row else (item.border.vertical + item.padding.vertical)
        item.cross_chrome = (item.border.vertical + item.padding.vertical) if c.row else (item.border.horizontal + item.padding.horizontal)
        item.align = _resolve_align(c, item)
        cross_auto_margin = item.margins[c.cross_start] is None or item.margins[c.cross_end] is None
        item.stretch = item.align == "stretch" and _cross_size_auto(c, item) and not cross_auto_margin
        if not c.row:
            item.cross = _column_cross(c, item)
        base = _flex_basis(c, item, inner_main)
        content_main: float | None = None
        if base is None:
            if c.row:
                base = intrinsic_widths(item.box, c.measure.ctx).max_content - item.main_chrome
            else:
                base = _measure_column(c, item).height - item.main_chrome
                content_main = base
        item.base = max(0.0, lu(base))
        item.min_main, item.max_main = _main_min_max(c, item, content_main)
        item.hypo = item.clamp_main(item.base)
        item.flexed = item.hypo


def _outer_hypo(c: _Container, item: FlexItem) -> float:
    return item.hypo + item.main_chrome + c.main_margins(item)


def _collect_lines(c: _Container, items: list[FlexItem], avail: float) -> list[FlexLine]:
    if not c.multi:
        return [FlexLine(items)]
    lines: list[FlexLine] = []
    current: list[FlexItem] = []
    used = 0.0
    for item in items:
        size = _outer_hypo(c, item)
        if current and used + c.main_gap + size > avail + 1e-9:
            lines.append(FlexLine(current))
            current, used = [], 0.0
        used = size if not current else used + c.main_gap + size
        current.append(item)
    if current:
        lines.append(FlexLine(current))
    return lines


def _line_main_sum(c: _Container, line: FlexLine) -> float:
    return sum(_outer_hypo(c, i) for i in line.items) + c.main_gap * max(0, len(line.items) - 1)


class LineFlexer:
    """Resolve flexible lengths (CSS Flexbox 1 §9.7) the way Blink's LineFlexer does."""

    def __init__(self, c: _Container, items: list[FlexItem], inner_main: float):
        self.c = c
        self.items = items
        self.inner = inner_main
        self.grow = _line_sum(c, items, "hypo") < inner_main
        self.total = 0.0
        self.free = 0.0
        for item in items:
            item.flexed = item.hypo
            item.state = NONE
        self._freeze(self._inflexible)
        self.initial_free = self.free

    def _inflexible(self, item: FlexItem) -> bool:
        factor = item.grow if self.grow else item.shrink
        if factor == 0:
            return True
        return item.base > item.hypo if self.grow else item.base < item.hypo

    def _freeze(self, should_freeze: Any) -> None:
        self.total = 0.0
        weighted = 0.0
        gap = self.c.main_gap
        self.free = self.inner
        for item in self.items:
            frozen = item.state == FROZEN or should_freeze(item)
            item.state = FROZEN if frozen else NONE
            outer_extra = item.main_chrome + self.c.main_margins(item)
            if frozen:
                self.free -= item.flexed + outer_extra + gap
                continue
            item.flexed = item.hypo
            factor = item.grow if self.grow else item.shrink
            self.total += factor
            if self.grow:
                item.fraction = factor / self.total
            else:
                w = factor * item.base
                weighted += w
                item.fraction = w / weighted if weighted else 0.0
            self.free -= item.base + outer_extra + gap
        self.free += gap

    def run(self) -> None:
        for _ in range(len(self.items) + 2):
            if not self._step():
                break

    def _step(self) -> bool:
        if 0.0 < self.total < 1.0:
            fractional = lu_trunc(self.initial_free * self.total)
            if abs(fractional) < abs(self.free):
                self.free = fractional
        if (self.grow and self.free <= 0) or (not self.grow and self.free >= 0):
            return False
        violation = 0.0
        for item in reversed(self.items):
            if item.state == FROZEN:
                continue
            if item.fraction == 1.0:
                extra = self.free
            else:
                value = self.free * item.fraction
                extra = lu_round(value) if math.isfinite(value) else 0.0
            self.free -= extra
            size = item.base + extra
            adjusted = max(0.0, item.clamp_main(size))
            item.flexed = adjusted
            diff = adjusted - size
            if diff:
                item.state = MAX_VIOLATION if diff < 0 else MIN_VIOLATION
            violation += diff
        if violation:
            state = MAX_VIOLATION if violation < 0 else MIN_VIOLATION
            self._freeze(lambda it: it.state == state)
            return True
        return False


def _line_sum(c: _Container, items: list[FlexItem], attr: str) -> float:
    total = sum(getattr(i, attr) + i.main_chrome + c.main_margins(i) for i in items)
    return total + c.main_gap * max(0, len(items) - 1)


# --- cross sizes, lines and alignment ------------------------------------------------------


def _cross_min_max(c: _Container, item: FlexItem) -> tuple[float, float | None]:
    style = item.box.style
    if c.row:
        return min_max_height(style, c.inner_h, item.cross_chrome)
    return min_max_width(style, c.inner_w, item.cross_chrome)


def _hypothetical_cross(c: _Container, items: list[FlexItem]) -> None:
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
        item.frag = c.measure.layout(item.box, space)
        item.cross = item.frag.height


def _line_cross_sizes(c: _Container, lines: list[FlexLine], definite_cross: float | None, lo: float, hi: float | None) -> None:
    for line in lines:
        plain = 0.0
        max_asc = max_desc = 0.0
        for item in line.items:
            outer = item.cross + c.cross_margins(item)
            auto = item.margins[c.cross_start] is None or item.margins[c.cross_end] is None
            if item.align == "baseline" and not auto and item.frag is not None:
                item.baseline_aligned = True
                item.ascent = item.margin(c.cross_start) + synthesized_baseline(item.frag)
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


def _align_content(c: _Container, lines: list[FlexLine], inner_cross: float) -> None:
    """Position the lines along the cross axis (align-content; single-line containers ignore it)."""
    n = len(lines)
    if not n:
        return
    offset = between = 0.0
    if c.multi:
        free = inner_cross - sum(line.cross for line in lines) - c.cross_gap * (n - 1)
        value = align_keyword(c.box.style["align-content"])
        if c.wrap_reverse and value in ("start", "end"):
            value = "flex-end" if value == "start" else "flex-start"
        if value in ("normal", "stretch"):
            if free > 0:
                extra = lu_div(free, n)
                for line in lines:
                    line.cross += extra
        elif value in ("flex-end", "end"):
            offset = free
        elif value == "center":
            offset = lu_div(free, 2)
        elif value == "space-between":
            if free > 0 and n > 1:
                between = lu_div(free, n - 1)
        elif value == "space-around":
            if free > 0:
                between = lu_div(free, n)
                offset = lu_div(free, 2 * n)
            else:
                offset = lu_div(free, 2)
        elif value == "space-evenly":
            if free > 0:
                offset = between = lu_div(free, n + 1)
            else:
                offset = lu_div(free, 2)
    pos = offset
    for line in lines:
        line.pos = pos
        pos += line.cross + c.cross_gap + between


def _stretch_items(c: _Container, lines: list[FlexLine]) -> None:
    for line in lines:
        for item in line.items:
            if not item.stretch:
                continue
            lo, hi = _cross_min_max(c, item)
            target = clamp(line.cross - c.cross_margins(item), lo, hi)
            if c.row:
                frag = item.frag
                if frag is None or frag.height != target or _has_percent_height_children(item.box):
                    space = Space(c.inner_w, c.inner_h, width=item.flexed + item.main_chrome, height=target, stretch_height=True)
                    item.frag = c.measure.layout(item.box, space)
            item.cross = target


def _has_percent_height_children(box: b.Box) -> bool:
    for child in box.children:
        value = child.style["height"] if child.inner != b.TEXT else None
        if isinstance(value, LP) and value.pct:
            return True
    return False


def _final_column_layouts(c: _Container, items: list[FlexItem]) -> None:
    for item in items:
        height = item.flexed + item.main_chrome
        measured = c.measure.cache.get((id(item.box), Space(c.inner_w, c.inner_h, width=item.cross)))
        if measured is not None and measured.height == height:
            item.frag = measured
        else:
            space = Space(c.inner_w, c.inner_h, width=item.cross, height=height, stretch_height=item.stretch)
            item.frag = c.measure.layout(item.box, space)


def _justify(c: _Container, line: FlexLine, inner_main: float) -> None:
    """Main-axis positions of a line's items: auto margins, then justify-content."""
    items = line.items
    n = len(items)
    ms, me = c.main_start, c.main_end
    used = sum(i.flexed + i.main_chrome + c.main_margins(i) for i in items) + c.main_gap * (n - 1)
    free = inner_main - used
    autos = sum(1 for i in items for side in (ms, me) if i.margins[side] is None)
    share = lu_div(free, autos) if autos and free > 0 else 0.0
    for item in items:
        for side in (ms, me):
            item.used_margins[side] = share if item.margins[side] is None else item.margin(side)
    offset = between = 0.0
    if not (autos and free > 0):
        value = align_keyword(c.box.style["justify-content"])
        if value in ("start", "left", "end", "right"):
            at_start = value in ("start", "left")
            value = "flex-start" if at_start != c.reverse else "flex-end"
        if value == "flex-end":
            offset = free
        elif value == "center":
            offset = lu_div(free, 2)
        elif value == "space-between":
            if free > 0 and n > 1:
                between = lu_div(free, n - 1)
        elif value == "space-around":
            if free > 0:
                between = lu_div(free, n)
                offset = lu_div(free, 2 * n)
            else:
                offset = lu_div(free, 2)
        elif value == "space-evenly":
            if free > 0:
                offset = between = lu_div(free, n + 1)
            else:
                offset = lu_div(free, 2)
    pos = offset
    for item in items:
        pos += item.used_margins[ms]
        item.main_pos = pos
        pos += item.flexed + item.main_chrome + item.used_margins[me] + c.main_gap + between


def _align_item(c: _Container, line: FlexLine, item: FlexItem) -> None:
    cs, ce = c.cross_start, c.cross_end
    outer = item.cross + c.cross_margins(item)
    free = line.cross - outer
    start_auto, end_auto = item.margins[cs] is None, item.margins[ce] is None
    item.used_margins[cs] = item.margin(cs)
    item.used_margins[ce] = item.margin(ce)
    if start_auto or end_auto:
        if free > 0:
            if start_auto and end_auto:
                item.used_margins[cs] = lu_div(free, 2)
                item.used_margins[ce] = free - item.used_margins[cs]
            elif start_auto:
                item.used_margins[cs] = free
            else:
                item.used_margins[ce] = free
        offset = 0.0
    else:
        value = item.align
        if value in ("start", "end"):
            value = ("flex-start" if value == "start" else "flex-end") if not c.wrap_reverse else ("flex-end" if value == "start" else "flex-start")
        if value == "flex-end":
            offset = free
        elif value == "center":
            offset = lu_div(free, 2)
        elif value == "baseline" and item.baseline_aligned:
            offset = line.max_ascent - item.ascent
        else:
            offset = 0.0
    item.cross_pos = line.pos + offset + item.used_margins[cs]


def _container_baseline(c: _Container, lines: list[FlexLine]) -> float | None:
    if not lines or not lines[0].items:
        return None
    first = lines[0]
    chosen = next((i for i in first.items if i.baseline_aligned), first.items[0])
    frag = chosen.frag
    if frag is None:
        return None
    if c.row and chosen.baseline_aligned and not c.wrap_reverse:
        return frag.y - chosen.used_margins[c.cross_start] + chosen.ascent
    return frag.y + synthesized_baseline(frag)


def layout_flex(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a flex container and its items (CSS Flexbox 1 §9)."""
    style = box.style
    w = used_width(box, ctx, space)
    border, padding = w.border, w.padding
    chrome_v = border.vertical + padding.vertical
    inner_w = max(0.0, w.width - border.horizontal - padding.horizontal)
    mt = margin_value(style, "top", space.cb_width) or 0.0
    mb = margin_value(style, "bottom", space.cb_width) or 0.0
    lo_h, hi_h = min_max_height(style, space.cb_height, chrome_v)
    height = space.height
    if height is None:
        height = specified_height(style, space.cb_height, chrome_v)
        if height is not None:
            height = clamp(height, lo_h, hi_h)
    inner_h = max(0.0, height - chrome_v) if height is not None else None
    direction = str(style["flex-direction"])
    wrap = str(style["flex-wrap"])
    row = not direction.startswith("column")
    column_gap = gap_value(style["column-gap"], inner_w)
    row_gap = gap_value(style["row-gap"], inner_h)
    c = _Container(
        box,
        row,
        direction.endswith("reverse"),
        wrap != "nowrap",
        wrap == "wrap-reverse",
        inner_w,
        inner_h,
        column_gap if row else row_gap,
        row_gap if row else column_gap,
        align_keyword(style["align-items"]),
        ItemLayouts(ctx),
    )
    frag = BoxFragment(box, 0.0, 0.0, w.width, 0.0, Edges(mt, w.margin_right, mb, w.margin_left), border, padding)
    ox, oy = frag.content_x, frag.content_y
    for child in box.children:
        if child.out_of_flow:
            frag.placeholders.append(AbsPlaceholder(child, ox, oy))
    items = [_make_item(child, inner_w) for child in _ordered_items(box)]
    _size_items(c, items)

    # Main size and lines.
    if row:
        avail_main = inner_w
    elif inner_h is not None:
        avail_main = inner_h
    else:
        avail_main = hi_h - chrome_v if hi_h is not None else INF
    lines = _collect_lines(c, items, avail_main)
    if row or inner_h is not None:
        inner_main = avail_main
    else:
        content = max((_line_main_sum(c, line) for line in lines), default=0.0)
        inner_main = clamp(content + chrome_v, lo_h, hi_h) - chrome_v
    for line in lines:
        LineFlexer(c, line.items, inner_main).run()

    # Cross sizes.
    if row:
        _hypothetical_cross(c, items)
        _line_cross_sizes(c, lines, inner_h, max(0.0, lo_h - chrome_v), None if hi_h is None else hi_h - chrome_v)
        if inner_h is None:
            total = sum(line.cross for line in lines) + c.cross_gap * max(0, len(lines) - 1)
            height = clamp(total + chrome_v, lo_h, hi_h)
        inner_cross = max(0.0, height - chrome_v)
    else:
        _line_cross_sizes(c, lines, inner_w, 0.0, None)
        height = inner_main + chrome_v if inner_h is None else height
        inner_cross = inner_w
    _align_content(c, lines, inner_cross)
    _stretch_items(c, lines)
    if not row:
        _final_column_layouts(c, items)

    # Positions.
    for line in lines:
        _justify(c, line, inner_main)
        for item in line.items:
            _align_item(c, line, item)
            _place(c, item, frag, inner_main, inner_cross)
    frag.height = height
    frag.baseline = _container_baseline(c, lines)
    return frag


def _place(c: _Container, item: FlexItem, frag: BoxFragment, inner_main: float, inner_cross: float) -> None:
    child = item.frag
    assert child is not None
    main_size = child.width if c.row else child.height
    cross_size = child.height if c.row else child.width
    main = inner_main - item.main_pos - main_size if c.reverse else item.main_pos
    cross = inner_cross - item.cross_pos - cross_size if c.wrap_reverse else item.cross_pos
    x, y = (main, cross) if c.row else (cross, main)
    dx, dy = relative_offset(item.box.style, c.inner_w, c.inner_h)
    child.x = frag.content_x + x + dx
    child.y = frag.content_y + y + dy
    child.margin = Edges(*item.used_margins)
    frag.children.append(child)


def flex_intrinsic(box: b.Box, ctx: LayoutContext) -> tuple[float, float]:
    """(min-content, max-content) content-box widths of a flex container from its items' contributions."""
    style = box.style
    row = not str(style["flex-direction"]).startswith("column")
    multi = str(style["flex-wrap"]) != "nowrap"
    items = [child for child in box.children if not child.out_of_flow]
    mn = mx = 0.0
    for item in items:
        contribution = outer_intrinsic(item, ctx)
        if not row:
            mn = max(mn, contribution.min_content)
            mx = max(mx, contribution.max_content)
        elif multi:
            mn = max(mn, contribution.min_content)
            mx += contribution.max_content
        else:
            mn += contribution.min_content
            mx += contribution.max_content
    if row and len(items) > 1:
        gaps = gap_value(style["column-gap"], None) * (len(items) - 1)
        mx += gaps
        if not multi:
            mn += gaps
    return mn, max(mn, mx)


__all__ = ["layout_flex", "flex_intrinsic", "LineFlexer", "FlexItem"]
