"""List markers on lines (a list item's ::marker -> its inline piece, and the outside marker
placed before a line's first item, growing the line as Chromium does) and font extents on a line."""

from __future__ import annotations

import math

from engine.boxes import box as b
from engine.boxes.lists import (
    inside_disclosure_advance,
    inside_symbol_advance,
    symbol_kind,
    symbol_marker,
    symbol_marker_rect,
)
from engine.layout.base import LayoutContext
from engine.layout.fragments import LineFragment, TextFragment
from engine.layout.inline.items import Piece
from engine.layout.inline.text import FontInfo, font_info


def marker_piece(container: b.Box, ctx: LayoutContext) -> Piece | None:
    if not container.marker:
        return None
    marker_style = container.marker_style
    if marker_style is None:
        owner = container
        marker_style = container.style
    else:  # the marker's runs take the ::marker style (colour, weight, size)
        owner = marker_box(container, ctx)
    font = font_info(marker_style, ctx.lang)
    text = container.marker
    width = font.measure(text)
    if container.style["list-style-position"] == "inside":
        if symbol_kind(owner.style):
            width = inside_symbol_advance(round(font.ascent), font.size)
        else:
            width = inside_disclosure_advance(owner.style, font.size) or width
    return Piece("marker", owner, text=text, width=width, font=font)


def marker_box(container: b.Box, ctx: LayoutContext) -> b.Box:
    """A ::marker box (kept for the page) standing for the list item in its marker's runs."""
    key = (container, "marker-box")
    found = ctx.intrinsic_cache.get(key)
    if isinstance(found, b.Box):
        return found
    marker = b.Box(
        container.marker_style,
        "inline",
        b.TEXT,
        element=container.element,
        text=container.marker or "",
        pseudo="marker",
        ordinal=container.ordinal,
        href=container.href,
        index=container.index,
    )
    ctx.intrinsic_cache[key] = marker  # type: ignore[assignment]
    return marker


def add_outside_marker(line: LineFragment, marker: Piece, strut: FontInfo) -> None:
    assert marker.font is not None
    x, width = -marker.width, marker.width
    if symbol_marker(marker.box.style) is not None:  # painted as a shape: its own geometry
        left, _top, size = symbol_marker_rect(round(marker.font.ascent))
        x, width = float(left), float(size)
    frag = TextFragment(
        marker.box,
        marker.text.rstrip(" ") if marker.text.strip() else marker.text,
        x,
        width,
        line.baseline,
        marker.font.size,
        marker.font.ascent,
        marker.font.descent,
        marker.font.family,
        marker=True,
        ea_family=marker.font.ea_family(marker.text),
    )
    # Chromium grows the first line at its top when the marker (with its half-leading) reaches
    # higher above the baseline than the line's content; the part below the baseline does not
    # count.
    tops: list[float] = []
    add_font_extent(marker.font, 0.0, tops, [])
    shift = tops[0] - line.baseline
    if shift > 0.001:
        for item in line.items:
            if isinstance(item, TextFragment):
                item.baseline += shift
            else:
                item.y += shift
        line.baseline += shift
        line.height += shift
        frag.baseline = line.baseline
    line.items.insert(0, frag)


def add_font_extent(font: FontInfo, shift: float, tops: list[float], bottoms: list[float]) -> None:
    half = (font.line_height - (font.ascent + font.descent)) / 2
    asc = font.ascent + math.floor(half)
    desc = font.line_height - asc
    tops.append(asc + shift)
    bottoms.append(desc - shift)
