"""A sentence announcing an example ("Here's an example of some of these features.") leaves
the slide with the example when a capped page moves that example to the notes; the rest of
its paragraph stays, the sentence goes to the notes right before the example. The
README of samples/markdown/rich."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from generator.announced import announcing
from generator.model import Block, Span, plain
from tests.generator.test_breadth import _plan

README = Path(__file__).parents[2] / "samples/markdown/rich/README.md"

ANNOUNCEMENT = "Here's an example of some of these features."


def test_a_slide_does_not_announce_an_example_that_moved_to_the_notes() -> None:
    # the README's "Log" part: its long example moves to the notes of the slide it shares
    deck = _plan(README)
    [page] = [p for p in deck.pages if "log()" in _shown(p)]
    assert "from rich.console import Console" not in _shown(page)  # the example moved on
    texts = [plain(b.spans) for b in blocks_of(page) if b.type == "paragraph"]
    assert not any(t.endswith(ANNOUNCEMENT) for t in texts)  # so did its announcement
    assert any(t.endswith("fits in the available space.") for t in texts)  # the rest stayed
    notes = page["notes"]
    assert notes.index(ANNOUNCEMENT) < notes.index("from rich.console import Console")


def test_an_announcing_last_sentence_is_split_from_its_paragraph() -> None:
    block = Block(type="paragraph", spans=[Span("It renders a column. " + ANNOUNCEMENT)])
    found = announcing(block)
    assert found is not None
    head, tail = found
    assert [plain(b.spans) for b in head] == ["It renders a column."]
    assert plain(tail.spans) == ANNOUNCEMENT
    plain_block = Block(type="paragraph", spans=[Span("It renders a column. It is fast.")])
    assert announcing(plain_block) is None


def _shown(page: dict[str, Any]) -> str:
    return str(page["blocks"]) + str(page["sections"])


def blocks_of(page: dict[str, Any]) -> list[Block]:
    return [Block.from_dict(b) for b in page["blocks"]]
