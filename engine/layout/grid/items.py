"""Grid items and track geometry (an item box + its grid area -> its used width and its contributions to the tracks; sized tracks -> line positions)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    border_edges,
    clamp,
    is_definite,
    length,
    margin_value,
    min_max_height,
    min_max_width,
    padding_edges,
    specified_width,
)
from engine.layout.fragments import BoxFragment
from engine.layout.grid.placement import ItemPlacement
from engine.layout.grid.tracks import Contribution, Track
from engine.layout.intrinsic import intrinsic_widths, outer_intrinsic, shrink_to_fit
from engine.layout.items import align_keyword, is_scroll_container
from engine.layout.replaced import replaced_size

# --- contributions -------------------------------------------------------------------------


def automatic_minimum(tracks: list[Track], start: int, end: int) -> bool:
    """Whether `min-width/height: auto` gives a content-based minimum (CSS Grid 1 §6.6): the item
    spans an auto-minimum track, and no flexible track if it spans several."""
    spanned = tracks[start:end]
    if not any(t.min_kind == "auto" for t in spanned):
        return False
    return len(spanned) == 1 or not any(t.max_kind == "fr" for t in spanned)


def column_contribution(
    box: b.Box, ctx: LayoutContext, tracks: list[Track], start: int, end: int, gap: float
) -> Contribution:
    outer = outer_intrinsic(box, ctx)
    style = box.style
    margins = length(style["margin-left"], None) + length(style["margin-right"], None)
    if is_definite(style["width"], None):
        minimum = outer.min_content
    elif style["min-width"] == "auto":
        if is_scroll_container(style) or not automatic_minimum(tracks, start, end):
            border, padding = border_edges(style), padding_edges(style, 0.0)
            minimum = border.horizontal + padding.horizontal + margins
            return Contribution(outer.min_content, outer.max_content, minimum)
        minimum = intrinsic_widths(box, ctx).min_content + margins
        spanned = tracks[start:end]
        if spanned and all(t.max_kind == "fixed" for t in spanned):
            limit = sum(t.max_px for t in spanned) + gap * (len(spanned) - 1)
            minimum = min(minimum, max(limit, 0.0))
    else:
        border, padding = border_edges(style), padding_edges(style, 0.0)
        lo, _ = min_max_width(style, None, border.horizontal + padding.horizontal)
        minimum = lo + margins
    return Contribution(outer.min_content, outer.max_content, minimum)


def resolve_self(value: Any, container_value: Any, replaced: bool, baseline: bool = False) -> str:
    v = align_keyword(value)
    if v == "auto":
        v = align_keyword(container_value)
    if v in ("normal", "legacy"):
        return "start" if replaced else "stretch"
    if v == "baseline" and baseline:
        return "baseline"
    if v in ("start", "self-start", "flex-start", "left", "baseline"):
        return "start"
    if v in ("end", "self-end", "flex-end", "right", "last-baseline"):
        return "end"
    if v in ("center", "stretch"):
        return v
    return "start"


@dataclass(eq=False, slots=True)
class GridItem:
    box: b.Box
    place: ItemPlacement
    justify: str
    align: str
    width: float = 0.0  # used border-box width in its area
    margins: list[float | None] = field(
        default_factory=list
    )  # top, right, bottom, left (None = auto)
    frag: BoxFragment | None = None
    shim: float = 0.0  # baseline alignment: extra offset from the area's top
    subgrid_columns: tuple[tuple[float, float], ...] | None = None  # a column subgrid's columns


def item_width(item: GridItem, ctx: LayoutContext, area_w: float, area_h: float | None) -> float:
    box = item.box
    style = box.style
    border, padding = border_edges(style), padding_edges(style, area_w)
    chrome = border.horizontal + padding.horizontal
    item.margins = [
        margin_value(style, side, area_w) for side in ("top", "right", "bottom", "left")
    ]
    ml, mr = item.margins[3], item.margins[1]
    width = specified_width(style, area_w, chrome)
    lo, hi = min_max_width(style, area_w, chrome)
    if width is None:
        if box.inner == b.REPLACED and item.justify != "stretch":
            width = replaced_size(box, area_w, area_h)[0] + chrome
        elif item.justify == "stretch" and ml is not None and mr is not None:
            width = area_w - ml - mr
        else:
            width = shrink_to_fit(box, ctx, area_w - (ml or 0.0) - (mr or 0.0), chrome)
    return clamp(width, lo, hi)


def row_contribution(item: GridItem, height: float, area_w: float, automatic: bool) -> Contribution:
    style = item.box.style
    mt = item.margins[0] or 0.0
    mb = item.margins[2] or 0.0
    outer = height + mt + mb
    border, padding = border_edges(style), padding_edges(style, area_w)
    if is_definite(style["height"], None):
        minimum = outer
    elif style["min-height"] != "auto":
        lo, _ = min_max_height(style, None, border.vertical + padding.vertical)
        minimum = lo + mt + mb
    elif is_scroll_container(style) or not automatic:
        minimum = border.vertical + padding.vertical + mt + mb
    else:
        minimum = outer
    return Contribution(outer, outer, minimum)


# --- track geometry --------------------------------------------------------------------------


@dataclass(slots=True)
class Axis:
    starts: list[float]
    sizes: list[float]

    def area(self, start: int, end: int) -> tuple[float, float]:
        x0 = self.starts[start]
        return x0, self.starts[end - 1] + self.sizes[end - 1] - x0
