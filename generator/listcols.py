"""Lists of many short items set in columns: a long run of names (APIs, options, types) fills
two or three columns at body size instead of several slides of one short line each.

The planner marks such a list once (`Block.columns`), before the page is cut into slides, so
every continuation of it keeps the same columns. A list qualifies when it has at least
MIN_ITEMS items, none with nested blocks, averaging at most MAX_WORDS words; three columns
when its items are short enough to stand a third of the width (THREE_CHARS, most of them),
else two; never so many that a column is narrower than the list's longest word at the page's
body size (a word is not broken in the middle). The items read down the columns (CSS
multi-column layout).
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, plain
from generator.slides import column_cap

MIN_ITEMS = 12
MAX_WORDS = 5.0  # average words per item
THREE_CHARS = 32  # items this long (at most) stand in three columns
TWO_CHARS = 60  # ... in two columns; a longer item keeps the list in one column
WRAPPED = 0.1  # share of the items allowed over the limit (they wrap to a second line)


def list_columns(block: Block, width: float, size: float) -> int:
    """How many columns `block` is set in (1: not in columns) in a frame `width` wide at body
    `size`: the most (up to three) whose width holds the list's longest word at that size."""
    if block.type != "list" or len(block.items) < MIN_ITEMS:
        return 1
    if any(item.children for item in block.items):
        return 1
    texts = [plain(item.spans).strip() for item in block.items]
    if sum(len(t.split()) for t in texts) / len(texts) > MAX_WORDS:
        return 1
    lengths = sorted(len(t) for t in texts)
    typical = lengths[min(len(lengths) - 1, int(len(lengths) * (1 - WRAPPED)))]
    words = " ".join(texts)
    if typical <= THREE_CHARS and lengths[-1] <= TWO_CHARS and column_cap(words, 3, width) >= size:
        return 3
    if typical <= TWO_CHARS and column_cap(words, 2, width) >= size:
        return 2
    return 1


def in_columns(blocks: list[Block], width: float, size: float) -> list[Block]:
    """`blocks` with their lists of many short items marked to be set in columns."""
    out = []
    for block in blocks:
        columns = list_columns(block, width, size) if block.columns == 1 else block.columns
        out.append(replace(block, columns=columns) if columns != block.columns else block)
    return out
