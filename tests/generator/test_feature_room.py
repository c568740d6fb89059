"""A short deck keeps its feature parts: a whole titled part that would leave the slides of a
deck over its budget keeps its first slide while the deck stays within a few slides over its
budget (generator.features); a long document, its budget at the maximum, has no room. A page
of sections that keeps one slide keeps its first section with its introduction
(generator.leadalone)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from generator.alsoin import ALSO_SOURCE
from generator.api import GeneratedDeck, generate_from_markdown
from generator.budget import BUDGETS, document_words, slide_budget
from generator.features import FEATURE_ROOM, feature_room, shows_feature
from generator.outline import parse_outline

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")
OVER = "over the slide budget"


@cache
def _deck(path: Path) -> tuple[GeneratedDeck, int]:
    text = path.read_text(encoding="utf-8")
    budget = slide_budget("medium", document_words(parse_outline(text)))
    assert budget is not None
    return generate_from_markdown(text, source_name=path.stem), budget


def _content(deck: GeneratedDeck) -> int:
    return sum(1 for p in deck.pages if p.kind not in CHROME and p.source != ALSO_SOURCE)


def test_the_room_is_for_short_decks_only() -> None:
    high = BUDGETS["medium"][3]
    assert feature_room("medium", 12) == FEATURE_ROOM
    assert feature_room("medium", high - 1) == 1  # never over the length's maximum
    assert feature_room("medium", high) == 0  # a long document: as long as before
    assert feature_room("long", 30) == 0


def test_a_feature_section_is_one_that_shows_an_example() -> None:
    # rich's "Syntax Highlighting" (its own code example) shows a feature; its "Compatibility"
    # (two sentences) does not
    outline = parse_outline((CORPUS / "rich" / "README.md").read_text(encoding="utf-8"))
    sections = {s.title: s for c in outline.chapters for p in c.pages for s in p.sections}
    assert shows_feature(sections["Syntax Highlighting"].blocks)
    compatibility = next(c for c in outline.chapters if c.title == "Compatibility")
    assert not shows_feature(compatibility.pages[0].blocks)


def test_a_readme_of_features_keeps_each_feature_on_a_slide() -> None:
    # rich (about 1,700 words, a budget of 13 slides): its "Rich Library" chapter is eleven
    # features; the last two ("Syntax Highlighting", "Tracebacks") left for the notes of the
    # Emoji slide; now each keeps a slide, the deck within three slides over its budget
    deck, budget = _deck(CORPUS / "rich" / "README.md")
    titles = [p.title for p in deck.pages]
    assert "Syntax Highlighting" in titles and "Tracebacks" in titles
    assert not any(OVER in r.message for r in deck.left_out)
    assert budget < _content(deck) <= budget + FEATURE_ROOM


def test_a_how_to_page_keeps_its_gallery_and_configuration() -> None:
    # mkdocs-material's admonitions page (a budget of 14): "Supported types" (the gallery of
    # types, one slide since it is a grid, generator.gallery) and "Admonition icons"
    # (configuring them) keep their slides, and so does "Custom admonitions" with the box it
    # draws; the chapter dividers the deck gave up do not come back with them
    deck, budget = _deck(CORPUS / "mkdocs-admonitions" / "admonitions.md")
    titles = [p.title for p in deck.pages]
    assert "Supported types" in titles and "Admonition icons" in titles
    assert "Custom admonitions" in titles and "Configuration" in titles
    assert not any(OVER in r.message for r in deck.left_out)
    assert not any(p.kind == "divider" for p in deck.pages)
    assert _content(deck) <= budget + FEATURE_ROOM
    assert not any(p.source == ALSO_SOURCE for p in deck.pages)


def test_a_chapter_introduction_is_not_left_alone_on_a_siblings_slide() -> None:
    # rich's "Rich Library" page keeps one slide: its first slide as packed was its one-line
    # introduction, joined to the Emoji slide while "Log" and "Logging Handler" went to the
    # notes; now the slide shows its first sections, and Emoji's slide is Emoji's alone
    deck, _ = _deck(CORPUS / "rich" / "README.md")
    intro = "Rich contains a number of builtin"
    log = [i for i, p in enumerate(deck.pages) if p.title.startswith("Log")]
    assert log, [p.title for p in deck.pages]
    assert "log()" in deck.pages_html[log[0]]
    emoji = next(i for i, p in enumerate(deck.pages) if p.title == "Emoji")
    assert intro not in deck.pages_html[emoji]
