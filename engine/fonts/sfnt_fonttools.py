"""The tables of engine/fonts/sfnt.py read with fontTools: for the files that reader leaves to it.

WOFF/WOFF2 files, rare cmap formats and tables that are malformed in some way get exactly the
values (or the errors) reading them with fontTools always gave.
"""

from __future__ import annotations

from typing import Any

from .sfnt import FaceTables, Head, Hhea, Os2, family_from_name_table

__all__ = ["PANOSE_KEYS", "fonttools_face_tables", "fonttools_hint_tables"]

# The fields of fontTools' OS/2 panose object, in the order of the table's ten bytes.
PANOSE_KEYS = (
    "bFamilyType",
    "bSerifStyle",
    "bWeight",
    "bProportion",
    "bContrast",
    "bStrokeVariation",
    "bArmStyle",
    "bLetterForm",
    "bMidline",
    "bXHeight",
)


def _os2(table: Any) -> Os2 | None:
    if table is None:
        return None
    return Os2(
        version=table.version,
        avg_char_width=table.xAvgCharWidth,
        weight_class=table.usWeightClass,
        fs_type=table.fsType,
        panose=bytes(getattr(table.panose, k) & 0xFF for k in PANOSE_KEYS),
        fs_selection=table.fsSelection,
        typo_ascender=table.sTypoAscender,
        typo_descender=table.sTypoDescender,
        typo_line_gap=table.sTypoLineGap,
        win_ascent=table.usWinAscent,
        win_descent=table.usWinDescent,
        code_page_range1=getattr(table, "ulCodePageRange1", 0) if table.version >= 1 else 0,
        x_height=getattr(table, "sxHeight", 0) if table.version >= 2 else 0,
    )


def _glyph_top(font: Any, cp: int) -> float:
    """The top of the glyph the best cmap gives `cp` (as Skia measures the 'x'); 0 when unknown."""
    try:
        name = font.getBestCmap().get(cp)
        glyf = font["glyf"] if name and "glyf" in font else None
        return (
            float(max(0, glyf[name].yMax))
            if glyf is not None and hasattr(glyf[name], "yMax")
            else 0.0
        )
    except Exception:  # noqa: BLE001 - a broken table just leaves the x-height unknown
        return 0.0


def _family(font: Any) -> str:
    try:
        data = font.reader["name"]
    except Exception:  # noqa: BLE001 - no or broken name table: "use fontconfig's"
        return ""
    return family_from_name_table(bytes(data))


def fonttools_face_tables(path: str, index: int) -> FaceTables:
    """FaceTables of one face, read with fontTools (its errors propagate)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, fontNumber=index, lazy=True)
    try:
        head, hhea = font["head"], font["hhea"]
        os2 = _os2(font.get("OS/2"))
        if os2 is not None and os2.version >= 2 and os2.x_height > 0:
            x_height = float(os2.x_height)
        else:
            x_height = _glyph_top(font, ord("x"))
        return FaceTables(
            head=Head(head.unitsPerEm, head.xMin, head.xMax, head.macStyle, head.indexToLocFormat),
            hhea=Hhea(hhea.ascent, hhea.descent, hhea.lineGap),
            os2=os2,
            x_height=x_height,
            family=_family(font),
            bitmap_only="CBDT" in font and "glyf" not in font and "CFF " not in font,
        )
    finally:
        font.close()


def fonttools_hint_tables(path: str, index: int) -> tuple[Os2 | None, bool]:
    """(OS/2, post.isFixedPitch) of one face, read with fontTools (its errors propagate)."""
    from fontTools.ttLib import TTFont

    font = TTFont(path, fontNumber=index, lazy=True)
    try:
        os2 = _os2(font.get("OS/2"))
        fixed = bool(font["post"].isFixedPitch) if "post" in font else False
        return os2, fixed
    finally:
        font.close()
