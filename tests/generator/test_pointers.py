"""A sentence pointing at something keeps its object on its slide, or, when the object is gone,
does not point at nothing: a sentence about a picture left out goes to the notes, a lead-in
whose object was dropped ends with a full stop."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.quotes import block_spans
from generator.model import plain
from tests.generator.fragments_pointers import (
    MKDOCS_ICON_SEARCH,
    RICH_TABLES,
    RUST_EXCLUSIVE_RANGES,
)


def _slides(markdown: str) -> list[tuple[str, str]]:
    """(slide text, notes) of each content slide."""
    deck = generate_from_markdown(markdown, "corporate")
    out = []
    for page in deck.pages:
        if page.kind != "content":
            continue
        blocks = [*page.blocks, *(b for s in page.sections for b in s.blocks)]
        text = " ".join(plain(p) for b in blocks for p in block_spans(b))
        out.append((" ".join(text.split()), page.notes))
    return out


def test_a_sentence_about_a_picture_left_out_goes_to_the_notes() -> None:
    slides = _slides(RICH_TABLES)
    shown = " ".join(text for text, _ in slides)
    assert "The animation above" not in shown
    assert "Here's a simpler table example" in shown  # the next paragraph stays
    notes = " ".join(n for _, n in slides)
    assert "The animation above was generated with table_movie.py" in notes
    assert "table_movie.gif" in notes  # beside the picture it spoke of


def test_code_like_this_stays_on_the_slide_of_the_code() -> None:
    slides = _slides(RUST_EXCLUSIVE_RANGES)
    assert len(slides) >= 2  # the page is cut between slides
    with_code = next(text for text, _ in slides if "pub fn size_prefix" in text)
    assert "so code like this would require separate constants" in with_code


def test_a_lead_in_whose_object_was_dropped_ends_with_a_full_stop() -> None:
    slides = _slides(MKDOCS_ICON_SEARCH)
    shown = " ".join(text for text, _ in slides)
    assert "copy it to your clipboard." in shown
    assert "clipboard:" not in shown
