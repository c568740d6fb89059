"""List markers (list-style-type + an item's ordinal -> marker text, as Chromium draws it)."""

from __future__ import annotations

import contextlib
import math
from typing import Any

from engine.boxes.cjk_counters import CJK_STYLES

BULLETS = {"disc": "\u2022", "circle": "\u25e6", "square": "\u25aa"}
# <summary>'s disclosure triangles (Chromium paints them as shapes; these WGL4 characters, in
# Arial and Liberation Sans, stand for them)
DISCLOSURES = {"disclosure-closed": "\u25ba", "disclosure-open": "\u25bc"}
ROMAN = [
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
]


def marker_text(list_type: str, ordinal: int) -> str | None:
    """The marker string including its trailing separator ('• ', '3. ')."""
    if list_type in BULLETS:
        return BULLETS[list_type] + " "
    if list_type in DISCLOSURES:
        return DISCLOSURES[list_type] + " "
    if list_type == "none":
        return None
    if len(list_type) >= 2 and list_type[0] == list_type[-1] == '"':
        return list_type[1:-1] or None  # a <string> list-style-type is shown as written
    if list_type == "decimal":
        return f"{ordinal}. "
    if list_type == "decimal-leading-zero":
        return f"{ordinal:02d}. "
    if list_type in ("lower-alpha", "lower-latin", "upper-alpha", "upper-latin"):
        text = alpha_label(ordinal)
        return (text.upper() if list_type.startswith("upper") else text) + ". "
    if list_type in ("lower-roman", "upper-roman"):
        text = roman_label(ordinal)
        return (text.upper() if list_type.startswith("upper") else text) + ". "
    if list_type in CJK_STYLES:
        represent, suffix = CJK_STYLES[list_type]
        return represent(ordinal) + suffix
    return f"{ordinal}. "


def counter_text(counter_style: str, value: int) -> str:
    """counter(name, <counter-style>) text: the list-style-type's counter text without the
    marker suffix (counter(step, decimal-leading-zero) -> '03', upper-roman -> 'III')."""
    if counter_style in BULLETS:
        return BULLETS[counter_style]
    if counter_style in DISCLOSURES:
        return DISCLOSURES[counter_style]
    if counter_style == "none":
        return ""
    if counter_style.startswith('"'):
        counter_style = "decimal"
    if counter_style in CJK_STYLES:
        return CJK_STYLES[counter_style][0](value)
    text = marker_text(counter_style, value) or ""
    return text[:-2] if text.endswith(". ") else text


def symbol_kind(style: Any) -> str | None:
    """'disc' | 'circle' | 'square' when Chromium paints the marker as a shape (a `::marker`
    style with `content: normal`, no list-style-image), else None."""
    kind = style["list-style-type"]
    if kind not in BULLETS or style["list-style-image"] != "none" or style["content"] != "normal":
        return None
    return str(kind)


def inside_disclosure_advance(style: Any, font_size: float) -> float | None:
    """How far an inside disclosure triangle (a <summary>'s marker) pushes the text: the
    triangle's 0.66em box and a 0.4em gap after it, each in LayoutUnits (1/64 px), as Chromium
    lays out ListMarker's DisclosureSymbolSize; None when the marker is not a triangle."""
    kind = style["list-style-type"]
    if kind not in DISCLOSURES or style["list-style-image"] != "none":
        return None
    if style["content"] != "normal":
        return None
    return (math.floor(font_size * 0.66 * 64) + math.floor(font_size * 0.4 * 64)) / 64


def symbol_marker(style: Any) -> str | None:
    """The symbol of an outside marker painted as a shape (see symbol_kind), else None."""
    return symbol_kind(style) if style["list-style-position"] == "outside" else None


def inside_symbol_advance(ascent: int, font_size: float) -> float:
    """How far an inside disc/circle/square pushes the text: the symbol's width
    ((2/3 ascent + 1) / 2 + 2) with margins of -1 px before and 1em after it (Chromium's
    ListMarker::WidthOfSymbol and InlineMarginsForInside)."""
    return (ascent * 2 // 3 + 1) // 2 + 2 - 1 + font_size


def symbol_marker_rect(ascent: int) -> tuple[int, int, int]:
    """Chromium's outside disc/circle/square from the marker font's (integer) ascent: (left of
    the shape from the list item's content edge (negative), its top above the baseline, its
    size), as ListMarker::InlineMarginsForOutside and RelativeSymbolMarkerRect compute them."""
    two_thirds = ascent * 2 // 3
    size = (two_thirds + 1) // 2
    left = -(two_thirds + 7)  # the marker box starts at -(2/3 ascent + 8), the shape 1 px in
    top = ascent - 3 * (ascent - two_thirds) // 2
    return left, top, size


def alpha_label(n: int) -> str:
    """1 -> 'a', 27 -> 'aa' (lower-alpha counter text; the number itself when n <= 0)."""
    if n <= 0:
        return str(n)
    out = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def roman_label(n: int) -> str:
    """4 -> 'iv' (lower-roman counter text; the number itself outside 1..3999)."""
    if not 0 < n < 4000:
        return str(n)
    out = ""
    for value, numeral in ROMAN:
        while n >= value:
            out += numeral
            n -= value
    return out


def ordinal_for(li: Any, cache: dict[Any, dict[Any, int]] | None = None) -> int:
    """The ordinal of a list item: <ol start>, <ol reversed> and <li value> honoured.

    With `cache` (one dict per page), each list's ordinals are computed once, in one pass over its
    items, so a list of n items costs O(n) instead of O(n^2).
    """
    parent = li.getparent()
    if parent is None:
        return 1
    known = cache.get(parent) if cache is not None else None
    ordinals = known if known is not None else _list_ordinals(parent)
    if cache is not None and known is None:
        cache[parent] = ordinals
    found = ordinals.get(li)
    return ordinals[None] if found is None else found  # not an <li>: the value after the last


def _list_ordinals(parent: Any) -> dict[Any, int]:
    """Ordinal of every <li> child (and, under None, the value after the last one)."""
    items = [c for c in parent if isinstance(c.tag, str) and c.tag.lower() == "li"]
    reversed_ = parent.get("reversed") is not None
    start_attr = parent.get("start")
    try:
        start = int(start_attr) if start_attr is not None else (len(items) if reversed_ else 1)
    except ValueError:
        start = 1
    step = -1 if reversed_ else 1
    value = start
    out: dict[Any, int] = {}
    for item in items:
        explicit = item.get("value")
        if explicit is not None:
            with contextlib.suppress(ValueError):
                value = int(explicit)
        out[item] = value
        value += step
    out[None] = value
    return out


def hand_marker_to_first_line(li: Any) -> None:
    """An outside marker sits on the list item's first line box: when the item's content is
    blocks (text followed by a nested list, paragraphs), the marker moves to the first in-flow
    block that holds inline content (an anonymous block or a <p>), as Chromium places it."""
    if not li.marker or li.inline_content or li.style["list-style-position"] == "inside":
        return
    target = li
    while not target.inline_content:
        in_flow = [c for c in target.children if not c.out_of_flow]
        if not in_flow or in_flow[0].outer != "block" or in_flow[0].inner not in _FLOWS:
            return
        target = in_flow[0]
        if target.marker:  # a nested item first: it keeps its own marker, the outer one is lost
            return
    target.marker, target.ordinal = li.marker, li.ordinal
    target.marker_style = li.marker_style
    li.marker = None


_FLOWS = frozenset({"flow", "flow-root"})
