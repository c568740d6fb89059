"""Pages a plan only counts by the text estimate: a plan that is only counted (generator.talk)
to say how many slides each part of a document over its budget takes need not lay out the
pages of parts that leave the deck whatever the count says (the releases of a changelog past
the newest MAX_RELEASES, generator.condense). Each such page counts the slides the calibrated
text estimate gives it (generator.estimate): its blocks' height at the base body size over
the frame's height, at least one; before any page was laid out (no frame known) it is laid
out as any other.

The same plan counts a page that clearly takes one slide without laying it out: a content page
with no picture and no wall of prose (generator.points) whose calibrated estimate
(Calibration.height, once blocks were measured) is at most CLEAR_ONE of the frame's height.
Such a page fits its slide, or is a little too tall and is set smaller (SHRINK_SPAN): one
slide whatever its layout says. On the counted plans of the sample documents, every page the
calibrated estimate put under one frame took one slide, the nearest that took two was
estimated at 1.05; pages estimated higher are laid out (a summary or the cap decides their
count, which the estimate of the page as drafted cannot foresee)."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import partial

from generator.estimate import Calibration, blocks_height
from generator.model import flowing_blocks
from generator.pages import PlannedPage
from generator.picturepages import pictures
from generator.points import pointed_blocks
from generator.reshape import Fitted, later

_CHAPTER = re.compile(r"chapters\[(\d+)\]")
CLEAR_ONE = 0.9  # a page estimated at most at this share of the frame surely takes one slide


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


def clearly_one_slide(
    page: PlannedPage, calibration: Calibration, size: float, code: float, frame: tuple[float, float]
) -> bool:
    """Whether `page` surely takes one slide by the calibrated estimate (blocks at `size`,
    code at `code`): a content page without pictures or walls of prose, estimated at most at
    CLEAR_ONE of the frame's height; False before any block was measured."""
    width, room = frame
    if page.kind != "content" or room <= 0:
        return False
    blocks = flowing_blocks(page.blocks, page.sections)
    if pictures(blocks) or pointed_blocks(page.blocks) is not page.blocks:
        return False
    height = calibration.height(blocks, size, width, code)
    return height is not None and height <= CLEAR_ONE * room


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
