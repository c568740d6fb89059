"""The fonts a PowerPoint user has: the Office font list, metric-compatible twins, substitution hints.

A deck is opened in PowerPoint on Windows or macOS, where the Debian faces the engine measures
with (Liberation, Carlito, DejaVu, Noto) are not installed. So a run measured with a face that is
a metric-compatible twin of an Office font names the Office font (same advances, same breaks),
and every typeface carries the hints PowerPoint's substitution reads when a font is missing
(panose, pitchFamily, charset; [MS-OI29500] 2.1.1397), taken from the font file itself.

`office_fonts.txt` (beside this file) lists the families of a stock Windows 11 + Microsoft 365
install, as the fidelity harness's ../shared/fonts/office-fonts.txt does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from .sfnt import Os2, SfntFace
from .sfnt_fonttools import fonttools_hint_tables

__all__ = [
    "OFFICE_TWINS",
    "THEME_SCRIPT_FONTS",
    "TypefaceHints",
    "is_office_font",
    "office_fonts",
    "office_name",
    "typeface_hints",
]

_LIST = Path(__file__).with_name("office_fonts.txt")

# Metric-compatible twins (same advance widths and vertical metrics as the Office font): a run
# measured with the twin is laid out exactly as PowerPoint lays out the Office font. LibreOffice
# maps the Office names back to these through fontconfig's metric aliases (30-metric-aliases.conf),
# so nothing moves there either.
OFFICE_TWINS: dict[str, str] = {
    "liberation sans": "Arial",
    "arimo": "Arial",
    "liberation sans narrow": "Arial Narrow",
    "liberation serif": "Times New Roman",
    "tinos": "Times New Roman",
    "liberation mono": "Courier New",
    "cousine": "Courier New",
    "carlito": "Calibri",
    "caladea": "Cambria",
    "gelasio": "Georgia",
    "selawik": "Segoe UI",
    "symbol neu": "Symbol",
}
# Not twins, but faces no deck can carry: colour-bitmap emoji (CBDT) are drawn by the viewer's own
# emoji font, which is Segoe UI Emoji in Office on Windows.
_STAND_INS: dict[str, str] = {"noto color emoji": "Segoe UI Emoji"}

# The theme's per-script fonts (a:majorFont / a:minorFont a:font script=...): what PowerPoint
# uses for text of that script that names no font. Office's own theme lists Windows 7 fonts that
# Windows 11 only has as optional features (Angsana New, Mangal, ...); these are in the Office list.
THEME_SCRIPT_FONTS: dict[str, str] = {
    "Jpan": "Yu Gothic",
    "Hang": "Malgun Gothic",
    "Hans": "DengXian",
    "Hant": "Microsoft JhengHei",
    "Arab": "Times New Roman",
    "Hebr": "Times New Roman",
    "Thai": "Tahoma",
    "Ethi": "Ebrima",
    "Beng": "Nirmala UI",
    "Gujr": "Nirmala UI",
    "Khmr": "Leelawadee UI",
    "Knda": "Nirmala UI",
    "Guru": "Nirmala UI",
    "Cans": "Gadugi",
    "Cher": "Gadugi",
    "Yiii": "Microsoft Yi Baiti",
    "Tibt": "Microsoft Himalaya",
    "Thaa": "MV Boli",
    "Deva": "Nirmala UI",
    "Telu": "Nirmala UI",
    "Taml": "Nirmala UI",
    "Syrc": "Segoe UI Historic",
    "Orya": "Nirmala UI",
    "Mlym": "Nirmala UI",
    "Laoo": "Leelawadee UI",
    "Sinh": "Nirmala UI",
    "Mong": "Mongolian Baiti",
    "Viet": "Times New Roman",
    "Uigh": "Segoe UI",
    "Geor": "Sylfaen",
}


@lru_cache(maxsize=1)
def office_fonts() -> frozenset[str]:
    """The Office font families, lower-cased."""
    names = set()
    for line in _LIST.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.add(line.lower())
    return frozenset(names)


def is_office_font(name: str) -> bool:
    """Whether a stock Office user has the family `name` (case-insensitive)."""
    return name.strip().lower() in office_fonts()


def office_name(family: str) -> str | None:
    """The Office family to write for a face measured as `family`: the family itself when it is
    an Office font, its Office twin (or stand-in), else None (the face keeps its own name)."""
    key = family.strip().lower()
    if key in office_fonts():
        return family.strip()
    return OFFICE_TWINS.get(key) or _STAND_INS.get(key)


@dataclass(frozen=True)
class TypefaceHints:
    """What a:latin/a:ea/a:cs/p:font carry besides the name: PANOSE (20 hex digits, None when the
    font's is all zero), GDI pitch-and-family byte, GDI charset (0-255; written signed)."""

    panose: str | None
    pitch_family: int
    charset: int

    @property
    def charset_xml(self) -> str:
        """ST_... xsd:byte: charsets above 127 are written as negative numbers (GB2312 = -122)."""
        return str(self.charset - 256 if self.charset > 127 else self.charset)


# GDI charsets of the OS/2 code-page bits that name one (ulCodePageRange1 bit -> charset), in the
# order a font of several is given one: CJK first (their charset decides substitution), then
# the Western and other single-byte sets.
_CODEPAGE_CHARSETS: tuple[tuple[int, int], ...] = (
    (17, 128),  # JIS/Japan -> SHIFTJIS_CHARSET
    (18, 134),  # Chinese Simplified -> GB2312_CHARSET
    (19, 129),  # Korean Wansung -> HANGUL_CHARSET
    (20, 136),  # Chinese Traditional -> CHINESEBIG5_CHARSET
    (21, 130),  # Korean Johab -> JOHAB_CHARSET
    (0, 0),  # Latin 1 -> ANSI_CHARSET
    (1, 238),  # Latin 2 -> EASTEUROPE_CHARSET
    (2, 204),  # Cyrillic -> RUSSIAN_CHARSET
    (3, 161),  # Greek -> GREEK_CHARSET
    (4, 162),  # Turkish -> TURKISH_CHARSET
    (5, 177),  # Hebrew -> HEBREW_CHARSET
    (6, 178),  # Arabic -> ARABIC_CHARSET
    (7, 186),  # Windows Baltic -> BALTIC_CHARSET
    (8, 163),  # Vietnamese -> VIETNAMESE_CHARSET
    (16, 222),  # Thai -> THAI_CHARSET
    (31, 2),  # Symbol -> SYMBOL_CHARSET
)
# A CJK collection face covers every CJK code page; its name says which language it is for.
_CJK_NAME_CHARSETS = (
    (" SC", 134),
    (" CN", 134),
    (" TC", 136),
    (" HK", 136),
    (" JP", 128),
    (" KR", 129),
)
_FF_ROMAN, _FF_SWISS, _FF_MODERN, _FF_SCRIPT, _FF_DECORATIVE = 0x10, 0x20, 0x30, 0x40, 0x50
_FIXED_PITCH, _VARIABLE_PITCH = 1, 2


def _charset(os2: Os2 | None, family: str) -> int:
    pages = os2.code_page_range1 if os2 is not None else 0
    cjk_bits = pages & (0x1F << 17)
    if cjk_bits and bin(cjk_bits).count("1") > 1:
        padded = f" {family} "
        for suffix, charset in _CJK_NAME_CHARSETS:
            if suffix + " " in padded:
                return charset
    for bit, charset in _CODEPAGE_CHARSETS:
        if pages & (1 << bit):
            return charset
    return 1  # DEFAULT_CHARSET


def _pitch_family(panose: bytes, fixed: bool) -> int:
    """GDI's lfPitchAndFamily from PANOSE and post.isFixedPitch (as GDI derives it for TrueType
    fonts): Arial 34, Times New Roman 18, Courier New 49, Calibri 34, Cambria 18."""
    family_type, serif_style, proportion = panose[0], panose[1], panose[3]
    if fixed or (family_type == 2 and proportion == 9):
        return _FF_MODERN | _FIXED_PITCH
    if family_type == 3:
        return _FF_SCRIPT | _VARIABLE_PITCH
    if family_type in (4, 5):
        return _FF_DECORATIVE | _VARIABLE_PITCH
    if family_type == 2:
        if serif_style in (11, 12, 13, 14, 15):  # sans serif, flared, rounded
            return _FF_SWISS | _VARIABLE_PITCH
        if 2 <= serif_style <= 10:
            return _FF_ROMAN | _VARIABLE_PITCH
    return _VARIABLE_PITCH


@lru_cache(maxsize=512)
def typeface_hints(path: str, index: int = 0, family: str = "") -> TypefaceHints:
    """PANOSE, pitch-and-family and charset of one font file (face `index` of a collection)."""
    try:  # OS/2 and post's fixed-pitch flag, read directly (no glyph names decoded)
        face = SfntFace(path, index)
        os2, fixed = face.os2(), face.is_fixed_pitch()
    except Exception:  # noqa: BLE001 - files the reader leaves to fontTools
        os2, fixed = fonttools_hint_tables(path, index)
    panose = os2.panose if os2 else bytes(10)
    return TypefaceHints(
        panose=panose.hex().upper() if any(panose) else None,
        pitch_family=_pitch_family(panose, fixed),
        charset=_charset(os2, family),
    )
