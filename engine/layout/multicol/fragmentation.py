"""Column fragmentation (a flow laid out at the column width -> its break opportunities, columns
filled or balanced as Chromium does, and the flow's fragments cut into one piece per column).

Line boxes are never split, a paragraph keeps at least `orphans` lines before and `widows`
lines after a break (2 by default; widows give way when both cannot hold), monolithic boxes
(replaced, flex, grid, tables, scroll containers, floats, nested multicol) and `break-inside:
avoid` blocks stay whole, everything else (padding, empty heights) may break anywhere. Margins
adjoining a break are truncated: the next column starts where the content after the break starts.
`break-before` / `break-after: column` (or always, all) between siblings force a column break.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
from dataclasses import dataclass, field

from engine.boxes import box as b
from engine.layout.fragments import BoxFragment
from engine.layout.multicol import is_multicol

_EPS = 1e-6
# break-before / break-after values that force a column break (page breaks do not, on screen).
FORCED = frozenset(["always", "all", "column"])
_MAX_COLUMNS = 1000  # overflow columns beyond this are dropped (bounded work)


def floor64(v: float) -> float:
    return math.floor(v * 64 + _EPS) / 64


def ceil64(v: float) -> float:
    return math.ceil(v * 64 - _EPS) / 64


@dataclass(slots=True)
class Paragraph:
    """The line boxes of one block (tops and bottoms, in flow coordinates)."""

    tops: list[float]
    bottoms: list[float]
    before: float | None = None  # the break before its block (None: no earlier sibling)
    orphans: int = 2  # lines a column must keep before a break inside the paragraph
    widows: int = 2  # lines the next column must get


@dataclass(slots=True)
class FlowBreaks:
    """Where a laid-out flow may break: unbreakable spans (lines, monolithic boxes, avoid
    blocks), paragraphs (for orphans and widows) and truncatable margin gaps."""

    height: float
    unbreakable: list[tuple[float, float]] = field(default_factory=list)  # merged, sorted
    margins: list[tuple[float, float]] = field(default_factory=list)  # sorted gaps
    paragraphs: list[Paragraph] = field(default_factory=list)  # sorted by first line
    content_height: float | None = None  # without the trailing margin
    firsts: list[float] = field(default_factory=list)  # each paragraph's first line top
    forced: list[float] = field(default_factory=list)  # forced column breaks, sorted

    def forced_after(self, y: float) -> float | None:
        """The first forced break below y."""
        i = bisect.bisect_right(self.forced, y + _EPS)
        return self.forced[i] if i < len(self.forced) else None

    def unbreakable_at(self, y: float) -> tuple[float, float] | None:
        """The unbreakable span strictly containing y."""
        i = bisect.bisect_right(self.unbreakable, (y, math.inf)) - 1
        if i >= 0:
            lo, hi = self.unbreakable[i]
            if lo + _EPS < y < hi - _EPS:
                return lo, hi
        return None

    def after_margin(self, y: float) -> float:
        """Where content resumes after a break at y (a margin gap holding y is truncated)."""
        i = bisect.bisect_right(self.margins, (y + _EPS, math.inf)) - 1
        if i >= 0:
            lo, hi = self.margins[i]
            if lo - _EPS <= y < hi:
                return hi
        return y

    def paragraph_at(self, y: float) -> Paragraph | None:
        """The paragraph with lines both above and below y."""
        i = bisect.bisect_right(self.firsts, y) - 1
        for j in (i, i - 1):  # paragraphs only overlap where a float's text sits in another's
            if j >= 0:
                para = self.paragraphs[j]
                if para.tops[0] + _EPS < y < para.bottoms[-1] - _EPS:
                    return para
        return None

    @property
    def tallest(self) -> float:
        return max((hi - lo for lo, hi in self.unbreakable), default=0.0)


def _monolithic(frag: BoxFragment) -> bool:
    box = frag.box
    style = box.style
    return (
        box.inner not in (b.FLOW, b.FLOW_ROOT)
        or style["float"] != "none"
        or style["overflow-y"] not in ("visible", "clip")
        or is_multicol(box)
    )


def flow_breaks(root: BoxFragment) -> FlowBreaks:
    """Collect the break constraints of a flow fragment (coordinates from its border-box top)."""
    spans: list[tuple[float, float]] = []
    margins: list[tuple[float, float]] = []
    paragraphs: list[Paragraph] = []
    forced: list[float] = []
    content_height = root.height
    stack: list[tuple[BoxFragment, float, bool, float | None]] = [(root, 0.0, True, None)]
    while stack:
        frag, y0, is_root, before = stack.pop()
        if not is_root and _monolithic(frag):
            spans.append((y0, y0 + frag.height))
            continue
        if not is_root and frag.box.style["break-inside"] in ("avoid", "avoid-column"):
            spans.append((y0, y0 + frag.height))
        if frag.lines:
            tops = [y0 + line.y for line in frag.lines]
            bottoms = [t + line.height for t, line in zip(tops, frag.lines, strict=True)]
            spans.extend(zip(tops, bottoms, strict=True))
            style = frag.box.style
            paragraphs.append(
                Paragraph(tops, bottoms, before, int(style["orphans"]), int(style["widows"]))
            )
        prev_bottom: float | None = None
        prev_forces = False
        for child in frag.children:
            top = y0 + child.y
            if child.box.style["float"] != "none":
                stack.append((child, top, False, None))
                continue
            if prev_bottom is not None and (
                prev_forces or child.box.style["break-before"] in FORCED
            ):
                forced.append(prev_bottom)
            prev_forces = child.box.style["break-after"] in FORCED
            # A break between siblings (class A) lies before the child; before a first child
            # only where one lies before its parent.
            stack.append((child, top, False, top if prev_bottom is not None else before))
            if prev_bottom is not None and top - child.margin.top > prev_bottom - _EPS:
                margins.append((prev_bottom, top))
            elif prev_bottom is None and child.margin.top > 0:
                margins.append((top - child.margin.top, top))
            prev_bottom = top + child.height
        if is_root and prev_bottom is not None and root.height - prev_bottom > _EPS:
            margins.append((prev_bottom, root.height))  # the last child's bottom margin
            content_height = prev_bottom
    paragraphs.sort(key=lambda p: p.tops[0])
    return FlowBreaks(
        root.height,
        _merge(spans),
        sorted(margins),
        paragraphs,
        content_height,
        [p.tops[0] for p in paragraphs],
        sorted(forced),
    )


def _merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for lo, hi in sorted(s for s in spans if s[1] - s[0] > _EPS):
        if out and lo < out[-1][1] - _EPS:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


@dataclass(slots=True)
class Columns:
    """The flow's range in each column: column c shows [starts[c], ends[c])."""

    starts: list[float]
    ends: list[float]
    violations: int = 0  # breaks leaving fewer than `orphans` lines of a paragraph in a column

    def column_at(self, y: float) -> int:
        """The column whose range starts at or before y."""
        return max(0, bisect.bisect_right(self.starts, y + _EPS) - 1)

    def column_ending_at(self, y: float) -> int:
        """The column holding content that ends at y (a range ending at a break stays before it)."""
        return max(0, bisect.bisect_left(self.starts, y - _EPS) - 1)


def _line_break(para: Paragraph, start: float, end: float) -> tuple[float, bool]:
    """Move a break that falls between two lines of a paragraph where `orphans` and `widows`
    allow: the latest line boundary leaving at least `orphans` lines of the paragraph in this
    column and `widows` in the next; if none, a break before the paragraph's block when it
    starts in this column after a sibling; else the latest leaving `orphans` lines here (widows
    give way, as in Chromium). Failing that, the latest line that fits, flagged as violating
    orphans."""
    n = len(para.tops)
    first = bisect.bisect_left(para.tops, start - _EPS)  # the paragraph's first line here
    fits = bisect.bisect_right(para.bottoms, end + _EPS)  # lines ending at or before the break
    options = range(fits, first, -1)
    for k in options:
        if k - first >= para.orphans and n - k >= para.widows:
            return para.tops[k], True
    if first == 0 and para.before is not None and para.before > start + _EPS:
        return para.before, True
    for k in options:
        if k - first >= para.orphans:
            return para.tops[k], True
    return (para.tops[fits] if fits > first else end), False


def fill_columns(breaks: FlowBreaks, height: float) -> Columns:
    """Fill columns of a given height one after another (breaking as late as allowed)."""
    height = max(height, 1 / 64)
    starts, ends = [0.0], []
    start = 0.0
    total = breaks.height
    violations = 0
    while True:
        limit = start + height
        forced = breaks.forced_after(start)
        if forced is not None and forced <= limit + _EPS:
            ends.append(forced)
            start = breaks.after_margin(forced)
            if start >= total - _EPS:
                break
            starts.append(start)
            continue
        if limit >= total - _EPS or len(starts) >= _MAX_COLUMNS:
            ends.append(total)
            break
        end = limit
        span = breaks.unbreakable_at(limit)
        if span is not None:
            end = span[0] if span[0] > start + _EPS else span[1]
        para = breaks.paragraph_at(end)
        if para is not None:
            moved, ok = _line_break(para, start, end)
            violations += not ok
            if moved > start + _EPS:
                end = moved
        ends.append(end)
        start = breaks.after_margin(end)
        if start >= total - _EPS:
            break
        starts.append(start)
    return Columns(starts, ends, violations)


def _fits(breaks: FlowBreaks, height: float, count: int) -> bool:
    cols = fill_columns(breaks, height)
    return len(cols.starts) <= count and cols.violations == 0


def balanced_height(breaks: FlowBreaks, count: int, cap: float | None) -> float:
    """The column height Chromium balances to: the least height (in layout units, from the
    content height over the column count up) at which the content fits in `count` columns
    without leaving a lone orphan line at a column's end."""
    if breaks.height <= _EPS:
        return 0.0
    content = breaks.height if breaks.content_height is None else breaks.content_height
    lo = round(max(ceil64(content / count), breaks.tallest) * 64)
    hi = max(lo, round(ceil64(breaks.height) * 64))
    if cap is not None:
        hi = min(hi, round(floor64(cap) * 64))
        if lo >= hi:
            return cap
    if _fits(breaks, lo / 64, count):
        return lo / 64
    while hi - lo > 1:  # fits(hi) holds (or hi is the cap); fits(lo) does not
        mid = (lo + hi) // 2
        if _fits(breaks, mid / 64, count):
            hi = mid
        else:
            lo = mid
    return hi / 64


def split_flow(root: BoxFragment, cols: Columns) -> dict[int, BoxFragment]:
    """The flow fragment cut into one piece per column (piece y values are column-relative)."""
    return {c: piece for c, (piece, _top) in _split(root, 0.0, cols).items()}


def _split(frag: BoxFragment, y0: float, cols: Columns) -> dict[int, tuple[BoxFragment, float]]:
    y1 = y0 + frag.height
    first = cols.column_at(y0)
    if first + 1 < len(cols.starts) and y0 >= cols.ends[first] - _EPS and frag.height > 0:
        first += 1
    last = max(first, cols.column_ending_at(y1))
    if last > first and _monolithic(frag):
        last = first
    pieces: dict[int, tuple[BoxFragment, float]] = {}
    for c in range(first, last + 1):
        top = y0 if c == first else max(y0, cols.starts[c])
        bottom = y1 if c == last else min(y1, cols.ends[c])
        piece = dataclasses.replace(
            frag,
            height=max(0.0, bottom - top),
            children=[],
            lines=[],
            placeholders=list(frag.placeholders) if c == first else [],
            baseline=frag.baseline if c == first else None,
            extra=dict(frag.extra),
        )
        pieces[c] = (piece, top)
    if first == last and (not frag.children and not frag.lines or _monolithic(frag)):
        piece = pieces[first][0]
        piece.children = list(frag.children)
        piece.lines = list(frag.lines)
        return pieces
    for line in frag.lines:
        ly = y0 + line.y
        c = min(max(cols.column_at(ly), first), last)
        piece, top = pieces[c]
        piece.lines.append(dataclasses.replace(line, y=ly - top))
    for child in frag.children:
        for c, (sub, sub_top) in _split(child, y0 + child.y, cols).items():
            piece, top = pieces[min(max(c, first), last)]
            sub.x = child.x
            sub.y = sub_top - top
            piece.children.append(sub)
    return pieces


__all__ = [
    "Columns",
    "FlowBreaks",
    "Paragraph",
    "balanced_height",
    "ceil64",
    "fill_columns",
    "floor64",
    "flow_breaks",
    "is_multicol",
    "split_flow",
]
