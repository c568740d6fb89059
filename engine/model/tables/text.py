"""Table cell text (a laid-out cell -> the TextBody of its native cell and the margins that put its lines where Chromium has them, or the verdict that its text is drawn over the table)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.layout.inline.text import font_info
from engine.layout.table.grid import TableCell, TableGrid
from engine.model.schema import text_body
from engine.model.schema.text import Paragraph, TextBody
from engine.model.text import metrics as tm
from engine.model.text.fallback_runs import Fallbacks, split_fallback_runs
from engine.model.text.mapping import ALIGN, centred_or_right, has_atomic
from engine.model.text.runs import caps_runs, run_for
from engine.model.text.softwrap import (
    LineBreaks,
    WrapLine,
    joint,
    keep_punctuation_in,
    soft_text,
    wrap_bounds,
)
from engine.style.types import LP, RGBA


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
    cell: inline boxes with a border, rounded corners or padding around their background (code
    pills) have to sit between the cell's fill and its text, which a table cell cannot express.
    A plain background behind inline text stays in the cell as a run highlight. Centred or
    right-aligned text sharing a line with an inline-block (a badge, an icon) is drawn over
    the table too, where it keeps its own place on the line."""
    for blk, line, _ox, _oy in _cell_lines(frag):
        for item in line.items:
            if isinstance(item, InlineBoxFragment) and _needs_shape(item):
                return True
        if centred_or_right(blk.box.style) and has_atomic(line) and _text_items(line):
            return True  # the cell would align the text without the inline-block beside it
    return False


def cell_text_outside(cell: TableCell, grid: TableGrid) -> bool:
    """Whether a cell's text is drawn over the table instead of in its native cell: inline
    boxes the cell cannot paint (see text_outside_cell), or a row-spanning cell whose text
    reaches below the top of its last row. LibreOffice makes the last row of a vertical merge
    tall enough for the merged cell's whole text and margins (it does not count the rows
    above), so a rowspan header with vertical-align: bottom or middle would grow that row."""
    if text_outside_cell(cell.fragment):
        return True
    last = min(len(grid.rows), cell.row + cell.rowspan) - 1
    if cell.rowspan <= 1 or last <= cell.row:
        return False
    frag = cell.fragment
    bottoms = [
        oy + line.y + line.height for _b, line, _x, oy in _cell_lines(frag) if _text_items(line)
    ]
    if not bottoms:
        return False
    row = grid.rows[last]
    need = frag.y - grid.rows[cell.row].y + max(bottoms)
    return need > row.height + 0.5


def _needs_shape(item: InlineBoxFragment) -> bool:
    style = item.box.style
    if max(item.border) > 0:
        return True
    if style["background-color"].a <= 0:
        return False
    radius = any(
        _nonzero(style[f"border-{corner}-radius"])
        for corner in ("top-left", "top-right", "bottom-right", "bottom-left")
    )
    return radius or item.padding.left + item.padding.right > 4.0


def _nonzero(value: Any) -> bool:
    parts = value if isinstance(value, tuple) else (value,)
    for part in parts:
        if isinstance(part, (int, float)):
            if part > 0:
                return True
        elif isinstance(part, LP) and (part.px > 0 or part.pct > 0):
            return True
    return False


def _highlight(t: TextFragment, block_style: Any, cell_style: Any) -> str | None:
    """The background of the inline box a text sits in (not the cell's own), as a highlight."""
    style = t.box.style
    if style is block_style or style is cell_style:
        return None
    color = style["background-color"]
    if not isinstance(color, RGBA) or color.a <= 0:
        return None
    return color.hex


@dataclass(frozen=True, slots=True)
class CellText:
    """A native cell's text: its TextBody, the top/left margins that put LibreOffice's first
    baseline and the first line's start where the browser has them, and for text that wraps
    softly the extra width over the cell's text column that keeps Chromium's line breaks
    (None: the generic anti-rewrap slack)."""

    body: TextBody
    top: float
    left: float
    extra: float | None = None


def cell_text(
    cell: TableCell,
    grid: TableGrid,
    alpha: float,
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> CellText:
    """The cell's text (CellText): a paragraph per block and line pitch; the lines of one
    paragraph run on where they wrapped softly (line_breaks "soft") or end in a:br ("exact";
    HTML breaks are a:br in both)."""
    frag = cell.fragment
    if cell_text_outside(cell, grid):
        return CellText(empty_body(), 0.0, 0.0)
    lines = [
        (blk, line, ox, oy, items)
        for blk, line, ox, oy in _cell_lines(frag)
        if (items := _text_items(line))
    ]
    if not lines:
        return CellText(empty_body(), 0.0, 0.0)
    soft = line_breaks == "soft"
    paragraphs: list[Paragraph] = []
    fallbacks = Fallbacks()
    wrap_lines: list[WrapLine] = []
    prev: tuple[BoxFragment, LineFragment] | None = None
    cell_style = frag.box.style
    for blk, line, _ox, _oy, items in lines:
        runs = [run_for(t, blk.box.style, alpha, fallbacks, decor_shapes=False) for t in items]
        for t, run in zip(items, runs, strict=True):
            highlight = _highlight(t, blk.box.style, cell_style)
            if highlight is not None:
                run["highlight"] = highlight
        runs = [
            part
            for t, run in zip(items, runs, strict=True)
            for part in caps_runs(t, run, fallbacks)
        ]
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
        size = max(t.font_size for t in items)
        spacing = tm.line_spacing_for(line.height, None, size)
        same_block = prev is not None and blk is prev[0]
        if soft and prev is not None and same_block and not prev[1].forced_break:
            tail = next(r for r in reversed(paragraphs[-1]["runs"]) if "text" in r)
            tail["text"] = soft_text(tail["text"], joint(prev[1], wrap_lines[-1].seg, items))
            wrap_lines[-1] = dataclasses.replace(wrap_lines[-1], soft_end=True, next_seg=items)
            paragraphs[-1]["runs"].extend(runs)
        elif (
            same_block
            and paragraphs[-1]["line_spacing"] == spacing
            and (not soft or paragraphs[-1]["align"] != "just")
        ):
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
        wrap_lines.append(WrapLine(line, items, size, False, (), lo_widths))
        prev = (blk, line)
    blk, first, ox, oy, items = lines[0]
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
    split_fallback_runs(paragraphs, fallbacks)
    extra = None
    if any(w.soft_end for w in wrap_lines):
        keep_punctuation_in(paragraphs)
        base = frag.content_width - max(0.0, left - frag.border.left - frag.padding.left)
        bounds = wrap_bounds(wrap_lines, base)
        extra = bounds.choose(paragraphs[0]["align"] == "just")
    return CellText(text_body(paragraphs), top, left, extra)


def wrap_slack(cell: TableCell, body: TextBody, extra: float | None = None) -> tuple[float, float]:
    """Room taken from the cell's side margins so LibreOffice, whose advances run up to ~1 %
    wider than Chromium's, never wraps a line the browser kept whole (a wrapped line makes the
    row grow): from the right margin for left-aligned text, the left for right-aligned, both
    halves for centred text, so the text itself does not move. Soft-wrapped text takes the
    `extra` width that keeps Chromium's line breaks (softwrap.wrap_bounds) instead."""
    paragraphs = body["paragraphs"]
    sizes = [
        float(r["size"]) * 4 / 3
        for para in paragraphs
        for r in para["runs"]
        if r.get("text") and r.get("size")
    ]
    if not sizes:
        return 0.0, 0.0
    width = cell.fragment.content_width
    slack = tm.box_width_for_line(width, max(sizes)) - width if extra is None else extra
    align = paragraphs[0]["align"]
    if align == "r":
        return slack, 0.0
    if align == "ctr":
        return slack / 2, slack / 2
    return 0.0, slack


def empty_body() -> TextBody:
    """An empty cell paragraph at 1 pt: LibreOffice and PowerPoint size an empty paragraph by its
    end mark (18 pt by default), which would make a short row grow."""
    return text_body(
        [{"align": "l", "runs": [], "line_spacing": {"pts": 1.0}, "end_run": {"size": 1.0}}]
    )
