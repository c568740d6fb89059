"""How two slides' blocks stacked on one slide take its room, from the layouts the two slides
already had, without laying the joined slide out.

Stacked one under the other in one column, blocks take at least the height they took on
slides of their own at the same type size and width: each block lays out the same, and the gap
between the last block of one and the first of the other is never negative. So the two
slides' content heights together are a lower bound of the joined slide's, in the room of the
slide that holds them (its title, hence its frame, unchanged). When that bound exceeds the
room, the joined slide overflows at that size; the size a join tries next (`shrunk_size`) is
then at most the one the bound gives, exactly the floor when the bound gives the floor."""

from __future__ import annotations

import math

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


def stacked_height(host: Measure | None, other: Measure | None) -> tuple[float, float] | None:
    """(at least the content height of both slides' blocks stacked on `host`'s slide, its
    room) from the two slides laid out alone (None: not laid out so); None when unknown."""
    if host is None or other is None or not host.title_fits or host.frame is None:
        return None
    if host.stack is None or other.stack is None:
        return None
    return host.used + other.used, host.room


def shrunk_size(size: float, floor: float, room: float, used: float) -> float:
    """The next smaller size a join tries after one at `size` took `used` px of `room`."""
    return float(max(floor, min(size - 1, math.floor(size * room / used * 0.98))))


def overflows(height: tuple[float, float]) -> bool:
    used, room = height
    return used > room + TOLERANCE
