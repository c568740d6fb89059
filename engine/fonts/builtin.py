"""Built-in fallback font: fixed Liberation-Sans-like metrics from a tiny JSON table -> FontFace.

Used when no font can be found (no fontconfig, no font files) and when tests ask for it with
``DECKFORGE_FONTS=builtin`` or ``with use_builtin_fonts():`` (a ContextVar, so other threads
are unaffected).  Results are deterministic on every machine: ASCII advances are Liberation
Sans's (regular or bold table), wide East Asian characters are 1 em, combining marks 0, other
characters take the advance of their NFKD base letter, else 0.5 em.  No kerning.
"""

from __future__ import annotations

import contextlib
import json
import os
import unicodedata
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

from .face import FontFace, GlyphData

__all__ = ["BUILTIN_FAMILY", "BuiltinSource", "builtin_face", "builtin_active", "use_builtin_fonts"]

BUILTIN_FAMILY = "Liberation Sans"
_DATA = Path(__file__).with_name("builtin_metrics.json")
_FORCE: ContextVar[bool] = ContextVar("deckforge_builtin_fonts", default=False)
# Used if the JSON is missing (e.g. a packaging slip): Liberation Sans's vertical metrics.
_DEFAULT: dict[str, Any] = {
    "units_per_em": 2048,
    "regular_metrics": {"hhea": [1854, -434, 67], "typo": [1491, -431, 307], "win": [1854, 434]},
}


def builtin_active() -> bool:
    """True when measurement must use the built-in font (context or environment)."""
    return _FORCE.get() or os.environ.get("DECKFORGE_FONTS", "").lower() == "builtin"


@contextlib.contextmanager
def use_builtin_fonts() -> Iterator[None]:
    """Within this block (this thread / async context only) font_stack() returns built-in faces."""
    token = _FORCE.set(True)
    try:
        yield
    finally:
        _FORCE.reset(token)


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    try:
        return dict(json.loads(_DATA.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return dict(_DEFAULT)


class BuiltinSource:
    """FontSource over the embedded advance table."""

    path = ""
    index = 0
    family_name = BUILTIN_FAMILY
    use_typo_metrics = False

    def __init__(self, bold: bool, italic: bool) -> None:
        data = _table()
        self.units_per_em = int(data.get("units_per_em", 2048))
        self.weight_class = 700 if bold else 400
        self.italic = italic
        key = "bold" if bold and "bold" in data else "regular"
        self._ascii: list[int] = list(data.get(key, []))
        mk = (
            data.get(key + "_metrics") or data.get("regular_metrics") or _DEFAULT["regular_metrics"]
        )
        hh, typo, win = mk["hhea"], mk["typo"], mk["win"]
        self.metrics: dict[str, float] = {
            "hhea_ascent": hh[0],
            "hhea_descent": -hh[1],
            "hhea_line_gap": hh[2],
            "typo_ascent": typo[0],
            "typo_descent": -typo[1],
            "typo_line_gap": typo[2],
            "win_ascent": win[0],
            "win_descent": win[1],
            "ascent": hh[0],
            "descent": -hh[1],
            "line_gap": hh[2],
        }

    def glyph(self, cp: int) -> int:
        return 1  # the built-in face draws every character

    def advance_units(self, cp: int) -> float:
        return _advance(cp, tuple(self._ascii), self.units_per_em)

    def shape(
        self, text: str, lang: str, liga: bool, halt: tuple[int, ...], script: str = ""
    ) -> list[float]:
        return [self.advance_units(ord(c)) for c in text]

    def glyph_data(self, text: str, lang: str, halt: bool, script: str = "") -> list[GlyphData]:
        return [(1, i, int(self.advance_units(ord(c))), 0) for i, c in enumerate(text)]

    def extents(self, gid: int) -> tuple[int, int]:
        return (0, 0)


@lru_cache(maxsize=4096)
def _advance(cp: int, ascii_table: tuple[int, ...], upem: int) -> float:
    if 32 <= cp < 127 and len(ascii_table) == 95:
        return float(ascii_table[cp - 32])
    ch = chr(cp)
    if unicodedata.category(ch) in ("Mn", "Me", "Cf", "Cc"):
        return 0.0
    if unicodedata.east_asian_width(ch) in ("W", "F"):
        return float(upem)
    if cp == 0xA0:
        return _advance(32, ascii_table, upem)
    base = unicodedata.normalize("NFKD", ch)[:1]
    if base and base != ch and 32 <= ord(base) < 127:
        return _advance(ord(base), ascii_table, upem)
    return upem * 0.5


@lru_cache(maxsize=8)
def builtin_face(bold: bool, italic: bool) -> FontFace:
    """The built-in face; bold/italic pick the table, never synthetic."""
    return FontFace(BuiltinSource(bold, italic))
