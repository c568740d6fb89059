"""A deck is planned and built with the cyclic garbage collector paused (its slides' layouts all
live until the deck is built: collections would walk them again and again), and the collector
runs again afterwards, also when generation fails."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from generator.api import build_planned, generate_from_markdown, plan_from_markdown
from generator.errors import GeneratorError
from generator.planner import Planner

MARKDOWN = "# Topic\n\n## Chapter\n\n### Page\n\nSome text.\n\n### Another\n\n- one\n- two\n"


@pytest.fixture
def collector_states(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """Whether the collector was enabled at each measurement the planner made."""
    assert gc.isenabled()
    states: list[bool] = []
    measure = Planner.measure

    def recording(self: Planner, *args: object, **kwargs: object) -> object:
        states.append(gc.isenabled())
        return measure(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Planner, "measure", recording)
    yield states
    assert gc.isenabled()


def test_generation_measures_with_the_collector_paused(collector_states: list[bool]) -> None:
    deck = generate_from_markdown(MARKDOWN)
    assert deck.page_count >= 3
    assert collector_states and not any(collector_states)
    assert gc.isenabled()


def test_the_two_halves_pause_it_too(collector_states: list[bool]) -> None:
    planned = plan_from_markdown(MARKDOWN)
    assert gc.isenabled()
    assert build_planned(planned).page_count == len(planned.htmls)
    assert collector_states and not any(collector_states)


def test_the_collector_runs_again_after_a_failure() -> None:
    with pytest.raises(GeneratorError):
        generate_from_markdown(MARKDOWN, "no-such-template")
    with pytest.raises(GeneratorError):
        generate_from_markdown(12)
    assert gc.isenabled()
