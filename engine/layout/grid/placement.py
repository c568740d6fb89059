"""Grid item placement (a grid container's templates + items -> the implicit grid, item areas and track sizing functions, CSS Grid 1 §7-8)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.boxes.box import Box
from engine.budget import check
from engine.layout.base import LayoutContext
from engine.layout.items import gap_value
from engine.style import grid_values as gv
from engine.style.grid_values import GridLine


@dataclass(eq=False, slots=True)
class AxisLines:
    """One axis of the explicit grid: its track count and named lines (0-based line indices)."""

    count: int
    names: dict[str, list[int]]


@dataclass(eq=False, slots=True)
class ItemPlacement:
    """An item's requested placement on both axes (lines relative to the explicit grid's first line)."""

    row: tuple[int | None, int]  # (start line or None when auto, span)
    column: tuple[int | None, int]
    row_start: int = 0  # resolved, 0-based indices into the final (implicit) grid
    row_end: int = 1
    column_start: int = 0
    column_end: int = 1


@dataclass(eq=False, slots=True)
class GridShape:
    rows: int
    columns: int
    row_offset: int  # index of the explicit grid's first row line in the implicit grid
    column_offset: int


def _nth_named(lines: list[int], n: int, explicit: int) -> int:
    """The n-th line with a name (negative: from the end); missing ones are implicit lines."""
    if n > 0:
        if n <= len(lines):
            return lines[n - 1]
        return explicit + (n - len(lines))
    k = -n
    if k <= len(lines):
        return lines[-k]
    return -(k - len(lines))


def _line_index(line: GridLine, axis: AxisLines, side: str) -> int:
    if not line.name:
        n = line.number
        return n - 1 if n > 0 else axis.count + 1 + n
    if line.number == 0:
        edge = axis.names.get(f"{line.name}-{side}")
        if edge:
            return edge[0]
        return _nth_named(axis.names.get(line.name, []), 1, axis.count)
    return _nth_named(axis.names.get(line.name, []), line.number, axis.count)


def _span_to(start: int, line: GridLine, axis: AxisLines, forward: bool) -> int:
    """The far edge of a span from `start` (named spans count lines with that name)."""
    if not line.name:
        return start + line.number if forward else start - line.number
    named = axis.names.get(line.name, [])
    count = line.number
    if forward:
        after = [i for i in named if i > start]
        if count <= len(after):
            return after[count - 1]
        return max(start, axis.count) + (count - len(after))
    before = [i for i in reversed(named) if i < start]
    if count <= len(before):
        return before[count - 1]
    return min(start, 0) - (count - len(before))


def resolve_axis(start: GridLine, end: GridLine, axis: AxisLines) -> tuple[int | None, int]:
    """(start line, span) of one axis; start is None when the item is auto-placed on it."""
    if start.kind == "auto" and end.kind == "auto":
        return None, 1
    if start.kind == "span" and end.kind == "span":
        return None, start.number if not start.name else 1
    if start.kind != "line" and end.kind != "line":
        span_line = start if start.kind == "span" else end
        return None, span_line.number if not span_line.name else 1
    if start.kind == "line" and end.kind == "line":
        s, e = _line_index(start, axis, "start"), _line_index(end, axis, "end")
        if e < s:
            s, e = e, s
        if e == s:
            e = s + 1
        return s, e - s
    if start.kind == "line":
        s = _line_index(start, axis, "start")
        e = _span_to(s, end, axis, True) if end.kind == "span" else s + 1
        return s, max(1, e - s)
    e = _line_index(end, axis, "end")
    s = _span_to(e, start, axis, False) if start.kind == "span" else e - 1
    return s, max(1, e - s)


class _Cells:
    """Occupied cells in (major, minor) coordinates: one bit mask of taken minor lines per major
    line, and the number of leading major lines that are full (dense packing starts after them),
    so placing n items costs O(n x span) instead of rescanning the grid for every item."""

    def __init__(self) -> None:
        self.rows: dict[int, int] = {}
        self.full = 0  # mask of a full major line (0 until the minor count is known)
        self.first_open = 0  # major lines before this one are full

    def set_width(self, minor_count: int) -> None:
        self.full = (1 << minor_count) - 1
        self._advance()

    def free(self, major: int, minor: int, major_span: int, minor_span: int) -> bool:
        mask = ((1 << minor_span) - 1) << minor
        get = self.rows.get
        return all(not get(a, 0) & mask for a in range(major, major + major_span))

    def take(self, major: int, minor: int, major_span: int, minor_span: int) -> None:
        mask = ((1 << minor_span) - 1) << minor
        rows = self.rows
        for a in range(major, major + major_span):
            rows[a] = rows.get(a, 0) | mask
        self._advance()

    def _advance(self) -> None:
        full = self.full
        if not full:
            return
        rows = self.rows
        while rows.get(self.first_open, 0) & full == full:
            self.first_open += 1


def place_items(
    items: list[ItemPlacement], rows: AxisLines, columns: AxisLines, column_flow: bool, dense: bool
) -> GridShape:
    """Run the grid item placement algorithm; fills each item's resolved lines."""
    row_offset = -min([0] + [p.row[0] for p in items if p.row[0] is not None])
    col_offset = -min([0] + [p.column[0] for p in items if p.column[0] is not None])
    # Work in (major, minor): major is the axis the auto-placement cursor advances along last.
    if column_flow:
        major_offset, minor_offset = col_offset, row_offset
        minor_explicit = rows.count
    else:
        major_offset, minor_offset = row_offset, col_offset
        minor_explicit = columns.count

    def major_of(p: ItemPlacement) -> tuple[int | None, int]:
        return p.column if column_flow else p.row

    def minor_of(p: ItemPlacement) -> tuple[int | None, int]:
        return p.row if column_flow else p.column

    minor_count = minor_explicit + minor_offset
    for p in items:
        start, span = minor_of(p)
        minor_count = max(minor_count, (start + minor_offset + span) if start is not None else span)
    cells = _Cells()
    result: dict[
        int, tuple[int, int, int, int]
    ] = {}  # id -> (major, minor, major span, minor span)

    def put(p: ItemPlacement, major: int, minor: int, major_span: int, minor_span: int) -> None:
        cells.take(major, minor, major_span, minor_span)
        result[id(p)] = (major, minor, major_span, minor_span)

    # 1. Items with definite positions on both axes.
    for p in items:
        (ma, ma_span), (mi, mi_span) = major_of(p), minor_of(p)
        if ma is not None and mi is not None:
            put(p, ma + major_offset, mi + minor_offset, ma_span, mi_span)
    # 2. Items locked to a major line (definite major position, auto minor position).
    cursors: dict[int, int] = {}
    for p in items:
        (ma, ma_span), (mi, mi_span) = major_of(p), minor_of(p)
        if ma is None or mi is not None:
            continue
        major = ma + major_offset
        minor = 0 if dense else cursors.get(major, 0)
        while not cells.free(major, minor, ma_span, mi_span):
            minor += 1
        put(p, major, minor, ma_span, mi_span)
        cursors[major] = minor + mi_span
        minor_count = max(minor_count, minor + mi_span)
    # 3./4. Remaining items, with the auto-placement cursor. Dense packing restarts each search
    # at the grid's start, but cells are only ever taken: a position where an item of the same
    # spans did not fit still does not, so the search resumes where that shape was last placed
    # (same placement, each cell scanned about once per shape instead of once per item).
    cells.set_width(minor_count)
    cur_major, cur_minor = 0, 0
    resume: dict[tuple[int, int, int | None], tuple[int, int]] = {}
    for p in items:
        if id(p) in result:
            continue
        check("layout")
        (_, ma_span), (mi, mi_span) = major_of(p), minor_of(p)
        shape = (ma_span, mi_span, mi)
        if mi is not None:
            minor = mi + minor_offset
            if dense:
                cur_major = max(cells.first_open, resume.get(shape, (0, 0))[0])
            elif minor < cur_minor:
                cur_major += 1
            cur_minor = minor
            while not cells.free(cur_major, minor, ma_span, mi_span):
                cur_major += 1
                check("layout")
            put(p, cur_major, minor, ma_span, mi_span)
            resume[shape] = (cur_major, minor)
            continue
        if dense:
            cur_major, cur_minor = max((cells.first_open, 0), resume.get(shape, (0, 0)))
        while True:
            placed = False
            while cur_minor + mi_span <= minor_count:
                if cells.free(cur_major, cur_minor, ma_span, mi_span):
                    placed = True
                    break
                cur_minor += 1
            if placed:
                break
            cur_major += 1
            cur_minor = 0
            check("layout")
        put(p, cur_major, cur_minor, ma_span, mi_span)
        resume[shape] = (cur_major, cur_minor)
    major_count = (columns.count + col_offset) if column_flow else (rows.count + row_offset)
    for major, _minor, major_span, minor_span in result.values():
        major_count = max(major_count, major + major_span)
        minor_count = max(minor_count, _minor + minor_span)
    for p in items:
        major, minor, major_span, minor_span = result[id(p)]
        if column_flow:
            p.column_start, p.column_end, p.row_start, p.row_end = (
                major,
                major + major_span,
                minor,
                minor + minor_span,
            )
        else:
            p.row_start, p.row_end, p.column_start, p.column_end = (
                major,
                major + major_span,
                minor,
                minor + minor_span,
            )
    if column_flow:
        return GridShape(minor_count, major_count, row_offset, col_offset)
    return GridShape(major_count, minor_count, row_offset, col_offset)


ROOT_FONT_SIZE = 16.0  # rem fallback when no root style is reachable


@dataclass(eq=False, slots=True)
class GridSetup:
    """The grid after placement: items with their areas and the track sizing functions per axis."""

    items: list[Box]
    places: list[ItemPlacement]
    shape: GridShape
    col_sizes: list[gv.TrackSize]
    row_sizes: list[gv.TrackSize]
    col_collapsed: set[int]
    row_collapsed: set[int]
    col_gap: float
    row_gap: float


def _root_font_size(style: Any) -> float:
    """The root element's font-size (for rem in track lists), found through the parent styles."""
    root = style
    while getattr(root, "parent", None) is not None:
        root = root.parent
    try:
        return float(root["font-size"])
    except (KeyError, TypeError, ValueError):
        return ROOT_FONT_SIZE


def _template(style: Any, name: str, ctx: LayoutContext) -> gv.TrackList:
    parsed = gv.track_list(
        str(style[name]), float(style["font-size"]), _root_font_size(style), ctx.viewport
    )
    if parsed is None:
        ctx.diag.add("css", f"{name}: {style[name]} not understood, treated as none", name)
        return gv.TrackList((), ((),))
    return parsed


def _auto(style: Any, name: str, ctx: LayoutContext) -> tuple[gv.TrackSize, ...]:
    parsed = gv.auto_tracks(
        str(style[name]), float(style["font-size"]), _root_font_size(style), ctx.viewport
    )
    if parsed is None:
        ctx.diag.add("css", f"{name}: {style[name]} not understood, treated as auto", name)
        return (gv.AUTO_TRACK,)
    return parsed


def _fixed_size(size: gv.TrackSize, basis: float | None) -> float:
    """A track's size for counting auto repetitions: its max if definite (floored by a definite min), else its min."""
    hi = size.max.resolve(basis) if size.max.kind == "fixed" else None
    lo = size.min.resolve(basis) if size.min.kind == "fixed" else None
    if hi is not None:
        return max(0.0, hi, lo or 0.0)
    return max(0.0, lo or 0.0)


def _repeat_count(tracks: gv.TrackList, available: float | None, gap: float) -> int:
    """Number of auto-fill/auto-fit repetitions that fit the available size (§7.2.3.2)."""
    rep = tracks.auto_repeat
    if rep is None:
        return 0
    if available is None:
        return 1
    rep_size = sum(_fixed_size(t, available) for t in rep.tracks)
    all_once = gv.expand(tracks, 1).sizes
    other_count = len(all_once) - len(rep.tracks)
    other_size = sum(_fixed_size(t, available) for t in all_once) - rep_size
    step = rep_size + gap * len(rep.tracks)
    if step <= 0:
        return 1
    n = int((available - other_size - gap * (other_count - 1) + 1e-6) // step)
    return max(1, min(n, gv.MAX_TRACKS))


def _axis_names(
    expanded: gv.ExpandedTracks, areas: gv.Areas | None, rows: bool
) -> dict[str, list[int]]:
    names: dict[str, list[int]] = {}
    for index, line_names in enumerate(expanded.names):
        for name in line_names:
            names.setdefault(name, []).append(index)
    if areas is not None:
        for area in areas.areas:
            start, end = (
                (area.row_start, area.row_end) if rows else (area.column_start, area.column_end)
            )
            names.setdefault(f"{area.name}-start", []).append(start)
            names.setdefault(f"{area.name}-end", []).append(end)
    for lines in names.values():
        lines.sort()
    return names


def _track_sizes(
    expanded: gv.ExpandedTracks, auto: tuple[gv.TrackSize, ...], count: int, offset: int
) -> list[gv.TrackSize]:
    sizes: list[gv.TrackSize] = []
    explicit = len(expanded.sizes)
    for i in range(count):
        e = i - offset
        if 0 <= e < explicit:
            sizes.append(expanded.sizes[e])
        elif e >= explicit:
            sizes.append(auto[(e - explicit) % len(auto)])
        else:
            sizes.append(auto[e % len(auto)])
    return sizes


def _collapsed(
    expanded: gv.ExpandedTracks, offset: int, places: list[ItemPlacement], rows: bool
) -> set[int]:
    if not expanded.auto_fit or expanded.auto_start < 0:
        return set()
    used: set[int] = set()
    for p in places:
        start, end = (p.row_start, p.row_end) if rows else (p.column_start, p.column_end)
        used.update(range(start, end))
    first = expanded.auto_start + offset
    return {i for i in range(first, first + expanded.auto_count) if i not in used}


def build_grid(
    box: Box,
    ctx: LayoutContext,
    inner_w: float | None,
    inner_h: float | None,
    subgrid_rows: int | None = None,
    subgrid_columns: int | None = None,
) -> GridSetup:
    """Place the items; `subgrid_rows` is the row count a row subgrid takes from its parent
    (its own rows: that many auto tracks, and no implicit ones), `subgrid_columns` the same
    for a column subgrid."""
    style = box.style
    if subgrid_columns is None:
        col_list = _template(style, "grid-template-columns", ctx)
    else:
        col_list = gv.TrackList((gv.AUTO_TRACK,) * subgrid_columns, ((),) * (subgrid_columns + 1))
    if subgrid_rows is None:
        row_list = _template(style, "grid-template-rows", ctx)
    else:
        row_list = gv.TrackList((gv.AUTO_TRACK,) * subgrid_rows, ((),) * (subgrid_rows + 1))
    areas = gv.areas(str(style["grid-template-areas"]))
    col_gap = gap_value(style["column-gap"], inner_w)
    row_gap = gap_value(style["row-gap"], inner_h)
    cols = gv.expand(col_list, _repeat_count(col_list, inner_w, col_gap))
    rows = gv.expand(row_list, _repeat_count(row_list, inner_h, row_gap))
    col_axis = AxisLines(
        max(len(cols.sizes), areas.columns if areas else 0), _axis_names(cols, areas, False)
    )
    row_axis = AxisLines(
        max(len(rows.sizes), areas.rows if areas else 0), _axis_names(rows, areas, True)
    )
    items = sorted((c for c in box.children if not c.out_of_flow), key=lambda c: _order(c.style))
    places: list[ItemPlacement] = []
    for item in items:
        s = item.style
        row = resolve_axis(
            gv.grid_line(str(s["grid-row-start"])), gv.grid_line(str(s["grid-row-end"])), row_axis
        )
        column = resolve_axis(
            gv.grid_line(str(s["grid-column-start"])),
            gv.grid_line(str(s["grid-column-end"])),
            col_axis,
        )
        places.append(ItemPlacement(row, column))
    flow = gv.auto_flow(str(style["grid-auto-flow"]))
    shape = place_items(places, row_axis, col_axis, flow.column, flow.dense)
    if subgrid_rows is not None:
        _clamp_rows(places, shape, subgrid_rows)
    if subgrid_columns is not None:
        _clamp_columns(places, shape, subgrid_columns)
    col_sizes = _track_sizes(
        cols, _auto(style, "grid-auto-columns", ctx), shape.columns, shape.column_offset
    )
    row_sizes = _track_sizes(
        rows, _auto(style, "grid-auto-rows", ctx), shape.rows, shape.row_offset
    )
    return GridSetup(
        items,
        places,
        shape,
        col_sizes,
        row_sizes,
        _collapsed(cols, shape.column_offset, places, False),
        _collapsed(rows, shape.row_offset, places, True),
        col_gap,
        row_gap,
    )


def _clamp_rows(places: list[ItemPlacement], shape: GridShape, count: int) -> None:
    """A subgrid has no implicit rows: items placed past (or before) its rows are clamped into
    them, keeping as much of their span as fits (CSS Grid 2, 9.2)."""
    offset = shape.row_offset
    for p in places:
        start = min(max(p.row_start - offset, 0), count - 1)
        end = min(max(p.row_end - offset, start + 1), count)
        p.row_start, p.row_end = start, end
    shape.rows, shape.row_offset = count, 0


def _clamp_columns(places: list[ItemPlacement], shape: GridShape, count: int) -> None:
    """_clamp_rows for a column subgrid."""
    offset = shape.column_offset
    for p in places:
        start = min(max(p.column_start - offset, 0), count - 1)
        end = min(max(p.column_end - offset, start + 1), count)
        p.column_start, p.column_end = start, end
    shape.columns, shape.column_offset = count, 0


def _order(style: Any) -> int:
    try:
        return int(style["order"])
    except (KeyError, TypeError, ValueError):
        return 0


__all__ = [
    "AxisLines",
    "ItemPlacement",
    "GridShape",
    "GridSetup",
    "resolve_axis",
    "place_items",
    "build_grid",
]
