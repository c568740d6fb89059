"""Whether two slides' blocks, stacked on one slide, surely overflow it: decided from layouts
the two slides already had, without laying the joined slide out.

Stacked one under the other in one column, blocks take at least the height they took on
slides of their own at the same type size and width: each block lays out the same, and the gap
between the last block of one and the first of the other is never negative. So when the two
slides' content heights together exceed the room of the slide that would hold them (its title,
hence its frame, unchanged), the joined slide overflows; when it could not be set smaller
either (its size is already the floor of the join), the join is known to fail."""

from __future__ import annotations

from generator.fit import TOLERANCE, Measure
from generator.pages import PlannedPage

STACKED = "bullets"  # the layout whose blocks stack in one column, each as on its own slide


def stacks_alike(alone: PlannedPage, page: PlannedPage) -> bool:
    """`alone` lays its blocks out the way `page` does (same layout, type sizes, picture room),
    its body size aside."""
    same = (alone.layout, alone.title_size, alone.picture) == (
        page.layout,
        page.title_size,
        page.picture,
    )
    return same and not alone.sections and page.layout == STACKED


def surely_overflows(
    page: PlannedPage, floor: float, host: Measure | None, other: Measure | None
) -> bool:
    """`page` (the blocks of two slides on the first one's slide, under its title) surely
    overflows at every size its join may try: its size is at the join's `floor`, and the two
    slides laid out alone at that size in the same single-column layout (`host`, `other`; None:
    not laid out so) take more height than the room of `host`."""
    if page.body_size > floor or host is None or other is None or not host.title_fits:
        return False
    if host.frame is None or host.stack is None or other.stack is None:
        return False
    return host.used + other.used > host.room + TOLERANCE
