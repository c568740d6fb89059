"""Justified text in PPTX (a justified paragraph's lines -> run spacing for a spread last line,
and the box width that keeps every justified line on one line in LibreOffice)."""

from __future__ import annotations

import re

from engine.model.schema.text import Paragraph, Run
from engine.model.text import metrics as tm
from engine.model.text.fallback_runs import Fallbacks
from engine.model.text.line_pieces import MappedLine as Line
from engine.model.text.lowidth import lo_fit_width, lo_line_delta_px, lo_max_natural
from engine.units import px_to_pt


def spread_paragraph_ends(
    paragraphs: list[Paragraph], ends: list[tuple[int, int, Line]], fallbacks: Fallbacks
) -> dict[int, float]:
    """A line Chromium justified that ends a PPTX paragraph (which starts where the line pitch
    changes) would be left-aligned there: its spaces get the justification as spacing, as much
    as keeps the line within Chromium's width as LibreOffice draws it (lo_fit_width).
    Returns {id of a spread line: its natural width including the added spacing}."""
    spread: dict[int, float] = {}
    last_of: dict[int, tuple[int, Line]] = {}
    for para, start, item in ends:
        last_of[para] = (start, item)
    for para, (start, item) in last_of.items():
        line = item.line
        style = item.block.box.style
        free = line.width - line.content_width
        if style["text-align"] != "justify" or line.last or line.forced_break or free <= 0.01:
            continue
        runs = paragraphs[para]["runs"]
        count = sum(r["text"].count(" ") for r in runs[start:] if "text" in r)
        if not count:
            continue
        delta = lo_line_delta_px(item.seg)
        if delta is not None:  # the spread line then ends at (or just short of) Chromium's
            free = max(0.0, min(free, lo_max_natural(line.width, delta) - line.content_width))
        runs[start:] = spaced_runs(runs[start:], px_to_pt(free / count), fallbacks)
        spread[id(item)] = line.content_width + free
    return spread


def spaced_runs(runs: list[Run], extra_pt: float, fallbacks: Fallbacks) -> list[Run]:
    out: list[Run] = []
    for run in runs:
        text = run.get("text")
        if not text or " " not in text:
            out.append(run)
            continue
        start = 0
        for piece in re.split("( +)", text):
            if not piece:
                continue
            part: Run = {**run, "text": piece}
            fallbacks.derive(run, part, start, len(piece))
            start += len(piece)
            if piece.startswith(" "):
                part["spacing"] = round(run.get("spacing", 0.0) + extra_pt, 2)
            out.append(part)
    return out


def justified_width(lines: list[Line], left: float, spread: dict[int, float]) -> float:
    """The narrowest box width that keeps every line of a justified paragraph on one line in
    LibreOffice: each line's natural (unjustified; spread lines: full) width as LibreOffice
    draws it (lo_fit_width), or plus the generic slack where that cannot be modelled."""
    need = 0.0
    for i in lines:
        natural = i.line.content_width if i.line.content_width > 0 else i.line.width
        natural = spread.get(id(i), natural)
        text = "".join(t.text for t in i.seg)
        fit = lo_fit_width(natural, i.seg)
        if fit is None:
            fit = tm.box_width_for_line(natural, i.size)
        width = fit + tm.cjk_autospace_px(text, i.size)
        need = max(need, i.ox + i.line.x - left + width)
    return need
