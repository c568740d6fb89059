"""Shaped pieces of text for the PNG renderer (a run's text in one face, HarfBuzz glyphs): the
gaps LibreOffice puts between them, their widths as LibreOffice lays them out (to wrap lines
where it does) and the stretch of a justified line."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

import engine.render.glyphs as glyphs  # the module itself, not the package: no import cycle
from engine.model.text import metrics as tm
from engine.render.fonts import Face


@dataclass
class Piece:
    """Part of a run in one face, shaped: `width` px includes its letter-spacing; `start` is
    its first character's index in the run's drawn text."""

    face: Face
    text: str
    glyphs: list[glyphs.Glyph]
    width: float
    size: float
    scale: float
    spacing_px: float
    shift: float
    paint: str
    fake_bold: bool
    fake_italic: bool
    underline: bool
    strike: bool
    cjk: bool = False
    offset: float = 0.0
    start: int = 0


def autospace(pieces: list[Piece]) -> list[float]:
    """The space LibreOffice puts before each piece where CJK meets other letters or digits
    (textmetrics.CJK_AUTOSPACE_EM x the size; whitespace takes the kind before it)."""
    gaps = []
    prev: bool | None = None
    for piece in pieces:
        gap = 0.0
        for i, ch in enumerate(piece.text):
            kind = prev if ch.isspace() else tm.is_cjk_char(ch)
            if kind is None:
                continue
            if i == 0 and prev is not None and kind != prev:
                gap = tm.CJK_AUTOSPACE_EM * piece.size
            prev = kind
        gaps.append(gap)
    return gaps


def offsets(pieces: list[Piece]) -> list[Piece]:
    x = 0.0
    for p in pieces:
        p.offset = x
        x += p.width
    return pieces


@lru_cache(maxsize=16_384)
def _lo_rounding_px(path: str, index: int, gid: int, size: float) -> float:
    """How much wider (px) LibreOffice lays out the glyph than its unrounded advance."""
    hbf = glyphs.hb_face(path, index)
    if hbf is None:
        return 0.0
    em = hbf.font.get_glyph_h_advance(gid) / hbf.upem
    return tm.lo_advance_px(em, size) - em * size


def lo_advances(piece: Piece) -> list[float]:
    """Each character's advance (px) as LibreOffice lays the piece out, in the model the PPTX
    writer sizes wrapping boxes by (engine/model/text/lowidth.py): HarfBuzz's advance (kerned,
    with the letter-spacing) plus what rounding the glyph's advance on LibreOffice's
    reference device adds. Characters HarfBuzz gives no advance (marks, U+200B, soft
    hyphens) take none but their letter-spacing."""
    out = [piece.spacing_px] * len(piece.text)
    path, index = piece.face.path, piece.face.index
    for glyph in piece.glyphs:
        if glyph.advance and 0 <= glyph.cluster < len(out):
            rounding = _lo_rounding_px(path, index, glyph.gid, piece.size)
            out[glyph.cluster] += glyph.advance * piece.scale + rounding
    return out


def lo_autospace(text: str, sizes: list[float]) -> list[float]:
    """The space (px) LibreOffice puts before each character of a line where CJK meets other
    letters or digits, by the rule of metrics.cjk_autospace_count (weak characters, white
    space and general punctuation, take the kind of the one before them)."""
    gaps = [0.0] * len(text)
    if not tm.cjk_text(text):
        return gaps
    prev: bool | None = None
    for i, ch in enumerate(text):
        kind = prev if tm.is_weak_char(ch) else tm.is_cjk_char(ch)
        if kind is None:
            continue
        if prev is not None and kind != prev:
            gaps[i] = tm.CJK_AUTOSPACE_EM * sizes[i]
        prev = kind
    return gaps


def justify(pieces: list[Piece], extra: float) -> list[Piece]:
    """The pieces of a justified line with `extra` px shared among its spaces (LibreOffice
    stretches the blanks of a line that wraps; a line without one stays as it is)."""
    blanks = sum(p.text.count(" ") for p in pieces)
    if extra <= 0 or not blanks:
        return pieces
    per = extra / blanks
    out = []
    for p in pieces:
        if " " not in p.text:
            out.append(p)
            continue
        before = [0] * (len(p.text) + 1)  # blanks before each character
        for i, ch in enumerate(p.text):
            before[i + 1] = before[i] + (ch == " ")
        units = per / p.scale if p.scale else 0.0
        moved = [
            dataclasses.replace(g, x=g.x + before[min(max(g.cluster, 0), len(p.text))] * units)
            for g in p.glyphs
        ]
        out.append(dataclasses.replace(p, glyphs=moved, width=p.width + before[-1] * per))
    return out
