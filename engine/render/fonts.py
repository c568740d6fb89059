"""Font choice for the PNG renderer (slide-model runs -> the font face of every character, and the few font files resvg itself loads).

The typefaces a run names (latin / east-asian) are resolved through the engine's own
fontconfig lookup (engine/fonts/resolve.py, as the layout measured them); characters none
of them has go to fontconfig's fallback font for the character, as LibreOffice does. Glyphs
are drawn from these files by engine/render/glyphs.py; resvg is given only the files of faces
without outlines (colour emoji): no system-wide font loading, no path from content.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from functools import lru_cache

from engine.fonts import resolve
from engine.fonts.face import FontFile
from engine.fonts.webfonts import web_face_file
from engine.model.text import metrics as tm

DEFAULT_LATIN = "Calibri"  # the theme's minor font the PPTX writer leaves runs to (-> Carlito)
DEFAULT_EA_LANG = "zh-cn"  # LibreOffice's default Asian font on Debian: Noto Sans CJK
FALLBACK_LANG = "en"
MAX_FALLBACK_CHARS = 2000  # distinct uncovered characters looked up per slide, at most

_LOCK = threading.Lock()


@dataclass(frozen=True)
class Face:
    """One resolved face: the family name resvg knows it by, and its file."""

    family: str
    path: str
    index: int


@lru_cache(maxsize=256)
def _match(family: str, bold: bool, italic: bool) -> Face | None:
    fc = resolve.fc_match(family, 700 if bold else 400, "italic" if italic else "normal")
    if fc is None:
        return None
    name = _file_family(fc.path, fc.index) or (fc.families[0] if fc.families else family)
    return Face(name, fc.path, fc.index)


@lru_cache(maxsize=256)
def font_file(path: str, index: int) -> FontFile | None:
    try:
        return FontFile(path, index)
    except Exception:  # noqa: BLE001 - unreadable font: treated as absent
        return None


def _file_family(path: str, index: int) -> str:
    f = font_file(path, index)
    return f.family_name if f is not None else ""


@lru_cache(maxsize=4096)
def _fallback(cp: int, lang: str) -> Face | None:
    fc = resolve.fallback_font(cp, lang)
    if fc is None:
        return None
    name = _file_family(fc.path, fc.index) or (fc.families[0] if fc.families else "")
    return Face(name, fc.path, fc.index) if name else None


def covers(face: Face, ch: str) -> bool:
    f = font_file(face.path, face.index)
    if f is None:
        return False
    with _LOCK:
        return f.glyph(ord(ch)) != 0


def face_for(family: str | None, bold: bool, italic: bool) -> Face | None:
    """The face LibreOffice/Chromium use for a typeface name (None: not installed)."""
    if not isinstance(family, str) or not family:
        return None
    web = web_face_file(family, bold, italic)  # a page's @font-face face first
    if web is not None:
        return Face(_file_family(web.path, web.index) or family, web.path, web.index)
    if not resolve.available():
        return None
    return _match(family, bold, italic)


@dataclass
class FontSet:
    """The faces one slide's text uses; `files` are the ones resvg itself must load (faces
    without outlines, drawn as <text>)."""

    faces: dict[tuple[str, int], Face] = field(default_factory=dict)
    _by_char: dict[tuple[int, str, int, str, int], Face | None] = field(default_factory=dict)

    def add(self, face: Face | None) -> None:
        if face is not None:
            self.faces.setdefault((face.path, face.index), face)

    def pick(
        self, latin: str | None, ea: str | None, bold: bool, italic: bool, text: str
    ) -> tuple[Face | None, Face | None]:
        """(latin face, east-asian face) of a run: its typefaces as fontconfig resolves them;
        CJK text without an east-asian typeface gets LibreOffice's default CJK font."""
        lat = face_for(latin if isinstance(latin, str) else None, bold, italic) or face_for(
            DEFAULT_LATIN, bold, italic
        )
        east = face_for(ea, bold, italic) if isinstance(ea, str) and ea else None
        if east is None and any(tm.is_cjk_char(c) for c in text) and resolve.available():
            cjk = next(c for c in text if tm.is_cjk_char(c))
            fb = _fallback(ord(cjk), DEFAULT_EA_LANG)
            if fb is not None:
                east = face_for(fb.family, bold, italic) or fb
        return lat, east

    def face_for_char(self, ch: str, lat: Face | None, east: Face | None) -> Face | None:
        """The face that draws `ch`: the run's east-asian face for CJK, else its latin face,
        else (the face lacks it) fontconfig's fallback font for the character."""
        chosen = east if (east is not None and tm.is_cjk_char(ch)) else lat
        if chosen is not None and (ch.isspace() or covers(chosen, ch)):
            return chosen
        key = (
            ord(ch),
            lat.path if lat else "",
            lat.index if lat else 0,
            east.path if east else "",
            east.index if east else 0,
        )
        if key in self._by_char:
            return self._by_char[key]
        other = lat if chosen is east else east
        if other is not None and covers(other, ch):
            found: Face | None = other
        elif len(self._by_char) < MAX_FALLBACK_CHARS and resolve.available():
            found = _fallback(ord(ch), FALLBACK_LANG)
        else:
            found = None
        self._by_char[key] = found
        return found

    @property
    def files(self) -> list[str]:
        return sorted({f.path for f in self.faces.values()})


def family_list(names: list[str]) -> str:
    """An SVG font-family value: quoted names, a generic last resort."""
    out = []
    for n in names:
        clean = "".join(c for c in n if c not in "'\"\\;<>&{}")
        if clean and f"'{clean}'" not in out:
            out.append(f"'{clean}'")
    out.append("sans-serif")
    return ", ".join(out)


@lru_cache(maxsize=256)
def metrics_of(face: Face) -> tm.FaceMetrics | None:
    """The face's vertical metrics (LibreOffice 7.4 reads them for table-cell text)."""
    src = font_file(face.path, face.index)
    if src is None:
        return None
    m = src.metrics
    return tm.FaceMetrics.from_font_units(
        src.units_per_em,
        (int(m["hhea_ascent"]), -int(m["hhea_descent"]), int(m["hhea_line_gap"])),
        (int(m["typo_ascent"]), -int(m["typo_descent"]), int(m["typo_line_gap"])),
        (int(m["win_ascent"]), int(m["win_descent"])),
        src.use_typo_metrics,
    )
