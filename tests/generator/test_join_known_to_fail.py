"""A lone part whose join with the slide beside it is known to fail from the layouts both
slides already have (stacked, they take more than the slide's room, and the join may not set
them smaller) is not laid out joined: the deck is the same, one layout fewer."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.fit
import generator.lone
from generator.api import generate_from_markdown
from tests.generator.fragments_lone import RUST_CHECK_CFG
from tests.generator.recorded import engine_layouts as _laid_out

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
DOC = "# Rust\n\n## What's in 1.80.0 stable\n\n" + RUST_CHECK_CFG


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
    monkeypatch.setattr(generator.lone, "overflows", lambda height: False)
    before = generate_from_markdown(DOC, None)  # every join laid out, as before
    assert len(_joined_trials(made)) == 1
    assert len(made) == n + 1
    assert before.pages_html == deck.pages_html and before.pages == deck.pages


def test_a_join_known_to_overflow_above_the_floor_is_first_laid_out_at_the_floor(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The admonitions reference: the "Inline blocks" page (admonitions side by side with
    their code) cut into parts grown to 28 px, whose lone part joins the one before it. At
    28 px the two parts already take more than the body, so the join would try next the size
    the floor gives (the size after an overflow is at most the one the lower bound of its
    height gives): it is laid out at the floor right away, one layout fewer, the same deck."""
    text = (CORPUS / "mkdocs-admonitions" / "admonitions.md").read_text(encoding="utf-8")
    made = _laid_out(monkeypatch)
    deck = generate_from_markdown(text, None)
    n = len(made)
    made.clear()
    monkeypatch.setattr(generator.lone, "overflows", lambda height: False)
    before = generate_from_markdown(text, None)
    assert len(made) == n + 1
    assert before.pages_html == deck.pages_html and before.pages == deck.pages
