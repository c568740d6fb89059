"""Multi-column layout (a multicol container + containing block -> column fragments: the content
laid out once at the column width, balanced as Chromium does, then split between line boxes).

The container's content flows through an anonymous block (the "flow") laid out at the column
width with an unbounded height. Break opportunities come from that flow: line boxes are never
split, a paragraph keeps at least two lines on each side of a break (orphans and widows default
to 2), monolithic boxes (replaced, flex, grid, tables, scroll containers, floats, nested multicol)
and `break-inside: avoid` blocks stay whole, everything else (padding, empty heights) may break
anywhere. Margins adjoining a break are truncated: the next column starts where the content
after the break starts. `column-span: all` children cut the content into rows of columns, each
balanced on its own, with the spanner at full width between them.
"""

from __future__ import annotations

import bisect
import dataclasses
import math
from dataclasses import dataclass, field

from engine.boxes import box as b
from engine.layout.base import (
    LayoutContext,
    Space,
    clamp,
    layout_box,
    length,
    margin_value,
    min_max_height,
    specified_height,
)
from engine.layout.fragments import BoxFragment, Edges, Intrinsic
from engine.style.computed import anonymous_style

_EPS = 1e-6
_MAX_COLUMNS = 1000  # overflow columns beyond this are dropped (bounded work)
_ORPHANS = _WIDOWS = 2  # Chromium's defaults (the properties are not read)


def is_multicol(box: b.Box) -> bool:
    """A block container with `column-count` or `column-width` is a multicol container."""
    style = box.style
    return box.inner in (b.FLOW, b.FLOW_ROOT) and (
        style["column-count"] != "auto" or style["column-width"] != "auto"
    )


@dataclass(frozen=True, slots=True)
class ColumnGeometry:
    """Used column count, column width and gap (CSS Multi-column 1, 3.4)."""

    count: int
    width: float
    gap: float


def column_geometry(style: object, available: float) -> ColumnGeometry:
    count_v = style["column-count"]  # type: ignore[index]
    width_v = style["column-width"]  # type: ignore[index]
    gap_v = style["column-gap"]  # type: ignore[index]
    gap = float(style["font-size"]) if gap_v == "normal" else length(gap_v, available)  # type: ignore[index]
    gap = max(0.0, gap)
    if width_v == "auto":
        count = int(count_v)
    else:
        fit = max(1, math.floor((available + gap) / (max(float(width_v), 0.0) + gap) + _EPS))
        count = fit if count_v == "auto" else min(int(count_v), fit)
    count = max(1, count)
    width = max(0.0, (available - (count - 1) * gap) / count)
    return ColumnGeometry(count, _floor64(width), gap)


def _floor64(v: float) -> float:
    return math.floor(v * 64 + _EPS) / 64


def _ceil64(v: float) -> float:
    return math.ceil(v * 64 - _EPS) / 64


@dataclass(slots=True)
class Paragraph:
    """The line boxes of one block (tops and bottoms, in flow coordinates)."""

    tops: list[float]
    bottoms: list[float]
    before: float | None = None  # the break before its block (None: no earlier sibling)


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
            paragraphs.append(Paragraph(tops, bottoms, before))
        prev_bottom: float | None = None
        for child in frag.children:
            top = y0 + child.y
            if child.box.style["float"] != "none":
                stack.append((child, top, False, None))
                continue
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
    """Move a break that falls between two lines of a paragraph where orphans and widows (2 and
    2) allow: the latest line boundary leaving at least two lines of the paragraph in this column
    and two in the next; if none, a break before the paragraph's block when it starts in this
    column after a sibling; else the latest leaving two lines here (widows give way, as in
    Chromium). Failing that, the latest line that fits, flagged as violating orphans."""
    n = len(para.tops)
    first = bisect.bisect_left(para.tops, start - _EPS)  # the paragraph's first line here
    fits = bisect.bisect_right(para.bottoms, end + _EPS)  # lines ending at or before the break
    options = range(fits, first, -1)
    for k in options:
        if k - first >= _ORPHANS and n - k >= _WIDOWS:
            return para.tops[k], True
    if first == 0 and para.before is not None and para.before > start + _EPS:
        return para.before, True
    for k in options:
        if k - first >= _ORPHANS:
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
    lo = round(max(_ceil64(content / count), breaks.tallest) * 64)
    hi = max(lo, round(_ceil64(breaks.height) * 64))
    if cap is not None:
        hi = min(hi, round(_floor64(cap) * 64))
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


def multicol_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """Min-/max-content widths of a multicol container's content: a column's (at least
    `column-width`) times the specified column count (1 when auto), plus the gaps (Chromium's
    ColumnLayoutAlgorithm::ComputeMinMaxSizes)."""
    from engine.layout.intrinsic import content_intrinsic

    style = box.style
    inner = content_intrinsic(_flow_box(box, list(box.children), ctx), ctx)
    mn, mx = inner.min_content, inner.max_content
    if style["column-width"] != "auto":
        mn = max(mn, float(style["column-width"]))
        mx = max(mx, float(style["column-width"]))
    count = 1 if style["column-count"] == "auto" else int(style["column-count"])
    gap_v = style["column-gap"]
    gap = float(style["font-size"]) if gap_v == "normal" else max(0.0, length(gap_v, 0.0))
    extra = gap * (count - 1)
    return Intrinsic(mn * count + extra, mx * count + extra)


def layout_multicol(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a multicol container: rows of balanced columns (and spanners between them)."""
    from engine.layout.block import used_width

    style = box.style
    w = used_width(box, ctx, space)
    chrome_v = w.border.vertical + w.padding.vertical
    mt = margin_value(style, "top", space.cb_width) or 0.0
    mb = margin_value(style, "bottom", space.cb_width) or 0.0
    height = (
        space.height
        if space.height is not None
        else specified_height(style, space.cb_height, chrome_v)
    )
    lo, hi = min_max_height(style, space.cb_height, chrome_v)
    inner_w = max(0.0, w.width - w.border.horizontal - w.padding.horizontal)
    geo = column_geometry(style, inner_w)
    frag = BoxFragment(
        box,
        0.0,
        0.0,
        w.width,
        0.0,
        Edges(mt, w.margin_right, mb, w.margin_left),
        w.border,
        w.padding,
    )
    ox, oy = w.border.left + w.padding.left, w.border.top + w.padding.top
    fixed = None if height is None else max(0.0, height - chrome_v)
    cap = fixed
    if cap is None and hi is not None:
        cap = max(0.0, hi - chrome_v)
    y = 0.0
    for kind, part in _rows(box):
        if kind == "span":
            child = part[0]
            cfrag = layout_box(child, ctx, Space(inner_w, fixed))
            y += cfrag.margin.top
            cfrag.x, cfrag.y = ox + cfrag.margin.left, oy + y
            frag.children.append(cfrag)
            y += cfrag.height + cfrag.margin.bottom
            continue
        row_cap = None if cap is None else max(0.0, cap - y)
        y += _column_row(box, part, ctx, geo, frag, (ox, oy + y), row_cap, fixed is not None)
    content = y
    if height is None:
        height = clamp(content + chrome_v, lo, hi)
    elif space.height is None:
        height = clamp(height, lo, hi)
    frag.height = height
    if frag.children:
        first = frag.children[0]
        if first.baseline is not None:
            frag.baseline = first.y + first.baseline
    return frag


def _rows(box: b.Box) -> list[tuple[str, list[b.Box]]]:
    """The container's children cut at `column-span: all` children (in-flow, block-level)."""
    if box.inline_content:
        return [("flow", list(box.children))]
    rows: list[tuple[str, list[b.Box]]] = []
    current: list[b.Box] = []
    for child in box.children:
        if (
            child.style["column-span"] == "all"
            and not child.out_of_flow
            and child.style["float"] == "none"
        ):
            if current:
                rows.append(("flow", current))
                current = []
            rows.append(("span", [child]))
        else:
            current.append(child)
    if current:
        rows.append(("flow", current))
    return rows


def _flow_box(box: b.Box, children: list[b.Box], ctx: LayoutContext) -> b.Box:
    """An anonymous block holding (part of) the container's content, kept for the page."""
    key = (box, "multicol-flow:" + ",".join(str(id(c)) for c in children[:1]))
    cached = ctx.intrinsic_cache.get(key)
    if isinstance(cached, b.Box):
        return cached
    flow = b.Box(
        anonymous_style(box.style, "block"),
        "block",
        b.FLOW_ROOT,
        children=children,
        anonymous=True,
        inline_content=box.inline_content,
        index=box.index,
    )
    ctx.intrinsic_cache[key] = flow  # type: ignore[assignment]
    return flow


def _column_row(
    box: b.Box,
    children: list[b.Box],
    ctx: LayoutContext,
    geo: ColumnGeometry,
    frag: BoxFragment,
    origin: tuple[float, float],
    cap: float | None,
    fill_auto_ok: bool,
) -> float:
    """Lay out one row of columns into `frag`; returns the row's height."""
    flow = _flow_box(box, children, ctx)
    laid = layout_box(flow, ctx, Space(geo.width, None, width=geo.width))
    breaks = flow_breaks(laid)
    if fill_auto_ok and cap is not None and box.style["column-fill"] == "auto":
        col_h = cap
    else:
        col_h = balanced_height(breaks, geo.count, cap)
    cols = fill_columns(breaks, col_h)
    pieces = split_flow(laid, cols)
    ox, oy = origin
    for c, piece in sorted(pieces.items()):
        piece.x = ox + c * (geo.width + geo.gap)
        piece.y = oy
        piece.height = col_h
        frag.children.append(piece)
    _column_rules(box, frag, geo, origin, col_h, len(pieces))
    return col_h


def _column_rules(
    box: b.Box,
    frag: BoxFragment,
    geo: ColumnGeometry,
    origin: tuple[float, float],
    height: float,
    used: int,
) -> None:
    """`column-rule`: a line centred in each gap between two columns that hold content."""
    style = box.style
    rule_style = style["column-rule-style"]
    width = float(style["column-rule-width"])
    if rule_style in ("none", "hidden") or width <= 0 or used < 2 or height <= 0:
        return
    rule = anonymous_style(style, "block")
    rule["border-left-width"] = width
    rule["border-left-style"] = rule_style
    rule["border-left-color"] = style["column-rule-color"]
    rule_box = b.Box(rule, "block", b.FLOW, anonymous=True, index=box.index)
    ox, oy = origin
    for c in range(used - 1):
        x = ox + (c + 1) * geo.width + c * geo.gap + (geo.gap - width) / 2
        frag.children.append(
            BoxFragment(rule_box, x, oy, width, height, border=Edges(0.0, 0.0, 0.0, width))
        )


__all__ = [
    "ColumnGeometry",
    "Columns",
    "FlowBreaks",
    "balanced_height",
    "column_geometry",
    "fill_columns",
    "flow_breaks",
    "is_multicol",
    "layout_multicol",
    "split_flow",
]
