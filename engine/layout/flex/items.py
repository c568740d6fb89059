"""Flex items and lines (flex items + container axes -> base sizes, hypothetical sizes, lines and resolved flexible lengths, CSS Flexbox 1 §9.2-9.7).

Free space is distributed the way Blink's LineFlexer does it, in LayoutUnits (1/64 px), so
`flex: 1` siblings get exactly Chromium's widths.
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
    length,
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
    preferred_ratio,
    ratio_width,
    specified_height,
    specified_width,
)
from engine.layout.fragments import BoxFragment, Edges
from engine.layout.intrinsic import shrink_to_fit
from engine.layout.items import (
    INF,
    ItemLayouts,
    align_keyword,
    content_min_width,
    content_widths,
    is_scroll_container,
    lu,
    lu_round,
    lu_trunc,
)
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
    baseline: float | None = None  # first baseline from the border-box top, when known
    ascent: float = 0.0  # baseline offset from the margin-box top (row containers)
    baseline_aligned: bool = False
    main_pos: float = (
        0.0  # border-box offset along the main axis from the content-box edge (physical)
    )
    cross_pos: float = (
        0.0  # border-box offset along the cross axis from the content-box edge (physical)
    )
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
class FlexContainer:
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
    # direction: rtl puts the inline axis's start on the right: the main axis of a row (folded
    # into `reverse`) or the cross axis of a column (folded into `wrap_reverse`); start/end
    # alignment keywords then name the right edge
    rtl: bool = False
    mirrored: bool = False  # vertical-rl: laid out left to right, then mirrored (flex.py)

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


def ordered_items(box: b.Box) -> list[b.Box]:
    children = [c for c in box.children if not c.out_of_flow]
    return sorted(children, key=lambda c: _order(c.style))


def _order(style: Any) -> int:
    try:
        return int(style["order"])
    except (KeyError, TypeError, ValueError):
        return 0


def make_item(child: b.Box, inner_w: float, mirrored: bool = False) -> FlexItem:
    """An item; in a mirrored container its left and right margins trade places."""
    style = child.style
    margins = [margin_value(style, side, inner_w) for side in ("top", "right", "bottom", "left")]
    if mirrored:
        margins[1], margins[3] = margins[3], margins[1]
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


def _resolve_align(c: FlexContainer, item: FlexItem) -> str:
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


def _cross_size_auto(c: FlexContainer, item: FlexItem) -> bool:
    style = item.box.style
    if c.row:
        return not is_definite(style["height"], c.inner_h)
    return not is_definite(style["width"], c.inner_w)


# --- sizing the items ----------------------------------------------------------------------


def _column_cross(c: FlexContainer, item: FlexItem) -> float:
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


def _measure_column(c: FlexContainer, item: FlexItem) -> float:
    """Border-box height of an item of a column container laid out at its cross size."""
    return c.measure.measure(item.box, Space(c.inner_w, c.inner_h, width=item.cross)).height


def _content_height(c: FlexContainer, item: FlexItem) -> float:
    """Border-box height of an item's content at its cross size, ignoring height/min-height/max-height."""
    style = item.box.style
    if item.box.inner == b.REPLACED or not any(
        is_definite(style[p], c.inner_h) for p in ("height", "min-height", "max-height")
    ):
        return _measure_column(c, item)
    proxy = c.measure.content_proxy(item.box)
    return c.measure.measure(proxy, Space(c.inner_w, c.inner_h, width=item.cross)).height


def _flex_basis(c: FlexContainer, item: FlexItem, inner_main: float | None) -> float | None:
    """The inner flex base size from flex-basis / the main size property; None means 'content'."""
    style = item.box.style
    basis = style["flex-basis"]
    chrome = item.main_chrome
    border_box = style["box-sizing"] == "border-box"
    if basis == "content":
        return None
    if basis == "auto":
        size = (
            specified_width(style, c.inner_w, chrome)
            if c.row
            else specified_height(style, c.inner_h, chrome)
        )
        return None if size is None else max(0.0, size - chrome)
    if isinstance(basis, LP) and inner_main is None:
        return None
    if not isinstance(basis, (int, float, LP)):
        return None
    value = lu_trunc(length(basis, inner_main)) if isinstance(basis, LP) else float(basis)
    return max(0.0, value - chrome) if border_box else max(0.0, value)


def automatic_min_width(box: b.Box, ctx: LayoutContext, cb_width: float | None) -> float:
    """Border-box min-width of a row flex item, resolving `min-width: auto` (CSS Flexbox 1 §4.5)."""
    style = box.style
    border, padding = border_edges(style), padding_edges(style, cb_width or 0.0)
    chrome = border.horizontal + padding.horizontal
    lo, hi = min_max_width(style, cb_width, chrome)
    if style["min-width"] != "auto" or is_scroll_container(style):
        return lo
    suggestion = content_min_width(box, ctx)
    specified = specified_width(style, cb_width, chrome)
    if specified is not None:
        suggestion = min(suggestion, specified)
    if hi is not None:
        suggestion = min(suggestion, hi)
    return max(lo, suggestion)


def _main_min_max(
    c: FlexContainer, item: FlexItem, content_main: float | None
) -> tuple[float, float]:
    """Inner min and max main sizes, with the automatic minimum size (CSS Flexbox 1 §4.5)."""
    style = item.box.style
    chrome = item.main_chrome
    if c.row:
        _, hi = min_max_width(style, c.inner_w, chrome)
        max_inner = INF if hi is None else max(0.0, hi - chrome)
        min_inner = max(0.0, lu(automatic_min_width(item.box, c.measure.ctx, c.inner_w)) - chrome)
        return min_inner, max(min_inner, max_inner)
    lo, hi = min_max_height(style, c.inner_h, chrome)
    max_inner = INF if hi is None else max(0.0, hi - chrome)
    if style["min-height"] == "auto" and not is_scroll_container(style):
        if content_main is None:
            content_main = lu(_content_height(c, item)) - chrome
        suggestion = content_main
        specified = specified_height(style, c.inner_h, chrome)
        if specified is not None:
            suggestion = min(suggestion, specified - chrome)
        min_inner = max(0.0, min(lu(suggestion), max_inner))
    else:
        min_inner = max(0.0, lo - chrome)
    return min_inner, max(min_inner, max_inner)


def _aspect_ratio_base(c: FlexContainer, item: FlexItem) -> float | None:
    """Inner flex base size of an item with a preferred aspect ratio (a replaced element's,
    or `aspect-ratio`) from a definite cross size."""
    box = item.box
    if not c.row or preferred_ratio(box) is None:
        return None
    style = box.style
    cross = specified_height(style, c.inner_h, item.cross_chrome)
    if cross is None and item.stretch and not c.multi and c.inner_h is not None:
        lo, hi = min_max_height(style, c.inner_h, item.cross_chrome)
        cross = clamp(c.inner_h - c.cross_margins(item), lo, hi)
    if cross is None:
        return None
    width = ratio_width(box, cross, item.main_chrome, item.cross_chrome)
    return None if width is None else max(0.0, width - item.main_chrome)


def size_items(c: FlexContainer, items: list[FlexItem]) -> None:
    """Flex base sizes, hypothetical main sizes and min/max main sizes of all items."""
    inner_main = c.inner_w if c.row else c.inner_h
    for item in items:
        item.main_chrome = (
            (item.border.horizontal + item.padding.horizontal)
            if c.row
            else (item.border.vertical + item.padding.vertical)
        )
        item.cross_chrome = (
            (item.border.vertical + item.padding.vertical)
            if c.row
            else (item.border.horizontal + item.padding.horizontal)
        )
        item.align = _resolve_align(c, item)
        cross_auto_margin = item.margins[c.cross_start] is None or item.margins[c.cross_end] is None
        item.stretch = (
            item.align == "stretch" and _cross_size_auto(c, item) and not cross_auto_margin
        )
        if not c.row:
            item.cross = _column_cross(c, item)
        base = _flex_basis(c, item, inner_main)
        content_main: float | None = None
        if base is None:
            base = _aspect_ratio_base(c, item)
        if base is None:
            if c.row:
                base = content_widths(item.box, c.measure.ctx)[1] - item.main_chrome
            else:
                base = _content_height(c, item) - item.main_chrome
                content_main = base
        item.base = max(0.0, lu(base))
        item.min_main, item.max_main = _main_min_max(c, item, content_main)
        item.hypo = item.clamp_main(item.base)
        item.flexed = item.hypo


def _outer_hypo(c: FlexContainer, item: FlexItem) -> float:
    return item.hypo + item.main_chrome + c.main_margins(item)


def collect_lines(c: FlexContainer, items: list[FlexItem], avail: float) -> list[FlexLine]:
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


def line_main_sum(c: FlexContainer, line: FlexLine) -> float:
    return sum(_outer_hypo(c, i) for i in line.items) + c.main_gap * max(0, len(line.items) - 1)


class LineFlexer:
    """Resolve flexible lengths (CSS Flexbox 1 §9.7) the way Blink's LineFlexer does."""

    def __init__(self, c: FlexContainer, items: list[FlexItem], inner_main: float):
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


def _line_sum(c: FlexContainer, items: list[FlexItem], attr: str) -> float:
    total = sum(getattr(i, attr) + i.main_chrome + c.main_margins(i) for i in items)
    return total + c.main_gap * max(0, len(items) - 1)
