"""An authored deck's last slide laid out as a centred statement of a heading and one short line
is the deck's closing slide: no content slide of one line, no generated "Thank you" after it."""

from __future__ import annotations

from generator.api import generate_from_markdown
from tests.generator.fragments_pointers import RUST_EXCLUSIVE_RANGES
from tests.generator.fragments_slidev import SLIDEV_LEARN_MORE, SLIDEV_THANK_YOU


def test_a_centred_last_slide_is_the_closing_slide() -> None:
    deck = generate_from_markdown(SLIDEV_LEARN_MORE, "corporate")
    closing = deck.pages[-1]
    assert closing.kind == "closing"
    assert closing.title == "Learn More"
    assert closing.subtitle == "Documentation · GitHub · Showcases"
    assert "https://github.com/slidevjs/slidev" in closing.notes  # the links' targets
    assert [p.title for p in deck.pages if p.kind == "content"] == ["Monaco Editor"]


def test_a_centred_thank_you_is_drawn_as_the_closing_slide() -> None:
    deck = generate_from_markdown(SLIDEV_THANK_YOU, "corporate")
    assert [p.kind for p in deck.pages].count("closing") == 1
    closing = deck.pages[-1]
    assert (closing.kind, closing.title) == ("closing", "Thank You!")
    assert closing.subtitle == "Slides can be found on antfu.me"
    assert all(p.title != "Thank You!" for p in deck.pages if p.kind == "content")


def test_a_document_keeps_its_generated_closing() -> None:
    deck = generate_from_markdown(RUST_EXCLUSIVE_RANGES, "corporate")
    assert deck.pages[-1].kind == "closing"
    assert deck.pages[-1].title == "Thank you"
