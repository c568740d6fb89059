"""Font files -> FontFace: Blink's per-face metrics (SimpleFontData rules), cmap and HarfBuzz shaping.

Metric rules (Skia FreeType backend + Blink SimpleFontData on Linux, checked against
Chromium 156 for 12 fonts x 18 sizes, all integer-exact):

* ascent/descent/line gap come from OS/2 sTypo* when fsSelection bit 7 (USE_TYPO_METRICS)
  is set, else from hhea (FreeType's face->ascender/descender/height; when hhea ascender and
  descender are both 0: typo, then win).
* each is scaled by the font size and rounded on its own: floor(x + 0.5).
* line-height: normal = ascent + descent + line gap (rounded values).
* synthetic bold/italic do not change advances.
"""

from __future__ import annotations

import math
import re
import threading
from typing import Any, Protocol

from .cache import BoundedCache
from .separable import context_free_chars
from .sfnt import family_from_name_table, read_face_tables
from .sfnt_fonttools import fonttools_face_tables

try:  # HarfBuzz shaping (kerning, ligatures) like Chromium; plain advances without it.
    import uharfbuzz as _hb
except ImportError:  # pragma: no cover - exercised only where the wheel is missing
    _hb = None

__all__ = [
    "FontFace",
    "FontSource",
    "FontFile",
    "round_half_up",
    "HAVE_HARFBUZZ",
    "family_from_name_table",
]

HAVE_HARFBUZZ = _hb is not None

# Glyph record from shaping: (glyph id, cluster, x_advance, x_offset) in font units.
GlyphData = tuple[int, int, int, int]

SHAPE_CACHE_SIZE = 25_000  # per font file and generation (BoundedCache: at most twice that)
# Multi-word ASCII texts a font shapes whole before its tables are examined for word-by-word
# shaping (the examination costs 1-400 ms CPU once per font file and process, e.g. 50 ms for
# DejaVu Sans Mono, 360 ms for Noto Sans; documents with fewer texts never pay it).
WORD_SHAPING_AFTER = 500
_SPACE_RUNS = re.compile("( +)")
_ASCII_LETTER = re.compile("[A-Za-z]").search
_PRINTABLE_ASCII = "".join(map(chr, range(0x20, 0x7F)))


def round_half_up(x: float) -> int:
    """SkScalarRoundToScalar: floor(x + 0.5)."""
    return math.floor(x + 0.5)


class FontSource(Protocol):
    """What a FontFace needs from its font data (a font file or the built-in table)."""

    path: str
    index: int
    family_name: str
    units_per_em: int
    weight_class: int
    italic: bool
    metrics: dict[str, float]  # font units: hhea_*, typo_*, win_*, ascent, descent, line_gap
    use_typo_metrics: bool

    def glyph(self, cp: int) -> int: ...

    def advance_units(self, cp: int) -> float: ...

    def shape(
        self, text: str, lang: str, liga: bool, halt: tuple[int, ...], script: str = ""
    ) -> list[float]: ...

    def glyph_data(self, text: str, lang: str, halt: bool, script: str = "") -> list[GlyphData]: ...

    def extents(self, gid: int) -> tuple[int, int]: ...


class FontFile:
    """One face of a font file (TTC index), loaded lazily; shared by all FontFaces on it."""

    def __init__(self, path: str, index: int, family_hint: str = "") -> None:
        self.path = path
        self.index = index
        try:  # the few tables needed, read directly (fontTools is imported only when needed)
            tables = read_face_tables(path, index)
        except Exception:  # noqa: BLE001 - files the reader leaves to fontTools
            tables = fonttools_face_tables(path, index)
        head, hhea, os2 = tables.head, tables.hhea, tables.os2
        self.units_per_em = int(head.units_per_em)
        m: dict[str, float] = {
            "hhea_ascent": hhea.ascent,
            "hhea_descent": -hhea.descent,
            "hhea_line_gap": hhea.line_gap,
            "typo_ascent": os2.typo_ascender if os2 else 0,
            "typo_descent": -os2.typo_descender if os2 else 0,
            "typo_line_gap": os2.typo_line_gap if os2 else 0,
            "win_ascent": os2.win_ascent if os2 else 0,
            "win_descent": os2.win_descent if os2 else 0,
        }
        self.use_typo_metrics = bool(os2 and os2.version != 0xFFFF and os2.fs_selection & 0x80)
        if self.use_typo_metrics:
            asc, desc, gap = m["typo_ascent"], m["typo_descent"], m["typo_line_gap"]
        elif m["hhea_ascent"] or m["hhea_descent"]:
            asc, desc, gap = m["hhea_ascent"], m["hhea_descent"], m["hhea_line_gap"]
        elif m["typo_ascent"] or m["typo_descent"]:
            asc, desc, gap = m["typo_ascent"], m["typo_descent"], m["typo_line_gap"]
        else:
            asc, desc, gap = m["win_ascent"], m["win_descent"], 0
        m.update(ascent=asc, descent=desc, line_gap=gap, x_height=tables.x_height)
        # What Blink sizes text fields by (SimpleFontData avg_char_width_ / max_char_width_).
        m["avg_char_width"] = os2.avg_char_width if os2 else 0
        m["x_range"] = head.x_max - head.x_min
        self.metrics = m
        self.weight_class = int(os2.weight_class) if os2 else 400
        self.italic = bool((os2 and os2.fs_selection & 1) or head.mac_style & 2)
        self.family_name = tables.family or family_hint
        self._tt_font: Any = None  # fontTools' TTFont, opened only when needed
        self._lock = threading.Lock()
        self._glyphs: dict[int, int] = {}
        self._adv: dict[int, float] = {}
        self._shape_cache: BoundedCache[tuple[str, str, bool, tuple[int, ...]], list[float]] = (
            BoundedCache(SHAPE_CACHE_SIZE)
        )
        self._multiword = 0  # multi-word texts shaped whole so far
        self._separable: bool | None = None  # words shape context-free (None: not examined)
        # Printable ASCII characters no lookup acts on -> their advances (font units): a text
        # of only these shapes to these advances, without HarfBuzz.
        self._free: frozenset[str] = frozenset()
        self._free_units: dict[str, float] = {}
        self._hb_font: Any = None
        self._cmap: dict[int, str] | None = None
        self._advance_scale = (
            _bitmap_advance_scale(self._tt(), self.units_per_em) if tables.bitmap_only else 1.0
        )

    # -- low level ----------------------------------------------------------------------
    def _tt(self) -> Any:
        """fontTools' view of the face: colour bitmap strikes, and glyphs without HarfBuzz."""
        if self._tt_font is None:
            from fontTools.ttLib import TTFont

            with self._lock:
                if self._tt_font is None:
                    self._tt_font = TTFont(self.path, fontNumber=self.index, lazy=True)
        return self._tt_font

    def _hb(self) -> Any:
        if self._hb_font is None:
            face = _hb.Face(_hb.Blob.from_file_path(self.path), self.index)
            self._hb_font = _hb.Font(face)
        return self._hb_font

    def glyph(self, cp: int) -> int:
        g = self._glyphs.get(cp)
        if g is None:
            if _hb is not None:
                g = self._hb().get_nominal_glyph(cp) or 0
            else:
                tt = self._tt()
                if self._cmap is None:
                    with self._lock:
                        self._cmap = tt.getBestCmap() or {}
                name = self._cmap.get(cp)
                g = tt.getGlyphID(name) if name else 0
            self._glyphs[cp] = g
        return g

    def advance_units(self, cp: int) -> float:
        a = self._adv.get(cp)
        if a is None:
            g = self.glyph(cp)
            if _hb is not None:
                a = float(self._hb().get_glyph_h_advance(g))
            else:
                tt = self._tt()
                with self._lock:
                    a = float(tt["hmtx"][tt.getGlyphName(g)][0])
            a *= self._advance_scale
            self._adv[cp] = a
        return a

    def _buffer(self, text: str, lang: str, script: str) -> Any:
        buf = _hb.Buffer()
        buf.add_codepoints([ord(c) for c in text])
        buf.guess_segment_properties()
        if script:
            buf.script = script
        if lang:
            buf.language = lang
        return buf

    def shape(
        self, text: str, lang: str, liga: bool, halt: tuple[int, ...], script: str = ""
    ) -> list[float]:
        """Per-character advances (font units) of `text` shaped alone; a cluster's advance
        goes to its first character.  `halt` = indices that get the OpenType halt feature;
        `script` an ISO 15924 tag ('' = guess), `lang` the content language.

        ASCII texts with spaces, in a font whose lookups never involve the space glyph, are
        shaped word by word (each word cached): the same advances as one shaping of the whole
        text (see engine.fonts.separable), without shaping repeated words again."""
        key = (text, lang + script, liga, halt)
        cached = self._shape_cache.get(key)
        if cached is not None:
            return cached
        if (
            " " in text
            and not halt
            and _hb is not None
            and text.isascii()
            and (script or _ASCII_LETTER(text) is None)  # the same script for every word
            and self.words_separable()
        ):
            out: list[float] = []
            cache = self._shape_cache
            for part in _SPACE_RUNS.split(text):
                if part:
                    word_key = (part, key[1], liga, halt)
                    advances = cache.get(word_key)
                    if advances is None:
                        advances = self._shape_word(part, lang, liga, script)
                        cache.put(word_key, advances)
                    out += advances
            return out  # not cached: its words and space runs are
        if halt:
            out = self._shape_whole(text, lang, liga, halt, script)
        else:
            out = self._shape_word(text, lang, liga, script)
        self._shape_cache.put(key, out)
        return out

    def free_units(self, text: str) -> list[float] | None:
        """Advances (font units) of a text made only of lookup-free characters (what shaping
        gives, without HarfBuzz); None for any other text."""
        free = self._free
        if free and free.issuperset(text):
            return list(map(self._free_units.__getitem__, text))
        return None

    def _shape_word(self, text: str, lang: str, liga: bool, script: str) -> list[float]:
        if self._free and self._free.issuperset(text):  # no lookup acts on these characters
            return list(map(self._free_units.__getitem__, text))
        return self._shape_whole(text, lang, liga, (), script)

    def words_separable(self) -> bool:
        """Whether ASCII texts shape word by word in this font (examined once, after
        WORD_SHAPING_AFTER multi-word texts; False until then)."""
        separable = self._separable
        if separable is None:
            self._multiword += 1
            if self._multiword < WORD_SHAPING_AFTER:
                return False
            # HarfBuzz probes first (about a millisecond): most fonts that kern or ligate
            # across the space fail them, without decompiling their layout tables.
            free = None
            if self._words_agree():
                free = context_free_chars(self.path, self.index, _PRINTABLE_ASCII)
            separable = free is not None
            if separable and free:
                self._find_free_chars(free)
            self._separable = separable
        return separable

    def _find_free_chars(self, free: frozenset[str]) -> None:
        """Keep the lookup-free characters whose HarfBuzz advance, alone and all together (in
        any order), is their nominal advance."""
        units: dict[str, float] = {}
        for ch in sorted(free):
            shaped = self._shape_whole(ch, "en", True, (), "Latn")
            if len(shaped) == 1 and shaped[0] == self.advance_units(ord(ch)):
                units[ch] = shaped[0]
        sample = "".join(sorted(units)) + "".join(sorted(units, reverse=True))
        for script in ("Latn", "Zyyy"):
            if self._shape_whole(sample, "en", True, (), script) != [units[c] for c in sample]:
                return
        self._free_units = units
        self._free = frozenset(units)

    def _words_agree(self) -> bool:
        """A guard on the table examination: a sample with kerning and ligature candidates
        shapes the same whole and word by word."""
        sample = "AVAT To Wa Yo LT P. fi ffl 'A' \"V\" 1/2 -- f( j) r, y. A  V"
        sample += " " + " ".join(_PRINTABLE_ASCII.replace(" ", ""))  # each character by a space
        for script in ("Latn", "Zyyy"):
            whole = self._shape_whole(sample, "en", True, (), script)
            words: list[float] = []
            for part in _SPACE_RUNS.split(sample):
                if part:
                    words += self._shape_whole(part, "en", True, (), script)
            if whole != words:
                return False
        return True

    def _shape_whole(
        self, text: str, lang: str, liga: bool, halt: tuple[int, ...], script: str
    ) -> list[float]:
        if _hb is None or not text:
            return [self.advance_units(ord(c)) for c in text]
        if text.isascii():  # one byte per character: clusters stay character indices
            buf = _hb.Buffer()
            buf.add_str(text)
            buf.guess_segment_properties()
            if script:
                buf.script = script
            if lang:
                buf.language = lang
        else:
            buf = self._buffer(text, lang, script)
        feats: dict[str, Any] = _LIGA_ON if liga else _LIGA_OFF
        if halt:
            feats = {**feats, "halt": [(i, i + 1, True) for i in halt]}
        _hb.shape(self._hb(), buf, feats)
        scale = self._advance_scale
        infos = buf.glyph_infos
        n = len(text)
        if len(infos) == n and [i.cluster for i in infos] == list(range(n)):
            # one glyph per character, in order (most text): no scatter by cluster
            if scale == 1.0:
                return [0.0 + pos.x_advance for pos in buf.glyph_positions]
            return [0.0 + pos.x_advance * scale for pos in buf.glyph_positions]
        out = [0.0] * n
        for info, pos in zip(infos, buf.glyph_positions, strict=False):
            out[info.cluster] += pos.x_advance * scale
        return out

    def glyph_data(self, text: str, lang: str, halt: bool, script: str = "") -> list[GlyphData]:
        if _hb is None:
            return [
                (self.glyph(ord(c)), i, int(self.advance_units(ord(c))), 0)
                for i, c in enumerate(text)
            ]
        buf = self._buffer(text, lang, script)
        _hb.shape(self._hb(), buf, {"halt": True} if halt else {})
        scale = self._advance_scale
        return [
            (i.codepoint, i.cluster, round(p.x_advance * scale), p.x_offset)
            for i, p in zip(buf.glyph_infos, buf.glyph_positions, strict=False)
        ]

    def extents(self, gid: int) -> tuple[int, int]:
        """Left and right ink edges of a glyph (font units, relative to its origin)."""
        if _hb is None:
            return (0, 0)
        ext = self._hb().get_glyph_extents(gid)
        if ext is None:
            return (0, 0)
        return (ext.x_bearing, ext.x_bearing + ext.width)


_LIGA_ON: dict[str, Any] = {}
_LIGA_OFF: dict[str, Any] = dict(liga=False, clig=False, dlig=False, hlig=False, calt=False)


def _bitmap_advance_scale(font: Any, upem: int) -> float:
    """1.0 for outline fonts.  A colour bitmap font (CBDT without outlines, e.g. Noto Color
    Emoji) is measured by Skia/FreeType from its bitmap strike: advance = strike advance x
    size / strike ppem (136 / 109 em there), not the hmtx advance (2550 / 2048 em)."""
    try:
        if "CBDT" not in font or "glyf" in font or "CFF " in font:
            return 1.0
        strike = font["CBLC"].strikes[0]
        ppem = strike.bitmapSizeTable.ppemX
        glyphs = font["CBDT"].strikeData[0]
        name = next(iter(glyphs))
        glyph = glyphs[name]
        glyph.decompile()
        hmtx_advance = font["hmtx"][name][0]
        if not ppem or not hmtx_advance:
            return 1.0
        return float((glyph.metrics.Advance / ppem) / (hmtx_advance / upem))
    except Exception:  # noqa: BLE001 - odd bitmap tables: keep the hmtx advances
        return 1.0


class FontFace:
    """A font face as one run of text uses it: file + family name + synthetic flags."""

    def __init__(
        self,
        source: FontSource,
        *,
        family: str | None = None,
        synthetic_bold: bool = False,
        synthetic_italic: bool = False,
    ) -> None:
        self._src = source
        self.family: str = family or source.family_name
        self.path: str = source.path
        self.index: int = source.index
        self.synthetic_bold = synthetic_bold
        self.synthetic_italic = synthetic_italic
        # An @font-face unicode-range: the face is used for these code points only (() = all).
        self.unicode_range: tuple[tuple[int, int], ...] = ()
        self.bold: bool = source.weight_class >= 600 or synthetic_bold
        self.italic: bool = source.italic or synthetic_italic
        self.weight: int = source.weight_class
        self.units_per_em: int = source.units_per_em
        m = source.metrics
        upem = float(source.units_per_em)
        self.hhea_ascent = m["hhea_ascent"] / upem
        self.hhea_descent = m["hhea_descent"] / upem
        self.hhea_line_gap = m["hhea_line_gap"] / upem
        self.typo_ascent = m["typo_ascent"] / upem
        self.typo_descent = m["typo_descent"] / upem
        self.typo_line_gap = m["typo_line_gap"] / upem
        self.win_ascent = m["win_ascent"] / upem
        self.win_descent = m["win_descent"] / upem
        self.use_typo_metrics: bool = source.use_typo_metrics
        # The metrics Blink uses (em); descent positive below the baseline.
        self.metric_ascent = m["ascent"] / upem
        self.metric_descent = m["descent"] / upem
        self.metric_line_gap = m["line_gap"] / upem
        # The x-height (em): OS/2 sxHeight or the 'x' glyph; half the ascent when unknown.
        self.x_height = (m.get("x_height") or 0.5 * m["ascent"]) / upem
        self.is_cjk: bool = bool(source.path) and any(
            source.glyph(cp) for cp in (0x4E00, 0x3042, 0xAC00)
        )

    @property
    def source(self) -> FontSource:
        return self._src

    def __repr__(self) -> str:
        flags = "".join(
            f for f, on in (("B", self.bold), ("I", self.italic), ("*", self.synthetic_bold)) if on
        )
        return f"FontFace({self.family!r} {flags} {self.path}#{self.index})"

    # -- Blink metrics ----------------------------------------------------------------------
    def ascent(self, size_px: float) -> float:
        return float(round_half_up(self.metric_ascent * size_px))

    def descent(self, size_px: float) -> float:
        return float(round_half_up(self.metric_descent * size_px))

    def line_gap(self, size_px: float) -> float:
        return float(round_half_up(self.metric_line_gap * size_px))

    def normal_line_height(self, size_px: float) -> float:
        """CSS line-height: normal (FontMetrics::LineSpacing)."""
        return self.ascent(size_px) + self.descent(size_px) + self.line_gap(size_px)

    def avg_char_width(self, size_px: float) -> float | None:
        """OS/2 xAvgCharWidth at `size_px` (None when the font has none)."""
        units = self._src.metrics.get("avg_char_width", 0)
        return units / self.units_per_em * size_px if units > 0 else None

    def max_char_width(self, size_px: float) -> float:
        """The font's bounding-box width (head xMax - xMin) at `size_px`."""
        return self._src.metrics.get("x_range", 0) / self.units_per_em * size_px

    def line_box(self, size_px: float, line_height: float | None = None) -> tuple[float, float]:
        """(above, below) the baseline of this face's inline box with half-leading applied:
        above = ascent + floor((L - (ascent + descent)) / 2), below = L - above.
        `line_height` None means normal."""
        a, d = self.ascent(size_px), self.descent(size_px)
        lh = self.normal_line_height(size_px) if line_height is None else line_height
        above = a + math.floor((lh - (a + d)) / 2.0)
        return above, lh - above

    # -- characters -------------------------------------------------------------------------
    def has_char(self, ch: str) -> bool:
        return self._src.glyph(ord(ch)) != 0

    def advance(self, ch: str) -> float:
        """Nominal advance of one character in em (no shaping)."""
        return self._src.advance_units(ord(ch)) / self.units_per_em
