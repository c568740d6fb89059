"""@font-face rules -> the page's web font faces (loaded once per content), and CSS font matching over them.

A page's @font-face rules (engine/style/fontface.py) are loaded when the page is styled: each
rule's `src` entries are tried in order and the first usable one wins, as in browsers.
`url()` bytes come through engine.resources.load_resource (data: URLs; local files only under
the allowed folders; http(s) only through the guarded fetch when the network is allowed), so
web fonts follow the same rules as images. `local(name)` is an installed face whose family,
full or PostScript name is `name`. Bytes are validated and decoded by engine.fonts.webfont_data.

A decoded face is written once per content hash (SHA-256 of its sfnt) to a private folder of
this process (0700, files 0600), so the same data: font on twenty pages is decoded and loaded
once, and the measuring, drawing and embedding code reads it like any font file.

While a page is laid out, drawn and its deck written, `use_web_fonts(faces)` makes its faces the
first candidates of every font-family lookup (measure.FontStack, the PNG renderer, the embedder,
the typeface hints), matched as CSS Fonts 4 §5.2 says: the faces of the family, nearest style
first, then nearest weight.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

import engine.fonts.resolve as resolve  # the module, not the package: no import cycle
from engine.diagnostics import Diagnostics
from engine.options import Options

from .embedding import embedding_permission
from .face import FontFace, FontFile
from .webfont_data import WebFontError, sfnt_of

if TYPE_CHECKING:
    from engine.style.fontface import FaceStyle, FontFaceRule, FontSrc

__all__ = [
    "WebFace",
    "WebFonts",
    "active_web_fonts",
    "load_web_fonts",
    "match_faces",
    "use_web_fonts",
    "web_face_file",
    "web_face_source",
    "web_font_faces",
]

MAX_CACHED_FACES = 512  # decoded faces one process keeps (files in its private folder)
_LOCK = threading.Lock()
_BY_DIGEST: dict[str, str] = {}  # sfnt SHA-256 -> its private file
_BY_SOURCE: dict[tuple[str, int], str] = {}  # (source bytes SHA-256, limit) -> sfnt digest
_REFUSED: dict[tuple[str, int], str] = {}  # ... -> why the bytes are not used
_DIR: list[str] = []


@dataclass(frozen=True)
class WebFace:
    """One loaded @font-face face: its CSS descriptors and the font file that holds it."""

    family: str  # the @font-face font-family (the name runs and the deck use)
    path: str  # a private decoded copy, or the installed file of a local() source
    index: int
    digest: str  # SHA-256 of the face's bytes (the cache key)
    weight: tuple[int, int]
    style: FaceStyle
    unicode_range: tuple[tuple[int, int], ...]
    fs_type: int
    order: int  # position among the page's rules (later rules win ties)

    def covers(self, cp: int) -> bool:
        return not self.unicode_range or any(lo <= cp <= hi for lo, hi in self.unicode_range)


@dataclass(frozen=True)
class WebFonts:
    """The web font faces of one page (or of one deck's pages)."""

    faces: tuple[WebFace, ...] = ()

    @cached_property
    def key(self) -> tuple[tuple[object, ...], ...]:
        """What font stacks are cached by: the faces' families, descriptors and content."""
        return tuple(
            (f.family.lower(), f.digest, f.weight, f.style, f.unicode_range, f.order)
            for f in self.faces
        )

    @cached_property
    def token(self) -> str:
        """A short string standing for `key` in caches ('' without faces)."""
        if not self.faces:
            return ""
        return hashlib.sha256(repr(self.key).encode()).hexdigest()[:24]

    def merged(self, other: WebFonts) -> WebFonts:
        """These faces and those of `other` whose family and descriptors none of these has (a
        deck's pages: the first page that defines a face gives it)."""

        def slot(f: WebFace) -> tuple[str, tuple[int, int], str, tuple[tuple[int, int], ...]]:
            return (f.family.lower(), f.weight, f.style, f.unicode_range)

        seen = {slot(f) for f in self.faces}
        extra = tuple(f for f in other.faces if slot(f) not in seen)
        return WebFonts(self.faces + extra) if extra else self


_NONE = WebFonts()
_ACTIVE: ContextVar[WebFonts] = ContextVar("deckforge_web_fonts", default=_NONE)


def active_web_fonts() -> WebFonts:
    return _ACTIVE.get()


@contextmanager
def use_web_fonts(fonts: WebFonts) -> Iterator[None]:
    """Within this block (this thread / async context) font lookups see `fonts` first."""
    token = _ACTIVE.set(fonts)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


# --------------------------------------------------------------------------- matching


def _style_rank(face_style: str, wanted: str) -> int:
    order = {
        "normal": ("normal", "oblique", "italic"),
        "italic": ("italic", "oblique", "normal"),
        "oblique": ("oblique", "italic", "normal"),
    }[wanted if wanted in ("italic", "oblique") else "normal"]
    return order.index(face_style) if face_style in order else len(order)


def _weight_rank(weight: tuple[int, int], wanted: int) -> tuple[int, int]:
    """CSS Fonts 4 §5.2 step 4: a face whose range holds the weight first; then, for 400-500,
    heavier faces up to 500, lighter ones, heavier ones; below 400 lighter then heavier;
    above 500 heavier then lighter. (group, distance): smaller is better."""
    low, high = weight
    if low <= wanted <= high:
        return (0, 0)
    if 400 <= wanted <= 500:
        if wanted < low <= 500:
            return (1, low - wanted)
        if high < wanted:
            return (2, wanted - high)
        return (3, low - wanted)
    if wanted < 400:
        return (1, wanted - high) if high < wanted else (2, low - wanted)
    return (1, low - wanted) if low > wanted else (2, wanted - high)


def match_faces(fonts: WebFonts, family: str, weight: int, style: str) -> list[WebFace]:
    """The faces of `family` CSS font matching uses for (weight, style): those with the best
    style and weight descriptors, latest rule first (several of them only when they split
    the characters by unicode-range). Empty when the page defines no such family."""
    if not fonts.faces:
        return []
    name = family.strip().strip("'\"").strip().lower()
    candidates = [f for f in fonts.faces if f.family.lower() == name]
    if not candidates:
        return []

    def rank(face: WebFace) -> tuple[int, tuple[int, int]]:
        return (_style_rank(face.style, style), _weight_rank(face.weight, weight))

    best = min(rank(f) for f in candidates)
    chosen = [f for f in candidates if rank(f) == best]
    chosen.sort(key=lambda f: -f.order)
    return chosen


def web_face_file(family: str, bold: bool, italic: bool) -> WebFace | None:
    """The active web face a run of `family` in this style is drawn with (its first face that
    has no unicode-range or covers Latin letters), or None."""
    faces = match_faces(
        active_web_fonts(), family, 700 if bold else 400, "italic" if italic else "normal"
    )
    for face in faces:
        if face.covers(ord("a")):
            return face
    return faces[0] if faces else None


_FILES: dict[tuple[str, int], FontFile] = {}
_FACES: dict[tuple[str, int, bool, bool, str, tuple[tuple[int, int], ...]], FontFace] = {}


def web_face_source(web: WebFace) -> FontFile | None:
    """The font file of a loaded face (shared with the faces that measure it)."""
    with _LOCK:
        source = _FILES.get((web.path, web.index))
    if source is None:
        try:
            source = FontFile(web.path, web.index, web.family)
        except Exception:  # noqa: BLE001 - checked when loaded; never fails the caller
            return None
        with _LOCK:
            source = _FILES.setdefault((web.path, web.index), source)
    return source


def web_font_faces(fonts: WebFonts, family: str, weight: int, style: str) -> list[FontFace]:
    """The FontFaces a CSS family name gives when the page defines it with @font-face (named
    by the rule's family; synthetic bold when weight >= 600 and the face's weight range ends
    below 600, synthetic italic for an italic/oblique request of a normal face, as Blink does),
    each restricted to its unicode-range. Empty when the page does not define the family."""
    out: list[FontFace] = []
    for web in match_faces(fonts, family, weight, style):
        sb = weight >= 600 and web.weight[1] < 600
        si = style != "normal" and web.style == "normal"
        key = (web.path, web.index, sb, si, web.family, web.unicode_range)
        with _LOCK:
            face = _FACES.get(key)
        if face is None:
            source = web_face_source(web)
            if source is None:
                continue
            face = FontFace(source, family=web.family, synthetic_bold=sb, synthetic_italic=si)
            face.unicode_range = web.unicode_range
            with _LOCK:
                face = _FACES.setdefault(key, face)
        out.append(face)
    return out


# --------------------------------------------------------------------------- loading


def _folder() -> str:
    with _LOCK:
        if not _DIR:
            path = tempfile.mkdtemp(prefix="deckforge-webfonts-")  # mode 0700
            _DIR.append(path)
            atexit.register(shutil.rmtree, path, True)
        return _DIR[0]


def _store(sfnt: bytes) -> str:
    """The private file holding `sfnt` (written once per content); its SHA-256 is returned."""
    digest = hashlib.sha256(sfnt).hexdigest()
    with _LOCK:
        if digest in _BY_DIGEST:
            return digest
        if len(_BY_DIGEST) >= MAX_CACHED_FACES:
            raise WebFontError(f"more than {MAX_CACHED_FACES} web fonts in this process")
    path = os.path.join(_folder(), f"{digest}.font")
    if not os.path.exists(path):
        tmp = f"{path}.{threading.get_ident()}.tmp"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as fh:
            fh.write(sfnt)
        os.replace(tmp, path)
    with _LOCK:
        _BY_DIGEST[digest] = path
    return digest


def _decoded(data: bytes, max_bytes: int) -> str:
    """The digest of the face decoded from source bytes (cached by the bytes' own hash, and so
    are refusals)."""
    key = (hashlib.sha256(data).hexdigest(), max_bytes)
    with _LOCK:
        if key in _BY_SOURCE:
            return _BY_SOURCE[key]
        if key in _REFUSED:
            raise WebFontError(_REFUSED[key])
    try:
        digest = _store(sfnt_of(data, max_bytes).sfnt)
    except WebFontError as exc:
        with _LOCK:
            if len(_REFUSED) < MAX_CACHED_FACES:
                _REFUSED[key] = str(exc)
        raise
    with _LOCK:
        _BY_SOURCE[key] = digest
    return digest


@dataclass(frozen=True)
class _Loaded:
    path: str
    index: int
    digest: str
    fs_type: int


def _from_url(src: FontSrc, diag: Diagnostics, options: Options, where: str) -> _Loaded | None:
    from engine.resources import load_resource

    resource = load_resource(src.value, diag, options, where, font=True)
    if resource is None:
        return None
    limit = options.limits.max_web_font_bytes
    try:
        digest = _decoded(resource.data, limit)
        path = _BY_DIGEST[digest]
        FontFile(path, 0)  # the engine's own reader must read it too
    except WebFontError as exc:
        diag.add("font", f"web font not used ({exc}): {_shown(src.value)}", where)
        return None
    except Exception as exc:  # noqa: BLE001 - untrusted bytes: never an exception out of the page
        diag.add("font", f"web font not used ({type(exc).__name__}): {_shown(src.value)}", where)
        return None
    return _Loaded(path, 0, digest, _fs_type(path, 0))


def _fs_type(path: str, index: int) -> int:
    from .sfnt import read_face_tables

    os2 = read_face_tables(path, index).os2
    return int(os2.fs_type) if os2 is not None else 0


def _face_names(path: str, index: int) -> set[str]:
    """A face's family, full and PostScript names (name IDs 1, 4, 6, 16), lower case."""
    from fontTools.ttLib import TTFont

    with TTFont(path, fontNumber=index, lazy=True) as font:
        table = font.get("name")
        if table is None:
            return set()
        return {str(rec.toUnicode()).lower() for rec in table.names if rec.nameID in (1, 4, 6, 16)}


def _from_local(src: FontSrc) -> _Loaded | None:
    """An installed face whose family, full name or PostScript name is the local() name."""
    for fc in resolve.local_faces(src.value):
        try:
            names = {n.lower() for n in fc.families} | _face_names(fc.path, fc.index)
            if src.value.lower() not in names:
                continue
            fs_type = _fs_type(fc.path, fc.index)
        except Exception:  # noqa: BLE001 - an unreadable installed file: not that face
            continue
        digest = hashlib.sha256(f"local:{fc.path}#{fc.index}".encode()).hexdigest()
        return _Loaded(fc.path, fc.index, digest, fs_type)
    return None


def _shown(url: str) -> str:
    return url[:60] + "..." if len(url) > 60 else url


def load_web_fonts(
    rules: tuple[FontFaceRule, ...], diag: Diagnostics, options: Options
) -> WebFonts:
    """Load the faces of a page's @font-face rules (first usable src of each); problems become
    'font' / 'resource' / 'limit' diagnostics, never exceptions."""
    faces: list[WebFace] = []
    limit = options.limits.max_web_fonts
    if len(rules) > limit:
        diag.add("limit", f"@font-face rules over the limit of {limit} ignored", "@font-face")
    for order, rule in enumerate(rules[:limit]):
        where = f"@font-face {rule.family}"[:80]
        loaded: _Loaded | None = None
        for src in rule.sources:
            if src.kind == "local":
                loaded = _from_local(src)
            else:
                loaded = _from_url(src, diag, options, where)
            if loaded is not None:
                break
        if loaded is None:
            diag.add(
                "font", f"no usable src for @font-face {rule.family!r}: fallback fonts used", where
            )
            continue
        faces.append(
            WebFace(
                rule.family,
                loaded.path,
                loaded.index,
                loaded.digest,
                rule.weight,
                rule.style,
                rule.unicode_range,
                loaded.fs_type,
                order,
            )
        )
        if embedding_permission(loaded.fs_type) not in ("installable", "editable"):
            diag.add(
                "font",
                f"web font {rule.family!r} does not allow editable embedding (fsType "
                f"{loaded.fs_type:#06x}): the deck names it without embedding it",
                where,
            )
    return WebFonts(tuple(faces))
