"""How many parts leave a deck over its slide budget, found in as few plans as the answer
needs (generator.parts): a plan within its budget by a slide or two whose estimate says no
fewer parts do tries one part back first (over: the answer is known), and the same parts
gone are planned once, however often a count asks for them. The deck is the one the plain
search makes; plans are counted, never timed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import generator.parts
import generator.talk
from generator.api import PlannedDeck, plan_from_markdown
from generator.deckplan import plan_deck
from generator.pages import DeckDraft
from generator.parts import Fit, Parts, Plan, fewest_left
from generator.planner import Planner
from generator.reshape import Fitted

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _planned(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[PlannedDeck, int]:
    """The planned deck and how many plans of the capped deck were made."""
    plans = [0]

    def recorded(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
        plans[0] += 0 if planner.counting else 1
        return plan_deck(planner, deck, max_pages)

    monkeypatch.setattr(generator.talk, "plan_deck", recorded)
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    return plan_from_markdown(text, "corporate", source_name=path.stem), plans[0]


def _same(a: PlannedDeck, b: PlannedDeck) -> None:
    assert a.htmls == b.htmls
    assert a.pages == b.pages
    assert a.left_out == b.left_out


def test_a_deck_within_its_budget_by_a_slide_tries_one_part_back_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # fd's README: 47 content slides for 18 when capped; the estimate's 21 parts leave it at 17,
    # one slide to spare, and the estimate says no fewer do: 20 gone is tried (over), so 21 is
    # the fewest, found without the midpoints 10, 15, 18 and 19 the plain bisection planned
    tried: list[tuple[int, int]] = []
    search = fewest_left

    def spied(
        guess: Callable[[float], int], slides_after: Callable[[int], int], over: float, budget: int
    ) -> int | None:
        def counted(k: int) -> int:
            n = slides_after(k)
            tried.append((k, n - budget))
            return n

        return search(guess, counted, over, budget)

    monkeypatch.setattr(generator.talk, "fewest_left", spied)
    _, plans = _planned("fd-readme/README.md", monkeypatch)
    assert [k for k, _ in tried] == [21, 20]
    assert dict(tried)[21] <= 0 < dict(tried)[20]  # 21 within the budget, 20 over: the fewest
    assert plans == 5  # 21 and 20 gone, the parts given back (three), no other


def test_the_same_parts_gone_are_planned_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # httpx's quickstart: its order has 11 parts and the deck stays over its budget with all of
    # them gone; the count asks for 12 to 16 gone, the same parts as 11
    made: list[tuple[int, bool]] = []
    unshared = Parts._plan

    def recorded(self: Parts, gone: list[generator.parts.Left], fit: Fit, divided: bool) -> Plan:
        made.append((len(gone), divided))
        return unshared(self, gone, fit, divided)

    monkeypatch.setattr(Parts, "_plan", recorded)
    deck, plans = _planned("httpx-quickstart/quickstart.md", monkeypatch)
    assert made == [(11, True)] and plans == 1
    with monkeypatch.context() as every:  # each count planned anew
        every.setattr(
            Parts, "plan", lambda self, gone, fit, divided=True: unshared(self, gone, fit, divided)
        )
        again, all_plans = _planned("httpx-quickstart/quickstart.md", every)
    _same(deck, again)
    assert all_plans == 6


def test_one_part_comes_back_once_then_the_range_is_halved() -> None:
    # one slide a part up to the 10th, none after (their pages merge with others), a budget of
    # 30: with the estimate's 19 gone the deck is within by one, and so with 18 (the estimate
    # was short), so the range is halved from there: 9 gone are the fewest
    planned: list[int] = []

    def slides_after(k: int) -> int:
        planned.append(k)
        return max(29, 39 - k)

    assert fewest_left(lambda over: round(over), slides_after, 19, 30) == 9
    assert planned == [19, 18, 9]
