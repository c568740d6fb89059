"""List markers -> paragraph bullets (autonumber schemes, symbol glyphs, the marker's indent)."""

from __future__ import annotations

from typing import Any

from engine.boxes.lists import symbol_marker, symbol_marker_rect
from engine.layout.fragments import TextFragment
from engine.model.schema.text import Bullet, CharBullet, NumberBullet, Run
from engine.model.text.fallback_runs import Fallbacks
from engine.model.text.runs import run_color, run_for

AUTONUM = {
    "decimal": "arabicPeriod",
    "decimal-leading-zero": "arabicPeriod",
    "lower-alpha": "alphaLcPeriod",
    "lower-latin": "alphaLcPeriod",
    "upper-alpha": "alphaUcPeriod",
    "upper-latin": "alphaUcPeriod",
    "lower-roman": "romanLcPeriod",
    "upper-roman": "romanUcPeriod",
}


# Bullet characters written for Chromium's disc/circle/square shapes, in a face every renderer
# has (LibreOffice maps Arial to the metric-compatible Liberation Sans): the glyph, its left side
# bearing, height and centre height above the baseline, in em (Liberation Sans).
SYMBOL_GLYPHS = {
    "disc": ("\u2022", 0.040, 0.271, 0.3315),
    "circle": ("\u25e6", 0.056, 0.242, 0.311),
    "square": ("\u25aa", 0.053, 0.248, 0.311),
}
SYMBOL_FONT = "Arial"


def _symbol_bullet(marker: TextFragment, kind: str, text_size: float) -> tuple[float, float]:
    """(bullet size relative to the text, distance from the bullet's origin to the text) that
    put the glyph where Chromium paints its shape: the layout gives the shape's left edge
    (marker.x) and size (marker.width); the glyph's scale splits the difference between
    matching the shape's size and matching its centre height."""
    _char, bearing, height, centre = SYMBOL_GLYPHS[kind]
    size = marker.width
    ascent = round(marker.ascent)
    _left, top, _size = symbol_marker_rect(ascent)
    by_size = size / (height * marker.font_size)
    by_centre = (top - size / 2) / (centre * marker.font_size)
    scale = max(0.25, (3 * by_size + by_centre) / 4)
    glyph_px = scale * marker.font_size
    return scale * marker.font_size / text_size, -marker.x + bearing * glyph_px


def bullet_for(marker: TextFragment, block_style: Any, text_size: float) -> Bullet:
    """A native bullet (buChar) or auto-number (buAutoNum) for a list marker; a ::marker
    font-size other than the text's becomes the bullet's size (buSzPct, of the first run)."""
    li = marker.box
    kind = li.style["list-style-type"]
    color = run_color(marker, block_style).hex
    symbol = symbol_marker(li.style)
    if symbol is not None and text_size > 0:
        rel, _indent = _symbol_bullet(marker, symbol, text_size)
        out_sym: CharBullet = {
            "char": SYMBOL_GLYPHS[symbol][0],
            "color": color,
            "font": SYMBOL_FONT,
        }
        if abs(rel - 1.0) > 0.01:
            out_sym["size"] = rel
        return out_sym
    custom = isinstance(li.style["content"], tuple) and li.pseudo == "marker"
    size = marker.font_size / text_size if text_size > 0 else None
    if size is not None and abs(marker.font_size - text_size) <= 0.01:
        size = None
    if kind in AUTONUM and not custom:
        number: NumberBullet = {"autonum": AUTONUM[kind], "start": li.ordinal or 1, "color": color}
        if size is not None:
            number["size"] = size
        return number
    char: CharBullet = {
        "char": marker.text.strip() or "\u2022",
        "color": color,
        "font": marker.family,
    }
    if size is not None:
        char["size"] = size
    return char


# Code points that join the character before them (variation selectors, ZWJ, keycap, skin tones).
_JOINERS = frozenset(
    [*range(0xFE00, 0xFE10), 0x200D, 0x20E3, *range(0x1F3FB, 0x1F400), *range(0x0300, 0x0370)]
)


def _characters(text: str) -> int:
    return sum(1 for ch in text if ord(ch) not in _JOINERS)


def paragraph_marker(
    marker: TextFragment, block_style: Any, text_size: float, alpha: float, fallbacks: Fallbacks
) -> tuple[Bullet | None, list[Run]]:
    """(the paragraph's bullet, runs leading its text) for a list marker. A marker of several
    characters that no autonumber scheme writes ('一、', 'あ、', 'Step 1: ') cannot be a bullet
    (a:buChar draws its first character only): it becomes the paragraph's first run, hanging
    left of the text by its width (no bullet, the indent kept), as Chromium lays it out."""
    bullet = bullet_for(marker, block_style, text_size)
    char = bullet.get("char")
    if isinstance(char, str) and _characters(char) > 1 and symbol_marker(marker.box.style) is None:
        run = run_for(marker, block_style, alpha, fallbacks, decor_shapes=False)
        box = marker.box  # the ::marker box (its text) or the item (its marker)
        full = box.text if box.pseudo == "marker" else box.marker
        if isinstance(full, str) and full.strip() == char:
            run["text"] = full  # the trailing space the fragment dropped: the text starts after it
        return None, [run]
    return bullet, []


def marker_indent(marker: TextFragment, seg: list[TextFragment]) -> float:
    """How far left of the text a marker's bullet starts (its hanging indent)."""
    symbol = symbol_marker(marker.box.style)
    if symbol is None:
        return marker.width
    text_size = next((t.font_size for t in seg if not t.marker), marker.font_size)
    return _symbol_bullet(marker, symbol, text_size)[1] if text_size > 0 else -marker.x
