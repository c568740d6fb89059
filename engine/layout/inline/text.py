"""Text shaping helpers for inline layout (styled text -> break opportunities, measured pieces, font metrics)."""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.budget import check
from engine.fonts import font_stack
from engine.fonts.cache import ByObject
from engine.fonts.fontsets import active_font_set
from engine.fonts.webfonts import active_web_fonts
from engine.style.types import Number

# Characters after which a line may not break, and before which it may not break (UAX #14 OP / CL).
NO_BREAK_BEFORE = set("，。、；：！？）」』】〉》”’…·・ー～,.;:!?)]}%‰℃")
NO_BREAK_AFTER = set("（「『【〈《“‘([{$¥￥")


def is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (
        0x2E80 <= code <= 0x9FFF
        or 0xAC00 <= code <= 0xD7AF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF
        or 0x3000 <= code <= 0x303F
        or 0x20000 <= code <= 0x2FFFF
    )


def transform_text(text: str, transform: str, at_word_start: bool = True) -> str:
    if transform == "uppercase":
        return text.upper()
    if transform == "lowercase":
        return text.lower()
    if transform == "capitalize":
        out = []
        start = at_word_start
        for ch in text:
            out.append(ch.upper() if start and ch.isalpha() else ch)
            start = ch.isspace() or (start and not ch.isalnum())
        return "".join(out)
    return text


@dataclass(frozen=True, slots=True)
class FontInfo:
    """The used font of a run: primary family and Blink-rounded metrics at the used size."""

    stack: Any
    size: float
    ascent: float
    descent: float
    line_height: float  # used line-height of an inline box with this style
    family: str
    letter_spacing: float
    word_spacing: float
    normal: bool = False  # line-height: normal (fallback fonts can grow the line)

    def measure(self, text: str) -> float:
        return self.stack.measure(text, self.size, self.letter_spacing, self.word_spacing)

    def advances(self, text: str) -> list[float]:
        """Per-character advances from one shaping of the whole text (kerning across spaces kept)."""
        return self.stack.char_advances(text, self.size, self.letter_spacing, self.word_spacing)

    def normal_extent(self, text: str) -> tuple[float, float]:
        """(above, below) the baseline for line-height: normal, fallback fonts included."""
        return self.stack.normal_line_extent(text, self.size)

    def ea_family(self, text: str) -> str | None:
        """The CJK face that draws the east-asian characters of `text`, if any."""
        for face, _piece in self.stack.segments(text):
            if face.is_cjk:
                return str(face.family)
        return None


# style object -> its FontInfo: siblings share one computed style object (style sharing), so a
# list's items, a table's cells and their texts find theirs without reading eight values;
# computed styles are never mutated after the cascade (later stages change copies). Small: consecutive boxes reuse a few
# style objects, and each entry keeps a style (and its ancestors' styles) alive across pages.
_BY_STYLE: ByObject[FontInfo] = ByObject(256)


def font_info(style: Any, lang: str = "") -> FontInfo:
    """FontInfo for a computed style (cached per style object, then per distinct font-relevant
    values)."""
    font_set = active_font_set()
    web = active_web_fonts().token  # a page's @font-face faces
    if web:
        font_set = f"{font_set}|{web}"
    key = lang + "|" + font_set
    hit = _BY_STYLE.get(style, key)
    if hit is not None:
        return hit
    info = _font_info_of(style, lang, font_set)
    _BY_STYLE.put(style, key, info)
    return info


def _font_info_of(style: Any, lang: str, font_set: str | None = None) -> FontInfo:
    if font_set is None:
        web = active_web_fonts().token
        font_set = f"{active_font_set()}|{web}" if web else active_font_set()
    return _font_info(
        font_set,
        lang,
        tuple(style["font-family"]),
        int(style["font-weight"]),
        str(style["font-style"]),
        float(style["font-size"]),
        _line_height_key(style["line-height"]),
        float(style["letter-spacing"] or 0.0),
        float(style["word-spacing"] or 0.0),
    )


def _line_height_key(value: Any) -> tuple[str, float]:
    if isinstance(value, Number):
        return ("num", float(value.value))
    if isinstance(value, (int, float)):
        return ("px", float(value))
    return ("normal", 0.0)


@lru_cache(maxsize=4096)
def _font_info(
    font_set: str,  # part of the key (with the web fonts'): font_stack reads them itself
    lang: str,
    families: tuple[str, ...],
    weight: int,
    font_style: str,
    size: float,
    line_height: tuple[str, float],
    letter_spacing: float,
    word_spacing: float,
) -> FontInfo:
    stack = font_stack(families, weight, font_style, lang)
    face = stack.primary
    ascent, descent = face.ascent(size), face.descent(size)
    kind, value = line_height
    if kind == "num":
        # Blink: floor64(round64(font-size) x n), LayoutUnit = 1/64 px.
        used = math.floor(round(size * 64) / 64 * value * 64) / 64
    elif kind == "px":
        used = value
    else:
        used = face.normal_line_height(size)
    return FontInfo(
        stack,
        size,
        ascent,
        descent,
        used,
        face.family,
        letter_spacing,
        word_spacing,
        kind == "normal",
    )


ZWSP = "\u200b"
SHY = "\u00ad"
HYPHEN = "\u2010"


@dataclass(frozen=True, slots=True)
class BreakRules:
    """The breaking properties of a text run (CSS Text 3 §5): word-break and hyphens."""

    break_all: bool = False  # word-break: break-all
    keep_all: bool = False  # word-break: keep-all
    soft_hyphens: bool = True  # hyphens: manual | auto (U+00AD is a break opportunity)

    @staticmethod
    def of(style: Any) -> BreakRules:
        return _break_rules(style["word-break"], style["hyphens"])


@lru_cache(maxsize=64)
def _break_rules(word_break: str, hyphens: str) -> BreakRules:
    return BreakRules(word_break == "break-all", word_break == "keep-all", hyphens != "none")


NORMAL_RULES = BreakRules()


def split_segments(
    text: str, wrap: bool, rules: BreakRules = NORMAL_RULES
) -> list[tuple[str, str]]:
    """Split text into (word, trailing_spaces) pairs at break opportunities.

    A pair ends where a line may break: after spaces, around CJK characters (with simple
    kinsoku rules), after hyphens and dashes, after U+200B and soft hyphens, and between any
    letters with word-break: break-all. Without `wrap`, the whole text is one word (its spaces
    included).
    """
    if not wrap:
        return [(text, "")] if text else []
    if text.isascii() and not rules.break_all:
        # ASCII fast path: without break-all the only opportunities are after space runs and
        # after a hyphen before a letter or digit, exactly what the loop below finds, found by
        # C-level splits.
        parts = _SPACE_RUNS.split(text)
        pairs = list(zip(parts[0:-1:2], parts[1::2], strict=True))
        if parts[-1]:
            pairs.append((parts[-1], ""))
        if "-" in text:
            pairs = [cut for word, spaces in pairs for cut in _after_hyphens(word, spaces)]
        return pairs
    out: list[tuple[str, str]] = []
    word: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if not i & 4095:
            check("layout")
        ch = text[i]
        if ch == " ":
            j = i
            while j < n and text[j] == " ":
                j += 1
            out.append(("".join(word), text[i:j]))
            word = []
            i = j
            continue
        word.append(ch)
        nxt = text[i + 1] if i + 1 < n else ""
        if nxt and nxt != " " and _break_between(ch, nxt, rules):
            out.append(("".join(word), ""))
            word = []
        i += 1
    if word:
        out.append(("".join(word), ""))
    return out


_SPACE_RUNS = re.compile("( +)")
_AFTER_HYPHEN = re.compile("(?<=-)(?=[A-Za-z0-9])")


def _after_hyphens(word: str, spaces: str) -> list[tuple[str, str]]:
    """An ASCII word cut after each hyphen followed by a letter or digit (the spaces go with
    its last part)."""
    if "-" not in word:
        return [(word, spaces)]
    cuts = _AFTER_HYPHEN.split(word)
    return [(cut, "") for cut in cuts[:-1]] + [(cuts[-1], spaces)]


def _break_between(a: str, b: str, rules: BreakRules = NORMAL_RULES) -> bool:
    if a == ZWSP:
        return True
    if a == SHY:
        return rules.soft_hyphens
    if b in NO_BREAK_BEFORE or a in NO_BREAK_AFTER or b in (ZWSP, SHY):
        return False
    if rules.break_all and not unicodedata.combining(b) and b != "\u00a0" and a != "\u00a0":
        return True
    if is_cjk(a) or is_cjk(b):
        # keep-all: no break inside a run of CJK letters (after closing punctuation only)
        return not (rules.keep_all and is_cjk(a) and is_cjk(b)) or a in NO_BREAK_BEFORE
    if a in "-\u2010\u2013\u2014/" and b.isalnum() and a != "/":
        return True
    return a == "\u2014" or b == "\u2014"


def can_break_between_texts(
    prev_char: str, next_char: str, rules: BreakRules = NORMAL_RULES
) -> bool:
    """Break opportunity at a boundary between two inline pieces with no space between them."""
    if not prev_char or not next_char:
        return False
    return _break_between(prev_char, next_char, rules)
