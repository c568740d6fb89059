"""A document within its slide budget keeps every page whole: a page longer than a slide
continues on following slides ("(2/3)") and nothing moves to the speaker notes. Summaries and
the cap of MAX_SLIDES slides a page are steps of condensing a deck over its budget
(tests/generator/test_talk_budget.py, and the capped pages' tests with `medium_budget`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import generator.repeats
from generator.api import PlannedDeck, plan_from_markdown
from generator.budget import document_words, slide_budget
from generator.outline import parse_outline
from generator.summary import MAX_SLIDES

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")


def _plan(name: str) -> PlannedDeck:
    path = CORPUS / name
    return plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name=path.stem)


def _slides_text(deck: PlannedDeck) -> str:
    shown = [{k: v for k, v in page.items() if k != "notes"} for page in deck.pages]
    return " ".join(" ".join(json.dumps(shown, ensure_ascii=False).split()).split("\\n"))


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        # the text explaining the warning the code above produces
        ("rust-release/Rust-1.80.0.md", "The same warning is reported regardless of whether"),
        (
            "rust-release/Rust-1.80.0.md",
            "will see the exact same duration below, since",
        ),
        # the explanation of a diagram's frontmatter, and of the only modifiable theme
        ("mermaid-theming/theming.md", "To customize the theme of an individual diagram"),
        ("mermaid-theming/theming.md", "as it is the only modifiable theme"),
        # "add the following lines to your mkdocs.yml" and the lines, the section's conclusion
        ("mkdocs-math/math.md", "In summary, KaTeX shines with its speed and simplicity"),
        ("mkdocs-math/math.md", "markdown_extensions"),
    ],
)
@pytest.mark.usefixtures("roomy_budget")
def test_a_document_within_its_budget_shows_every_word_on_slides(name: str, shown: str) -> None:
    deck = _plan(name)
    budget = slide_budget("medium", document_words(parse_outline((CORPUS / name).read_text())))
    assert budget is not None
    assert sum(1 for p in deck.pages if p["kind"] not in CHROME) <= budget
    assert shown in _slides_text(deck)
    assert not [r for r in deck.left_out if r["kind"] == "notes" and shown in r["text"]]


@pytest.mark.usefixtures("no_galleries")
@pytest.mark.usefixtures("roomy_budget")
def test_a_long_page_within_the_budget_continues_on_following_slides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the twelve types, one example each; read at 24 px the page no longer fits the old budget,
    # so the boxes repeating one example are not condensed here (test_talk_length covers that)
    monkeypatch.setattr(generator.repeats, "MIN_REPEATS", 10**9)
    deck = _plan("mkdocs-admonitions/admonitions.md")
    shown = [p for p in deck.pages if p["title"] == "Supported types"]
    assert not [
        r for r in deck.left_out if r["kind"] == "notes" and r["where"] == shown[0]["source"]
    ]
    types = [(p["part"], p["parts"]) for p in shown]
    assert len(types) > MAX_SLIDES and types == [(i + 1, len(types)) for i in range(len(types))]
