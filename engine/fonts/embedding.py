"""Font files -> the TrueType font a deck embeds (permission check, subset to the characters used).

What PowerPoint and the other embedding-aware readers load best is one TrueType-outline font per
face: a face of a collection (.ttc) is taken out of it, CFF outlines (Noto CJK) are converted to
quadratic TrueType outlines (fontTools cu2qu), and in `subset` mode only the characters the deck
uses (plus printable ASCII, so a typo can be fixed in the embedded font) are kept, with every
OpenType layout feature, so shaping is unchanged.

Permissions (OS/2 fsType, OpenType spec): installable (0) and editable (bit 3) faces are embedded;
preview & print (bit 2 alone) would make PowerPoint open the deck read-only, restricted (bit 1)
forbids embedding, bitmap-only (bit 9) forbids outlines: these are refused. No-subsetting
(bit 8) faces are embedded whole.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from typing import Any, Literal

from .cache import BoundedCache

__all__ = [
    "EmbedRefused",
    "EmbeddingMode",
    "embedding_permission",
    "font_for_embedding",
]

EmbeddingMode = Literal["subset", "full"]
Permission = Literal["installable", "editable", "preview", "restricted", "bitmap"]

# CFF faces with more glyphs than this are subset even in `full` mode: converting a whole CJK
# font (65535 glyphs) to TrueType outlines takes minutes and adds ~15 MB per face.
FULL_CFF_MAX_GLYPHS = 3000
_ASCII = "".join(map(chr, range(0x20, 0x7F)))
_CACHE: BoundedCache[tuple[str, int, str, str], bytes] = BoundedCache(16)
_LOCK = threading.Lock()


class EmbedRefused(Exception):
    """A face that may not (or cannot) be embedded; the message says why."""


@dataclass(frozen=True)
class PreparedFont:
    """The font bytes to embed and whether they are a subset."""

    data: bytes
    subset: bool


def embedding_permission(fs_type: int) -> Permission:
    """The usage permission of OS/2 fsType. Fonts older than OS/2 v3 may set several bits: the
    least restrictive one applies (OpenType spec)."""
    if fs_type & 0x0200:
        return "bitmap"
    if fs_type & 0x000F == 0:
        return "installable"
    if fs_type & 0x0008:
        return "editable"
    if fs_type & 0x0004:
        return "preview"
    return "restricted"


def _check_permission(font: Any) -> int:
    os2 = font.get("OS/2")
    fs_type = int(os2.fsType) if os2 is not None else 0
    permission = embedding_permission(fs_type)
    if permission == "restricted":
        raise EmbedRefused("its licence forbids embedding (OS/2 fsType restricted)")
    if permission == "bitmap":
        raise EmbedRefused("its licence allows embedding bitmaps only (OS/2 fsType bit 9)")
    if permission == "preview":
        raise EmbedRefused(
            "its licence allows preview & print embedding only: PowerPoint would open the deck "
            "read-only (OS/2 fsType 4)"
        )
    if not any(t in font for t in ("glyf", "CFF ", "CFF2")):
        raise EmbedRefused("it has no outlines (a bitmap font)")
    if "CFF2" in font or "fvar" in font:
        raise EmbedRefused("it is a variable font, which PowerPoint does not load embedded")
    return fs_type


def font_for_embedding(
    path: str, index: int, chars: str, mode: EmbeddingMode, *, family: str = ""
) -> PreparedFont:
    """The TrueType font to embed for face `index` of `path`, covering `chars` (every character
    in `full` mode), named `family` when given (an @font-face face: runs name the rule's family,
    and a viewer finds an embedded font by its own names). Raises EmbedRefused. Results are
    cached per face, characters, mode and name."""
    from fontTools.ttLib import TTFont

    # recalcTimestamp off: head.modified stays the font file's own, so the same deck gives the
    # same bytes whenever it is written (fontTools would stamp the time of writing).
    font = TTFont(path, fontNumber=index, lazy=True, recalcTimestamp=False)
    try:
        fs_type = _check_permission(font)
        cff = "CFF " in font
        subset = mode == "subset" and not fs_type & 0x0100
        if mode == "full" and cff and font["maxp"].numGlyphs > FULL_CFF_MAX_GLYPHS:
            subset = True
        text = "".join(sorted(set(chars) | set(_ASCII))) if subset else ""
        key = (
            path,
            index,
            text,
            ("subset" if subset else "full") + (f":{family}" if family else ""),
        )
        with _LOCK:
            cached = _CACHE.get(key)
        if cached is not None:
            return PreparedFont(cached, subset)
        if subset:
            _subset(font, text)
        if "CFF " in font:
            _cff_to_glyf(font)
        if family:
            _rename(font, family)
        for table in ("DSIG", "VORG"):
            if table in font:
                del font[table]
        out = io.BytesIO()
        font.save(out)
        data = out.getvalue()
    finally:
        font.close()
    with _LOCK:
        _CACHE.put(key, data)
    return PreparedFont(data, subset)


def _subset(font: Any, text: str) -> None:
    from fontTools import subset

    options = subset.Options()
    # fontTools' default features: those shaping applies by default (kern, liga, locl, ccmp,
    # mark, the complex-script and vertical ones: vert, vrt2, halt...). A CJK face's optional
    # features (aalt, hwid, jp78, ...) would close over hundreds of alternates per character:
    # a subset two to three times larger and slower, for glyphs no viewer draws unasked.
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    options.glyph_names = False
    options.legacy_kern = True
    options.layout_closure = True
    options.prune_unicode_ranges = False  # keep OS/2 as the font declares it
    options.desubroutinize = "CFF " in font  # CFF outlines become TrueType ones afterwards
    options.drop_tables = [t for t in options.drop_tables if t not in ("vhea", "vmtx")] + ["FFTM"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)


def _rename(font: Any, family: str) -> None:
    """Name the face `family` (name IDs 1, 3, 4, 6; typographic names 16/17 dropped), keeping
    its style name (ID 2), when its own family name is another."""
    table = font.get("name")
    if table is None:
        return
    own = table.getDebugName(16) or table.getDebugName(1) or ""
    if own == family and not table.getDebugName(16):
        return
    style = table.getDebugName(2) or "Regular"
    full = family if style.lower() == "regular" else f"{family} {style}"
    postscript = "".join(
        c for c in f"{family}-{style}" if 33 <= ord(c) <= 126 and c not in "[](){}<>/%"
    )
    for name_id in (1, 3, 4, 6, 16, 17, 21, 22):
        table.removeNames(nameID=name_id)
    for name_id, value in ((1, family), (3, full), (4, full), (6, postscript[:63])):
        table.setName(value, name_id, 3, 1, 0x409)


def _cff_to_glyf(font: Any) -> None:
    """Replace CFF outlines by quadratic TrueType ones (glyf/loca), as a TrueType font."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable

    order = font.getGlyphOrder()
    glyph_set = font.getGlyphSet()
    upem = font["head"].unitsPerEm
    glyphs = {}
    for name in order:
        pen = TTGlyphPen(None)
        # CFF contours run counter-clockwise, TrueType clockwise: reverse while converting.
        glyph_set[name].draw(Cu2QuPen(pen, max_err=upem / 1000, reverse_direction=True))
        glyphs[name] = pen.glyph()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    del font["CFF "]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for attr in (
        "maxZones",
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, attr, 0)
    maxp.maxZones = 1
    post = font["post"]
    post.formatType = 3.0  # no glyph names (as the subsetter leaves them)
    post.extraNames = []
    post.mapping = {}
    font["head"].glyphDataFormat = 0
    font.sfntVersion = "\x00\x01\x00\x00"
