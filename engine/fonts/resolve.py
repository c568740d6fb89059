"""CSS font-family names -> font files, the way Chromium on Linux asks fontconfig for them.

What Chromium 156 does on Debian 12 (verified with headless Chromium, see tests/fonts):

* A named family is looked up with fontconfig (family + weight + slant + normal width,
  scalable only) and the best match is accepted only if one of its family names equals the
  requested name, or the two names are in the same metric-compatible class of Skia's
  ``SkFontConfigInterface`` table (Arial = Liberation Sans, Calibri = Carlito, ...).  Any
  other substitute means "not installed": Chromium moves on to the next family.  Blink then
  retries Arial<->Helvetica, Times<->Times New Roman, Courier<->Courier New.
* Generic families map to Chrome's per-script default fonts (Latin: serif and the standard
  font = Times New Roman, sans-serif = Arial, monospace = Monospace; Han/Japanese/Korean
  content languages use the Noto CJK families); ``system-ui`` is fontconfig's ``sans``.
* Characters no listed font has go to gfx::GetFallbackFontForChar: fontconfig's sorted font
  set for the content language (no family, no weight), first font whose charset has the char.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import engine.fonts.fontconfig as fontconfig  # the module, not the package: no import cycle

__all__ = [
    "FcFont",
    "available",
    "fc_match",
    "family_installed",
    "local_faces",
    "fallback_font",
    "generic_family_name",
    "script_for_lang",
    "css_weight_to_fc",
    "fc_weight_to_css",
]

_LOCK = threading.Lock()


@dataclass(frozen=True)
class FcFont:
    """One font face as fontconfig reports it."""

    families: tuple[str, ...]
    path: str
    index: int
    fc_weight: float
    fc_slant: int
    fontformat: str

    @property
    def is_bold(self) -> bool:
        return self.fc_weight >= 200  # FC_WEIGHT_BOLD

    @property
    def is_italic(self) -> bool:
        return self.fc_slant != 0

    @property
    def css_weight(self) -> int:
        return fc_weight_to_css(self.fc_weight)


# Skia's SkFontStyle weight <-> fontconfig FC_WEIGHT map (piecewise linear).
_WEIGHT_MAP: tuple[tuple[int, int], ...] = (
    (100, 0),
    (200, 40),
    (300, 50),
    (400, 80),
    (500, 100),
    (600, 180),
    (700, 200),
    (800, 205),
    (900, 210),
    (1000, 215),
)


def _interp(value: float, pairs: tuple[tuple[float, float], ...]) -> float:
    if value <= pairs[0][0]:
        return pairs[0][1]
    for (x0, y0), (x1, y1) in zip(pairs, pairs[1:], strict=False):
        if value < x1:
            return y0 + (value - x0) * (y1 - y0) / (x1 - x0)
    return pairs[-1][1]


def css_weight_to_fc(weight: int) -> int:
    return int(round(_interp(weight, _WEIGHT_MAP)))


def fc_weight_to_css(fc_weight: float) -> int:
    inverse = tuple((float(b), float(a)) for a, b in _WEIGHT_MAP)
    return int(round(_interp(fc_weight, inverse)))


# Skia SkFontConfigInterface_direct.cpp kFontEquivMap: names in one class are metric-compatible.
EQUIVALENT_CLASSES: tuple[tuple[str, ...], ...] = (
    ("arial", "arimo", "liberation sans"),
    ("times new roman", "tinos", "liberation serif"),
    ("courier new", "cousine", "liberation mono"),
    ("symbol", "symbol neu"),
    ("ms pgothic", "ｍｓ ｐゴシック", "noto sans cjk jp", "ipapgothic", "motoyag04gothic"),
    ("ms gothic", "ｍｓ ゴシック", "noto sans mono cjk jp", "ipagothic", "motoyag04gothicmono"),
    ("ms pmincho", "ｍｓ ｐ明朝", "ipapmincho", "motoyag04mincho"),
    ("ms mincho", "ｍｓ 明朝", "ipamincho", "motoyag04minchomono"),
    ("simsun", "宋体", "msung gb18030", "song asc"),
    ("nsimsun", "新宋体", "msung gb18030", "n song asc"),
    ("simhei", "黑体", "noto sans cjk sc", "myingheigb18030", "myingheib5hk"),
    ("pmingliu", "新細明體", "msung b5hk"),
    ("mingliu", "細明體", "msung b5hk"),
    ("pmingliu_hkscs", "新細明體_hkscs", "msung b5hk"),
    ("mingliu_hkscs", "細明體_hkscs", "msung b5hk"),
    ("cambria", "caladea"),
    ("calibri", "carlito"),
)
_FALLBACK_ALLOWED = {"", "sans", "serif", "monospace"}
# Blink FontCache::AlternateFamilyName.
_ALTERNATE = {
    "arial": "Helvetica",
    "helvetica": "Arial",
    "times": "Times New Roman",
    "times new roman": "Times",
    "courier": "Courier New",
    "courier new": "Courier",
}


def equivalent_family(a: str, b: str) -> bool:
    a, b = a.lower(), b.lower()
    return any(a in cls and b in cls for cls in EQUIVALENT_CLASSES)


# Chrome's default generic fonts on Linux, per script of the content language (measured).
_GENERICS: dict[str, dict[str, str]] = {
    "Latn": {
        "standard": "Times New Roman",
        "serif": "Times New Roman",
        "sans-serif": "Arial",
        "monospace": "Monospace",
        "cursive": "Comic Sans MS",
        "fantasy": "Impact",
    },
    "Hans": {
        "standard": "Noto Sans CJK SC",
        "serif": "Noto Serif CJK SC",
        "sans-serif": "Noto Sans CJK SC",
    },
    "Hant": {
        "standard": "Noto Sans CJK TC",
        "serif": "Noto Serif CJK TC",
        "sans-serif": "Noto Sans CJK TC",
    },
    "Jpan": {
        "standard": "Noto Sans CJK JP",
        "serif": "Noto Serif CJK JP",
        "sans-serif": "Noto Sans CJK JP",
        "monospace": "Noto Sans Mono CJK JP",
    },
    "Kore": {
        "standard": "Noto Sans CJK KR",
        "serif": "Noto Serif CJK KR",
        "sans-serif": "Noto Sans CJK KR",
    },
}
GENERIC_KEYWORDS = frozenset(
    {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}
)


def script_for_lang(lang: str) -> str:
    """The script Blink derives from a content language (only the ones with own defaults)."""
    parts = lang.replace("_", "-").lower().split("-")
    if parts[0] == "zh":
        if "hant" in parts[1:] or any(p in ("tw", "hk", "mo") for p in parts[1:]):
            return "Hant"
        return "Hans"
    if parts[0] == "ja":
        return "Jpan"
    if parts[0] == "ko":
        return "Kore"
    return "Latn"


def generic_family_name(generic: str, lang: str) -> str:
    """Family name Chromium uses for a generic keyword ('standard' = no generic given)."""
    if generic == "system-ui":
        return system_ui_family()
    table = _GENERICS.get(script_for_lang(lang), {})
    return table.get(generic) or _GENERICS["Latn"].get(generic, "Times New Roman")


# --------------------------------------------------------------------------- fontconfig calls


_MATCH_CACHE: dict[tuple[str, int, int], FcFont | None] = {}
_SYSTEM_UI: list[str] = []


def available() -> bool:
    """Whether fontconfig (the library or fc-match) is on this machine."""
    return fontconfig.available()


def _escape(name: str) -> str:
    out = []
    for ch in name:
        if ch in "\\-:,=":
            out.append("\\")
        out.append(ch)
    return "".join(out)


def _parse_line(line: str) -> FcFont | None:
    parts = line.split("\t")
    if len(parts) < 6 or not parts[1]:
        return None
    try:
        index = int(parts[2] or 0)
        weight = float(parts[3].strip("[]").split()[0] or 80)
        slant = int(float(parts[4] or 0))
    except (ValueError, IndexError):
        return None
    families = tuple(f.strip() for f in parts[0].split(",") if f.strip())
    return FcFont(families, parts[1], index, weight, slant, parts[5])


def _valid(font: FcFont) -> bool:
    return font.fontformat in ("TrueType", "CFF")


def _raw_match(family: str, fc_weight: int, fc_slant: int) -> FcFont | None:
    pattern = f"{_escape(family)}:weight={fc_weight}:slant={fc_slant}:width=100:scalable=true"
    font = _parse_line(fontconfig.match(pattern))
    return font if font is not None and _valid(font) else None


def fc_match(family: str, weight: int, style: str) -> FcFont | None:
    """Chromium's accepted fontconfig match for one family name, or None if 'not installed'."""
    if not available():
        return None
    slant = 0 if style == "normal" else (110 if style.startswith("oblique") else 100)
    key = (family.lower(), css_weight_to_fc(weight), slant)
    with _LOCK:
        if key in _MATCH_CACHE:
            return _MATCH_CACHE[key]
    result = _accepted(family, key[1], slant)
    if result is None and family.lower() in _ALTERNATE:
        result = _accepted(_ALTERNATE[family.lower()], key[1], slant)
    with _LOCK:
        _MATCH_CACHE[key] = result
    return result


def _accepted(family: str, fc_weight: int, slant: int) -> FcFont | None:
    font = _raw_match(family, fc_weight, slant)
    if font is None:
        return None
    req = family.lower()
    if req in _FALLBACK_ALLOWED:
        return font
    for name in font.families:
        if name.lower() == req or equivalent_family(req, name):
            return font
    return None


def family_installed(family: str) -> bool:
    """Whether fontconfig has a face whose own family name is `family` (no substitutes)."""
    font = _raw_match(family, 80, 0) if available() else None
    return font is not None and family.lower() in (f.lower() for f in font.families)


def local_faces(name: str) -> list[FcFont]:
    """Installed faces a CSS `local(name)` may name: fontconfig's matches for `name` as a full
    name, a PostScript name and a family; the caller checks each face's own names (fontconfig
    answers with a substitute when nothing has the name)."""
    if not available() or not name.strip():
        return []
    out: list[FcFont] = []
    for field in ("fullname", "postscriptname", "family"):
        font = _parse_line(fontconfig.match(f":{field}={_escape(name)}:scalable=true"))
        if font is not None and _valid(font) and font not in out:
            out.append(font)
    return out


def system_ui_family() -> str:
    """Chromium's system-ui on Linux: fontconfig's default 'sans' family."""
    if not _SYSTEM_UI:
        font = _raw_match("sans", 80, 0) if available() else None
        with _LOCK:
            if not _SYSTEM_UI:
                _SYSTEM_UI.append(font.families[0] if font else "sans")
    return _SYSTEM_UI[0]


# --------------------------------------------------------------------------- system fallback


class _FallbackSet:
    """gfx::CachedFontSet: fontconfig's sorted font set for one locale, valid fonts only."""

    def __init__(self, locale: str) -> None:
        pattern = f":lang={_escape(locale)}:scalable=true" if locale else ":scalable=true"
        self._sorted = fontconfig.sort(pattern)
        self._fonts: list[tuple[int, FcFont]] = []
        for i, line in enumerate(self._sorted.lines):
            font = _parse_line(line)
            if font is not None and _valid(font):
                self._fonts.append((i, font))
        self._by_char: dict[int, FcFont | None] = {}

    def font_for(self, cp: int) -> FcFont | None:
        if cp not in self._by_char:
            found = None
            for i, font in self._fonts:
                if self._sorted.has_char(i, cp):
                    found = font
                    break
            self._by_char[cp] = found
        return self._by_char[cp]


_FALLBACK_SETS: dict[str, _FallbackSet] = {}


def fallback_font(cp: int, locale: str) -> FcFont | None:
    """The font gfx::GetFallbackFontForChar picks for a code point in a content language."""
    if not available():
        return None
    with _LOCK:
        fs = _FALLBACK_SETS.get(locale)
    if fs is None:
        fs = _FallbackSet(locale)
        with _LOCK:
            fs = _FALLBACK_SETS.setdefault(locale, fs)
    return fs.font_for(cp)
