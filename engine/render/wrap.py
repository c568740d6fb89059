"""Line wrapping for the PNG renderer (one line of a paragraph's runs, too wide for its box ->
the lines PowerPoint and LibreOffice break it into).

Soft-wrapped paragraphs (engine/model/text/softwrap.py) are one line of runs whose box is
sized so LibreOffice breaks them where Chromium did. They are cut here as LibreOffice cuts
them: at the break opportunities the writer's width model assumes (renderer_segments: spaces,
between CJK characters with the kinsoku pairs of engine/layout/inline/text.py, after hyphens,
U+200B and soft hyphens), filled greedily with each character's LibreOffice advance, trailing
spaces hanging past the end, East Asian full stops and commas too where the paragraph lets
punctuation hang; a word no line holds is cut between characters. A line broken at a soft
hyphen shows a hyphen.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.layout.inline.text import SHY
from engine.model.schema import Run
from engine.model.text.softwrap import HANGING_PUNCT, renderer_segments

HYPHEN = "-"  # what LibreOffice draws where it breaks at a soft hyphen
MAX_LINES = 2_000  # lines one paragraph wraps into, at most: the rest stays on the last one
# LibreOffice's wrap decision is fuzzy by about 1 px (lowidth.LO_WIDTH_MARGIN_PX); the writer keeps
# every line at least that far inside its box and every unit it must not pull up at least that
# far outside: half of it counts as fitting.
FIT_TOLERANCE_PX = 0.5


@dataclass(frozen=True, slots=True)
class RunText:
    """One run of a line: its drawn text and each character's advance (px, as LibreOffice)."""

    run: Run
    text: str
    advances: Sequence[float]


@dataclass(frozen=True, slots=True)
class WrappedLine:
    """One line after wrapping: slices of the runs (their "text" cut) and whether the line
    ends where the paragraph wraps (not at its end or at a break)."""

    runs: list[Run]
    soft_end: bool


@dataclass(frozen=True, slots=True)
class Room:
    """The width a paragraph's lines have (px): its first line's and the others'."""

    first: float
    rest: float


def overflows(runs: Sequence[RunText], room: float) -> bool:
    """Whether the line is wider than `room` px (beyond the tolerance)."""
    return width(runs) > room + FIT_TOLERANCE_PX


def width(runs: Sequence[RunText]) -> float:
    """The line's width without its trailing spaces (they hang past a line's end)."""
    total, pending = 0.0, 0.0
    for r in runs:
        for ch, adv in zip(r.text, r.advances, strict=False):
            if ch == " ":
                pending += adv
            else:
                total += pending + adv
                pending = 0.0
    return total


def wrap(
    runs: Sequence[RunText],
    room: Room,
    *,
    hang: bool,
    hyphen: Callable[[Run], float],
    budget: int = MAX_LINES,
) -> list[WrappedLine]:
    """The runs cut into lines that fit `room` (the first line `room.first`, the others
    `room.rest`); `hang`: East Asian punctuation may hang past the end; `hyphen(run)`: the
    width of a hyphen in the run's font; at most `budget` lines."""
    text = "".join(r.text for r in runs)
    advances = [a for r in runs for a in _padded(r)]
    owners = [i for i, r in enumerate(runs) for _ in r.text]
    fit = Room(room.first + FIT_TOLERANCE_PX, room.rest + FIT_TOLERANCE_PX)
    starts = _starts(text, advances, fit, hang, lambda i: hyphen(runs[owners[i]].run), budget)
    return _cut(runs, text, starts)


def _padded(r: RunText) -> list[float]:
    adv = list(r.advances[: len(r.text)])
    return adv + [0.0] * (len(r.text) - len(adv))


def _starts(
    text: str,
    advances: list[float],
    room: Room,
    hang: bool,
    hyphen_at: Callable[[int], float],
    budget: int,
) -> list[int]:
    """Where each line after the first starts (character indices into `text`)."""
    starts: list[int] = []
    used, pending, filled = 0.0, 0.0, False  # the line's width, its trailing spaces' width
    avail = room.first
    pos = 0
    for word, spaces in renderer_segments(text):
        end = pos + len(word)
        need = sum(advances[pos:end])
        if hang and word:
            hanging = len(word) - len(word.rstrip("".join(HANGING_PUNCT)))
            need -= sum(advances[end - hanging : end]) if hanging < len(word) else 0.0
        if word.endswith(SHY) and not spaces:
            need += hyphen_at(end - 1)
        if filled and used + pending + need > avail and len(starts) + 1 < budget:
            starts.append(pos)
            used, pending, filled, avail = 0.0, 0.0, False, room.rest
        if not filled and need > avail and len(word) > 1:
            # No line holds the word: it is cut between characters, as LibreOffice does.
            for cut in _char_cuts(word, advances[pos:end], avail, room.rest):
                if len(starts) + 1 >= budget:
                    break
                starts.append(pos + cut)
                avail = room.rest
            last = starts[-1] if starts and starts[-1] > pos else pos
            used = sum(advances[last:end])
        else:
            used += pending + sum(advances[pos:end])
        filled = filled or bool(word)
        pending = sum(advances[end : end + len(spaces)])
        pos = end + len(spaces)
    return starts


def _char_cuts(word: str, advances: list[float], first: float, rest: float) -> list[int]:
    """Where a word too long for a line is cut (indices into it; never before a combining mark)."""
    cuts: list[int] = []
    used, avail = 0.0, first
    for i, (ch, adv) in enumerate(zip(word, advances, strict=True)):
        if i and used + adv > avail and not unicodedata.combining(ch):
            cuts.append(i)
            used, avail = 0.0, rest
        used += adv
    return cuts


def _cut(runs: Sequence[RunText], text: str, starts: list[int]) -> list[WrappedLine]:
    bounds = [0, *starts, len(text)]
    lines = []
    for n, (a, b) in enumerate(zip(bounds, bounds[1:], strict=False)):
        soft = n < len(starts)
        if soft:
            while b > a and text[b - 1] == " ":
                b -= 1  # spaces hanging at a wrap are not drawn (nor aligned)
        lines.append(WrappedLine(_slices(runs, a, b, soft), soft))
    return lines


def _slices(runs: Sequence[RunText], a: int, b: int, soft: bool) -> list[Run]:
    out: list[Run] = []
    pos = 0
    for r in runs:
        lo, hi = max(a, pos), min(b, pos + len(r.text))
        if lo < hi or (not r.text and (a <= pos < b or (pos == b and not soft))):
            out.append({**r.run, "text": r.text[lo - pos : hi - pos]})
        pos += len(r.text)
    if soft and out:
        last = out[-1]
        piece = str(last["text"])
        if piece.endswith(SHY):
            out[-1] = {**last, "text": piece[:-1] + HYPHEN}
    return out
