"""Floats of one block formatting context (placed float margin boxes -> float positions, clearance and the band beside floats that a line or a new formatting context may use)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.layout.base import Space, layout_box
from engine.layout.dispatch import break_lines, build_line, line_is_empty

EPSILON = 0.01


@dataclass(slots=True)
class PlacedFloat:
    """A float's margin box in the coordinates of its block formatting context's content box."""

    side: str  # 'left' | 'right'
    left: float
    top: float
    right: float
    bottom: float


@dataclass(frozen=True, slots=True)
class Band:
    """The horizontal extent free of floats over a range of heights, and whether floats narrow it."""

    left: float
    right: float
    narrowed: bool

    @property
    def width(self) -> float:
        return max(0.0, self.right - self.left)


class FloatContext:
    """The floats of one block formatting context, placed by the rules of CSS 2.1 9.5.1 as Chromium
    applies them: as high as possible (never above an earlier float), then as far left (right) as
    possible within the containing block, below earlier floats when the band beside them is too
    narrow.

    Floats whose bottom is above the top of the latest float can never constrain a later float; they
    leave the active lists, which keeps placement of thousands of floats about linear. Queries
    above that line (rare: content pushed up by negative margins) scan the full lists.
    """

    def __init__(self) -> None:
        self.active: dict[str, list[PlacedFloat]] = {"left": [], "right": []}
        self.placed: list[PlacedFloat] = []
        self.last_top = float("-inf")
        self.bottoms: dict[str, float] = {"left": float("-inf"), "right": float("-inf")}

    @property
    def empty(self) -> bool:
        return not self.placed

    @property
    def bottom(self) -> float:
        return max(self.bottoms["left"], self.bottoms["right"])

    def clearance_y(self, clear: str) -> float | None:
        """The bottom of the floats that `clear` (left, right or both) must go below, if any."""
        if clear == "left":
            y = self.bottoms["left"]
        elif clear == "right":
            y = self.bottoms["right"]
        elif clear == "both":
            y = self.bottom
        else:
            return None
        return y if y > float("-inf") else None

    def _candidates(self, side: str, y: float) -> list[PlacedFloat]:
        if y >= self.last_top:
            return self.active[side]
        return [f for f in self.placed if f.side == side]

    def band(self, y: float, height: float, x0: float, x1: float) -> Band:
        """The free extent within [x0, x1] over the heights [y, y + height)."""
        left, right = x0, x1
        narrowed = False
        bottom = y + height
        for f in self._candidates("left", y):
            if _overlaps(f, y, bottom) and f.right > left:
                left = f.right
                narrowed = True
        for f in self._candidates("right", y):
            if _overlaps(f, y, bottom) and f.left < right:
                right = f.left
                narrowed = True
        return Band(left, right, narrowed)

    def next_edge(self, y: float, height: float) -> float | None:
        """The highest float bottom below `y` among the floats overlapping [y, y + height)."""
        bottom = y + height
        best: float | None = None
        for side in ("left", "right"):
            for f in self._candidates(side, y):
                if _overlaps(f, y, bottom) and f.bottom > y and (best is None or f.bottom < best):
                    best = f.bottom
        return best

    def place(
        self, side: str, width: float, height: float, y: float, x0: float, x1: float, clear: str
    ) -> PlacedFloat:
        """Place a float's margin box (width x height) at or below `y` within [x0, x1]."""
        y = max(y, self.last_top)
        cleared = self.clearance_y(clear)
        if cleared is not None:
            y = max(y, cleared)
        while True:
            band = self.band(y, height, x0, x1)
            if not band.narrowed or band.width + EPSILON >= width:
                break
            nxt = self.next_edge(y, height)
            if nxt is None:
                break
            y = nxt
        left = band.left if side == "left" else band.right - width
        placed = PlacedFloat(side, left, y, left + width, y + height)
        self._add(placed)
        return placed

    def _add(self, f: PlacedFloat) -> None:
        self.placed.append(f)
        self.bottoms[f.side] = max(self.bottoms[f.side], f.bottom)
        if f.top > self.last_top:
            self.last_top = f.top
            for side in ("left", "right"):
                self.active[side] = [g for g in self.active[side] if g.bottom > f.top]
        lst = self.active[f.side]
        # A float that starts no higher, ends no lower and reaches no further into the line than
        # the new one can no longer narrow anything on its own.
        if f.side == "left":
            lst[:] = [
                g
                for g in lst
                if not (g.top >= f.top and g.bottom <= f.bottom and g.right <= f.right)
            ]
        else:
            lst[:] = [
                g for g in lst if not (g.top >= f.top and g.bottom <= f.bottom and g.left >= f.left)
            ]
        lst.append(f)


def _overlaps(f: PlacedFloat, top: float, bottom: float) -> bool:
    if bottom > top:
        return f.top < bottom and f.bottom > top
    return f.top <= top < f.bottom


@dataclass(frozen=True, eq=False, slots=True)
class FloatSpace:
    """What a block container in a block formatting context learns about that context's floats.

    `cb_x` is the containing block's content-box left edge and `y` + `strut` the container's
    hypothetical border-box top (margins above it not yet collapsed), both in the coordinates of
    the formatting context root's content box. With `cleared`, the container's own top margin is
    absorbed by clearance.
    """

    context: FloatContext
    cb_x: float
    y: float
    strut: tuple[float, float] = (
        0.0,
        0.0,
    )  # collapsing margins above: (max positive, min negative)
    cleared: bool = False


@dataclass(frozen=True, slots=True)
class LineFloats:
    """The floats an inline formatting context lays its lines beside: content box in BFC coordinates."""

    context: FloatContext
    x: float
    y: float
    width: float

    def band(self, y: float, height: float) -> Band:
        """The band for a line `y` below the content top, relative to the content box."""
        b = self.context.band(self.y + y, height, self.x, self.x + self.width)
        return Band(b.left - self.x, b.right - self.x, b.narrowed)

    def next_edge(self, y: float, height: float) -> float | None:
        nxt = self.context.next_edge(self.y + y, height)
        return None if nxt is None else nxt - self.y


Lines = list[tuple[list[Any], bool]]


class _Bands:
    """Bands for lines 0, 1, ... computed in order from the heights, gaps and emptiness assumed."""

    def __init__(
        self,
        floats: LineFloats,
        default_height: float,
        heights: dict[int, float],
        empties: dict[int, bool],
        drops: dict[int, float],
    ) -> None:
        self.floats = floats
        self.default_height = default_height
        self.heights, self.empties, self.drops = heights, empties, drops
        self.rows: list[tuple[Band, float, float, float]] = []  # band, drop, y, height
        self.cursor = 0.0

    def width(self, i: int) -> float:
        while len(self.rows) <= i:
            k = len(self.rows)
            drop = self.drops.get(k, 0.0)
            y = self.cursor + drop
            h = self.heights.get(k, self.default_height)
            self.rows.append((self.floats.band(y, h), drop, y, h))
            if not self.empties.get(k, False):
                self.cursor = y + h
        return self.rows[i][0].width


def lines_beside_floats(
    floats: LineFloats,
    pieces: list[Any],
    width: float,
    indent: float,
    wrap: bool,
    strut: Any,
    style: Any,
    first_end: int | None = None,
) -> tuple[Lines, list[tuple[float, float, float]]]:
    """Break lines beside floats: see _break_beside."""
    lines, bands = _break_beside(floats, pieces, width, indent, wrap, strut, style, first_end)
    return lines, [(row[0].left, row[0].width, row[1]) for row in bands.rows[: len(lines)]]


def _break_beside(
    floats: LineFloats,
    pieces: list[Any],
    width: float,
    indent: float,
    wrap: bool,
    strut: Any,
    style: Any,
    first_end: int | None,
) -> tuple[Lines, _Bands]:
    """Break lines whose width depends on where they are: each line gets the band beside the
    floats over its own height; a line whose content does not fit beside the floats moves down
    to the next float edge (as Chromium looks for the next layout opportunity). Line heights are
    only known once lines are built, so breaking repeats until the heights it assumed hold.

    Returns the lines and, per line, (x offset, width, extra space above it)."""
    heights: dict[int, float] = {}
    empties: dict[int, bool] = {}
    drops: dict[int, float] = {}
    lines: Lines = []
    bands = _Bands(floats, strut.line_height, heights, empties, drops)
    for _round in range(6):
        bands = _Bands(floats, strut.line_height, heights, empties, drops)
        lines = break_lines(pieces, width, indent, wrap, bands.width, first_end)
        bands.width(len(lines) - 1)
        changed = False
        for k, (line_pieces, forced) in enumerate(lines):
            band, _drop, y, h = bands.rows[k]
            built = build_line(
                line_pieces, strut, band.width, indent if k == 0 else 0.0, style, forced, False
            )
            empty = line_is_empty(line_pieces) and not forced
            if heights.get(k) != built.height or empties.get(k, False) != empty:
                heights[k] = built.height
                empties[k] = empty
                changed = True
            if (
                band.narrowed
                and not empty
                and built.content_width > band.width + EPSILON
                and k not in drops
            ):
                nxt = floats.next_edge(y, h)
                if nxt is not None and nxt > y:
                    drops[k] = nxt - y
                    changed = True
        if not changed:
            break
    return lines, bands


def place_line_floats(
    floats: LineFloats,
    pieces: list[Any],
    width: float,
    indent: float,
    wrap: bool,
    strut: Any,
    style: Any,
    first_end: int | None,
    layout: Any,
) -> list[tuple[Any, PlacedFloat]]:
    """Place the floats met inside a paragraph, in order, as Chromium's line breaker does: at
    the top of the line where the float occurs when it fits beside what that line already holds,
    otherwise at the top of the next line. `layout(box)` lays a float out (its fragment).
    Returns each float's fragment with its placed margin box (in the context's coordinates)."""
    out: list[tuple[Any, PlacedFloat]] = []
    where: dict[int, tuple[int, float]] = {}
    bands: _Bands | None = None
    for piece in pieces:
        if piece.kind != "float":
            continue
        frag = layout(piece.box)
        if bands is None or len(out) < MAX_REBREAKS:
            lines, bands = _break_beside(
                floats, pieces, width, indent, wrap, strut, style, first_end
            )
            where = _positions(lines, indent)
        index, used = where.get(id(piece), (len(bands.rows) - 1, 0.0))
        band, _drop, y, h = bands.rows[max(0, index)]
        w, hgt = frag.margin_box_width, frag.margin_box_height
        fits = used + w <= band.width + EPSILON or used == 0
        top = y if fits else y + h
        side = piece.box.style["float"]
        side = side if side in ("left", "right") else "left"
        placed = floats.context.place(
            side,
            w,
            hgt,
            floats.y + top,
            floats.x,
            floats.x + width,
            piece.box.style["clear"],
        )
        out.append((frag, placed))
    return out


MAX_REBREAKS = 8  # later floats of one paragraph reuse the last line breaking (bounded work)


def _positions(lines: Lines, indent: float) -> dict[int, tuple[int, float]]:
    """For each float piece: its line and the width of what comes before it on that line."""
    out: dict[int, tuple[int, float]] = {}
    for index, (line_pieces, _forced) in enumerate(lines):
        used = indent if index == 0 else 0.0
        for p in line_pieces:
            if p.kind == "float":
                out[id(p)] = (index, used)
            used += p.width + p.trailing_width
    return out


def float_fragments(
    floats: LineFloats,
    pieces: list[Any],
    breaking: tuple[float, float, bool, int | None],
    strut: Any,
    style: Any,
    ctx: Any,
    cb_height: float | None,
) -> list[Any]:
    """Lay out and place the floats inside a paragraph; their fragments are positioned relative
    to the paragraph's content box."""
    width, indent, wrap, first_end = breaking

    def layout(box: Any) -> Any:
        return layout_box(box, ctx, Space(width, cb_height, fit_content=True))

    out = []
    for frag, placed in place_line_floats(
        floats, pieces, width, indent, wrap, strut, style, first_end, layout
    ):
        frag.x = placed.left - floats.x + frag.margin.left
        frag.y = placed.top - floats.y + frag.margin.top
        out.append(frag)
    return out


__all__ = [
    "FloatContext",
    "FloatSpace",
    "LineFloats",
    "Band",
    "PlacedFloat",
    "lines_beside_floats",
    "place_line_floats",
]
