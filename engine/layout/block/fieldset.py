"""A fieldset's rendered legend (fieldset box + its first legend child -> the legend's fragment on the top border and how far the content moves down)."""

from __future__ import annotations

from engine.boxes import box as b
from engine.layout.base import LayoutContext, Space, layout_box
from engine.layout.fragments import BoxFragment


def rendered_legend(box: b.Box) -> b.Box | None:
    """The fieldset's rendered legend: its first in-flow <legend> child (not floated, not
    absolutely positioned), which Chromium lays out in the block-start border."""
    element = box.element
    if element is None or not isinstance(element.tag, str) or element.tag.lower() != "fieldset":
        return None
    for child in box.children:
        el = child.element
        if el is None or child.pseudo or not isinstance(el.tag, str):
            continue
        if el.tag.lower() != "legend":
            continue
        if child.out_of_flow or child.style["float"] != "none" or child.outer != "block":
            return None
        return child
    return None


def place_legend(
    legend: b.Box, ctx: LayoutContext, content_x: float, content_width: float, border_top: float
) -> tuple[BoxFragment, float]:
    """The legend's fragment (shrink-to-fit, at the content box's inline start, centred on the
    top border when the border is thicker) and how far the legend pushes the fieldset's
    content down: the part of its margin box that the top border does not cover, as Chromium's
    FieldsetLayoutAlgorithm grows the block-start border to the legend's block size."""
    frag = layout_box(legend, ctx, Space(content_width, None, fit_content=True))
    size = frag.margin_box_height
    frag.x = content_x + frag.margin.left
    frag.y = max(0.0, (border_top - size) / 2) + frag.margin.top
    return frag, max(0.0, size - border_top)


def legend_cut(frag: BoxFragment, legend: BoxFragment, border_top: float) -> None:
    """Record for the painter where the fieldset's border and background start (the top
    border is centred on the legend) and the gap the legend cuts into the top border."""
    size = legend.margin_box_height
    offset = max(0.0, (size - border_top) / 2)
    frag.extra["legend_cut"] = (offset, legend.x, legend.x + legend.width)
