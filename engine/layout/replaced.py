"""Replaced elements (<img>, <svg>) -> fragments sized per CSS 2.1 10.3.2 / 10.6.2 with the intrinsic ratio."""

from __future__ import annotations

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
)
from engine.layout.fragments import BoxFragment, Edges


def replaced_size(
    box: b.Box, cb_width: float | None, cb_height: float | None
) -> tuple[float, float]:
    """Used content width and height of a replaced box (no min/max)."""
    style = box.style
    rep = box.replaced
    iw = rep.intrinsic_width if rep and rep.intrinsic_width else None
    ih = rep.intrinsic_height if rep and rep.intrinsic_height else None
    found = preferred_ratio(box)
    ratio = found[0] if found else None
    border_box = style["box-sizing"] == "border-box"
    chrome_w = sum(border_edges(style)[i] for i in (1, 3)) + sum(
        padding_edges(style, cb_width or 0.0)[i] for i in (1, 3)
    )
    chrome_h = sum(border_edges(style)[i] for i in (0, 2)) + sum(
        padding_edges(style, cb_width or 0.0)[i] for i in (0, 2)
    )
    w_v, h_v = style["width"], style["height"]
    w = (
        length(w_v, cb_width) - (chrome_w if border_box else 0.0)
        if is_definite(w_v, cb_width)
        else None
    )
    h = (
        length(h_v, cb_height) - (chrome_h if border_box else 0.0)
        if is_definite(h_v, cb_height)
        else None
    )
    if w is None and h is None:
        w, h = iw if iw is not None else 300.0, ih if ih is not None else 150.0
        if iw is None and ih is not None and ratio:
            w = ih * ratio
        elif ratio and (rep is None or ratio != rep.ratio):  # aspect-ratio overrides
            h = w / ratio
    elif w is None:
        assert h is not None
        w = h * ratio if ratio else (iw if iw is not None else 300.0)
    elif h is None:
        h = w / ratio if ratio else (ih if ih is not None else 150.0)
    return max(0.0, w), max(0.0, h)


def layout_replaced(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    style = box.style
    border = border_edges(style)
    padding = padding_edges(style, space.cb_width)
    chrome_w = border.horizontal + padding.horizontal
    chrome_h = border.vertical + padding.vertical
    cw, ch = replaced_size(box, space.cb_width, space.cb_height)
    found = preferred_ratio(box)
    ratio = found[0] if found else None
    width = space.width if space.width is not None else cw + chrome_w
    height = space.height if space.height is not None else None
    if space.width is None:
        lo, hi = min_max_width(style, space.cb_width, chrome_w)
        width = clamp(width, lo, hi)
        if width != cw + chrome_w and not is_definite(style["height"], space.cb_height) and ratio:
            ch = (width - chrome_w) / ratio
    elif height is None and not is_definite(style["height"], space.cb_height) and ratio:
        ch = (width - chrome_w) / ratio
    if height is None:
        lo, hi = min_max_height(style, space.cb_height, chrome_h)
        height = clamp(ch + chrome_h, lo, hi)
    ml = margin_value(style, "left", space.cb_width)
    mr = margin_value(style, "right", space.cb_width)
    mt = margin_value(style, "top", space.cb_width) or 0.0
    mb = margin_value(style, "bottom", space.cb_width) or 0.0
    if (
        box.outer == "block"
        and not space.fit_content
        and space.width is None
        and (ml is None or mr is None)
    ):
        free = space.cb_width - width - (ml or 0.0) - (mr or 0.0)
        if ml is None and mr is None:
            ml = mr = free / 2
        elif ml is None:
            ml = free
        else:
            mr = free
    return BoxFragment(
        box, 0.0, 0.0, width, height, Edges(mt, mr or 0.0, mb, ml or 0.0), border, padding
    )
