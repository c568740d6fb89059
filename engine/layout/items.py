"""Shared helpers for flex and grid items (LayoutUnit rounding, alignment keywords, gaps, item layout caching)."""

from __future__ import annotations

import copy
import dataclasses
import math
from typing import Any, NamedTuple

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    border_edges,
    is_definite,
    layout_box,
    padding_edges,
)
from engine.layout.fragments import BoxFragment
from engine.layout.intrinsic import content_intrinsic, intrinsic_widths
from engine.layout.replaced import replaced_size
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
    return style["overflow-x"] not in ("visible", "clip") or style["overflow-y"] not in (
        "visible",
        "clip",
    )


def synthesized_baseline(frag: BoxFragment) -> float:
    """First baseline from the border-box top, synthesized from the border-box bottom when absent."""
    return frag.baseline if frag.baseline is not None else frag.height


class Measure(NamedTuple):
    """What a parent needs from laying an item out with an auto size: its height and first baseline."""

    height: float
    baseline: float | None


def _page_store(ctx: LayoutContext) -> LayoutContext:
    """The page-wide memo of item measurements and content proxies lives on the layout context."""
    return ctx


def measuring(ctx: LayoutContext) -> bool:
    """True while the current layout only serves to measure a flex/grid item: containers may
    then skip work that cannot change their height or first baseline (final item layouts).
    Each yes is counted: the layouts it happens within are incomplete and are not kept."""
    store = _page_store(ctx)
    if store.measuring > 0:
        store.skips += 1
        return True
    return False


class ItemLayouts:
    """Item layouts for one container layout, plus page-wide measurements.

    Fragments are cached per container call only (a fragment is placed in one parent); heights
    and baselines are remembered for the whole page, so nested flex/grid containers that are
    laid out more than once do not re-measure their items each time. Measuring layouts run in
    measuring mode; their fragments are reused as final ones only when no container inside them
    skipped work (`layout_box` keeps those).
    """

    def __init__(self, ctx: LayoutContext):
        self.ctx = ctx
        self.cache: dict[tuple[int, Space], BoxFragment] = {}
        self.page = _page_store(ctx)

    def content_proxy(self, box: b.Box) -> b.Box:
        """A stand-in for `box` whose height, min-height and max-height are auto, to measure
        its content height (flex base sizes and content size suggestions ignore them). The box
        tree is untouched; the proxy shares the children and lives as long as the page."""
        proxy = self.page.proxies.get(id(box))
        if proxy is None:
            style = copy.copy(box.style)
            style["height"] = "auto"
            style["min-height"] = "auto"
            style["max-height"] = "none"
            proxy = dataclasses.replace(box, style=style)
            self.page.proxies[id(box)] = proxy
        return proxy

    def layout(self, box: b.Box, space: Space) -> BoxFragment:
        """A fragment for the item (laid out at most once per space in this container)."""
        key = (id(box), space)
        frag = self.cache.get(key)
        if frag is None:
            frag = layout_box(box, self.ctx, space)
            self.cache[key] = frag
            self.page.measures[key] = Measure(frag.height, frag.baseline)
        return frag

    def measure(self, box: b.Box, space: Space) -> Measure:
        """The item's height and baseline in a space, laying it out only when not yet known."""
        key = (id(box), space)
        found = self.page.measures.get(key)
        if found is not None:
            return found
        frag = self.cache.get(key)
        if frag is None:
            self.page.measuring += 1
            try:
                frag = layout_box(box, self.ctx, space)
            finally:
                self.page.measuring -= 1
        found = Measure(frag.height, frag.baseline)
        self.page.measures[key] = found
        return found


def content_widths(box: b.Box, ctx: LayoutContext) -> tuple[float, float]:
    """Min-content and max-content border-box widths of a box's content, ignoring its own
    width, min-width and max-width (flex base sizes and content size suggestions need these)."""
    style = box.style
    if not any(is_definite(style[p], None) for p in ("width", "min-width", "max-width")):
        found = intrinsic_widths(box, ctx)
        return found.min_content, found.max_content
    key_min, key_max = (id(box), "content-min"), (id(box), "content-max")
    cached_min, cached_max = ctx.intrinsic_cache.get(key_min), ctx.intrinsic_cache.get(key_max)
    if cached_min is not None and cached_max is not None:
        return cached_min, cached_max
    border = border_edges(style)
    padding = padding_edges(style, 0.0)
    chrome = border.horizontal + padding.horizontal
    if box.inner == b.REPLACED:
        mn = mx = replaced_size(box, None, None)[0]
    else:
        mn, mx = content_intrinsic(box, ctx)
    ctx.intrinsic_cache[key_min] = mn + chrome
    ctx.intrinsic_cache[key_max] = max(mn, mx) + chrome
    return mn + chrome, max(mn, mx) + chrome


def content_min_width(box: b.Box, ctx: LayoutContext) -> float:
    """Min-content width of a box's content (border box), ignoring its own width/min/max."""
    return content_widths(box, ctx)[0]
