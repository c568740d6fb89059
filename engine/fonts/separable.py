"""A font's layout tables -> whether HarfBuzz shapes ASCII text across spaces context-free (word by word).

Blink's CachingWordShaper shapes word by word only when the font has no GSUB/GPOS lookup that
involves the space glyph (SimpleFontData::HasSpaceInLigaturesOrKerning). The same holds here:
when no lookup mentions the space glyph (as input, context, output or kerning partner), no
class-based rule can match it through class 0, no lookup skips base glyphs, the space is not a
mark in GDEF and there are no AAT tables or legacy kerning with the space, then shaping
"word1 word2" gives exactly shape("word1") + shape(" ") + shape("word2"): per-word results can
be cached and reused across texts. Liberation Sans (kerning pairs with the space) is not
separable; DejaVu Sans Mono, Liberation Mono, Noto Sans are.

The check is conservative (any doubt -> not separable) and bounded: fonts whose GSUB + GPOS
exceed `MAX_TABLE_BYTES` are not examined. Answers are cached per font file (path, index, and
the file's size and modification time), so a font is decompiled once per process and question.
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Iterator
from typing import Any

__all__ = ["space_separable", "context_free_chars", "MAX_TABLE_BYTES"]

MAX_TABLE_BYTES = 160_000
_CACHED_FONTS = 256  # answers kept per function (a bool or a small frozenset each)
_AAT = ("morx", "mort", "kerx")
_IGNORE_BASE_GLYPHS = 0x2
_RULE_LISTS = ("Class", "Input", "Backtrack", "LookAhead")


def space_separable(path: str, index: int) -> bool:
    """Whether shaping ASCII text in this font is context-free across the space glyph."""
    return _space_separable(path, index, _file_stamp(path))


def _file_stamp(path: str) -> tuple[int, int] | None:
    """The file's size and modification time (None: unreadable): a changed file is examined
    again."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns


@functools.lru_cache(maxsize=_CACHED_FONTS)
def _space_separable(path: str, index: int, stamp: tuple[int, int] | None) -> bool:
    return bool(_examine(path, index, _separable))


def _examine(path: str, index: int, examine: Any) -> Any:
    """`examine(font)` on the decompiled font, None when its tables are unreadable. Decompiled
    layout tables hold reference cycles and pages run with the cyclic collector paused
    (engine.budget): they are freed here, once per font, not left to a collection after the page."""
    try:
        from fontTools.ttLib import TTFont

        return examine(TTFont(path, fontNumber=index))
    except Exception:  # noqa: BLE001 - unreadable tables: the caller's safe default
        return None
    finally:
        gc.collect()


def context_free_chars(path: str, index: int, chars: str) -> frozenset[str] | None:
    """The characters of `chars` whose glyphs no lookup can act on, in a space-separable font
    (None when the font is not space-separable): no substitution or positioning lookup names them, except as the base
    of a mark attachment (which needs a mark after them). A run of such characters shapes to
    their nominal advances; the caller still compares each with HarfBuzz (GDEF mark widths)."""
    return _context_free_chars(path, index, chars, _file_stamp(path))


@functools.lru_cache(maxsize=_CACHED_FONTS)
def _context_free_chars(
    path: str, index: int, chars: str, stamp: tuple[int, int] | None
) -> frozenset[str] | None:
    return _examine(path, index, lambda font: _context_free(font, chars))  # type: ignore[no-any-return]


def _context_free(font: Any, chars: str) -> frozenset[str] | None:
    """The characters of `chars` no lookup of the (decompiled) font acts on; None when the
    font is not space-separable."""
    if not _separable(font):
        return None
    cmap = font.getBestCmap() or {}
    names = {cmap[ord(c)]: c for c in chars if ord(c) in cmap}
    acted_on: set[str] = set()
    for tag in ("GSUB", "GPOS"):
        if tag not in font:
            continue
        table = font[tag].table
        for lookup in table.LookupList.Lookup if table.LookupList else []:
            for sub in lookup.SubTable:
                sub = getattr(sub, "ExtSubTable", sub)
                if tag == "GPOS" and lookup.LookupType in (4, 5):  # mark to base/ligature
                    sub = getattr(sub, "MarkCoverage", None)
                acted_on |= _named(sub, names.keys())
    if "kern" in font:
        for kern in font["kern"].kernTables:
            for pair in getattr(kern, "kernTable", None) or ():
                acted_on.update(pair)
    return frozenset(c for name, c in names.items() if name not in acted_on)


def _strings(obj: Any) -> Iterator[str]:
    """Every string (glyph names among them) anywhere in a decompiled OpenType subtable."""
    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            ensure = getattr(item, "ensureDecompiled", None)
            if ensure is not None:
                ensure()
            stack.extend(v for k, v in vars(item).items() if not k.startswith("_"))


def _named(obj: Any, names: Any) -> set[str]:
    """The glyph names of `names` that appear anywhere in a decompiled OpenType subtable."""
    return {item for item in _strings(obj) if item in names}


def _separable(font: Any) -> bool:
    if any(tag in font for tag in _AAT):
        return False
    tables = [tag for tag in ("GSUB", "GPOS") if tag in font]
    if sum(font.reader.tables[tag].length for tag in tables) > MAX_TABLE_BYTES:
        return False
    space = (font.getBestCmap() or {}).get(0x20)
    if space is None:
        return False
    if "GDEF" in font:
        gdef = font["GDEF"].table
        classes = getattr(getattr(gdef, "GlyphClassDef", None), "classDefs", None) or {}
        if classes.get(space, 1) != 1:  # the space is not a base glyph
            return False
    for tag in tables:
        table = font[tag].table
        lookups = table.LookupList.Lookup if table.LookupList else []
        for lookup in lookups:
            if lookup.LookupFlag & _IGNORE_BASE_GLYPHS or not _lookup_ok(lookup, space):
                return False
    if "kern" in font:
        for sub in font["kern"].kernTables:
            pairs = getattr(sub, "kernTable", None)
            if getattr(sub, "format", None) != 0 or pairs is None:
                return False
            if any(space in pair for pair in pairs):
                return False
    return True


def _lookup_ok(lookup: Any, space: str) -> bool:
    for sub in lookup.SubTable:
        sub = getattr(sub, "ExtSubTable", sub)  # extension lookups
        if _mentions(sub, space) or _class_zero(sub):
            return False
    return True


def _mentions(obj: Any, name: str) -> bool:
    """Whether the glyph name appears anywhere in a decompiled OpenType subtable."""
    return any(item == name for item in _strings(obj))


def _class_zero(sub: Any) -> bool:
    """Whether a class-based subtable can match a glyph it does not list (class 0, e.g. the
    space) after the first position: pair kerning values for class 0, or context rules naming
    class 0."""
    if getattr(sub, "Format", 0) != 2:
        return False
    for record in getattr(sub, "Class1Record", None) or ():  # PairPos format 2
        zero = record.Class2Record[0] if record.Class2Record else None
        for value in (getattr(zero, "Value1", None), getattr(zero, "Value2", None)):
            if value is not None and any(v for v in vars(value).values() if isinstance(v, int)):
                return True
            if value is not None and any(not isinstance(v, int) for v in vars(value).values()):
                return True  # device tables: be conservative
    stack = [sub]
    while stack:  # context / chaining context format 2 rules
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif hasattr(item, "__dict__") and not isinstance(item, type):
            name = type(item).__name__
            if name.endswith("ClassRule"):
                for attr in _RULE_LISTS:
                    if 0 in (getattr(item, attr, None) or ()):
                        return True
            elif name.endswith("ClassSet") or name.startswith(("Context", "ChainContext")):
                stack.extend(v for k, v in vars(item).items() if not k.startswith("_"))
    return False
