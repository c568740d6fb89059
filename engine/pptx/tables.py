"""Native tables: a table shape of the slide model -> p:graphicFrame with an a:tbl (grid widths,
row heights, cells with spans, fills, borders and text)."""

from __future__ import annotations

from typing import Literal

from engine.model.schema import (
    Cell,
    CellBorders,
    Fill,
    Line,
    Paragraph,
    Run,
    TableShape,
    TextBody,
)
from engine.pptx.context import CELL_ANCHORS, SlideContext, shape_box, shape_name, shape_nv
from engine.pptx.oxml import (
    TABLE_URI,
    Element,
    a,
    clean_text,
    freeze,
    no_fill,
    p,
    sub,
    token,
    xfrm,
)
from engine.pptx.props import (
    add_fill,
    add_line_props,
    num,
)
from engine.pptx.text import (
    VERTICAL_TYPES,
    add_text_body,
    insets_emu,
    ppr_key,
    rpr_key,
    style_of,
)
from engine.units import px_to_emu


def add_table(parent: Element, shape: TableShape, ctx: SlideContext) -> Element | None:
    """p:graphicFrame with an a:tbl: tblGrid widths, row heights, cells with spans and borders."""
    widths = [max(0, px_to_emu(num(w))) for w in shape["columns"]]
    rows = shape["rows"]
    if not widths or not rows:
        return None
    heights = [max(0, px_to_emu(num(r["h"]))) for r in rows]
    cells = [_row_cells(r["cells"], len(widths)) for r in rows]
    spans = _span_map(cells)
    shape_id = ctx.new_id()
    frame = sub(parent, p("graphicFrame"))
    shape_nv(frame, ctx, "graphicFrame", shape_id, shape_name(shape, shape_id))
    x, y, _, _ = shape_box(shape)
    xfrm(frame, x, y, sum(widths), sum(heights), tag=p("xfrm"))
    data = sub(sub(frame, a("graphic")), a("graphicData"), {"uri": TABLE_URI})
    tbl = sub(data, a("tbl"))
    sub(tbl, a("tblPr"), {"firstRow": "0", "bandRow": "0"})
    grid = sub(tbl, a("tblGrid"))
    for width in widths:
        sub(grid, a("gridCol"), {"w": str(width)})
    for r, (row_cells, height) in enumerate(zip(cells, heights, strict=True)):
        tr = sub(tbl, a("tr"), {"h": str(height)})
        for c, cell in enumerate(row_cells):
            span = spans.get((r, c))
            if span is None:
                _add_cell(tr, cell, {}, cell["borders"], ctx, covered=False)
                continue
            origin_r, origin_c, row_span, col_span = span
            i, j = r - origin_r, c - origin_c
            attrib: dict[str, str] = {}
            if i == 0 and row_span > 1:
                attrib["rowSpan"] = str(row_span)
            if j == 0 and col_span > 1:
                attrib["gridSpan"] = str(col_span)
            if j > 0:
                attrib["hMerge"] = "1"
            if i > 0:
                attrib["vMerge"] = "1"
            if i == 0 and j == 0:
                _add_cell(tr, cell, attrib, cell["borders"], ctx, covered=False)
                continue
            origin = cells[origin_r][origin_c]
            ob = origin["borders"]
            borders: CellBorders = {
                "l": ob.get("l") if j == 0 else None,
                "r": ob.get("r") if j == col_span - 1 else None,
                "t": ob.get("t") if i == 0 else None,
                "b": ob.get("b") if i == row_span - 1 else None,
            }
            _add_cell(tr, origin, attrib, borders, ctx, covered=True)
    return frame


def _empty_cell() -> Cell:
    """The cell a row too short for the grid gets (no text, fill or borders)."""
    return {
        "text": None,
        "fill": None,
        "span": [1, 1],
        "merged": False,
        "borders": {},
        "margins": [0, 0, 0, 0],
        "anchor": "t",
    }


def _row_cells(cells: list[Cell], n_cols: int) -> list[Cell]:
    """A row's cells padded with empty cells (or cut) to the grid's column count."""
    return cells[:n_cols] + [_empty_cell() for _ in range(n_cols - len(cells))]


_NO_SPAN = [1, 1]


def _span_map(
    cells: list[list[Cell]],
) -> dict[tuple[int, int], tuple[int, int, int, int]]:
    """(row, col) -> (origin row, origin col, rowspan, colspan) for every cell of a merged range.

    Spans are clipped to the grid; a span overlapping an earlier one is ignored.
    """
    n_rows, n_cols = len(cells), len(cells[0]) if cells else 0
    spans: dict[tuple[int, int], tuple[int, int, int, int]] = {}
    for r in range(n_rows):
        for c in range(n_cols):
            span = cells[r][c]["span"]
            if span == _NO_SPAN or (r, c) in spans:  # most cells: nothing to merge
                continue
            if len(span) != 2:
                continue
            row_span = max(1, min(int(num(span[0], 1)), n_rows - r))
            col_span = max(1, min(int(num(span[1], 1)), n_cols - c))
            covered = [(r + i, c + j) for i in range(row_span) for j in range(col_span)]
            if len(covered) < 2 or any(key in spans for key in covered):
                continue
            for key in covered:
                spans[key] = (r, c, row_span, col_span)
    return spans


def _add_cell(
    tr: Element,
    cell: Cell,
    attrib: dict[str, str],
    borders: CellBorders,
    ctx: SlideContext,
    covered: bool,
) -> None:
    """a:tc: txBody (empty for cells covered by a merge), tcPr margins/anchor, borders, fill.

    A cell whose text is one plain run (most cells of a data table) is a copy of a whole a:tc
    built once per (spans, margins, borders, fill, paragraph and run properties), its a:t set.
    """
    text = cell["text"]
    left, top, right, bottom = insets_emu(cell["margins"])
    tc_attrib = {"marL": str(left), "marR": str(right), "marT": str(top), "marB": str(bottom)}
    vert = token(text["vertical"], VERTICAL_TYPES) if text is not None else None
    if vert is not None:
        tc_attrib["vert"] = vert
    tc_attrib["anchor"] = token(cell["anchor"], CELL_ANCHORS) or "t"
    lines = tuple(borders.get(side) for side, _ in _CELL_SIDES)
    fill = cell["fill"]
    body = None if covered else text
    simple = _plain_run(body)
    if simple is None:
        _write_cell(tr, body, attrib, tc_attrib, lines, fill, ctx)
        return
    para, run, content = simple
    key = (
        "tc1",
        tuple(attrib.items()),
        tuple(tc_attrib.items()),
        freeze(lines),
        freeze(fill),
        ppr_key(para),
        rpr_key("", run),
    )
    tc = ctx.cache.append(
        tr, key, lambda scratch: _write_cell(scratch, body, attrib, tc_attrib, lines, fill, ctx)
    )
    _cell_run_text(tc).text = content


def _cell_run_text(tc: Element) -> Element:
    """The a:t of a cell written from one plain run: tc > txBody > p (after bodyPr and
    lstStyle) > r (after pPr) > t (after rPr)."""
    tx_body = tc[0]
    paragraph = tx_body[2]
    run = paragraph[1]
    return run[1]


def _plain_run(body: TextBody | None) -> tuple[Paragraph, Run, str] | None:
    """(paragraph, run, text) when a cell's body is one paragraph of one plain run: what
    add_text_body writes as bodyPr, lstStyle and one cached a:p (pPr, r, endParaRPr)."""
    if body is None:
        return None
    paragraphs = body["paragraphs"]
    if len(paragraphs) != 1:
        return None
    para = paragraphs[0]
    if para.get("end_run") is not None:
        return None
    runs = para["runs"]
    if len(runs) != 1:
        return None
    run = runs[0]
    if run.get("break") or run.get("href") is not None:
        return None
    content = clean_text(run.get("text") or "")
    if not content or not style_of(run) or "\n" in content or "\r" in content:
        return None
    return para, run, content


def _write_cell(
    parent: Element,
    body: TextBody | None,
    attrib: dict[str, str],
    tc_attrib: dict[str, str],
    lines: tuple[Line | None, ...],
    fill: Fill | None,
    ctx: SlideContext,
) -> Element:
    tc = sub(parent, a("tc"), attrib)
    add_text_body(tc, a("txBody"), body, ctx.link_rid, ctx.cache, cell=True)

    def build(scratch: Element) -> Element:
        tc_pr = sub(scratch, a("tcPr"))
        for line, (_, tag) in zip(lines, _CELL_SIDES, strict=True):
            add_line_props(tc_pr, line, a(tag))
        if not add_fill(tc_pr, fill):
            no_fill(tc_pr)
        return tc_pr

    # Cells of a table mostly share their borders and fill: the tcPr children are built once
    # per (borders, fill) and copied; the margins differ per cell and are set on the copy.
    tc_pr = ctx.cache.append(tc, ("tcPr", freeze(lines), freeze(fill)), build)
    for key, value in tc_attrib.items():
        tc_pr.set(key, value)
    return tc


_CELL_SIDES: tuple[tuple[Literal["l", "r", "t", "b"], str], ...] = (
    ("l", "lnL"),
    ("r", "lnR"),
    ("t", "lnT"),
    ("b", "lnB"),
)
