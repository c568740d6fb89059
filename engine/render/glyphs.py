"""Glyph runs for the PNG renderer (text + font face + size -> HarfBuzz-shaped glyphs drawn as shared SVG outline paths).

resvg's own text layout costs ~0.1 ms per glyph on every render; shaping here (HarfBuzz, as the
engine measures) and drawing each distinct glyph's outline once per slide (<path> in <defs>,
placed with <use>) is several times cheaper, and the glyph positions are ours. Faces without
outlines (colour bitmap emoji) are left to resvg's <text> with that face's file loaded.
"""

from __future__ import annotations

import math
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import uharfbuzz as hb

from engine.render.fonts import Face, font_file

_LOCK = threading.Lock()
SYNTHETIC_ITALIC = math.tan(math.radians(12))
MAX_GLYPHS_PER_SLIDE = 50_000


@dataclass(frozen=True)
class HbFace:
    font: Any
    upem: int
    outlines: bool  # False: colour bitmaps only (CBDT / sbix)
    bold: bool
    italic: bool


@lru_cache(maxsize=64)
def hb_face(path: str, index: int) -> HbFace | None:
    try:
        blob = hb.Blob.from_file_path(path)
        face = hb.Face(blob, index)
        font = hb.Font(face)
    except Exception:  # noqa: BLE001 - an unreadable font draws nothing
        return None
    tables = set(face.table_tags)
    outlines = bool(tables & {"glyf", "CFF ", "CFF2"}) and not (tables & {"CBDT", "sbix"})
    src = font_file(path, index)
    weight, italic = (src.weight_class, src.italic) if src is not None else (400, False)
    return HbFace(font, face.upem or 1000, outlines, weight >= 600, italic)


class _PathPen:
    """A segment pen writing SVG path data in font units (integers)."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def moveTo(self, p: tuple[float, float]) -> None:  # noqa: N802 - pen protocol
        self.parts.append(f"M{round(p[0])} {round(p[1])}")

    def lineTo(self, p: tuple[float, float]) -> None:  # noqa: N802
        self.parts.append(f"L{round(p[0])} {round(p[1])}")

    def qCurveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        # HarfBuzz hands over one control point per quadratic segment.
        (c, p) = points[-2], points[-1]
        self.parts.append(f"Q{round(c[0])} {round(c[1])} {round(p[0])} {round(p[1])}")

    def curveTo(self, *points: tuple[float, float]) -> None:  # noqa: N802
        c1, c2, p = points[-3], points[-2], points[-1]
        self.parts.append(
            f"C{round(c1[0])} {round(c1[1])} {round(c2[0])} {round(c2[1])} {round(p[0])} {round(p[1])}"
        )

    def closePath(self) -> None:  # noqa: N802
        self.parts.append("Z")

    def endPath(self) -> None:  # noqa: N802
        pass


@lru_cache(maxsize=8_000)
def outline(path: str, index: int, gid: int) -> str:
    """The glyph's outline as SVG path data in font units, y up ('' for none)."""
    face = hb_face(path, index)
    if face is None:
        return ""
    pen = _PathPen()
    with _LOCK:
        try:
            face.font.draw_glyph_with_pen(gid, pen)
        except Exception:  # noqa: BLE001 - a broken glyph is not drawn
            return ""
    return "".join(pen.parts)


@dataclass(frozen=True)
class Glyph:
    gid: int
    x: float  # font units from the piece's origin
    y: float
    cluster: int
    advance: float


def shape(face: Face, text: str, spacing_units: float) -> tuple[list[Glyph], float]:
    """(glyphs, advance width in font units) of `text` in one face; `spacing_units` is added
    after every character (letter-spacing)."""
    hbf = hb_face(face.path, face.index)
    if hbf is None or not text:
        return [], 0.0
    buf = hb.Buffer()
    buf.add_codepoints([ord(c) for c in text])  # clusters are character indices
    buf.guess_segment_properties()
    with _LOCK:
        hb.shape(hbf.font, buf, {})
    glyphs = []
    pen = 0.0
    last_cluster = -1
    for info, pos in zip(buf.glyph_infos, buf.glyph_positions, strict=False):
        if info.cluster != last_cluster and last_cluster >= 0:
            pen += spacing_units * _chars_between(text, last_cluster, info.cluster)
        glyphs.append(
            Glyph(info.codepoint, pen + pos.x_offset, pos.y_offset, info.cluster, pos.x_advance)
        )
        pen += pos.x_advance
        last_cluster = info.cluster
    if last_cluster >= 0:
        pen += spacing_units * _chars_between(text, last_cluster, len(text))
    return glyphs, pen


def _chars_between(text: str, start: int, end: int) -> int:
    return max(1, len(text[start:end]))
