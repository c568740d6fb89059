"""Grid property values (raw CSS text of grid-template-*, grid-auto-*, grid-row/column-* -> typed tracks, areas, lines).

The style stage keeps these properties as their (whitespace-normalised) source text; layout
parses them here with the element's font size, because track lists need it for em units.
Invalid values give None (the caller treats them as the initial value and records a diagnostic).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple, cast

from engine.style.syntax import (
    BRACKET,
    DELIM,
    DIM,
    FUNC,
    IDENT,
    NUM,
    STR,
    Tok,
    split_commas,
    tokenize,
)
from engine.style.types import LP
from engine.style.values import INVALID, MathLength, RelLength, parse_length

# --- types ---------------------------------------------------------------------------------


class Breadth(NamedTuple):
    """One track sizing function: a fixed <length-percentage>, a flex factor or a keyword."""

    kind: str  # 'fixed' | 'fr' | 'auto' | 'min-content' | 'max-content' | 'fit-content'
    px: float = 0.0  # fixed / fit-content: px part; fr: the flex factor
    pct: float = 0.0  # fixed / fit-content: percentage part

    @property
    def intrinsic(self) -> bool:
        return self.kind in ("auto", "min-content", "max-content", "fit-content")

    def resolve(self, basis: float | None) -> float | None:
        """Used px of a fixed/fit-content breadth; None when it has a percentage and no basis."""
        if self.pct:
            if basis is None:
                return None
            return self.px + self.pct * basis / 100.0
        return self.px


AUTO = Breadth("auto")
MAX_CONTENT = Breadth("max-content")


class TrackSize(NamedTuple):
    """minmax(min, max); plain sizes have min == max (`1fr` is minmax(auto, 1fr))."""

    min: Breadth
    max: Breadth


AUTO_TRACK = TrackSize(AUTO, AUTO)


class Repeat(NamedTuple):
    repetitions: int  # 0 for auto-fill / auto-fit
    auto: str  # '' | 'auto-fill' | 'auto-fit'
    tracks: tuple[TrackSize, ...]
    names: tuple[tuple[str, ...], ...]  # line names: len(tracks) + 1 entries


class TrackList(NamedTuple):
    """A grid-template-rows/columns value: entries with the line names around them."""

    entries: tuple[TrackSize | Repeat, ...]
    names: tuple[tuple[str, ...], ...]  # len(entries) + 1 entries

    @property
    def auto_repeat(self) -> Repeat | None:
        for entry in self.entries:
            if isinstance(entry, Repeat) and entry.auto:
                return entry
        return None


class ExpandedTracks(NamedTuple):
    sizes: tuple[TrackSize, ...]
    names: tuple[tuple[str, ...], ...]  # len(sizes) + 1 entries
    auto_start: int  # index of the first auto-repeated track (-1 if none)
    auto_count: int  # number of auto-repeated tracks
    auto_fit: bool


class GridLine(NamedTuple):
    """A grid-row/column-start/end value."""

    kind: str  # 'auto' | 'line' | 'span'
    number: int = 1  # line number (may be negative) or span count; 0 with a name = first
    name: str = ""


AUTO_LINE = GridLine("auto")


class Area(NamedTuple):
    name: str
    row_start: int  # 0-based grid lines
    row_end: int
    column_start: int
    column_end: int


class Areas(NamedTuple):
    rows: int
    columns: int
    areas: tuple[Area, ...]


class AutoFlow(NamedTuple):
    column: bool
    dense: bool


MAX_TRACKS = 1000  # repeat() counts, line numbers and spans are clamped to this (as Blink clamps)


class _LengthCtx(NamedTuple):
    """What RelLength/MathLength need to become px (duck-typed style Ctx)."""

    root_font_size: float
    viewport: tuple[float, float]


# --- lengths ---------------------------------------------------------------------------------


def _length(tok: Tok, ctx: _LengthCtx, font_size: float) -> tuple[float, float] | None:
    """A <length-percentage> token -> (px, pct)."""
    value = parse_length(tok, negative=False)
    if value is INVALID or isinstance(value, str):
        return None
    if isinstance(value, (int, float)):
        return float(value), 0.0
    if isinstance(value, LP):
        return value.px, value.pct
    if isinstance(value, RelLength):
        return value.to_px(cast(Any, ctx), font_size), value.pct
    if isinstance(value, MathLength):
        return value.evaluate(cast(Any, ctx), font_size)
    return None


def _breadth(tok: Tok, ctx: _LengthCtx, font_size: float) -> Breadth | None:
    if tok.kind == IDENT:
        if tok.value in ("auto", "min-content", "max-content"):
            return Breadth(tok.value)
        return None
    if tok.kind == DIM and tok.unit == "fr":
        return Breadth("fr", tok.value) if tok.value >= 0 else None
    lp = _length(tok, ctx, font_size)
    return Breadth("fixed", lp[0], lp[1]) if lp is not None else None


def _track_size(tok: Tok, ctx: _LengthCtx, font_size: float) -> TrackSize | None:
    if tok.kind == FUNC and tok.value == "minmax":
        args = split_commas(tok.args)
        if len(args) != 2 or len(args[0]) != 1 or len(args[1]) != 1:
            return None
        lo = _breadth(args[0][0], ctx, font_size)
        hi = _breadth(args[1][0], ctx, font_size)
        if lo is None or hi is None or lo.kind == "fr":
            return None
        return TrackSize(lo, hi)
    if tok.kind == FUNC and tok.value == "fit-content":
        if len(tok.args) != 1:
            return None
        lp = _length(tok.args[0], ctx, font_size)
        if lp is None:
            return None
        return TrackSize(AUTO, Breadth("fit-content", lp[0], lp[1]))
    breadth = _breadth(tok, ctx, font_size)
    if breadth is None:
        return None
    if breadth.kind == "fr":
        return TrackSize(AUTO, breadth)
    return TrackSize(breadth, breadth)


def _names(tok: Tok) -> tuple[str, ...] | None:
    if any(t.kind != IDENT for t in tok.args):
        return None
    return tuple(t.raw for t in tok.args)


def _sequence(
    toks: list[Tok] | tuple[Tok, ...], ctx: _LengthCtx, font_size: float, allow_repeat: bool
) -> TrackList | None:
    entries: list[TrackSize | Repeat] = []
    names: list[tuple[str, ...]] = [()]
    for tok in toks:
        if tok.kind == BRACKET:
            found = _names(tok)
            if found is None:
                return None
            names[-1] = names[-1] + found
            continue
        if tok.kind == FUNC and tok.value == "repeat":
            if not allow_repeat:
                return None
            rep = _repeat(tok, ctx, font_size)
            if rep is None:
                return None
            entries.append(rep)
        else:
            size = _track_size(tok, ctx, font_size)
            if size is None:
                return None
            entries.append(size)
        names.append(())
    return TrackList(tuple(entries), tuple(names))


def _repeat(tok: Tok, ctx: _LengthCtx, font_size: float) -> Repeat | None:
    parts = split_commas(tok.args)
    if len(parts) != 2 or len(parts[0]) != 1:
        return None
    head = parts[0][0]
    auto = ""
    count = 0
    if head.kind == IDENT and head.value in ("auto-fill", "auto-fit"):
        auto = head.value
    elif head.kind == NUM and head.value >= 1 and float(head.value).is_integer():
        count = min(int(head.value), MAX_TRACKS)
    else:
        return None
    inner = _sequence(parts[1], ctx, font_size, allow_repeat=False)
    if inner is None or not inner.entries:
        return None
    tracks = tuple(cast(TrackSize, e) for e in inner.entries)
    if auto and any(t.min.kind != "fixed" and t.max.kind != "fixed" for t in tracks):
        return None  # auto repeat needs a fixed size in each track
    return Repeat(count, auto, tracks, inner.names)


@lru_cache(maxsize=1024)
def track_list(
    text: str,
    font_size: float,
    root_font_size: float = 16.0,
    viewport: tuple[float, float] = (1280.0, 720.0),
) -> TrackList | None:
    """Parse grid-template-rows/columns; 'none' gives an empty list, invalid text gives None."""
    text = (text or "").strip()
    if not text or text.lower() in ("none", "subgrid", "masonry"):
        return TrackList((), ((),))
    ctx = _LengthCtx(root_font_size, viewport)
    result = _sequence(tokenize(text), ctx, font_size, allow_repeat=True)
    if result is None:
        return None
    autos = [e for e in result.entries if isinstance(e, Repeat) and e.auto]
    if len(autos) > 1:
        return None
    return result


@lru_cache(maxsize=512)
def auto_tracks(
    text: str,
    font_size: float,
    root_font_size: float = 16.0,
    viewport: tuple[float, float] = (1280.0, 720.0),
) -> tuple[TrackSize, ...] | None:
    """Parse grid-auto-rows/columns (one or more track sizes)."""
    ctx = _LengthCtx(root_font_size, viewport)
    sizes: list[TrackSize] = []
    for tok in tokenize((text or "auto").strip() or "auto"):
        size = _track_size(tok, ctx, font_size)
        if size is None:
            return None
        sizes.append(size)
    return tuple(sizes) or None


def expand(tracks: TrackList, repetitions: int) -> ExpandedTracks:
    """Expand repeat() notation; `repetitions` is the count used for auto-fill/auto-fit."""
    sizes: list[TrackSize] = []
    names: list[tuple[str, ...]] = [tracks.names[0]]
    auto_start, auto_count, auto_fit = -1, 0, False
    for i, entry in enumerate(tracks.entries):
        if isinstance(entry, Repeat):
            count = max(1, repetitions) if entry.auto else entry.repetitions
            if entry.auto:
                auto_start, auto_count, auto_fit = (
                    len(sizes),
                    count * len(entry.tracks),
                    entry.auto == "auto-fit",
                )
            for _ in range(count):
                names[-1] = names[-1] + entry.names[0]
                for j, size in enumerate(entry.tracks):
                    sizes.append(size)
                    names.append(entry.names[j + 1])
        else:
            sizes.append(entry)
            names.append(())
        names[-1] = names[-1] + tracks.names[i + 1]
    return ExpandedTracks(tuple(sizes), tuple(names), auto_start, auto_count, auto_fit)


@lru_cache(maxsize=256)
def areas(text: str) -> Areas | None:
    """Parse grid-template-areas; 'none' gives None as does an invalid value."""
    text = (text or "").strip()
    if not text or text.lower() == "none":
        return None
    rows: list[list[str]] = []
    for tok in tokenize(text):
        if tok.kind != STR:
            return None
        cells = _area_cells(tok.value)
        if not cells:
            return None
        rows.append(cells)
    if not rows or any(len(r) != len(rows[0]) for r in rows):
        return None
    found: dict[str, list[int]] = {}
    for r, row in enumerate(rows):
        for col, name in enumerate(row):
            if name == ".":
                continue
            box = found.get(name)
            if box is None:
                found[name] = [r, r + 1, col, col + 1]
            else:
                box[0], box[1] = min(box[0], r), max(box[1], r + 1)
                box[2], box[3] = min(box[2], col), max(box[3], col + 1)
    for name, (r0, r1, c0, c1) in found.items():
        for r in range(r0, r1):
            for col in range(c0, c1):
                if rows[r][col] != name:
                    return None  # not a rectangle
    return Areas(len(rows), len(rows[0]), tuple(Area(n, *box) for n, box in found.items()))


def _area_cells(text: str) -> list[str]:
    cells: list[str] = []
    for word in text.split():
        if set(word) == {"."}:
            cells.append(".")
            continue
        # a run of dots adjacent to a name is a separate null cell token
        current = ""
        for ch in word:
            if ch == ".":
                if current and current != ".":
                    cells.append(current)
                    current = ""
                current = "."
            else:
                if current == ".":
                    cells.append(".")
                    current = ""
                current += ch
        if current:
            cells.append(current)
    return cells


@lru_cache(maxsize=1024)
def grid_line(text: str) -> GridLine:
    """Parse grid-row-start & co.; anything invalid is 'auto'."""
    toks = tokenize((text or "auto").strip() or "auto")
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "auto":
        return AUTO_LINE
    span = False
    number: int | None = None
    name = ""
    for tok in toks:
        if tok.kind == IDENT and tok.value == "span" and not span:
            span = True
        elif (
            tok.kind == NUM and number is None and float(tok.value).is_integer() and tok.value != 0
        ):
            number = max(-MAX_TRACKS, min(MAX_TRACKS, int(tok.value)))
        elif tok.kind == IDENT and not name and tok.value not in ("auto", "span"):
            name = tok.raw
        elif tok.kind == DELIM:
            return AUTO_LINE
        else:
            return AUTO_LINE
    if span:
        if number is not None and number < 0:
            return AUTO_LINE
        return GridLine("span", number or 1, name)
    if number is None and not name:
        return AUTO_LINE
    return GridLine("line", number if number is not None else 0, name)


@lru_cache(maxsize=64)
def auto_flow(text: str) -> AutoFlow:
    words = (text or "row").lower().split()
    return AutoFlow("column" in words, "dense" in words)


__all__ = [
    "Breadth",
    "TrackSize",
    "Repeat",
    "TrackList",
    "ExpandedTracks",
    "GridLine",
    "Area",
    "Areas",
    "AutoFlow",
    "AUTO_TRACK",
    "track_list",
    "auto_tracks",
    "expand",
    "areas",
    "grid_line",
    "auto_flow",
]
