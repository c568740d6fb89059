"""A document over its slide budget: a whole plan whose drafts already count more pages than
the budget is not made (generator.talk), and the deck is the one every step planned
gives; the fewest slides a draft can have (generator.budget.fewest_slides) bounds every plan."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import generator.fit
import generator.talk
from engine import LaidOut, Options
from generator.api import PlannedDeck, plan_from_markdown
from generator.budget import content_slides, fewest_slides
from generator.deckplan import plan_deck
from generator.pages import DeckDraft, PlannedPage
from generator.planner import Planner
from generator.reshape import Fitted, Later, later, settled
from generator.templates import get_template

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


Made = list[tuple[str, str, str | None]]  # each slide's kind, source and HTML (None: not read)


def _laid_and_planned(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> tuple[PlannedDeck, list[Made], int]:
    """The planned deck, the slides of each plan made, and the engine layouts made."""
    layouts = [0]
    lay_out = generator.fit._lay_out

    def counted(html: str, options: Options) -> LaidOut | None:
        layouts[0] += 1
        return lay_out(html, options)

    plans: list[Made] = []

    def recorded(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
        fitted = plan_deck(planner, deck, max_pages)
        plans.append(
            [(f.page.kind, f.page.source, None if isinstance(f, Later) else f.html) for f in fitted]
        )
        return fitted

    monkeypatch.setattr(generator.fit, "_lay_out", counted)
    monkeypatch.setattr(generator.talk, "plan_deck", recorded)
    path = CORPUS / name
    deck = plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name=path.stem)
    return deck, plans, layouts[0]


@pytest.mark.parametrize(
    ("name", "saved"),
    [
        ("httpx-changelog/CHANGELOG.md", 20),  # its whole plan counts the releases
        ("bat-readme/README.md", 14),  # the capped plan says which parts leave (12 growing at once)
        (
            "kep-crashloopbackoff/README.md",
            7,
        ),  # ... slides numbered again "(i/n)" (6 growing at once)
        # ... continuation slides grown together (8, not 9, since its Exceptions page keeps
        # the sentence naming its main classes: the deck itself is the same either way)
        ("httpx-quickstart/quickstart.md", 8),
        ("fd-readme/README.md", 5),  # its chapters are set again as the other kind: all read
    ],
)
def test_a_plan_only_counted_gives_the_deck_every_layout_gives(
    monkeypatch: pytest.MonkeyPatch, name: str, saved: int
) -> None:
    """A plan over the budget before any layout is only counted: a slide is grown, titled by
    its first part or numbered again only when read, and the deck, its records, every plan's slides and
        each slide laid out are the same as when every slide is laid out as it is made."""
    # every release laid out to be counted (their estimate: test_estimated_releases.py)
    monkeypatch.setattr(generator.talk, "leaving_releases", lambda outline: frozenset())
    deck, plans, layouts = _laid_and_planned(name, monkeypatch)
    with monkeypatch.context() as full:
        off = property(lambda self: False, lambda self, value: None)
        full.setattr(Planner, "counting", off, raising=False)  # every slide laid out as made
        every, every_plans, every_layouts = _laid_and_planned(name, full)
    assert [[s[:2] for s in p] for p in plans] == [[s[:2] for s in p] for p in every_plans]
    for plan, every_plan in zip(plans, every_plans, strict=True):
        read = [i for i, s in enumerate(plan) if s[2] is not None]
        assert [plan[i] for i in read] == [every_plan[i] for i in read]
    assert sum(s[2] is None for p in plans for s in p) > 0  # slides never read were not laid out
    assert deck.htmls == every.htmls
    assert deck.pages == every.pages
    assert deck.left_out == every.left_out
    assert every_layouts - layouts >= saved


def test_a_counted_slide_is_laid_out_when_first_read() -> None:
    made: list[int] = []
    page = PlannedPage("content", "bullets", "Usage", number=3, source="chapters[0].pages[1]")

    def make() -> Fitted:
        made.append(1)
        return Fitted(replace(page, body_size=30.0), "<html>", None)

    slide = later(page, make)
    slide.page.number = 7  # numbered in the deck before it is read
    assert not made and (slide.page.kind, slide.page.source) == ("content", page.source)
    done = settled(slide)
    assert made == [1] and done.html == "<html>" and done.page.body_size == 30.0
    assert done.page.number == 7 and page.number == 3


def test_a_counted_plan_within_the_budget_after_all_is_planned_again_in_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Drafts said to count more pages than any budget: the capped plan is only counted; it
    comes within the budget, so it is planned again in full and its deck is the one a full
    plan gives."""
    name = "rust-release/Rust-1.80.0.md"
    monkeypatch.setattr(generator.talk, "fewest_slides", lambda deck: 10**6)
    deck, plans, _ = _laid_and_planned(name, monkeypatch)
    assert len(plans) == 2 and any(s[2] is None for s in plans[0])  # counted, then in full
    assert all(s[2] is not None for s in plans[1])
    with monkeypatch.context() as full:
        off = property(lambda self: False, lambda self, value: None)
        full.setattr(Planner, "counting", off, raising=False)
        every, every_plans, _ = _laid_and_planned(name, full)
    assert every_plans[-1] == plans[1]
    assert deck.htmls == every.htmls and deck.left_out == every.left_out


def test_counted_continuation_slides_grow_together_when_first_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """In a plan only counted, the slides of one page are grown (together, once) when one of
    them is first read; a plan in full grows them as they are made."""
    grown: list[int] = []

    def grown_slides(self: Planner, slides: list[tuple[Fitted, object]]) -> list[Fitted]:
        grown.append(len(slides))
        return [Fitted(replace(f.page, body_size=40.0), "<grown>", None) for f, _ in slides]

    monkeypatch.setattr(Planner, "grown_slides", grown_slides)
    planner = Planner(get_template("corporate"), {"lang": "en"})
    pages = [PlannedPage("content", "bullets", "Usage", part=i, parts=2) for i in (1, 2)]
    slides: list[tuple[Fitted, object]] = [(Fitted(p, "<p>", None), None) for p in pages]
    planner.counting = True
    out = planner.grown_together(slides)  # type: ignore[arg-type]
    assert not grown and all(isinstance(f, Later) for f in out)
    assert [f.page.body_size for f in out] == [0.0, 0.0]  # counted as made until read
    out[1].page.number = 9
    second = settled(out[1])
    assert grown == [2] and second.page.body_size == 40.0 and second.page.number == 9
    assert settled(out[0]).html == "<grown>" and grown == [2]  # grown together, once
    planner.counting = False
    assert [f.html for f in planner.grown_together(slides)] == ["<grown>", "<grown>"]  # type: ignore[arg-type]
    assert grown == [2, 2]
