"""Code points -> the character classes font fallback needs (script, cluster joining, emoji presentation)."""

from __future__ import annotations

import bisect
import unicodedata
from functools import lru_cache

__all__ = ["char_class", "is_emoji_presentation", "HB_SCRIPTS"]

# Emoji_Presentation=Yes (Unicode 15.1 emoji-data.txt), as inclusive ranges.
_EMOJI_RANGES: tuple[tuple[int, int], ...] = (
    (0x231A, 0x231B), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3),
    (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F),
    (0x2693, 0x2693), (0x26A1, 0x26A1), (0x26AA, 0x26AB), (0x26BD, 0x26BE),
    (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA),
    (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD),
    (0x2705, 0x2705), (0x270A, 0x270B), (0x2728, 0x2728), (0x274C, 0x274C),
    (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
    (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50),
    (0x2B55, 0x2B55), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E),
    (0x1F191, 0x1F19A), (0x1F1E6, 0x1F1FF), (0x1F201, 0x1F201), (0x1F21A, 0x1F21A),
    (0x1F22F, 0x1F22F), (0x1F232, 0x1F236), (0x1F238, 0x1F23A), (0x1F250, 0x1F251),
    (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C), (0x1F37E, 0x1F393),
    (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4),
    (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D),
    (0x1F54B, 0x1F54E), (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596),
    (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F), (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC),
    (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6DC, 0x1F6DF), (0x1F6EB, 0x1F6EC),
    (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F7F0, 0x1F7F0), (0x1F90C, 0x1F93A),
    (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF), (0x1FA70, 0x1FA7C), (0x1FA80, 0x1FA88),
    (0x1FA90, 0x1FABD), (0x1FABF, 0x1FAC5), (0x1FACE, 0x1FADB), (0x1FAE0, 0x1FAE8),
    (0x1FAF0, 0x1FAF8),
)  # fmt: skip
_EMOJI_STARTS = [lo for lo, _ in _EMOJI_RANGES]

# Script names (first word of the Unicode character name) -> ISO 15924 tags for HarfBuzz.
HB_SCRIPTS: dict[str, str] = {
    "LATIN": "Latn", "GREEK": "Grek", "CYRILLIC": "Cyrl", "ARMENIAN": "Armn",
    "HEBREW": "Hebr", "ARABIC": "Arab", "DEVANAGARI": "Deva", "BENGALI": "Beng",
    "THAI": "Thai", "LAO": "Laoo", "GEORGIAN": "Geor", "HAN": "Hani", "HIRAGANA": "Hira",
    "KATAKANA": "Kana", "HANGUL": "Hang", "BOPOMOFO": "Bopo", "TAMIL": "Taml",
    "ETHIOPIC": "Ethi", "KHMER": "Khmr", "MYANMAR": "Mymr", "TIBETAN": "Tibt",
}  # fmt: skip


def is_emoji_presentation(cp: int) -> bool:
    i = bisect.bisect_right(_EMOJI_STARTS, cp) - 1
    return i >= 0 and cp <= _EMOJI_RANGES[i][1]


@lru_cache(maxsize=65536)
def char_class(cp: int) -> tuple[str, bool]:
    """(script, joins-previous-cluster): script is '' for Common/Inherited characters;
    joins is True for marks, joiners and variation selectors (part of the previous cluster)."""
    if cp in (0x200C, 0x200D) or 0xFE00 <= cp <= 0xFE0F or 0xE0100 <= cp <= 0xE01EF:
        return "", True
    if 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F:  # skin tones, tag characters
        return "", True
    ch = chr(cp)
    cat = unicodedata.category(ch)
    if cat in ("Mn", "Me", "Mc"):
        return "", True
    if not cat.startswith("L"):
        return "", False
    words = unicodedata.name(ch, "").split()
    if not words:
        return "", False
    word = words[1] if words[0] in ("FULLWIDTH", "HALFWIDTH") and len(words) > 1 else words[0]
    if word in ("CJK", "IDEOGRAPHIC", "KANGXI"):
        word = "HAN"
    return word, False
