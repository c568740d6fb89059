"""A table's column widths from its content, as a browser's automatic table layout gives them
(Chromium's auto layout, which the engine follows): a column is never narrower than its
longest unbreakable word (an option such as `--unrestricted` does not break) and shares the
rest of the table's width by how much text it holds.

- each column has a least width (its longest word, measured generously, and the cell's
  padding) and a most width (its longest cell set on one line);
- a table whose columns fit on one line each gives every column its most width, the room left
  shared in proportion to it; otherwise every column has its least width and the room left is
  shared in proportion to what each column lacks of its most width; columns whose words alone
  overflow the table are scaled down together.

The generator's estimates of a table's height (generator.estimate) use these widths; a table on
one slide is laid out automatically by the engine, and the slides a table continues over keep
the widths of the whole table (measured by the engine, generator.pieces, or these estimates),
so its columns do not move from one slide to the next.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from generator.markup.mermaid.measure import text_width as label_width
from generator.model import Block, Spans

PADDING = 1.0  # a cell's padding left and right together, in em of the table's text
WORD_MARGIN = 1.15  # a word's width is measured generously: a column never breaks it
MONO_EM = 0.6  # a monospace character's advance, in em

TextWidth = Callable[[str, float, bool], float]  # (text, size, monospace) -> width
CACHED_CELLS = 4096  # cells' widths kept (a table is estimated again at each size tried)


def column_widths(block: Block, width: float, size: float, text_width: TextWidth) -> list[float]:
    """The widths of `block`'s columns in a table `width` wide set at `size` (a table that
    carries its measured shares, `Block.widths`, keeps them)."""
    columns = max([len(block.header)] + [len(r) for r in block.rows] + [1])
    if len(block.widths) == columns:
        return [w * width for w in block.widths]
    least = [0.0] * columns
    most = [0.0] * columns
    for row in [block.header, *block.rows]:
        for i, cell in enumerate(row[:columns]):
            low, high = _cell_widths(cell, size, text_width)
            least[i] = max(least[i], low + PADDING * size)
            most[i] = max(most[i], high + PADDING * size)
    return distribute(least, most, width)


def shares(widths: list[float]) -> tuple[float, ...]:
    """Column widths as shares of the table's width (what `Block.widths` holds)."""
    total = sum(widths)
    return tuple(round(w / total, 4) for w in widths) if total > 0 else ()


def distribute(least: list[float], most: list[float], width: float) -> list[float]:
    """Columns' widths in a table `width` wide from their least and most widths."""
    if sum(most) <= width:
        total = sum(most)
        if total <= 0:
            return [width / len(most)] * len(most)
        return [m + (width - total) * m / total for m in most]
    if sum(least) >= width:
        total = sum(least)
        return [w * width / total for w in least]
    lacking = [max(0.0, m - w) for w, m in zip(least, most, strict=True)]
    room = width - sum(least)
    total = sum(lacking) or 1.0
    return [w + room * lack / total for w, lack in zip(least, lacking, strict=True)]


def _cell_widths(cell: Spans, size: float, text_width: TextWidth) -> tuple[float, float]:
    """A cell's (longest word, whole text on one line) widths."""
    return _runs_widths(tuple((span.text, span.code) for span in cell), size, text_width)


@lru_cache(maxsize=CACHED_CELLS)
def _runs_widths(
    runs: tuple[tuple[str, bool], ...], size: float, text_width: TextWidth
) -> tuple[float, float]:
    """The (longest word, whole text on one line) widths of a cell's runs of text (text,
    monospace), found once per cell text and size: the planner estimates a table at every size
    it tries, and again in each plan of the deck."""
    longest = 0.0
    whole = 0.0
    for text, mono in runs:
        whole += text_width(text, size, mono)
        for word in text.split():
            longest = max(longest, word_width(word, size, mono))
    return longest, whole


def word_width(word: str, size: float, mono: bool) -> float:
    """A word's width at `size`, generously (each letter's own advance, capitals and wide
    letters wider, a margin for bold header cells and the font's own advances)."""
    if mono:
        return len(word) * MONO_EM * size * WORD_MARGIN
    return label_width(word, size) * WORD_MARGIN
