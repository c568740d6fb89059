"""Breaking helpers for the line breaker (units of pieces -> soft-hyphen widths, emergency breaks inside words for overflow-wrap)."""

from __future__ import annotations

import dataclasses
import unicodedata

from engine.layout.inline_items import Piece
from engine.layout.text import HYPHEN, SHY, BreakRules, FontInfo

ANYWHERE = frozenset({"break-word", "anywhere"})


def _hyphen_char(font: FontInfo) -> str:
    """ComputedStyle::HyphenString: U+2010 when the primary font has it, else U+002D."""
    return HYPHEN if font.stack.primary.has_char(HYPHEN) else "-"


def shown_hyphen(piece: Piece) -> str | None:
    """The hyphen drawn when a line breaks after `piece` (a word ending in U+00AD), if any."""
    if (
        piece.kind != "text"
        or piece.trailing
        or not piece.text.endswith(SHY)
        or piece.font is None
        or not BreakRules.of(piece.box.style).soft_hyphens
    ):
        return None
    return _hyphen_char(piece.font)


def hyphen_width(unit: list[Piece]) -> float:
    """Width the hyphen adds when the line breaks after this unit (0 unless it ends in U+00AD)."""
    last = next((p for p in reversed(unit) if p.kind == "text"), None)
    if last is None or last.font is None:
        return 0.0
    hyphen = shown_hyphen(last)
    return last.font.measure(hyphen) if hyphen else 0.0


def breaks_anywhere(unit: list[Piece]) -> bool:
    """overflow-wrap: break-word | anywhere (or word-break: break-word) on the unit's text."""
    for p in unit:
        if p.kind == "text" and len(p.text) > 1:
            style = p.box.style
            if style["overflow-wrap"] in ANYWHERE or style["word-break"] == "break-word":
                return True
    return False


def split_anywhere(unit: list[Piece]) -> list[list[Piece]]:
    """The unit cut before every character (combining marks stay with their base); inline-box
    edges stay with the character next to them."""
    parts: list[list[Piece]] = []
    current: list[Piece] = []
    for p in unit:
        if p.kind != "text" or len(p.text) <= 1 or p.font is None:
            current.append(p)
            continue
        advances = p.font.advances(p.text)
        text, n, i = p.text, len(p.text), 0
        while i < n:
            j = i + 1
            while j < n and (unicodedata.combining(text[j]) or text[j] in "\u200d\ufe0f"):
                j += 1
            end = j >= n
            piece = dataclasses.replace(
                p,
                text=text[i:j],
                width=sum(advances[i:j]),
                trailing=p.trailing if end else "",
                trailing_width=p.trailing_width if end else 0.0,
            )
            if any(q.kind == "text" for q in current):
                parts.append(current)
                current = []
            current.append(piece)
            i = j
    if current:
        parts.append(current)
    return parts
