"""CSS font-family list + weight + style + language -> FontStack: faces per character and text advances.

Mirrors Blink: the primary font is the first installed family (the standard font is always
the last family); each script run's characters go to the first listed family whose cmap has
them, then to system fallback (fontconfig's font for the first uncovered character, applied to
every uncovered character it has; emoji-presentation characters first try the emoji fallback
font).  Text is shaped with HarfBuzz per font run (kerning and
ligatures on; ligatures off when letter-spacing is non-zero; `halt` on collapsing CJK
punctuation pairs); letter-spacing is added after every character (cluster), word-spacing
after every space and no-break space.  Results are cached per text in em and per
(text, size, spacing) in px, so repeated words cost one dict lookup.
"""

from __future__ import annotations

import math
import re
import struct
import threading
import unicodedata
from functools import lru_cache

import engine.fonts.fontsets as fontsets  # the modules, not the package: no import cycle
import engine.fonts.resolve as resolve
import engine.fonts.webfonts as webfonts
from engine.budget import check

from .builtin import builtin_active, builtin_face
from .cache import BoundedCache
from .chars import HB_SCRIPTS, char_class, is_emoji_presentation
from .face import FontFace, FontFile
from .hankerning import halt_indices, han_kerning_data, may_apply

__all__ = ["FontStack", "font_stack", "shaping_size", "DEFAULT_LANG"]

DEFAULT_LANG = "en-US"  # the browser locale the fidelity harness renders with
_SPACES = frozenset(" \u00a0")
_ASCII_ALPHA = re.compile("[A-Za-z]").search  # str.isalpha() on ASCII characters
# Words with their trailing spaces (and leading spaces alone): the pieces a text is assembled
# from when its font shapes word by word (any split at a space boundary gives the same advances).
_WORD_TOKENS = re.compile("[^ ]+ *| +").findall
SHAPED_CACHE_SIZE = 10_000  # per font stack and generation (texts shaped)
WIDTHS_CACHE_SIZE = 50_000  # per font stack and generation (measured widths)
WORD_CACHE_SIZE = 20_000  # per font stack and generation (px advances of words)
_LOCK = threading.Lock()
_FILES: dict[tuple[str, int], FontFile] = {}
_FACES: dict[tuple[str, int, bool, bool, str | None], FontFace] = {}
# Font stacks by (family list, weight, style, language): bounded, since a page may name any
# number of distinct family lists and a long-lived worker converts many pages.
STACKS_CACHE_SIZE = 256  # per generation
_STACKS: BoundedCache[tuple, FontStack] = BoundedCache(STACKS_CACHE_SIZE)


def font_file(fc: resolve.FcFont) -> FontFile | None:
    key = (fc.path, fc.index)
    with _LOCK:
        f = _FILES.get(key)
    if f is None:
        try:
            f = FontFile(fc.path, fc.index, fc.families[0] if fc.families else "")
        except Exception:  # noqa: BLE001 - unreadable/corrupt font: treat as not installed
            return None
        with _LOCK:
            f = _FILES.setdefault(key, f)
    return f


def _face(
    fc: resolve.FcFont | None, weight: int, style: str, system: bool, family: str | None = None
) -> FontFace | None:
    """FontFace for a fontconfig match with Chromium's synthetic bold/italic decisions:
    a CSS family gets synthetic bold when weight > face weight + 200; a system fallback font
    when weight >= 600 and fontconfig says the font is not bold. `family` names the face
    (the Office family it measures, in the office font set) instead of its file's family."""
    if fc is None:
        return None
    src = font_file(fc)
    if src is None:
        return None
    # The file's own weight (fontconfig's prepared match may report a synthesized one).
    system_bold = weight >= 600 and src.weight_class < 700
    sb = system_bold if system else weight > src.weight_class + 200
    si = style != "normal" and not src.italic  # the file's own style, not fontconfig's
    key = (fc.path, fc.index, sb, si, family)
    with _LOCK:
        face = _FACES.get(key)
        if face is None:
            face = _FACES[key] = FontFace(
                src, family=family, synthetic_bold=sb, synthetic_italic=si
            )
    return face


_ASCII_COVERAGE: dict[int, bool] = {}


def _covers_ascii(face: FontFace) -> bool:
    """Whether the face has a glyph for every printable ASCII character (cached per face)."""
    found = _ASCII_COVERAGE.get(id(face))
    if found is None:
        glyph = face.source.glyph
        ranges = face.unicode_range
        found = _ASCII_COVERAGE[id(face)] = all(
            glyph(cp) and (not ranges or any(lo <= cp <= hi for lo, hi in ranges))
            for cp in range(0x20, 0x7F)
        )
    return found


def _f32(x: float) -> float:
    return float(struct.unpack("f", struct.pack("f", x))[0])


@lru_cache(maxsize=4096)
def shaping_size(size_px: float) -> float:
    """The size glyph advances are measured at for a computed font-size (px).

    Blink keys its font cache on the float size x 100 truncated (FontCacheKey) and builds the
    platform font at that size; Skia then asks FreeType for a 26.6 size (truncated).  So
    17.3px text is as wide as 17.28125px text (17.3f x 100 = 1729.99 -> 17.29 -> 1106/64),
    16.02px as 16.015625px.  Measured in Chromium 156 (canvas and DOM widths of 'H' runs in
    Liberation Sans for 2000 sizes from 6 to 33.4 px: 98 % exact, the rest 1/64 px smaller).
    Ascent, descent and line gap keep the computed size (Chromium's line boxes do)."""
    if size_px <= 0 or size_px != size_px or size_px > 1e6:
        return size_px
    hundredths = math.floor(_f32(_f32(size_px) * 100.0))
    return math.floor(_f32(_f32(hundredths / 100.0) * 64.0)) / 64.0


class _Shaped:
    __slots__ = ("runs", "em", "em_sum", "n_clusters", "n_spaces", "faces")

    def __init__(self, runs: list[tuple[FontFace, int, int]], em: list[float], text: str):
        self.runs = runs
        self.em = em
        self.em_sum = sum(em)
        if text.isascii() and text.isprintable():  # no combining/joining characters
            self.n_clusters = len(text)
        else:
            self.n_clusters = sum(1 for c in text if not char_class(ord(c))[1])
        self.n_spaces = text.count(" ") + text.count("\u00a0")  # _SPACES
        self.faces = {id(f): f for f, _, _ in runs}


class FontStack:
    """The fonts Chromium uses for one (font-family, font-weight, font-style, lang)."""

    def __init__(self, families: tuple[str, ...], weight: int, style: str, lang: str) -> None:
        self.families = families
        self.weight = weight
        self.style = style
        self.lang = lang or DEFAULT_LANG
        self._lock = threading.Lock()
        self._shaped: BoundedCache[tuple[str, bool], _Shaped] = BoundedCache(SHAPED_CACHE_SIZE)
        self._widths: BoundedCache[tuple[str, float, float, float], float] = BoundedCache(
            WIDTHS_CACHE_SIZE
        )
        self._word_px: BoundedCache[tuple[str, float, bool, str], list[float]] = BoundedCache(
            WORD_CACHE_SIZE
        )
        self._fallbacks: dict[int, FontFace | None] = {}
        self._regular_first: FontFace | None | bool = False
        self._cjk_lang: bool | None = None  # the content language's script is not Latin
        self._builtin = builtin_active() or not resolve.available()
        self._office = fontsets.active_font_set() == "office"
        faces: list[FontFace] = []
        if self._builtin:
            faces.append(builtin_face(weight >= 600, style != "normal"))
        elif self._office:
            faces = self._office_faces(families, weight, style)
        else:
            web = webfonts.active_web_fonts()
            names = [f for f in families if f]
            names.append(resolve.generic_family_name("standard", self.lang))
            for name in names:
                found = webfonts.web_font_faces(web, name, weight, style) if web.faces else []
                if not found:  # @font-face families first, then the installed fonts
                    fc = resolve.fc_match(self._css_name(name), weight, style)
                    found = [f for f in (_face(fc, weight, style, False),) if f is not None]
                faces.extend(f for f in found if all(f is not g for g in faces))
            if not faces:  # FontCache::GetLastResortFallbackFont
                for name in ("sans", "Arial", "Times New Roman"):
                    face = _face(resolve.fc_match(name, weight, style), weight, style, False)
                    if face is not None:
                        faces.append(face)
                        break
            if not faces:
                self._builtin = True
                faces.append(builtin_face(weight >= 600, style != "normal"))
        self._faces = faces
        self.primary: FontFace = faces[0]

    def _office_faces(self, families: tuple[str, ...], weight: int, style: str) -> list[FontFace]:
        """The office font set: each CSS family as the Office family a Windows/macOS browser
        with only the Office fonts uses (engine/fonts/fontsets.py), measured with its twin or
        stand-in and named after it; families such a user lacks are skipped."""
        script = resolve.script_for_lang(self.lang)
        web = webfonts.active_web_fonts()
        names: list[str | list[FontFace]] = []  # Office names, or a page's @font-face faces
        for family in (*families, "standard"):
            found = webfonts.web_font_faces(web, family, weight, style) if web.faces else []
            name = fontsets.office_family(family, script) if family and not found else None
            if found:
                names.append(found)
            elif name is not None and name.lower() not in (
                n.lower() for n in names if isinstance(n, str)
            ):
                names.append(name)
        faces: list[FontFace] = []
        for entry in names:
            if isinstance(entry, list):
                faces.extend(f for f in entry if all(f is not g for g in faces))
                continue
            fc = resolve.fc_match(fontsets.measured_with(entry), weight, style)
            face = _face(fc, weight, style, False, entry)
            if face is not None and all(face is not f for f in faces):
                faces.append(face)
        return faces

    def _css_name(self, family: str) -> str:
        name = family.strip().strip("'\"").strip()
        if name.lower() in resolve.GENERIC_KEYWORDS:
            return resolve.generic_family_name(name.lower(), self.lang)
        return name

    def __repr__(self) -> str:
        return f"FontStack({self.families!r}, {self.weight}, {self.style!r}, {self.lang!r})"

    # -- font selection -----------------------------------------------------------------
    def _covers(self, face: FontFace, text: str, start: int, end: int) -> bool:
        glyph = face.source.glyph
        ranges = face.unicode_range
        for i in range(start, end):
            cp = ord(text[i])
            covered = glyph(cp) and not (ranges and not any(lo <= cp <= hi for lo, hi in ranges))
            if not covered and not (i > start and char_class(cp)[1]):  # joiners stay attached
                return False
        return True

    def _system_fallback(self, cp: int) -> FontFace | None:
        if cp in self._fallbacks:
            return self._fallbacks[cp]
        face = None
        # FontCache::FallbackOnStandardFontStyle: the first family's regular face, synthesized.
        if self.weight >= 600 or self.style != "normal":
            if self._regular_first is False:
                first = self.families[0].strip().strip("'\"") if self.families else ""
                reg = None
                if first and first.lower() not in resolve.GENERIC_KEYWORDS:
                    fc = resolve.fc_match(first, 400, "normal")
                    reg = _face(fc, self.weight, self.style, True) if fc else None
                self._regular_first = reg
            first_face = self._regular_first
            if isinstance(first_face, FontFace) and first_face.source.glyph(cp):
                face = first_face
        if face is None:
            fc = resolve.fallback_font(cp, self.lang)
            face = _face(fc, self.weight, self.style, True)
            if self._office and face is not None and face.is_cjk:
                # a Windows browser falls back to the Office CJK face of the language
                script = resolve.script_for_lang(self.lang)
                office_name = fontsets.office_fallback_family(script) or "Microsoft YaHei"
                face = _face(fc, self.weight, self.style, True, office_name)
        self._fallbacks[cp] = face
        return face

    def _emoji_face(self) -> FontFace | None:
        """Blink's emoji fallback: the font fontconfig gives U+1F46A for locale und-Zsye."""
        if 0x1F46A not in self._fallbacks:
            fc = resolve.fallback_font(0x1F46A, "und-Zsye")
            self._fallbacks[0x1F46A] = _face(fc, self.weight, self.style, True)
        return self._fallbacks[0x1F46A]

    def _fill(self, text: str, holes: list[tuple[int, int]], face: FontFace, out: list) -> list:
        rest = []
        for s, e in holes:
            if self._covers(face, text, s, e):
                for k in range(s, e):
                    out[k] = face
            else:
                rest.append((s, e))
        return rest

    def _runs(self, text: str) -> list[tuple[list[tuple[int, int]], str, bool]]:
        """Clusters grouped into runs: (clusters, script, emoji).  Common and inherited
        characters join the run around them; emoji-presentation clusters form their own."""
        runs: list[tuple[list[tuple[int, int]], str, bool]] = []
        clusters: list[tuple[int, int]] = []
        script, emoji = "", False
        for i, ch in enumerate(text):
            if not i & 4095:
                check("layout")
            cp = ord(ch)
            sc, joins = char_class(cp)
            if joins and clusters:
                clusters[-1] = (clusters[-1][0], i + 1)
                if cp == 0xFE0F and not emoji and len(clusters) == 1:
                    emoji = True
                continue
            nxt = ord(text[i + 1]) if i + 1 < len(text) else 0
            emo = (is_emoji_presentation(cp) and nxt != 0xFE0E) or nxt == 0xFE0F
            if clusters and (emo != emoji or (sc and script and sc != script and not emoji)):
                runs.append((clusters, script, emoji))
                clusters, script = [], ""
            emoji = emo
            if sc and not emo:
                script = sc
            clusters.append((i, i + 1))
        if clusters:
            runs.append((clusters, script, emoji))
        return runs

    def _assign(self, text: str) -> tuple[list[FontFace], list[tuple[int, int, str]]]:
        """The face that draws each character, and the shaping runs (start, end, script)."""
        n = len(text)
        out: list[FontFace] = [self.primary] * n
        if self._builtin or n == 0:
            return out, [(0, n, "")]
        cjk_lang = self._cjk_lang
        if cjk_lang is None:
            cjk_lang = self._cjk_lang = resolve.script_for_lang(self.lang) != "Latn"
        if text.isascii() and text.isprintable() and _covers_ascii(self.primary):
            # Printable ASCII the primary face draws: one run, no fallback (what _runs gives).
            script = "LATIN" if _ASCII_ALPHA(text) is not None else ""
            return out, [(0, n, HB_SCRIPTS.get(script, "") or ("Hani" if cjk_lang else ""))]
        shaping: list[tuple[int, int, str]] = []
        for clusters, script, emoji in self._runs(text):
            tag = HB_SCRIPTS.get(script, "") or ("Hani" if cjk_lang and not emoji else "")
            shaping.append((clusters[0][0], clusters[-1][1], tag))
            holes = clusters
            for face in self._faces:
                holes = self._fill(text, holes, face, out)
                if not holes:
                    break
            tried = {id(f) for f in self._faces}
            if holes and emoji:
                emoji_face = self._emoji_face()
                if emoji_face is not None and id(emoji_face) not in tried:
                    tried.add(id(emoji_face))
                    holes = self._fill(text, holes, emoji_face, out)
            while holes:
                cp = ord(text[holes[0][0]])
                cat = unicodedata.category(chr(cp))
                fb = None if cat in ("Cc", "Cf", "Zl", "Zp") else self._system_fallback(cp)
                if fb is None or id(fb) in tried:
                    holes = holes[1:]  # drawn as .notdef of the primary font
                    continue
                tried.add(id(fb))
                holes = self._fill(text, holes, fb, out)
        return out, shaping

    def segments(self, text: str) -> list[tuple[FontFace, str]]:
        """Split text into runs by the face that draws them."""
        out: list[tuple[FontFace, str]] = []
        for face, s, e in self._shape(text, True).runs:
            if out and out[-1][0] is face:
                out[-1] = (face, out[-1][1] + text[s:e])
            else:
                out.append((face, text[s:e]))
        return out

    # -- shaping ------------------------------------------------------------------------
    def _shape(self, text: str, liga: bool) -> _Shaped:
        key = (text, liga)
        shaped = self._shaped.get(key)
        if shaped is not None:
            return shaped
        ascii_run = text and not self._builtin and text.isascii() and text.isprintable()
        if ascii_run and _covers_ascii(self.primary):
            return self._shape_ascii(text, liga, key)
        faces, shaping = self._assign(text)
        runs: list[tuple[FontFace, int, int]] = []
        scripts: list[str] = []
        for rs, re_, tag in shaping:
            seg = faces[rs:re_]
            if seg and seg.count(seg[0]) == len(seg):  # one face draws the whole run
                runs.append((seg[0], rs, re_))
                scripts.append(tag)
                continue
            start = rs
            for i in range(rs + 1, re_ + 1):
                if i == re_ or faces[i] is not faces[start]:
                    runs.append((faces[start], start, i))
                    scripts.append(tag)
                    start = i
        em: list[float] = []
        cjk_punct = may_apply(text)
        for (face, s, e), tag in zip(runs, scripts, strict=True):
            src = face.source
            halt: tuple[int, ...] = ()
            if cjk_punct and face.is_cjk:
                data = han_kerning_data(src, self.lang)
                halt = tuple(i - s for i in halt_indices(text, s, e, data))
            upem = float(face.units_per_em)
            em += [u / upem for u in src.shape(text[s:e], self.lang, liga, halt, tag)]
        shaped = _Shaped(runs, em, text)
        with self._lock:
            self._shaped.put(key, shaped)
        return shaped

    def _ascii_tag(self, text: str) -> str:
        """The script tag of a printable-ASCII run (what _runs and _assign give it)."""
        cjk_lang = self._cjk_lang
        if cjk_lang is None:
            cjk_lang = self._cjk_lang = resolve.script_for_lang(self.lang) != "Latn"
        script = "LATIN" if _ASCII_ALPHA(text) is not None else ""
        return HB_SCRIPTS.get(script, "") or ("Hani" if cjk_lang else "")

    def _shape_ascii(self, text: str, liga: bool, key: tuple[str, bool]) -> _Shaped:
        """Printable ASCII the primary face draws: one run, one shaping, no halt (exactly what
        _assign and the general path give, without their per-character lists)."""
        tag = self._ascii_tag(text)
        face = self.primary
        upem = float(face.units_per_em)
        em = [u / upem for u in face.source.shape(text, self.lang, liga, (), tag)]
        shaped = _Shaped([(face, 0, len(text))], em, text)
        with self._lock:
            self._shaped.put(key, shaped)
        return shaped

    def measure(
        self, text: str, size_px: float, letter_spacing: float = 0.0, word_spacing: float = 0.0
    ) -> float:
        """Advance width of `text` in px as Chromium lays it out (one shaped run)."""
        key = (text, size_px, letter_spacing, word_spacing)
        w = self._widths.get(key)
        if w is not None:
            return w
        sh = self._shape(text, letter_spacing == 0.0)
        w = sh.em_sum * shaping_size(size_px)
        if letter_spacing:
            w += letter_spacing * sh.n_clusters
        if word_spacing:
            w += word_spacing * sh.n_spaces
        with self._lock:
            self._widths.put(key, w)
        return w

    def char_advances(
        self, text: str, size_px: float, letter_spacing: float = 0.0, word_spacing: float = 0.0
    ) -> list[float]:
        """Per-character advances in px (a ligature's or cluster's advance sits on its first
        character); prefix sums give the x of every break opportunity within one shaping."""
        liga = letter_spacing == 0.0
        size = shaping_size(size_px)
        out = self._word_advances(text, size, liga)
        if out is None:
            out = [e * size for e in self._shape(text, liga).em]
        if letter_spacing or word_spacing:
            for i, ch in enumerate(text):
                if letter_spacing and not char_class(ord(ch))[1]:
                    out[i] += letter_spacing
                if word_spacing and ch in _SPACES:
                    out[i] += word_spacing
        return out

    def _word_advances(self, text: str, size: float, liga: bool) -> list[float] | None:
        """Per-character px advances of a printable-ASCII text with spaces, assembled from
        cached words when the primary face shapes word by word (FontFile.words_separable):
        the same floats as scaling one shaping of the whole text; None when not applicable."""
        if self._builtin or " " not in text or not text.isascii() or not text.isprintable():
            return None
        face = self.primary
        separable = getattr(face.source, "words_separable", None)
        if separable is None or not _covers_ascii(face) or not separable():
            return None
        tag = self._ascii_tag(text)
        if not tag and _ASCII_ALPHA(text) is not None:
            return None  # per-word script guesses could differ
        cache = self._word_px
        young = cache.young  # the common hit, without a method call per word
        out: list[float] = []
        for part in _WORD_TOKENS(text):
            key = (part, size, liga, tag)
            px = young.get(key)
            if px is None:
                px = cache.get(key)
                if px is None:
                    upem = float(face.units_per_em)
                    units = face.source.free_units(part)  # type: ignore[attr-defined]
                    if units is None:
                        units = face.source.shape(part, self.lang, liga, (), tag)
                    px = [u / upem * size for u in units]
                    cache.put(key, px)
                young = cache.young
            out += px
        return out

    # -- vertical metrics ---------------------------------------------------------------
    def faces_used(self, text: str) -> list[FontFace]:
        return list(self._shape(text, True).faces.values())

    def normal_line_extent(self, text: str, size_px: float) -> tuple[float, float]:
        """(above, below) baseline of an inline box with line-height: normal holding `text`:
        the primary font's box united with every fallback font used (each with its own
        half-leading), as LayoutNG's InlineBoxState::AccumulateUsedFonts does."""
        above, below = self.primary.line_box(size_px)
        for face in self.faces_used(text) if text else ():
            if face is not self.primary:
                a, b = face.line_box(size_px)
                above, below = max(above, a), max(below, b)
        return above, below


def font_stack(
    families: tuple[str, ...], weight: int = 400, style: str = "normal", lang: str = ""
) -> FontStack:
    """The (cached, thread-safe) FontStack for a computed font-family list, weight, style
    ('normal' | 'italic' | 'oblique') and content language (BCP 47; '' = en-US)."""
    style = "normal" if not style or style == "normal" else style.split()[0]
    key = (
        tuple(families),
        int(weight),
        style,
        lang,
        builtin_active(),
        fontsets.active_font_set(),
        webfonts.active_web_fonts().token,
    )
    with _LOCK:
        stack = _STACKS.get(key)
    if stack is None:
        stack = FontStack(tuple(families), int(weight), style, lang)
        with _LOCK:
            found = _STACKS.get(key)
            if found is None:
                _STACKS.put(key, stack)
            else:
                stack = found
    return stack
