"""No paragraph of a corpus deck carries a line break the HTML did not have (line_breaks "soft",
the default): benchmarks/editability.py's count of inserted a:br is 0 over every deck of
samples/corpus and of ../shared/corpus; with exact breaks the same count finds them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.requires import corpus_dir, requires_tools

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

from editability import deck_figures, decks_of  # noqa: E402

SAMPLES = decks_of(ROOT / "samples" / "corpus")
SHARED = sorted(p for p in corpus_dir().glob("deck-*") if p.is_dir())


def _no_inserted_breaks(deck: Path) -> None:
    fig = deck_figures(deck, "soft")
    assert fig.paragraphs > 0
    assert fig.inserted == 0, f"{deck.name}: a:br the HTML did not have: {fig.breaks[:5]}"


@pytest.mark.parametrize("deck", SAMPLES, ids=lambda p: p.name)
def test_samples_deck_has_no_inserted_breaks(deck: Path) -> None:
    _no_inserted_breaks(deck)


@requires_tools("corpus")
@pytest.mark.parametrize("deck", SHARED or [corpus_dir() / "deck-missing"], ids=lambda p: p.name)
def test_shared_deck_has_no_inserted_breaks(deck: Path) -> None:
    _no_inserted_breaks(deck)


def test_exact_breaks_are_counted() -> None:
    """The count sees the breaks exact mode writes at every browser line."""
    deck = ROOT / "samples" / "corpus" / "deck-academic"
    fig = deck_figures(deck, "exact")
    assert fig.inserted >= 3, fig.breaks
