"""Fixtures of the generator's tests."""

from __future__ import annotations

import pytest

import generator.budget


@pytest.fixture
def whole_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """Medium decks without a slide budget: tests of other rules (every layout, type floors,
    dividers) on long documents see them planned whole, as before the budget condensed them."""
    monkeypatch.setattr(generator.budget, "BUDGETS", {})
