"""Pages a plan only counts by the text estimate: a plan that is only counted (generator.talk)
to say how many slides each part of a document over its budget takes need not lay out the
pages of parts that leave the deck whatever the count says (the releases of a changelog past
the newest MAX_RELEASES, generator.condense). Each such page counts the slides the calibrated
text estimate gives it (generator.estimate): its blocks' height at the base body size over
the frame's height, at least one; before any page was laid out (no frame known) it is laid
out as any other.

The same plan counts a page whose count is clear without laying it out (`clear_count`): a
content page as its slides show it (summarised, its walls of prose as points), with no picture
and no wall of prose (generator.points), whose calibrated estimate (Calibration.height, once
the deck's last HISTORY blocks were measured) is within one of the CLEAR ranges of the frame's
height: at most 1.0 (one slide), 1.1-1.7 (two), 2.0-2.5 (three). Several slides only for a page
that continues in one layout (`continued_layout`: no table, or tables alone); columns and
cards, which may hold in one slide what the flow would not, count one slide below SIDE_ONE only
(nearer the full height they may flow instead). On the counted plans of the sample documents
over their budget, 108 pages estimated within CLEAR (tables among other blocks then included;
83 within the narrower ranges it had before: at most 0.9, 1.15-1.65, 2.0-2.5 of bullets only)
all took that many slides laid out; the pages that did not were estimated at 1.04-1.06 (one
slide or two), 1.73-1.95 (two or three) or were columns (1.41: one slide). Pages near a
boundary are laid out. Its slides are laid out when read (a lone slide joining its neighbour
reads them: generator.lone), the page once for all of them."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from generator.estimate import Calibration, blocks_height
from generator.lazyre import lazy_compile
from generator.model import Block, flowing_blocks
from generator.pages import PlannedPage
from generator.picturepages import pictures
from generator.points import pointed_blocks
from generator.reshape import Fitted, later, settled

_CHAPTER = lazy_compile(r"chapters\[(\d+)\]")
# the estimate (frames' heights) of a page that surely takes 1, 2, 3 slides
CLEAR: dict[int, tuple[float, float]] = {1: (0.0, 1.0), 2: (1.1, 1.7), 3: (2.0, 2.5)}
# layouts whose pages may hold in one slide what the flow would not: counted as one at most
SIDE_BY_SIDE = frozenset({"columns", "cards"})
SIDE_ONE = 0.9  # ... and whose one slide may flow instead when nearly full: one slide below this


def chapter_of(page: PlannedPage) -> int | None:
    """The outline chapter a drafted page comes from (its source's first place), or None."""
    m = _CHAPTER.match(page.source)
    return int(m.group(1)) if m is not None else None


def estimated_count(page: PlannedPage, size: float, code: float, frame: tuple[float, float]) -> int:
    """The slides the text estimate puts `page` at (blocks at `size`, code at `code`)."""
    width, room = frame
    if page.kind != "content" or room <= 0:
        return 1
    height = blocks_height(flowing_blocks(page.blocks, page.sections), size, width, code)
    return max(1, math.ceil(height / room))


def clear_count(
    page: PlannedPage,
    calibration: Calibration,
    size: float,
    code: float,
    frame: tuple[float, float],
) -> int | None:
    """The slides `page` surely takes by the calibrated estimate (blocks at `size`, code at
    `code`): a content page without pictures or walls of prose whose estimate is within one of
    the CLEAR ranges of the frame's height (several slides: a page that continues in one
    layout, not of columns or cards; those one slide below SIDE_ONE); None near a boundary, or before HISTORY
    blocks were measured (a page counted so teaches the calibration nothing: by then it
    only shifts the window of the ratios kept)."""
    width, room = frame
    if page.kind != "content" or room <= 0:
        return None
    blocks = flowing_blocks(page.blocks, page.sections)
    if pictures(blocks) or pointed_blocks(page.blocks) is not page.blocks:
        return None
    if not calibration.full():
        return None
    height = calibration.height(blocks, size, width, code)
    if height is None:
        return None
    share = height / room
    several = page.layout not in SIDE_BY_SIDE and continued_layout(blocks) is not None
    side = page.layout in SIDE_BY_SIDE
    clear = CLEAR if several else {1: (CLEAR[1][0], SIDE_ONE if side else CLEAR[1][1])}
    return next((n for n, (low, high) in clear.items() if low <= share <= high), None)


def continued_layout(blocks: list[Block]) -> str | None:
    """The layout of every slide a page of `blocks` continues over (generator.slides.make_flowing):
    tables alone, "table"; no table, "bullets"; None when its slides may differ (tables and
    other blocks: a slide may hold a table alone)."""
    tables = [b.type == "table" for b in blocks]
    if tables and all(tables):
        return "table"
    return None if any(tables) else "bullets"


def counted_later(page: PlannedPage, count: int, make: Callable[[], list[Fitted]]) -> list[Fitted]:
    """`count` slides standing for `page` in a plan only counted: read, the page is fitted
    (`make`, once for all of them) and each is its slide of that number (the last when it
    made fewer), laid out as that slide would be when read. Several are continuation slides in
    the layout the page continues in (`continued_layout`, generator.slides.make_flowing)."""
    made: list[Fitted] = []

    def at(i: int) -> Fitted:
        if not made:
            made.extend(make())
        return settled(made[min(i, len(made) - 1)])

    if count == 1:
        return [later(page, partial(at, 0))]
    layout = continued_layout(flowing_blocks(page.blocks, page.sections)) or "bullets"
    parts = [replace(page, layout=layout, part=i + 1, parts=count) for i in range(count)]
    return [later(part, partial(at, i)) for i, part in enumerate(parts)]


def estimated_slides(page: PlannedPage, count: int) -> list[Fitted]:
    """`count` slides standing for `page` in a plan only counted: read, each is its page as
    drafted (at `page`'s sizes, numbered as it was since), never laid out."""
    out: list[Fitted] = []
    for i in range(count):
        part = replace(page, part=i + 1, parts=count)
        out.append(later(part, partial(_as_drafted, part)))
    return out


def _as_drafted(page: PlannedPage) -> Fitted:
    return Fitted(replace(page), "", None)
