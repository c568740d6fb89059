"""A deck's slide laid out as a section (centred) of a heading over one short line is a section
slide with that line under its title, not a title bar over one line."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.model import Chapter
from generator.outline import parse_outline
from tests.generator.fragments_slidev import SLIDEV_SECTION_LINE
from tests.generator.pptx_xml import paragraphs, slides


def test_a_centred_heading_over_one_line_is_a_section_with_that_line() -> None:
    deck = generate_from_markdown(SLIDEV_SECTION_LINE, "corporate")
    dividers = [p for p in deck.pages if p.kind == "divider"]
    assert [(p.title, p.subtitle) for p in dividers] == [("Composition API", "a brief go-through")]
    assert all(p.title != "Composition API" for p in deck.pages if p.kind == "content")
    at = deck.pages.index(dividers[0])
    shown = paragraphs(slides(deck.pptx_bytes)[at])
    assert "Composition API" in shown and "a brief go-through" in shown


def test_every_template_draws_the_line() -> None:
    for template in ("chinese-red", "dark-tech", "data", "editorial", "education", "minimal"):
        deck = generate_from_markdown(SLIDEV_SECTION_LINE, template)
        at = next(i for i, p in enumerate(deck.pages) if p.kind == "divider")
        assert "a brief go-through" in paragraphs(slides(deck.pptx_bytes)[at]), template


def test_the_line_is_kept_in_the_document() -> None:
    outline = parse_outline(SLIDEV_SECTION_LINE)
    chapter = next(c for c in outline.chapters if c.title == "Composition API")
    assert chapter.subtitle == "a brief go-through"
    again = Chapter.from_dict(chapter.to_dict())
    assert (again.title, again.subtitle) == ("Composition API", "a brief go-through")
