"""The source of a diagram no renderer draws (PlantUML) is the diagram as its author wrote it:
shown whole as code at a readable size, continued on a next slide when it does not fit one,
never cut with an ellipsis; the diagnostics say it is shown as its source."""

from __future__ import annotations

from generator.api import generate_from_markdown
from generator.markup.quotes import block_spans
from generator.model import plain
from tests.generator.fragments_sources import SLIDEV_DIAGRAMS

PLANTUML = SLIDEV_DIAGRAMS.split("```plantuml", 1)[1].split("\n", 1)[1].split("```", 1)[0]


def test_a_plantuml_source_is_shown_whole() -> None:
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    code = [
        line.strip()
        for page in deck.pages
        if page.kind == "content"
        for b in [*page.blocks, *(x for s in page.sections for x in s.blocks)]
        if b.type == "code"
        for line in b.text.split("\n")
    ]
    wanted = [line.strip() for line in PLANTUML.split("\n") if line.strip()]
    assert [line for line in code if line in wanted] == wanted  # every line, in order
    assert "…" not in code
    assert any("PlantUML diagram is shown as its source" in r.message for r in deck.left_out)


def test_its_slides_keep_the_text_after_it() -> None:
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    text = " ".join(
        plain(p)
        for page in deck.pages
        for b in [*page.blocks, *(x for s in page.sections for x in s.blocks)]
        for p in block_spans(b)
    )
    assert "Learn more" in text
