"""Pages a plan only counts by the text estimate: a plan that is only counted (generator.talk)
to say how many slides each part of a document over its budget takes need not lay out the
pages of parts that leave the deck whatever the count says (the releases of a changelog past
the newest MAX_RELEASES, generator.condense). Each such page counts the slides the calibrated
text estimate gives it (generator.estimate): its blocks' height at the base body size over
the frame's height, at least one; before any page was laid out (no frame known) it is laid
out as any other."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import partial

from generator.estimate import blocks_height
from generator.model import flowing_blocks
from generator.pages import PlannedPage
from generator.reshape import Fitted, later

_CHAPTER = re.compile(r"chapters\[(\d+)\]")


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
