"""A flowing page's height before it is laid out: a text estimate, calibrated by the pages measured so far.

The planner lays a sparse page out at a larger type size at once when this predicts that it
fits: one layout instead of two. The estimate counts lines (characters per line from the
frame width and an average glyph width) and is scaled by what the engine measured on the
deck's earlier flowing pages (the ratio measured / estimated, a high percentile of the last
ones), so it learns the template's spacing. A wrong guess costs one more layout, never a
wrong slide: the layout decides.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from generator.cjk import WIDE, may_hold_cjk, pattern
from generator.codesplit import Run, regroup, transcript
from generator.markup.math import SIZE as FORMULA_SIZE
from generator.model import Block, ListItem, Span, Spans, plain
from generator.pieces import CONTINUED, SPLIT_ITEM, CodeLine, Piece, labelled, slice_spans
from generator.screenshots import READ_HEIGHT, screenshot
from generator.tablecols import column_widths, shares
from generator.together import (
    introduces,
    keep_introductions,
    lead_in,
    quote_labels,
    title_paragraph,
)

LATIN_EM = 0.5  # average advance of Latin text, in em
WIDE_EM = 1.0  # CJK
MONO_EM = 0.6
LINE = 1.45
CODE_LINE = 1.35
HISTORY = 24  # ratios kept
PERCENTILE = 0.6


def text_width(text: str, size: float, mono: bool = False) -> float:
    wide = len(pattern(WIDE).findall(text)) if may_hold_cjk(text) else 0
    em = MONO_EM if mono else LATIN_EM
    return ((len(text) - wide) * em + wide * WIDE_EM) * size


def _lines(text: str, size: float, width: float, mono: bool = False) -> int:
    if width <= 0:
        return 1
    return max(1, math.ceil(text_width(text, size, mono) / width))


def _row_height(row: list[Spans], size: float, widths: list[float]) -> float:
    """A table row's height, its columns `widths` wide (the table's text: 0.9 of `size`)."""
    small = size * 0.9
    cells = zip(row, widths, strict=False)
    tallest = max((_lines(plain(c), small, w - small) for c, w in cells), default=1)
    return tallest * small * LINE + 0.6 * small


def block_height(block: Block, size: float, width: float, code_size: float) -> float:
    t = block.type
    if t == "paragraph":
        return _lines(plain(block.spans), size, width) * size * LINE + 0.5 * size
    if t == "heading":
        return _lines(plain(block.spans), size * 1.05, width) * size * 1.05 * LINE + 0.6 * size
    if t == "list" and block.columns > 1:  # read down the columns: a column's share each
        inner = (width - 1.5 * size * (block.columns - 1)) / block.columns - 1.3 * size
        heights = [_item_height(i, size, inner, code_size) for i in block.items]
        depth = math.ceil(len(heights) / block.columns)  # items in the longest column
        return sum(heights) / max(1, len(heights)) * depth + 0.5 * size
    if t == "list":
        return (
            sum(_item_height(i, size, width - 1.3 * size, code_size) for i in block.items)
            + 0.5 * size
        )
    if t == "quote" and block.columns > 1:  # a gallery's box: its row's share of its height
        inner = (width - 0.8 * size * (block.columns - 1)) / block.columns
        return block_height(replace(block, columns=1), size, inner, code_size) / block.columns
    if t == "quote":
        return (
            sum(_lines(plain(p), size, width - size) * size * LINE for p in block.paragraphs)
            + 0.9 * size
        )
    if t == "code":
        lines = sum(
            _lines(line, code_size, width - 1.4 * code_size, True)
            for line in block.text.split("\n")
        )
        return lines * code_size * CODE_LINE + code_size * 1.5
    if t == "table":
        widths = column_widths(block, width, size * 0.9, text_width)
        rows = ([block.header] if block.header else []) + block.rows
        return sum(_row_height(row, size, widths) for row in rows) + 0.5 * size
    if t == "image" and block.kind == "formula":  # drawn math, sized in em of the text
        return block.height / FORMULA_SIZE * size + 0.7 * size
    if t == "image":
        return float(READ_HEIGHT) if screenshot(block) else 380.0  # a screenshot: the body
    return _lines(block_text_fallback(block), size, width) * size * LINE


def block_text_fallback(block: Block) -> str:
    return plain(block.spans) or block.text


def _item_height(item: ListItem, size: float, width: float, code_size: float) -> float:
    own = _lines(plain(item.spans), size, width) * size * LINE + 0.25 * size
    return own + sum(block_height(c, size, width - 1.3 * size, code_size) for c in item.children)


def blocks_height(blocks: list[Block], size: float, width: float, code_size: float) -> float:
    return sum(block_height(b, size, width, code_size) for b in blocks)


class Calibration:
    """measured / estimated height of each kind of block, on the flowing pages laid out so far."""

    def __init__(self) -> None:
        self.ratios: dict[str, list[float]] = {}
        self._factors: dict[str, float | None] = {}  # `factor` by kind, until the next `learn`

    def learn(self, kind: str, estimated: float, measured: float) -> None:
        if estimated > 0 and measured > 0:
            self._factors.clear()
            for key in (kind, "*"):
                kept = self.ratios.setdefault(key, [])
                kept.append(measured / estimated)
                del kept[:-HISTORY]

    def learn_page(
        self,
        blocks: list[Block],
        tops: dict[int, float],
        end: float,
        size: float,
        width: float,
        code: float,
    ) -> None:
        """`tops`: where each block's wrapper starts (block index -> y); `end`: where the
        content ends. Each block's share runs to the next block's start."""
        order = sorted(i for i in tops if i < len(blocks))
        for n, i in enumerate(order):
            bottom = tops[order[n + 1]] if n + 1 < len(order) else end
            self.learn(blocks[i].type, block_height(blocks[i], size, width, code), bottom - tops[i])

    def full(self) -> bool:
        """Whether HISTORY blocks were measured (the ratios kept are the last HISTORY)."""
        return len(self.ratios.get("*", [])) >= HISTORY

    def factor(self, kind: str = "*") -> float | None:
        """The median ratio of `kind` (of all blocks when `kind` has fewer than two), None
        before three blocks were measured."""
        if kind in self._factors:
            return self._factors[kind]
        found = None
        for key, least in ((kind, 2), ("*", 3)):
            kept = self.ratios.get(key, [])
            if len(kept) >= least:
                ordered = sorted(kept)
                found = ordered[min(len(ordered) - 1, int(len(ordered) * PERCENTILE))]
                break
        self._factors[kind] = found
        return found

    def height(self, blocks: list[Block], size: float, width: float, code: float) -> float | None:
        """The calibrated estimate of `blocks` (None before anything was measured)."""
        total = 0.0
        for b in blocks:
            f = self.factor(b.type)
            if f is None:
                return None
            total += block_height(b, size, width, code) * f
        return total


def estimated_pieces(
    blocks: list[Block], size: float, width: float, code_size: float, cal: Calibration, room: float
) -> list[Piece]:
    """The pieces `pieces.measured_pieces` would find, with estimated extents (scaled by the
    calibration `factor`), for a page too long to be worth laying out whole first."""
    out: list[Piece] = []
    y = 0.0

    def add(block: Block, group: int, height: float, **kw: Any) -> None:
        nonlocal y
        h = height * (cal.factor(block.type) or 1.0)
        out.append(Piece(block, group, y, y + h, **kw))
        y += h

    whole_room, start = room, 0.0
    for gi, block in enumerate(blocks):
        t = block.type
        factor = cal.factor(t) or 1.0
        # an introduced block is cut finer when it and its introduction do not fit together
        intro = gi > 0 and introduces(blocks[gi - 1], block)
        room = whole_room - (y - start) if intro else whole_room
        start = y
        if t == "list" and block.columns > 1:  # an equal share of the list each
            share = (block_height(block, size, width, code_size) - 0.5 * size) / len(block.items)
            for j, item in enumerate(block.items):
                add(replace(block, items=[item], start=block.start + j), gi, share)
        elif t == "list":
            for j, item in enumerate(block.items):
                start = block.start + j
                one = replace(block, items=[item], start=start)
                h = _item_height(item, size, width - 1.3 * size, code_size)
                lists = [c for c in item.children if c.type == "list"]
                if h * factor > room * SPLIT_ITEM and lists and len(lists) == len(item.children):
                    head = replace(block, items=[ListItem(item.spans, [])], start=start)
                    own = _lines(plain(item.spans), size, width - 1.3 * size) * size * LINE
                    add(head, gi, own, keep_next=True, item=start)
                    more = item.spans + [Span(CONTINUED, italic=True)] if item.spans else []
                    for child in lists:
                        for k, sub in enumerate(child.items):
                            part = replace(child, items=[sub], start=child.start + k)
                            piece = replace(block, items=[ListItem(more, [part])], start=start)
                            hh = _item_height(sub, size, width - 2.6 * size, code_size)
                            add(piece, gi, hh, lead=own * factor, item=start)
                else:
                    add(one, gi, h)
        elif t == "table" and len(block.rows) > 1:
            widths = column_widths(block, width, size * 0.9, text_width)
            header = _row_height(block.header, size, widths) + 0.5 * size if block.header else 0.0
            whole = block.widths or shares(widths)  # the slides it continues over keep them
            for row in block.rows:
                h = _row_height(row, size, widths)
                add(replace(block, rows=[row], widths=whole), gi, h, lead=header * factor)
        elif t == "quote" and len(block.paragraphs) > 1:
            labels, last = quote_labels(block), len(block.paragraphs) - 1
            for k, para in enumerate(block.paragraphs):
                one = replace(block, paragraphs=[para])
                keep = k < last and (k < labels or lead_in(para) or title_paragraph(para))
                add(one, gi, block_height(one, size, width, code_size), keep_next=keep)
        elif t == "code" and block_height(block, size, width, code_size) * factor > room:
            pad = code_size * 0.75 * factor
            lines = block.text.split("\n")
            first = len(out)
            for i, r in enumerate(_code_parts(lines, code_size, width, room / factor)):
                text = "\n".join(lines[r.first : r.end])
                add(
                    replace(block, text=text),
                    gi,
                    r.bottom - r.top,
                    lead=pad if i else 0.0,
                    tail=pad,
                    soft=r.soft,
                    keep_next=r.opening,
                )
                _code_lines(out[-1], text, block.text, code_size, width, padded=False)
            if intro and first:  # its later parts repeat its label
                labelled(out[first + 1 :], blocks[gi - 1], out[first - 1].height)
        elif t == "paragraph" and block_height(block, size, width, code_size) * factor > room:
            for piece in _paragraph_parts(block, size, width):
                add(piece, gi, block_height(piece, size, width, code_size) - 0.5 * size)
        else:
            add(block, gi, block_height(block, size, width, code_size), keep_next=t == "heading")
            if t == "code":
                _code_lines(out[-1], block.text, block.text, code_size, width, padded=True)
    return keep_introductions(out, blocks)


def _code_lines(
    piece: Piece, text: str, whole: str, code_size: float, width: float, padded: bool
) -> None:
    """An estimated code piece (`text` of the code block `whole`; a part of it: `padded`
    False, its padding outside it) given where its source lines start and its padding, as
    shares of its height (pieces.CodeLine)."""
    lines = text.split("\n")
    heights = [
        _lines(x, code_size, width - 1.4 * code_size, True) * code_size * CODE_LINE for x in lines
    ]
    pad = code_size * 0.75
    total = sum(heights) + (2 * pad if padded else 0.0)
    if total <= 0:
        return
    y, starts = pad if padded else 0.0, []
    for i, (line, h) in enumerate(zip(lines, heights, strict=True)):
        if line.strip():
            starts.append(CodeLine(i, y / total))
        y += h
    piece.lines, piece.pad, piece.console = (
        tuple(starts),
        (pad / total, pad / total),
        transcript(whole),
    )


def _code_parts(lines: list[str], code_size: float, width: float, room: float) -> list[Run]:
    """A code block's parts (source lines, estimated extent), cut where generator.codesplit
    allows."""
    runs, y = [], 0.0
    for i, line in enumerate(lines):
        h = _lines(line, code_size, width - 1.4 * code_size, True) * code_size * CODE_LINE
        runs.append(Run(i, i + 1, y, y + h))
        y += h
    return regroup(lines, runs, room)


def _paragraph_parts(block: Block, size: float, width: float) -> list[Block]:
    """A paragraph in pieces of about three lines, cut at spaces."""
    text = plain(block.spans)
    per_line = max(10, int(width / (size * LATIN_EM)))
    step = per_line * 3
    cuts = [0]
    while len(text) - cuts[-1] > step:
        at = text.rfind(" ", cuts[-1] + step // 2, cuts[-1] + step)
        cuts.append(at + 1 if at > 0 else cuts[-1] + step)
    cuts.append(len(text))
    return [
        replace(block, spans=slice_spans(block.spans, a, b))
        for a, b in zip(cuts, cuts[1:], strict=False)
        if b > a
    ]
