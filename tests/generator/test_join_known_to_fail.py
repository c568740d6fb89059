"""A lone part whose join with the slide beside it is known to fail from the layouts both
slides already have (stacked, they take more than the slide's room, and the join may not set
them smaller) is not laid out joined: the deck is the same, one layout fewer."""

from __future__ import annotations

import pytest

import generator.fit
import generator.lone
from engine import LaidOut, Options
from generator.api import generate_from_markdown
from tests.generator.fragments_lone import RUST_CHECK_CFG

DOC = "# Rust\n\n## What's in 1.80.0 stable\n\n" + RUST_CHECK_CFG


def _laid_out(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every page the engine lays out from now on."""
    made: list[str] = []
    real = generator.fit.lay_out

    def lay_out(html: str, options: Options | None = None) -> LaidOut:
        made.append(html)
        return real(html, options)

    monkeypatch.setattr(generator.fit, "lay_out", lay_out)
    return made


def _joined_trials(made: list[str]) -> list[str]:
    """Pages holding the lone first part (the opening paragraph, cut off before the code)
    together with the part it introduces, not the whole section."""
    return [
        h
        for h in made
        if "In 1.79" in h and "Unexpected cfgs are reported" in h and "manifest can" not in h
    ]


def test_a_join_that_surely_overflows_is_not_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _laid_out(monkeypatch)
    deck = generate_from_markdown(DOC, None)
    assert _joined_trials(made) == []
    n = len(made)
    made.clear()
    monkeypatch.setattr(generator.lone, "surely_overflows", lambda *a: False)
    before = generate_from_markdown(DOC, None)  # every join laid out, as before
    assert len(_joined_trials(made)) == 1
    assert len(made) == n + 1
    assert before.pages_html == deck.pages_html and before.pages == deck.pages
