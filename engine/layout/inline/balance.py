"""text-wrap: balance | pretty (a block's greedy lines -> the lines Chromium picks: its score line breaker's, or those of the narrowest width that keeps the line count).

What Chromium 156 does (third_party/blink/renderer/core/layout/inline/):

* `balance` (LineBreakStrategy::Balance, from the block's first line only): the
  ScoreLineBreaker (a Knuth-Plass-like search, Minikin's penalties) over the first paragraph
  (up to the first forced break) when it has 2..6 lines and at least 3 break opportunities;
  every line, the last included, scores the square of its free space, the break before the
  last word costs an extra 10000. If that search fails, or finds another line count, the
  bisection (ParagraphLineBreaker::AttemptParagraphBalancing): the block must have no forced
  break, at most 6 greedy lines (estimated first from the space width: at most 12), and the
  available width is bisected in 1 px steps between 80% of the average line width and the
  full width for the narrowest one that still gives the greedy line count; every line is then
  broken at that width. Lines after the first paragraph stay greedy.
* `pretty`: the same search with the last line free, over the last (up to) 4 lines of each
  paragraph, only when the last line is a single unbreakable word under a third of the width
  (or the two lines before it end in hyphens).
* Neither applies when a line overflows (an unbreakable word wider than the line); the score
  search not with tabs or ::first-line styles; the bisection not beside floats.

Line boxes keep the block's width: text-align works within the whole width.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass

from engine.budget import check
from engine.layout.inline.items import Piece
from engine.layout.inline.linebreak import LinePosition, fits, hyphen_width, round_lu, shown_hyphen

Lines = list[tuple[list[Piece], bool]]

REWRAPPED = frozenset({"balance", "pretty"})  # text-wrap-style values that are not greedy
MAX_LINES_FOR_BALANCE = 6  # kMaxLinesForBalance
MAX_LINES_FOR_OPTIMAL = 4  # kMaxLinesForOptimal (text-wrap: pretty)
SCORE_INFINITY = 3.4028234663852886e38  # std::numeric_limits<float>::max()
SCORE_OVERFULL = 1e12
LAST_LINE_PENALTY_MULTIPLIER = 4.0
ORPHANS_PENALTY = 10000.0
MIN_CANDIDATES = 3  # break opportunities the score search needs
LU = 1.0 / 64.0
_FLOAT = struct.Struct("f")


def _f32(value: float) -> float:
    """The value as a C++ float: the score search computes in single precision, and which of
    two equally good breaks wins can depend on its rounding."""
    return float(_FLOAT.unpack(_FLOAT.pack(value))[0])


@dataclass(frozen=True, slots=True)
class Block:
    """What rewrapping needs to know of the block besides its lines."""

    width: float  # available inline size
    indent: float  # text-indent (first line)
    font_size: float  # the block's computed font size
    space_width: float  # its primary font's space advance
    justified: bool
    score_ok: bool  # the score search applies (no tab, no ::first-line)
    bisect_ok: bool  # the bisection applies (no forced break)
    clamp: int | None = None  # -webkit-line-clamp (the score search then stands aside)


@dataclass(slots=True)
class Candidate:
    """A break opportunity: the next line starts at piece `index`."""

    index: int
    pos_no_break: float  # position when the line goes on (after trailing spaces)
    pos_if_break: float  # where the line ends when it breaks here (content, hyphen)
    penalty: float = 0.0
    hyphenated: bool = False


def rewrap(mode: str, lines: Lines, block: Block, rebreak: Callable[[float], Lines]) -> Lines:
    """The lines of a block with text-wrap-style `mode` ('balance' or 'pretty'), given its greedy
    lines; `rebreak(width)` breaks the block greedily at another width."""
    if mode == "balance":
        return _balance(lines, block, rebreak)
    if mode == "pretty" and block.score_ok and block.clamp is None:
        return _pretty(lines, block)
    return lines


def _balance(lines: Lines, block: Block, rebreak: Callable[[float], Lines]) -> Lines:
    end = next((i for i, (_p, forced) in enumerate(lines) if forced), len(lines) - 1)
    paragraph = lines[: end + 1]
    if (
        block.score_ok
        and block.clamp is None
        and 1 < len(paragraph) <= MAX_LINES_FOR_BALANCE
        and not _overflows(paragraph, block.width, block.indent)
    ):
        better = _optimize(paragraph, block, block.indent, balanced=True)
        if better is not None:
            return better + lines[end + 1 :]
    if block.bisect_ok:
        width = _bisect(lines, block, rebreak)
        if width is not None:
            return rebreak(width)
    return lines


def _pretty(lines: Lines, block: Block) -> Lines:
    out: Lines = []
    start = 0
    while start < len(lines):
        end = next((i for i in range(start, len(lines)) if lines[i][1]), len(lines) - 1)
        paragraph = lines[start : end + 1]
        first = start == 0
        start = end + 1
        indent = block.indent if first else 0.0
        window = paragraph[-MAX_LINES_FOR_OPTIMAL:]
        head = paragraph[: len(paragraph) - len(window)]
        better = None
        if len(window) > 1 and not _overflows(paragraph, block.width, indent):
            window_indent = indent if not head else 0.0
            if _worth_optimizing(window, block.width):
                better = _optimize(window, block, window_indent, balanced=False)
        out.extend(paragraph if better is None else head + better)
    return out


def _worth_optimizing(window: Lines, width: float) -> bool:
    """ScoreLineBreaker's ShouldOptimize: a last line under a third of the width holding one
    unbreakable unit, or hyphens ending the two lines before the last."""
    last = window[-1][0]
    third = math.trunc(_lu(width) * 64.0 / 3) / 64.0  # LayoutUnit / int
    if _used(last, 0.0) < third and not _breakable(last):
        return True
    return len(window) >= 3 and all(_hyphenated(window[i][0]) for i in (-2, -3))


def _breakable(line: list[Piece]) -> bool:
    content = False
    for p in line:
        if p.break_before and content:
            return True
        content = content or p.kind in ("text", "atomic", "marker")
    return False


def _hyphenated(line: list[Piece]) -> bool:
    last = next((p for p in reversed(line) if p.kind in ("text", "atomic")), None)
    return last is not None and last.kind == "text" and shown_hyphen(last) is not None


# --- the score search (ScoreLineBreaker) ------------------------------------------------------


def _optimize(paragraph: Lines, block: Block, indent: float, balanced: bool) -> Lines | None:
    """The paragraph's lines at the score search's break points; None when it does not apply
    or finds another number of lines."""
    pieces = [p for line, _forced in paragraph for p in line]
    width_times_size = _f32(_lu(block.width) * _f32(block.font_size))
    if block.justified:
        hyphen_penalty, line_penalty = _f32(width_times_size / 2), 0.0
    else:
        hyphen_penalty = _f32(width_times_size * 2)
        line_penalty = _f32(hyphen_penalty * 2)
    candidates = _candidates(pieces, hyphen_penalty)
    if candidates is None or len(candidates) < MIN_CANDIDATES + 2:
        return None
    for candidate in reversed(candidates[:-1]):  # typographic orphans
        candidate.penalty = _f32(candidate.penalty + ORPHANS_PENALTY)
        if not candidate.hyphenated:
            break
    fit = (_lu(block.width) - round_lu(indent), _lu(block.width))
    chosen = _scores(candidates, fit, line_penalty, balanced, block.justified)
    if len(chosen) != len(paragraph):
        return None
    out: Lines = []
    begin = 0
    for end in chosen:
        out.append((pieces[begin:end], False))
        begin = end
    out[-1] = (out[-1][0], paragraph[-1][1])
    return out


def _candidates(pieces: list[Piece], hyphen_penalty: float) -> list[Candidate] | None:
    """Break opportunities with their positions (LineBreakCandidateContext): a sentinel at the
    start, one before every unit that may start a line, and the paragraph's end."""
    out = [Candidate(0, 0.0, 0.0)]
    pos = content_end = 0.0
    content: Piece | None = None  # the piece the content ends with
    for index, p in enumerate(pieces):
        if p.width < 0:
            return None  # negative margins: positions must grow
        if p.break_before and content is not None and index:
            out.append(_candidate(index, pos, content_end, content, hyphen_penalty))
        if p.kind == "text":
            content_end = pos + p.width
            pos = content_end + p.trailing_width
            content = p
        elif p.kind in ("atomic", "marker"):
            pos += p.width
            content_end, content = pos, p
        elif p.kind in ("open", "close"):
            pos += p.width
    if content is None:
        return None
    out.append(_candidate(len(pieces), pos, content_end, None, hyphen_penalty))
    return out


def _candidate(
    index: int, pos: float, end: float, content: Piece | None, hyphen_penalty: float
) -> Candidate:
    pos, end = _f32(pos), _f32(end)
    if content is not None and content.kind == "text" and shown_hyphen(content) is not None:
        return Candidate(index, pos, _f32(end + hyphen_width([content])), hyphen_penalty, True)
    return Candidate(index, pos, end)


def _scores(
    candidates: list[Candidate],
    fit: tuple[float, float],
    line_penalty: float,
    balanced: bool,
    justified: bool,
) -> list[int]:
    """ScoreLineBreaker::ComputeScores and ComputeBreakPoints: the piece indices where the
    chosen lines end. `fit`: the first line's and the other lines' available widths."""
    scores: list[tuple[float, int, int]] = [(0.0, 0, 0)]  # (score, previous, line count)
    active = 0
    last = len(candidates) - 1
    for end in range(1, len(candidates)):
        check("layout")
        end_candidate = candidates[end]
        is_last = end == last
        best, best_prev = SCORE_INFINITY, 0
        line_index = scores[active][2]
        available = _fit_width(fit, line_index)
        start_edge = _f32(end_candidate.pos_if_break - available)
        best_hope = 0.0
        for start in range(active, end):
            score_start, _prev, index = scores[start]
            if index != line_index:
                line_index = index
                width = _fit_width(fit, index)
                if width != available:
                    available = width
                    start_edge = _f32(end_candidate.pos_if_break - available)
                    best_hope = 0.0
            if score_start + best_hope >= best:
                continue
            start_candidate = candidates[start]
            delta = _f32(start_candidate.pos_no_break - start_edge)
            width_score = extra = 0.0
            if (is_last or not justified) and delta < 0:
                width_score = SCORE_OVERFULL
            elif is_last and not balanced:
                extra = _f32(LAST_LINE_PENALTY_MULTIPLIER * start_candidate.penalty)
            elif delta < 0:
                width_score = SCORE_OVERFULL
            else:
                width_score = _f32(delta * delta)
            if delta < 0:
                active = start + 1
            else:
                best_hope = width_score
            score = _f32(_f32(score_start + width_score) + extra)
            if score <= best:
                best, best_prev = score, start
        scores.append(
            (
                _f32(_f32(best + end_candidate.penalty) + line_penalty),
                best_prev,
                scores[best_prev][2] + 1,
            )
        )
    ends: list[int] = []
    i = last
    while i > 0:
        ends.append(candidates[i].index)
        i = scores[i][1]
    ends.reverse()
    return ends


def _fit_width(fit: tuple[float, float], line_index: int) -> float:
    """AvailableWidthToFit: the line's available width (never negative) plus one LayoutUnit."""
    return max(0.0, fit[0] if line_index == 0 else fit[1]) + LU


# --- the bisection (ParagraphLineBreaker) -----------------------------------------------------


def _bisect(lines: Lines, block: Block, rebreak: Callable[[float], Lines]) -> float | None:
    """The narrowest available width (in 1 px steps) that keeps the number of greedy lines
    (with a line clamp of at most 6: that keeps the clamped lines ending where they end)."""
    available = _lu(block.width)
    if available <= 0:
        return None
    clamp = block.clamp
    stop = None  # pieces the clamped lines must reach
    if clamp is not None and clamp <= MAX_LINES_FOR_BALANCE:
        head = lines[:clamp]
        if len(lines) > clamp:
            stop = sum(len(line) for line, _forced in head)
    else:
        if block.space_width > 0:
            per_line = int(available / block.space_width)
            if per_line <= 0:
                return None
            if math.ceil(_text_length(lines) / per_line) > MAX_LINES_FOR_BALANCE * 2:
                return None
        if len(lines) > MAX_LINES_FOR_BALANCE:
            return None
        head = lines
    count = len(head)
    if count <= 1 or _overflows(head, available, block.indent):
        return None
    total = sum(_used(line, block.indent if i == 0 else 0.0) for i, (line, _f) in enumerate(head))
    average = math.trunc(total * 64.0 / count) / 64.0  # LayoutUnit / int
    lower, upper = round_lu(average * 0.8), available
    while lower + 1.0 < upper:
        check("layout")
        middle = math.trunc((upper + lower) * 64.0 / 2) / 64.0
        trial = rebreak(middle)
        reached = len(trial) <= count or (
            stop is not None and sum(len(line) for line, _forced in trial[:count]) >= stop
        )
        if reached and not _overflows(trial[:count], middle, block.indent):
            upper = middle
        else:
            lower = middle
    return upper


def _text_length(lines: Lines) -> int:
    """Characters of the block's text content (an atomic inline is one)."""
    count = 0
    for line, _forced in lines:
        for p in line:
            if p.kind == "text":
                count += len(p.text) + len(p.trailing)
            elif p.kind == "atomic":
                count += 1
    return count


# --- shared ------------------------------------------------------------------------------------


def _lu(value: float) -> float:
    """A width as a LayoutUnit (truncated to 1/64 px, float noise ignored)."""
    return math.floor(value * 64.0 + 1e-3) / 64.0


def _used(line: list[Piece], indent: float) -> float:
    """The line's width as the line breaker counts it, its hanging trailing spaces left out."""
    trailing = 0.0
    for p in line:
        if p.kind == "text":
            trailing = p.trailing_width
        elif p.kind in ("atomic", "marker"):
            trailing = 0.0
    return LinePosition.start(indent).add(line, True).trimmed(trailing)


def _overflows(lines: Lines, width: float, indent: float) -> bool:
    """True when a line is wider than `width` (an unbreakable unit overflows it)."""
    return any(
        not fits(_used(line, indent if i == 0 else 0.0), width)
        for i, (line, _forced) in enumerate(lines)
    )
