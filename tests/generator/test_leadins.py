"""Pictures keep their words: a short paragraph introducing or explaining a picture that gets a
slide of its own goes beside it on that slide (image-text), never ends the slide before it."""

from __future__ import annotations

from pathlib import Path

from generator.api import generate_from_markdown
from generator.markup.images import Assets
from generator.model import Block, Span, plain
from generator.pages import PlannedPage

KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"


def lone_picture(page: PlannedPage) -> bool:
    return [b.type for b in page.blocks] == ["image"] and not page.sections


def test_a_graph_introduced_by_as_depicted_below_carries_its_lead_in() -> None:
    deck = generate_from_markdown(
        KEP.read_text("utf-8"), "corporate", assets=Assets.beside(str(KEP)), length="medium"
    )
    content = [p for p in deck.pages if p.kind == "content"]
    depicted = [
        p
        for p in content
        if any(plain(b.spans).rstrip().endswith("as depicted below:") for b in p.blocks)
    ]
    assert len(depicted) == 1 and depicted[0].layout == "image-text"
    types = [b.type for b in depicted[0].blocks]  # a lone paragraph after it may join it
    assert types[:2] == ["paragraph", "image"] and set(types[2:]) <= {"paragraph"}
    for before, after in zip(content, content[1:], strict=False):
        last: Block | None = before.blocks[-1] if before.blocks else None
        if last is not None and last.type == "paragraph" and lone_picture(after):
            assert not plain(last.spans).rstrip().endswith(":")  # no lead-in ends a slide alone
    parts = [(p.part, p.parts) for p in content if p.title == depicted[0].title]
    assert parts == [(i + 1, len(parts)) for i in range(len(parts))]  # numbered again


def test_only_a_short_paragraph_goes_beside_the_picture() -> None:
    from generator.leadins import words_for

    short = Block("paragraph", [Span("By layering on alternate models, we observe more:")])
    assert words_for(short) == (None, short)
    long = Block("paragraph", [Span("word " * 60 + "and more.")])
    assert words_for(long) is None  # stays on the text slide before the picture
    pointing = Block("paragraph", [Span("word " * 60 + "end. The values are modelled below.")])
    split = words_for(pointing)
    assert split is not None and plain(split[1].spans) == "The values are modelled below."
