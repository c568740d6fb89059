"""A document over its slide budget: a whole plan whose drafts already count more pages than
the budget is not made (generator.talk), and the deck is the one every step planned
gives; the fewest slides a draft can have (generator.budget.fewest_slides) bounds every plan."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.talk
from generator.api import PlannedDeck, plan_from_markdown
from generator.budget import content_slides, fewest_slides
from generator.deckplan import plan_deck
from generator.pages import DeckDraft
from generator.planner import Planner
from generator.reshape import Fitted

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _step(planner: Planner) -> str:
    return "tight" if planner.tight else "whole" if planner.whole else "capped"


def _planned(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[PlannedDeck, list[tuple[str, int, int]]]:
    """The planned deck and each plan made: (step, fewest slides of its drafts, content slides)."""
    plans: list[tuple[str, int, int]] = []

    def recorded(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
        fitted = plan_deck(planner, deck, max_pages)
        plans.append((_step(planner), fewest_slides(deck), content_slides(fitted)))
        return fitted

    monkeypatch.setattr(generator.talk, "plan_deck", recorded)
    path = CORPUS / name
    text = path.read_text(encoding="utf-8")
    return plan_from_markdown(text, "corporate", source_name=path.stem), plans


def test_steps_over_budget_before_any_layout_are_not_planned(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deck, plans = _planned("fd-readme/README.md", monkeypatch)
    steps = [p[0] for p in plans]
    assert steps[0] == "capped" and "whole" not in steps  # 39 pages for 30 slides: no whole plan
    with monkeypatch.context() as every:  # the bound that skips nothing: every step planned
        every.setattr(generator.talk, "fewest_slides", lambda deck: 0)
        full, all_plans = _planned("fd-readme/README.md", every)
    assert [p[0] for p in all_plans] == ["whole", "whole", *steps]
    assert deck.htmls == full.htmls
    assert deck.pages == full.pages
    assert deck.left_out == full.left_out


def test_fewest_slides_bounds_every_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(generator.talk, "fewest_slides", lambda deck: 0)
    _, plans = _planned("fd-readme/README.md", monkeypatch)
    bounds = [(fewest, slides) for _, fewest, slides in plans]
    assert all(0 < fewest <= slides for fewest, slides in bounds), bounds
    assert bounds[0][0] > 30  # the whole plan's drafts: one slide a page is over the budget


def test_a_changelog_is_planned_whole_to_count_its_releases(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    deck, plans = _planned("httpx-changelog/CHANGELOG.md", monkeypatch)
    first = plans[0]
    assert first[0] == "whole" and first[1] > 30  # over budget before any layout, yet planned
    assert [p[0] for p in plans] == ["whole", "whole"]  # the condensed changelog within it
    assert any(p["title"].startswith("Earlier releases") for p in deck.pages)
