"""Runs of characters the primary font lacks (text fragments -> runs in the fallback font Chromium drew them with).

Chromium draws a character missing from the first available family with a system fallback
face (▲ from DejaVu Sans, 🚀 from Noto Color Emoji when the text is in Noto Sans). A run
written only in the primary font leaves that choice to the viewer: LibreOffice picks another
face with other advances (the words after "▲ " move) or none at all (emoji vanish). So such
characters get runs of their own naming the face the layout measured them with.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.layout.fragments import TextFragment
from engine.model.schema.text import Paragraph, Run


class Piece(NamedTuple):
    """`length` characters of a run's text drawn with `family` (None: the run's own fonts)."""

    length: int
    family: str | None


class Fallbacks:
    """The fallback pieces of the runs of one text body being built, kept beside the runs (by
    the run's identity) until split_fallback_runs writes them as runs of their own: the runs
    stay the slide model's. A run copied with other text (split at spaces, a spaced tail)
    gets the pieces of its part of the text (`derive`)."""

    def __init__(self) -> None:
        self._pieces: dict[int, tuple[Run, list[Piece]]] = {}

    def set(self, run: Run, pieces: list[Piece]) -> None:
        self._pieces[id(run)] = (run, pieces)  # the run is held: its id stays its own

    def get(self, run: Run) -> list[Piece] | None:
        entry = self._pieces.get(id(run))
        return entry[1] if entry is not None and entry[0] is run else None

    def derive(self, source: Run, part: Run, start: int, length: int) -> None:
        """`part` holds source's text[start : start + length]: it gets those pieces."""
        pieces = self.get(source)
        if pieces is not None:
            self.set(part, _slice_pieces(pieces, start, length))

    def __bool__(self) -> bool:
        return bool(self._pieces)


def _slice_pieces(pieces: list[Piece], start: int, length: int) -> list[Piece]:
    """The fallback pieces (length, family) covering text[start : start + length]."""
    out: list[Piece] = []
    pos = 0
    for size, family in pieces:
        lo, hi = max(pos, start), min(pos + size, start + length)
        if hi > lo:
            out.append(Piece(hi - lo, family))
        pos += size
    return out


def fallback_pieces(tf: TextFragment) -> list[Piece] | None:
    """(length, family) pieces of tf's text, family None where the run's own fonts draw it;
    None when they draw all of it."""
    text = tf.text
    if text.isascii():
        return None
    from engine.layout.inline.text import font_info

    try:
        segments = font_info(tf.box.style).stack.segments(text)
    except Exception:  # noqa: BLE001 - odd fonts: keep the single run
        return None
    own = {tf.family, tf.ea_family}
    pieces: list[Piece] = []
    for face, piece in segments:
        # The stack here is the default language's; CJK characters the run's own east-asian
        # face drew (chosen in the page's language: SC for zh-CN, not JP) stay in the run.
        drawn = face.family in own or (tf.ea_family is not None and face.is_cjk)
        family = None if drawn or not piece.strip() else face.family
        if pieces and pieces[-1].family == family:
            pieces[-1] = Piece(pieces[-1].length + len(piece), family)
        else:
            pieces.append(Piece(len(piece), family))
    if all(family is None for _n, family in pieces):
        return None
    return pieces


def split_fallback_runs(paragraphs: list[Paragraph], fallbacks: Fallbacks) -> None:
    """Split every run that has fallback pieces (in place); the pieces follow the run's
    current text by length (trailing spaces may have been cut since)."""
    if not fallbacks:
        return
    for para in paragraphs:
        runs = para.get("runs")
        if not runs or not any(fallbacks.get(run) for run in runs):
            continue
        out: list[Run] = []
        for run in runs:
            pieces = fallbacks.get(run)
            if not pieces:
                out.append(run)
                continue
            text, start = run["text"], 0
            for length, family in pieces:
                part = text[start : start + length]
                start += length
                if not part:
                    break
                piece: Run = {**run, "text": part}
                if family is not None:
                    piece["font"] = piece["ea_font"] = piece["cs_font"] = family
                out.append(piece)
            if start < len(text):
                out[-1]["text"] += text[start:]
        para["runs"] = out
