"""CJK punctuation pairs -> indices that get the `halt` feature (Blink HanKerning, text-spacing-trim: normal).

Chromium halves adjacent fullwidth punctuation ("。」", "）（" ...) by applying the font's
OpenType `halt` feature to one of each pair (CSS Text 4 "fullwidth punctuation collapsing").
Whether the dots, colons and quotes count as opening/closing depends on the glyphs: their
ink bounds in the font, for the content language (Simplified Chinese fonts put "。" on the
left, Traditional ones in the middle; Japanese fonts have proportional quotes).
"""

from __future__ import annotations

import threading
import unicodedata

from .face import FontSource

__all__ = ["HanKerningData", "han_kerning_data", "halt_indices", "may_apply"]

OTHER, OPEN, CLOSE, MIDDLE, OPEN_NARROW, CLOSE_NARROW = range(6)
DOT, COLON, SEMICOLON, OPEN_QUOTE, CLOSE_QUOTE = range(6, 11)

_FIXED = {
    0x2018: OPEN_QUOTE,
    0x201C: OPEN_QUOTE,
    0x2019: CLOSE_QUOTE,
    0x201D: CLOSE_QUOTE,
    0x3000: MIDDLE,
    0x00B7: MIDDLE,
    0x2027: MIDDLE,
    0x30FB: MIDDLE,
    0x3001: DOT,
    0x3002: DOT,
    0xFF0C: DOT,
    0xFF0E: DOT,
    0xFF1A: COLON,
    0xFF1B: SEMICOLON,
}
# Blink HanKerning::FontData probe characters: 4 dots, colon, semicolon, “ ‘ ” ’.
_PROBE = "\u3001\u3002\uff0c\uff0e\uff1a\uff1b\u201c\u2018\u201d\u2019"


def base_type(cp: int) -> int:
    """Character::GetHanKerningCharType."""
    t = _FIXED.get(cp)
    if t is not None:
        return t
    cat = unicodedata.category(chr(cp))
    if cat not in ("Ps", "Pe"):
        return OTHER
    wide = 0x3000 <= cp <= 0x303F or unicodedata.east_asian_width(chr(cp)) == "F"
    if cat == "Ps":
        return OPEN if wide else OPEN_NARROW
    return CLOSE if wide else CLOSE_NARROW


def may_apply(text: str) -> bool:
    if text.isascii():
        return False
    return any(0x2018 <= ord(c) <= 0x301F or 0xFF08 <= ord(c) <= 0xFF60 for c in text)


class HanKerningData:
    """HanKerning::FontData: does the face have `halt`, and the font-dependent classes."""

    def __init__(self, src: FontSource, lang: str) -> None:
        self.has_halt = False
        self.dot = self.colon = self.semicolon = OTHER
        self.quote_fullwidth = False
        if not src.path:
            return
        plain = src.glyph_data("\uff08", lang, False, "Hani")
        halted = src.glyph_data("\uff08", lang, True, "Hani")
        if not plain or not plain[0][0] or [g[2] for g in plain] == [g[2] for g in halted]:
            return
        glyphs = src.glyph_data(_PROBE, lang, False, "Hani")
        if len(glyphs) != len(_PROBE) or [g[1] for g in glyphs] != list(range(len(_PROBE))):
            return
        self.has_halt = True
        bounds: list[tuple[float, float]] = []
        for gid, _, _, x_off in glyphs:
            left, right = src.extents(gid)
            bounds.append((left + x_off, right + x_off))
        self.dot = _group_type(glyphs[0:4], bounds[0:4])
        self.colon = _group_type(glyphs[4:5], bounds[4:5])
        self.semicolon = _group_type(glyphs[5:6], bounds[5:6])
        self.quote_fullwidth = (
            _group_type(glyphs[6:8], bounds[6:8]) == OPEN
            and _group_type(glyphs[8:10], bounds[8:10]) == CLOSE
        )

    def char_type(self, cp: int) -> int:
        t = base_type(cp)
        if t == DOT:
            return self.dot
        if t == COLON:
            return self.colon
        if t == SEMICOLON:
            return self.semicolon
        if t == OPEN_QUOTE:
            return OPEN if self.quote_fullwidth else OPEN_NARROW
        if t == CLOSE_QUOTE:
            return CLOSE if self.quote_fullwidth else CLOSE_NARROW
        return t


def _type_from_bounds(half: float, left: float, right: float) -> int:
    if right <= half:
        return CLOSE
    if left >= half:
        return OPEN
    if right - left <= half and left >= half / 2:
        return MIDDLE
    return OTHER


def _group_type(glyphs: list, bounds: list[tuple[float, float]]) -> int:
    first: tuple[float, int] | None = None
    for (gid, _, adv, _), (left, right) in zip(glyphs, bounds, strict=False):
        if not gid:
            continue
        if first is None:
            first = (float(adv), _type_from_bounds(adv / 2.0, left, right))
            continue
        if adv != first[0] or _type_from_bounds(first[0] / 2.0, left, right) != first[1]:
            return OTHER
    return first[1] if first else OTHER


def _should_kern(t: int, last: int) -> bool:
    return t == OPEN and last in (OPEN, MIDDLE, CLOSE, OPEN_NARROW)


def _should_kern_last(t: int, last: int) -> bool:
    return last == CLOSE and t in (CLOSE, MIDDLE, CLOSE_NARROW)


def halt_indices(text: str, start: int, end: int, data: HanKerningData) -> tuple[int, ...]:
    """Indices in [start, end) of `text` (one font's run) that get `halt` (HanKerning::
    AppendFontFeatures for a run that is not at a line start)."""
    if not data.has_halt or end <= start:
        return ()
    out: list[int] = []
    if start > 0:
        last = data.char_type(ord(text[start - 1]))
        t = data.char_type(ord(text[start]))
        if _should_kern(t, last):
            out.append(start)
        last = t
    else:
        last = data.char_type(ord(text[start]))
    for i in range(start + 1, end):
        t = data.char_type(ord(text[i]))
        if _should_kern_last(t, last):
            out.append(i - 1)
        elif _should_kern(t, last):
            out.append(i)
        last = t
    if end < len(text) and _should_kern_last(data.char_type(ord(text[end])), last):
        out.append(end - 1)
    return tuple(out)


_CACHE: dict[tuple[int, str], HanKerningData] = {}
_LOCK = threading.Lock()


def han_kerning_data(src: FontSource, lang: str) -> HanKerningData:
    key = (id(src), lang)
    with _LOCK:
        data = _CACHE.get(key)
    if data is None:
        data = HanKerningData(src, lang)
        with _LOCK:
            data = _CACHE.setdefault(key, data)
    return data
