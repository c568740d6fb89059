"""Breaking helpers for the line breaker (units of pieces -> line positions and the fit test in LayoutUnits, soft-hyphen widths, emergency breaks inside words for overflow-wrap)."""

from __future__ import annotations

import dataclasses
import math
import unicodedata
from dataclasses import dataclass

from engine.layout.inline.items import Piece
from engine.layout.inline.text import HYPHEN, SHY, BreakRules, FontInfo

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
    checked = None  # the box whose style was read last (the words of a text share it)
    for p in unit:
        if p.kind == "text" and p.box is not checked and len(p.text) > 1:
            checked = p.box
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
                start=p.start + i if p.start >= 0 else -1,
            )
            if any(q.kind == "text" for q in current):
                parts.append(current)
                current = []
            current.append(piece)
            i = j
    if current:
        parts.append(current)
    return parts


def ceil_lu(value: float) -> float:
    """LayoutUnit::FromFloatCeil (ShapeResult::SnappedWidth)."""
    return math.ceil(value * 64.0 - 1e-3) / 64.0


def round_lu(value: float) -> float:
    return math.floor(value * 64.0 + 0.5) / 64.0


@dataclass(slots=True)
class LinePosition:
    """A line's inline position as LayoutNG's line breaker counts it: every inline item (the
    text of one box between tags, an inline box edge, an atomic inline) adds its own width
    snapped to LayoutUnits, text widths rounded up."""

    closed: float  # snapped widths of the items before the open text item
    key: int  # id of the box whose text item is open (0: none)
    open_width: float  # float width of the open text item so far

    @staticmethod
    def start(indent: float) -> LinePosition:
        return LinePosition(round_lu(indent), 0, 0.0)

    @property
    def used(self) -> float:
        return self.closed + ceil_lu(self.open_width)

    def trimmed(self, trailing: float) -> float:
        """The used width without the line's hanging trailing spaces (`trailing` px wide)."""
        if self.key:
            return self.closed + ceil_lu(self.open_width - trailing)
        return ceil_lu(self.closed - trailing)

    def add(self, pieces: list[Piece], with_trailing: bool) -> LinePosition:
        """The position after `pieces` (the last one's trailing spaces only `with_trailing`)."""
        closed, key, open_width = self.closed, self.key, self.open_width
        last = pieces[-1] if pieces else None
        for p in pieces:
            kind = p.kind
            if kind == "text":
                box_key = id(p.box)
                if box_key != key:
                    if open_width:
                        closed += math.ceil(open_width * 64.0 - 1e-3) / 64.0
                    key, open_width = box_key, 0.0
                open_width += p.width
                if with_trailing or p is not last:
                    open_width += p.trailing_width
            elif kind in _SNAPPED:
                if open_width:
                    closed += math.ceil(open_width * 64.0 - 1e-3) / 64.0
                key, open_width = 0, 0.0
                closed += ceil_lu(p.width) if kind == "marker" else round_lu(p.width)
        return LinePosition(closed, key, open_width)


_SNAPPED = frozenset({"open", "close", "atomic", "marker"})


def fits(used: float, available: float) -> bool:
    """Chromium's fit test in LayoutUnits (1/64 px): the available width is a LayoutUnit
    (truncated), the measured width is snapped up (ShapeResult::SnappedWidth), and a line fits
    when it is at most one unit wider (LineBreaker::AvailableWidthToFit adds that epsilon)."""
    return math.ceil(used * 64.0 - 1e-3) <= math.floor(available * 64.0 + 1e-3) + 1
