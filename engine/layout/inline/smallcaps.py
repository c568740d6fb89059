"""Synthesised small capitals (a text + `font-variant` -> case runs, their advances and sizes as
Chromium draws them when the font has no smcp/c2sc glyphs).

Blink (SmallCapsIterator + CaseMappingHarfBuzzBufferFiller) cuts the text into runs of
characters that change when uppercased and runs of the others; the first kind is uppercased and
shaped with a copy of the font at `lroundf(font-size x 0.7f)` (kSmallCapsFontSizeMultiplier;
a whole pixel size), the rest at the full size. Each run is shaped on its own, so there is no kerning
across run edges. `all-small-caps` shrinks capitals too.

The slide model writes the same thing explicitly (uppercase text in runs at 0.7 x size): the
editable alternative, `cap="small"` on a:rPr, is drawn by LibreOffice at 80 %
(SMALL_CAPS_PERCENTAGE in editeng), which makes every small-caps line ~10 % wider than Chromium's
and re-wraps it (docs/text-placement.md).
"""

from __future__ import annotations

import dataclasses
import math
import struct
from typing import Any

from engine.layout.inline.text import FontInfo

SCALE = 0.7  # Blink's kSmallCapsFontSizeMultiplier


def caps_mode(style: Any) -> str | None:
    """The caps synthesised: "small" (font-variant[-caps]: small-caps), "all"
    (all-small-caps) or None (petite-caps, unicase, titling-caps: drawn as normal text)."""
    value = style["font-variant-caps"]
    if value == "normal":
        value = style["font-variant"]
    if not isinstance(value, str) or "small-caps" not in value:
        return None
    words = value.split()
    if "all-small-caps" in words:
        return "all"
    return "small" if "small-caps" in words else None


def small_size(size: float) -> float:
    """The synthesised small-caps font size: lroundf(size x 0.7f), a whole pixel size
    (SimpleFontData::CreateScaledFontData)."""
    f32 = struct.Struct("f")
    scaled = f32.unpack(f32.pack(f32.unpack(f32.pack(size))[0] * f32.unpack(f32.pack(SCALE))[0]))[0]
    return float(math.floor(scaled + 0.5))


def upper_needed(ch: str) -> bool:
    """Whether `ch` changes when uppercased (to one character, so the text keeps its length)."""
    upper = ch.upper()
    return upper != ch and len(upper) == 1


def case_runs(text: str) -> list[tuple[int, int, bool]]:
    """(start, end, uppercase needed): Blink's SmallCapsIterator runs."""
    runs: list[tuple[int, int, bool]] = []
    start = 0
    current = None
    for i, ch in enumerate(text):
        up = upper_needed(ch)
        if up != current:
            if current is not None:
                runs.append((start, i, current))
            start, current = i, up
    if current is not None:
        runs.append((start, len(text), current))
    return runs


def drawn_runs(text: str, mode: str) -> list[tuple[str, bool]]:
    """(characters drawn, at the small size) per shaping run: small-caps shrinks the uppercased
    runs, all-small-caps every run (Blink's OpenTypeCapsSupport::NeedsSyntheticFont)."""
    return [
        (text[a:b].upper() if up else text[a:b], up or mode == "all")
        for a, b, up in case_runs(text)
    ]


def advances(font: FontInfo, text: str, mode: str) -> list[float]:
    """Per-character advances with small capitals synthesised (each case run shaped alone)."""
    small_font = dataclasses.replace(font, size=small_size(font.size))
    out: list[float] = []
    for part, small in drawn_runs(text, mode):
        out.extend((small_font if small else font).advances(part))
    return out


def measure(font: FontInfo, text: str, mode: str) -> float:
    return sum(advances(font, text, mode))
