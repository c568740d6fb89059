"""Table structure (a table box's children -> row groups, rows, columns and cell slots; CSS 2.1 17.2.1, 17.5).

Missing anonymous table objects are generated here, in our own structure, without touching the
box tree: a cell or other content directly in a table or row group gets an anonymous row (and
row group), content directly in a row gets an anonymous cell. Row groups are ordered like
Chromium: the first header group, then the bodies (and further headers/footers) in document
order, then the first footer group; groups without rows are dropped.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b

MAX_COLSPAN = 1000
MAX_ROWSPAN = 65534


class StyleView(Mapping[str, Any]):
    """A computed style with some values replaced; the base style is never mutated."""

    __slots__ = ("_base", "_over")
    _base: Any
    _over: dict[str, Any]

    def __init__(self, base: Any, overrides: dict[str, Any]):
        if isinstance(base, StyleView):
            overrides = {**base._over, **overrides}
            base = base._base
        self._base = base
        self._over = overrides

    def __getitem__(self, key: str) -> Any:
        over = self._over
        if key in over:
            return over[key]
        return self._base[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._base)

    def __len__(self) -> int:
        return len(self._base)

    def __contains__(self, key: object) -> bool:
        return key in self._over or key in self._base

    def __getattr__(self, name: str) -> Any:
        return getattr(self._base, name)


def anonymous_style(parent: Any, display: str) -> StyleView:
    """The style of an anonymous table object: inherited properties from `parent`, the rest initial."""
    overrides: dict[str, Any] = {}
    try:
        from engine.style.properties import PROPERTIES
    except ImportError:  # pragma: no cover - the style stage is always present in the pipeline
        PROPERTIES = {}
    for name, prop in PROPERTIES.items():
        if not prop.inherited:
            overrides[name] = prop.initial
    color = parent["color"]
    for side in ("top", "right", "bottom", "left"):
        overrides[f"border-{side}-width"] = 0.0
        overrides[f"border-{side}-style"] = "none"
        overrides[f"border-{side}-color"] = color
    overrides["display"] = display
    return StyleView(parent, overrides)


@dataclass(eq=False, slots=True)
class CellSlot:
    """A cell placed in the grid: its box and the rows/columns it covers (spans clamped)."""

    box: b.Box
    row: int
    col: int
    rowspan: int
    colspan: int  # the colspan attribute (clamped to the grid later)
    group: int


@dataclass(eq=False, slots=True)
class RowInfo:
    box: b.Box | None  # None for an anonymous row
    group: int
    cells: list[CellSlot] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class GroupInfo:
    box: b.Box | None  # None for an anonymous row group
    kind: str  # 'header' | 'body' | 'footer'
    first_row: int = 0
    row_count: int = 0


@dataclass(eq=False, slots=True)
class ColumnInfo:
    """One grid column as described by <col>/<colgroup> boxes."""

    box: b.Box | None  # the <col> (or a <colgroup> without <col> children)
    group: b.Box | None  # the enclosing <colgroup>


@dataclass(eq=False, slots=True)
class TableStructure:
    captions: list[b.Box]
    groups: list[GroupInfo]
    rows: list[RowInfo]
    cells: list[CellSlot]
    columns: list[ColumnInfo]  # from column boxes, in column order
    out_of_flow: list[b.Box]

    @property
    def extent(self) -> int:
        """Columns reached by any cell (start + colspan), the fixed layout's column count."""
        return max((c.col + c.colspan for c in self.cells), default=0)


@dataclass(eq=False, slots=True)
class _RawGroup:
    box: b.Box | None
    kind: str
    rows: list[tuple[b.Box | None, list[b.Box]]] = field(default_factory=list)


def span_attr(box: b.Box, name: str, default: int, low: int, high: int) -> int:
    el = box.element
    if el is None or box.tag not in ("td", "th", "col", "colgroup"):
        return default
    raw = el.get(name)
    if raw is None:
        return default
    digits = ""
    for ch in raw.strip():
        if not ch.isdigit():
            break
        digits += ch
    if not digits:
        return default
    return max(low, min(high, int(digits)))


def build_structure(table: b.Box) -> TableStructure:
    captions: list[b.Box] = []
    columns: list[ColumnInfo] = []
    out_of_flow: list[b.Box] = []
    raw_groups: list[_RawGroup] = []
    anon: _RawGroup | None = None
    pending: list[b.Box] = []  # cells and other content directly in the table

    def flush_pending() -> None:
        nonlocal anon
        if not pending:
            return
        if anon is None:
            anon = _RawGroup(None, "body")
            raw_groups.append(anon)
        anon.rows.extend(_rows_from_content(table, list(pending)))
        pending.clear()

    for child in table.children:
        if child.out_of_flow:
            out_of_flow.append(child)
            continue
        inner = child.inner
        if inner == b.TABLE_CAPTION:
            captions.append(child)
        elif inner == b.TABLE_COLUMN:
            columns.extend(_columns_of(child))
        elif inner == b.TABLE_ROW_GROUP:
            flush_pending()
            anon = None
            group = _RawGroup(child, _group_kind(child))
            group.rows = _rows_of_group(child, out_of_flow)
            raw_groups.append(group)
        elif inner == b.TABLE_ROW:
            flush_pending()
            if anon is None:
                anon = _RawGroup(None, "body")
                raw_groups.append(anon)
            anon.rows.append((child, _cells_of_row(child, out_of_flow)))
        else:
            pending.append(child)
    flush_pending()
    ordered = _order_groups(raw_groups)
    return _place_cells(ordered, captions, columns, out_of_flow)


def _group_kind(group: b.Box) -> str:
    display = group.style["display"]
    if display == "table-header-group":
        return "header"
    if display == "table-footer-group":
        return "footer"
    return "body"


def _columns_of(box: b.Box) -> list[ColumnInfo]:
    if box.style["display"] == "table-column-group":
        cols = [
            c
            for c in box.children
            if c.inner == b.TABLE_COLUMN and c.style["display"] == "table-column"
        ]
        if not cols:
            return [ColumnInfo(box, box)] * span_attr(box, "span", 1, 1, MAX_COLSPAN)
        out: list[ColumnInfo] = []
        for col in cols:
            out.extend([ColumnInfo(col, box)] * span_attr(col, "span", 1, 1, MAX_COLSPAN))
        return out
    return [ColumnInfo(box, None)] * span_attr(box, "span", 1, 1, MAX_COLSPAN)


def _rows_of_group(
    group: b.Box, out_of_flow: list[b.Box]
) -> list[tuple[b.Box | None, list[b.Box]]]:
    rows: list[tuple[b.Box | None, list[b.Box]]] = []
    pending: list[b.Box] = []
    for child in group.children:
        if child.out_of_flow:
            out_of_flow.append(child)
        elif child.inner == b.TABLE_ROW:
            if pending:
                rows.extend(_rows_from_content(group, pending))
                pending = []
            rows.append((child, _cells_of_row(child, out_of_flow)))
        else:
            pending.append(child)
    if pending:
        rows.extend(_rows_from_content(group, pending))
    return rows


def _rows_from_content(
    parent: b.Box, content: list[b.Box]
) -> list[tuple[b.Box | None, list[b.Box]]]:
    """Consecutive non-row children of a table or row group: one anonymous row."""
    return [(None, _wrap_cells(parent, content))]


def _cells_of_row(row: b.Box, out_of_flow: list[b.Box]) -> list[b.Box]:
    in_flow: list[b.Box] = []
    for child in row.children:
        if child.out_of_flow:
            out_of_flow.append(child)
        else:
            in_flow.append(child)
    return _wrap_cells(row, in_flow)


def _wrap_cells(parent: b.Box, children: list[b.Box]) -> list[b.Box]:
    """Cells stay; each run of other boxes is wrapped in an anonymous cell."""
    out: list[b.Box] = []
    run: list[b.Box] = []
    for child in children:
        if child.inner == b.TABLE_CELL:
            if run:
                out.append(_anonymous_cell(parent, run))
                run = []
            out.append(child)
        else:
            run.append(child)
    if run:
        out.append(_anonymous_cell(parent, run))
    return out


def _anonymous_cell(parent: b.Box, content: list[b.Box]) -> b.Box:
    style = anonymous_style(parent.style, "table-cell")
    cell = b.Box(style, "block", b.TABLE_CELL, anonymous=True, index=content[0].index)
    if all(c.outer == "inline" for c in content):
        cell.children = list(content)
        cell.inline_content = True
        return cell
    # Mixed content: inline runs go into anonymous block boxes (CSS 2.1 9.2.1.1).
    children: list[b.Box] = []
    run: list[b.Box] = []
    for child in content:
        if child.outer == "inline":
            run.append(child)
            continue
        if run:
            children.append(_anonymous_block(style, run))
            run = []
        children.append(child)
    if run:
        children.append(_anonymous_block(style, run))
    cell.children = children
    return cell


def _anonymous_block(parent_style: Any, content: list[b.Box]) -> b.Box:
    block = b.Box(
        anonymous_style(parent_style, "block"),
        "block",
        b.FLOW,
        anonymous=True,
        index=content[0].index,
    )
    block.children = list(content)
    block.inline_content = True
    return block


def _order_groups(groups: list[_RawGroup]) -> list[_RawGroup]:
    header = next((g for g in groups if g.kind == "header"), None)
    footer = next((g for g in groups if g.kind == "footer"), None)
    bodies = [g for g in groups if g is not header and g is not footer]
    for g in bodies:
        g.kind = "body"  # only the first header/footer group is repeated at the top/bottom
    ordered = ([header] if header else []) + bodies + ([footer] if footer else [])
    return [g for g in ordered if g.rows]


def _place_cells(
    raw_groups: list[_RawGroup],
    captions: list[b.Box],
    columns: list[ColumnInfo],
    out_of_flow: list[b.Box],
) -> TableStructure:
    """The HTML/Chromium slot assignment: each cell takes the next column not covered by a rowspan above."""
    groups: list[GroupInfo] = []
    rows: list[RowInfo] = []
    cells: list[CellSlot] = []
    for gi, raw in enumerate(raw_groups):
        group = GroupInfo(raw.box, raw.kind, len(rows), len(raw.rows))
        groups.append(group)
        covered: dict[int, int] = {}  # column -> rows still covered (including the current one)
        section_rows = len(raw.rows)
        for ri, (row_box, cell_boxes) in enumerate(raw.rows):
            row = RowInfo(row_box, gi)
            col = 0
            for cell_box in cell_boxes:
                while covered.get(col, 0) > 0:
                    col += 1
                colspan = span_attr(cell_box, "colspan", 1, 1, MAX_COLSPAN)
                rowspan = span_attr(cell_box, "rowspan", 1, 0, MAX_ROWSPAN)
                remaining = section_rows - ri
                rowspan = remaining if rowspan == 0 else min(rowspan, remaining)
                slot = CellSlot(cell_box, group.first_row + ri, col, rowspan, colspan, gi)
                row.cells.append(slot)
                cells.append(slot)
                if rowspan > 1:
                    for c in range(col, col + colspan):
                        covered[c] = max(covered.get(c, 0), rowspan)
                col += colspan
            rows.append(row)
            covered = {c: n - 1 for c, n in covered.items() if n > 1}
    return TableStructure(captions, groups, rows, cells, columns, out_of_flow)
