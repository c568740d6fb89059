"""Fixtures of the generator's tests."""

from __future__ import annotations

import math
from collections.abc import Callable

import pytest

import generator.budget
import generator.repeats
import generator.talk


@pytest.fixture
def whole_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """Medium decks without a slide budget: tests of other rules (every layout, type floors,
    dividers) on long documents see them planned whole, as before the budget condensed them."""
    monkeypatch.setattr(generator.budget, "BUDGETS", {})


@pytest.fixture
def medium_budget(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """Sets the content slides of every medium deck: tests of the condensing steps (a page
    summarised and capped) give their short documents a budget their whole pages are over."""

    def set_budget(slides: int) -> None:
        budgets = {**generator.budget.BUDGETS, "medium": (slides, 10**9, slides, slides)}
        monkeypatch.setattr(generator.budget, "BUDGETS", budgets)

    return set_budget


def roomy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A medium budget of 12 slides plus one per 100 words, 15 to 30, and no chapter's share of
    it: tests of other rules (a page kept whole, a part left named, a picture slide free) on
    sample documents that the medium talk condenses further see them with the room those
    rules are about."""
    budgets = {**generator.budget.BUDGETS, "medium": (12, 100, 15, 30)}
    monkeypatch.setattr(generator.budget, "BUDGETS", budgets)
    monkeypatch.setattr(generator.talk, "CHAPTER_SHARE", math.inf)


@pytest.fixture
def roomy_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """`roomy` for one test."""
    roomy(monkeypatch)


@pytest.fixture
def no_galleries(monkeypatch: pytest.MonkeyPatch) -> None:
    """No run of admonition types is a gallery (generator.gallery): tests of rules for long
    runs of boxes (continuing over slides, condensed over the budget) see the boxes stacked."""
    monkeypatch.setattr("generator.gallery.MIN_BOXES", 10**9)


@pytest.fixture
def whole_link_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    """No list of links is too long for a talk (generator.repeats): tests of other rules on a
    release's sixty stabilized APIs (columns over several slides, the pages after them) see
    the list whole."""
    monkeypatch.setattr(generator.repeats, "MIN_LINKS", 10**9)
