"""What a condensed talk keeps: a deck whose pages fit its slide budget keeps every one of them
(its chapter dividers leave first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.alsoin import ALSO_SOURCE
from generator.api import GeneratedDeck, generate_from_markdown
from generator.budget import document_words, slide_budget
from generator.outline import parse_outline

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")


def _deck(text: str, name: str) -> GeneratedDeck:
    return generate_from_markdown(text, source_name=name)


def _budget(text: str) -> int:
    budget = slide_budget("medium", document_words(parse_outline(text)))
    assert budget is not None
    return budget


def test_deck_within_its_budget_but_for_its_dividers_keeps_every_page() -> None:
    # The whole page: with a divider for each of its three chapters it is one slide over its
    # budget; without them it is within it, so its dividers leave and every page stays.
    text = (CORPUS / "mkdocs-math" / "math.md").read_text(encoding="utf-8")
    deck = _deck(text, "math")
    content = [p for p in deck.pages if p.kind not in CHROME and p.source != ALSO_SOURCE]
    assert len(content) <= _budget(text)
    assert not any(p.kind == "divider" for p in deck.pages)
    assert not any("over the slide budget" in r.message for r in deck.left_out)
    assert not any(p.source == ALSO_SOURCE for p in deck.pages)
    titles = [p.title for p in deck.pages]
    assert "KaTeX" in titles  # half of the Configuration chapter, once in the notes
    body = "".join(deck.pages_html)
    assert "In summary, KaTeX shines" in body  # the conclusion, once only in the notes


@pytest.mark.usefixtures("no_galleries")
def test_configuration_leaves_before_a_core_chapter_gives_up_its_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Over its budget with no room for feature parts (a deck at its length's maximum,
    # generator.features): the icon-set configuration leaves the slides before the share cap
    # takes the usage chapter's pages (removing the title, collapsible blocks stay on slides).
    monkeypatch.setattr("generator.features.FEATURE_ROOM", 0)
    text = (CORPUS / "mkdocs-admonitions" / "admonitions.md").read_text(encoding="utf-8")
    deck = _deck(text, "admonitions")
    titles = " | ".join(p.title for p in deck.pages if p.source != ALSO_SOURCE)
    assert "Removing the title" in titles
    assert "Collapsible blocks" in titles
    assert "Inline blocks" in titles  # the fewest parts leave that bring it within its budget
    # the page of boxes repeating one example leaves before the feature's configuration
    assert "Supported types" not in titles and "Configuration" in titles
    assert "Admonition icons" not in titles
    left = [r.message for r in deck.left_out if "over the slide budget" in r.message]
    assert any('"Configuration · Admonition icons"' in m for m in left)
