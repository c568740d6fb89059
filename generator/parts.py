"""How many whole parts leave the slides of a capped deck over its budget, in the order
generator.drop gives: the fewest that bring the deck within its budget, found by planning the
deck with them gone (a few plans at most), and the parts the last of them made needless given
back (generator.drop.chosen puts a page's continuation slides before whole parts: a whole part
that leaves after them may save more than they did)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.budget import (
    content_slides,
    divider_slides,
    pictures_by_page,
    slides_by_page,
    slides_by_section,
)
from generator.condense import Condensed
from generator.demos import variant_pages
from generator.drop import Left, chosen, continued_parts
from generator.leaving import drop_pages
from generator.leftout import LeftOut
from generator.pages import DeckDraft
from generator.reshape import Fitted

if TYPE_CHECKING:
    from generator.planner import Planner

ROUNDS = 6  # plans of the deck at most while finding how many parts leave
GIVE_BACK = 1  # a deck under its budget tries to give parts back (the fewest that do)


def fewest_left(
    guess: Callable[[float], int],
    slides_after: Callable[[int], int],
    over: float,
    budget: int,
) -> int | None:
    """How many parts leave the slides (the first of the order `chosen` gives): the fewest
    that bring the deck within `budget` among at most ROUNDS plans; None when none tried does.
    `guess(over)`: how many the estimate says save `over` slides; `slides_after(k)`: the
    content slides of the deck planned with the first k gone (a divider or a merge the
    estimate cannot foresee makes it differ). A plan within the budget with slides to spare
    tries fewer parts halfway back; when the estimate says no fewer parts save the slides
    still over, one part comes back first (over: the answer is known), once (within after
    all, the estimate was short: halving again)."""
    low, high = 0, None  # most known over the budget, fewest known within it
    stepped = False  # one part was tried back on the estimate's word
    k = guess(over)
    for _ in range(ROUNDS):
        if k <= low or (high is not None and k >= high):
            break
        n = slides_after(k)
        if n > budget:
            low = k
            over += n - budget
            k = max(guess(over), low + 1) if high is None else (low + high) // 2
        else:
            high = k
            if budget - n < GIVE_BACK:
                break
            back = guess(over - (budget - n) + 1)  # the parts the estimate says still leave
            if back >= high and not stepped:
                k, stepped = high - 1, True
            else:
                k = max(low + 1, min(back, (low + high) // 2))
    return high


Fitting = tuple["Planner", list[Fitted]]  # a deck planned: its planner and its slides
# a deck planned with the pages keeping one slide, and those of them keeping two
Fit = Callable[[DeckDraft, frozenset[str], frozenset[str]], Fitting]


@dataclass
class Plan:
    """A capped deck planned with parts gone."""

    dropped: Condensed
    fitted: list[Fitted]
    planner: Planner
    left: list[LeftOut]
    galleried: int = 0  # picture slides of continuations given up (they count as any slide)
    gone: tuple[Left, ...] = ()  # the parts that left, in the order they left
    divided: bool = True  # drafted with its chapter dividers (False: they left)


class Parts:
    """Whole later sub-sections off the slides of a capped deck over its budget
    (generator.drop): the order they leave in, and the deck planned with the first k gone."""

    def __init__(
        self,
        platforms: Condensed,
        fitted: list[Fitted],
        drafts: DeckDraft,
        draft: Callable[[Condensed, list[LeftOut], bool], DeckDraft],
        share: float = math.inf,
        budget: float = math.inf,
    ) -> None:
        self.outline = platforms.outline
        self.budget = budget
        self.pictures = pictures_by_page(fitted)  # the capped deck's picture slides per page
        self.draft = draft
        made = frozenset(
            (self.outline.chapters[ci].title, self.outline.chapters[ci].pages[pi].title)
            for ci, pi in platforms.made
        )
        dividers = (divider_slides(fitted), drafts.divider_slides)
        by_page, by_section = slides_by_page(fitted), slides_by_section(fitted)
        continued = continued_parts(fitted)
        variants = variant_pages(fitted)
        self.chosen = lambda over: chosen(
            self.outline, by_page, over, dividers, by_section, made, share, continued, variants
        )
        self.order = self.chosen(math.inf)
        self.tried: dict[int, Plan] = {}
        self.made: dict[tuple[tuple[Left, ...], bool, Fit], Plan] = {}  # by the parts gone

    def counted(self, k: int, fit: Fit) -> int:
        """The content slides the budget counts of the deck planned with k parts gone."""
        return counted_slides(self.planned(k, fit))

    def guess(self, over: float) -> int:
        return len(self.chosen(over))

    def planned(self, k: int, fit: Fit) -> Plan:
        """The deck capped (`fit`, the pages that keep one slide) with the first k parts of the
        order gone."""
        if k not in self.tried:
            self.tried[k] = self.plan(self.order[:k], fit)
        return self.tried[k]

    def given_back(self, k: int, fit: Fit) -> Plan:
        """The deck with the first k parts gone, but for those the last of them made needless
        (a whole part after continuation slides in the order may save more than they did):
        from the first continuation given up on, the parts before the last come back, the
        latest first (the order is the least needed first), as many as keep the deck within
        its budget (a few plans)."""
        plan = self.planned(k, fit)
        first = next((i for i, x in enumerate(self.order[:k]) if x.one), k)
        back = self.order[first : k - 1]
        best, low, high = plan, 0, len(back)  # parts known to come back, at most
        for _ in range(ROUNDS):
            if low >= high or counted_slides(plan) >= self.budget:
                break
            mid = (low + high + 1) // 2
            trial = self.plan(self.order[: k - 1 - mid] + self.order[k - 1 : k], fit)
            if counted_slides(trial) <= self.budget:
                best, low = trial, mid
            else:
                high = mid - 1
        return best

    def plan(self, gone: list[Left], fit: Fit, divided: bool = True) -> Plan:
        """The deck capped with the parts `gone`; its chapter dividers leave before any part of
        the body does, and when the deck is over its budget by them alone. `divided` False: a
        plan made from one that had lost its dividers keeps them off (the parts it brings back
        do not bring back the dividers). The same parts gone are planned once: asking for more
        parts than the order has (the first k of a shorter order), or for a set of parts tried
        before, is the plan made then (a plan depends on its parts and its `fit` only)."""
        key = (tuple(gone), divided, fit)
        if key not in self.made:
            self.made[key] = self._plan(gone, fit, divided)
        return self.made[key]

    def _plan(self, gone: list[Left], fit: Fit, divided: bool) -> Plan:
        dropped = drop_pages(self.outline, gone)
        left: list[LeftOut] = []
        dividers = divided and not any(x.body for x in gone)  # they leave before the body
        planner, fitted = fit(self.draft(dropped, left, dividers), dropped.single, dropped.double)
        galleried = self._galleried(dropped, fitted)
        counted = content_slides(fitted, galleried)
        if dividers and counted > self.budget >= counted - divider_slides(fitted):
            left = []  # over only by its dividers: they leave, not one more part
            planner, fitted = fit(self.draft(dropped, left, False), dropped.single, dropped.double)
            galleried = self._galleried(dropped, fitted)
            dividers = False
        return Plan(dropped, fitted, planner, left, galleried, tuple(gone), dividers)

    def _galleried(self, dropped: Condensed, fitted: list[Fitted]) -> int:
        """The picture slides pages keeping one slide have beyond those they had capped: the
        pictures of their continuation slides (they take slides as those did)."""
        now = pictures_by_page(fitted)
        return sum(
            max(0, now.get(s, 0) - self.pictures.get(dropped.origin(s), 0)) for s in dropped.single
        )


def counted_slides(plan: Plan) -> int:
    """The content slides the budget counts of a plan (generator.budget.content_slides)."""
    return content_slides(plan.fitted, plan.galleried)


def most_within(
    parts: Parts,
    plan: Plan,
    fit: Fit,
    limit: float,
    count: int,
    gone_with: Callable[[int], list[Left]],
    rounds: int,
) -> Plan:
    """The plan of the most of `count` changes to `plan` (`gone_with(n)`: the parts gone with
    the first n made) that keeps the deck within `limit` counted slides, found in at most
    `rounds` plans (halving); `plan` itself when none does. Every plan keeps `plan`'s decision
    on its chapter dividers: the room is for the changes."""
    best, low, high = plan, 0, count  # changes known to keep within the limit, at most
    n = high
    for _ in range(rounds):
        if low >= high:
            break
        trial = parts.plan(gone_with(n), fit, plan.divided)
        if counted_slides(trial) <= limit:
            best, low = trial, n
        else:
            high = n - 1
        n = (low + high + 1) // 2
    return best
