"""Table mapping (a laid-out TableGrid -> one native table shape: gridCol widths, row heights, merged cells, fills, borders, text)."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.layout.table_grid import TableCell, TableGrid
from engine.layout.text import font_info
from engine.model import textmetrics as tm
from engine.model.geometry import Matrix, place_rect
from engine.model.paint import fill_for_color, first_color, line_for
from engine.model.schema import text_body
from engine.model.text import ALIGN, run_for
from engine.style.types import RGBA

ANCHORS = {"top": "t", "middle": "ctr", "bottom": "b", "baseline": "t"}


def face_metrics(face: Any) -> tm.FaceMetrics:
    return tm.FaceMetrics(
        int(face.units_per_em),
        float(face.hhea_ascent),
        float(face.hhea_descent),
        float(face.hhea_line_gap),
        float(face.typo_ascent),
        float(face.typo_descent),
        float(face.typo_line_gap),
        float(face.win_ascent),
        float(face.win_descent),
        bool(face.use_typo_metrics),
    )


def _cell_lines(
    frag: BoxFragment, ox: float = 0.0, oy: float = 0.0
) -> list[tuple[BoxFragment, LineFragment, float, float]]:
    """Every line of the cell's content in order, with the offset of its block container."""
    out: list[tuple[BoxFragment, LineFragment, float, float]] = []
    for line in frag.lines:
        out.append((frag, line, ox, oy))
    for child in frag.children:
        if child.extra.get("absolute"):
            continue
        out.extend(_cell_lines(child, ox + child.x, oy + child.y))
    return out


def _text_items(line: LineFragment) -> list[TextFragment]:
    return [
        i
        for i in sorted(line.items, key=lambda i: i.x)
        if isinstance(i, TextFragment) and not i.marker
    ]


def text_outside_cell(frag: BoxFragment) -> bool:
    """Whether a cell's text must be drawn as text boxes over the table rather than inside the
    cell: inline boxes with a background or border (code pills) have to sit between the cell's
    fill and its text, which a table cell cannot express."""
    for _blk, line, _ox, _oy in _cell_lines(frag):
        for item in line.items:
            if isinstance(item, InlineBoxFragment):
                style = item.box.style
                if style["background-color"].a > 0 or max(item.border) > 0:
                    return True
    return False


def _cell_text(cell: TableCell, alpha: float) -> tuple[dict[str, Any], float, float]:
    """The cell's TextBody, and the top/left margins that put LibreOffice's first baseline and
    the first line's start where the browser has them."""
    frag = cell.fragment
    lines = [(blk, line, ox, oy) for blk, line, ox, oy in _cell_lines(frag) if _text_items(line)]
    if text_outside_cell(frag):
        lines = []
    paragraphs: list[dict[str, Any]] = []
    if not lines:
        return (
            text_body([{"align": "l", "runs": []}]),
            0.0,
            0.0,
        )
    prev_block = None
    for blk, line, _ox, _oy in lines:
        items = _text_items(line)
        runs = [run_for(t, blk.box.style, alpha) for t in items]
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
        size = max(t.font_size for t in items)
        spacing = tm.line_spacing_for(line.height, None, size)  # type: ignore[arg-type]
        if blk is prev_block and paragraphs and paragraphs[-1]["line_spacing"] == spacing:
            paragraphs[-1]["runs"].append({"break": True})
            paragraphs[-1]["runs"].extend(runs)
        else:
            align = ALIGN.get(blk.box.style["text-align"], "l")
            paragraphs.append(
                {
                    "align": align,
                    "line_spacing": spacing,
                    "space_before": 0.0,
                    "space_after": 0.0,
                    "runs": runs,
                }
            )
        prev_block = blk
    blk, first, ox, oy = lines[0]
    items = _text_items(first)
    size = max(t.font_size for t in items)
    baseline = oy + first.y + first.baseline
    face = font_info(items[0].box.style).stack.primary
    offset = tm.first_baseline_offset(
        face_metrics(face), size, paragraphs[0]["line_spacing"], table_cell=True
    )
    top = max(0.0, baseline - offset)
    left = ox + first.x if paragraphs[0]["align"] == "l" else frag.border.left + frag.padding.left
    if paragraphs[0]["align"] == "l" and items[0].x > 0.5:
        # Text after an inline-block (a progress bar, a dot) starts further in on the first line.
        paragraphs[0]["indent"] = items[0].x
    body = text_body(paragraphs)
    return body, top, left


def _fill(cell: TableCell, alpha: float) -> dict[str, Any] | None:
    if cell.background is None or cell.hidden:
        return None
    style = cell.background.style
    color = style["background-color"]
    if isinstance(color, RGBA) and color.a > 0:
        return fill_for_color(color, alpha)
    for layer in style["background-image"] or ():
        first = first_color(layer)
        if first is not None:
            return fill_for_color(first, alpha)
    return None


def _border(side: Any, alpha: float) -> dict[str, Any] | None:
    if side is None or not side.visible:
        return None
    return line_for(side.width, side.color, side.style, alpha)


def table_shape(
    frag: BoxFragment, grid: TableGrid, m: Matrix, alpha: float
) -> dict[str, Any] | None:
    """A native table for a table fragment; mergeable (span-only) columns are dropped."""
    keep = [i for i, col in enumerate(grid.columns) if not col.mergeable and col.width > 0]
    if not keep or not grid.rows:
        return None
    new_index = {old: new for new, old in enumerate(keep)}
    x0 = grid.columns[keep[0]].x
    y0 = grid.rows[0].y
    # Column widths run from one column start to the next, so border-spacing is absorbed.
    starts = [grid.columns[i].x for i in keep]
    last = grid.columns[keep[-1]]
    widths = [b - a for a, b in zip(starts, starts[1:], strict=False)] + [last.width]
    row_starts = [r.y for r in grid.rows]
    heights = [b - a for a, b in zip(row_starts, row_starts[1:], strict=False)] + [
        grid.rows[-1].height
    ]
    rows: list[dict[str, Any]] = [{"h": h, "cells": [None] * len(keep)} for h in heights]
    for cell in grid.cells:
        cols = [new_index[c] for c in range(cell.col, cell.col + cell.colspan) if c in new_index]
        if not cols:
            continue
        col, colspan = cols[0], len(cols)
        body, top, left = _cell_text(cell, alpha)
        cx = grid.columns[keep[col]].x
        cy = grid.rows[cell.row].y
        frag_c = cell.fragment
        right = frag_c.border.right + frag_c.padding.right
        borders = {
            key: _border(side, alpha)
            for key, side in zip(("t", "r", "b", "l"), cell.borders, strict=True)
        }
        entry = {
            "text": body,
            "fill": _fill(cell, alpha),
            "span": [cell.rowspan, colspan],
            "merged": False,
            "borders": borders,
            "margins": [
                max(0.0, frag_c.x - cx + left),
                max(0.0, frag_c.y - cy + top),
                max(0.0, right),
                0.0,
            ],
            "anchor": "t",
        }
        rows[cell.row]["cells"][col] = entry
        for r in range(cell.row, min(len(rows), cell.row + cell.rowspan)):
            for c in range(col, col + colspan):
                if (r, c) != (cell.row, col) and rows[r]["cells"][c] is None:
                    rows[r]["cells"][c] = {
                        "merged": True,
                        "text": None,
                        "fill": None,
                        "span": [1, 1],
                        "borders": {},
                        "margins": [0, 0, 0, 0],
                        "anchor": "t",
                    }
    for row in rows:
        row["cells"] = [c if c is not None else _empty_cell() for c in row["cells"]]
    shape: dict[str, Any] = {
        "kind": "table",
        "columns": widths,
        "rows": rows,
        "name": frag.box.describe(),
    }
    shape.update(place_rect(m, x0, y0, sum(widths), sum(heights)))
    return shape


def _empty_cell() -> dict[str, Any]:
    return {
        "text": text_body([{"align": "l", "runs": []}]),
        "fill": None,
        "span": [1, 1],
        "merged": False,
        "borders": {},
        "margins": [0, 0, 0, 0],
        "anchor": "t",
    }


def cell_fragments(grid: TableGrid) -> set[int]:
    return {id(c.fragment) for c in grid.cells}
