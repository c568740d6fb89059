"""The source of a diagram no renderer draws (a PlantUML activity diagram) is the diagram as its author wrote it:
shown whole as code at a readable size, continued on a next slide when it does not fit one,
never cut with an ellipsis; the diagnostics say it is shown as its source. A drawn diagram
alone on its slide takes the body's whole height, its labels readable."""

from __future__ import annotations

import io
from typing import Any

from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE_TYPE

from generator.api import GeneratedDeck, generate_from_markdown
from generator.markup.quotes import block_spans
from generator.model import plain
from tests.generator.fragments_sources import MERMAID_EXAMPLES, SLIDEV_DIAGRAMS

DIAGRAM_TEXT_PT = 14.0  # a diagram's labels at least this size on its slide (docs/generator.md)
# PlantUML's activity diagram example (https://plantuml.com/activity-diagram-beta): not drawn
ACTIVITY = (
    "@startuml\nstart\n:Hello world;\n:This is defined on\nseveral **lines**;\nstop\n@enduml\n"
)
ACTIVITY_SLIDE = f"---\n\n# Activity\n\n```plantuml\n{ACTIVITY}```\n\nLearn more: PlantUML.\n"


def test_a_plantuml_source_not_drawn_is_shown_whole() -> None:
    deck = generate_from_markdown(ACTIVITY_SLIDE, "corporate")
    code = [
        line.strip()
        for page in deck.pages
        if page.kind == "content"
        for b in [*page.blocks, *(x for s in page.sections for x in s.blocks)]
        if b.type == "code"
        for line in b.text.split("\n")
    ]
    wanted = [line.strip() for line in ACTIVITY.split("\n") if line.strip()]
    assert [line for line in code if line in wanted] == wanted  # every line, in order
    assert "…" not in code
    assert any("PlantUML diagram is shown as its source" in r.message for r in deck.left_out)


def test_the_slidev_plantuml_diagram_is_drawn_with_readable_labels() -> None:
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    assert not any("PlantUML" in r.message for r in deck.left_out)
    sizes = _label_sizes(deck, "Another Component")  # the PlantUML diagram's slide
    assert sizes and min(sizes) >= DIAGRAM_TEXT_PT


def test_its_slides_keep_the_text_after_it() -> None:
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    text = " ".join(
        plain(p)
        for page in deck.pages
        for b in [*page.blocks, *(x for s in page.sections for x in s.blocks)]
        for p in block_spans(b)
    )
    assert "Learn more" in text


def _label_sizes(deck: GeneratedDeck, word: str) -> list[float]:
    """The font sizes (pt) of the text on the slide showing `word`."""
    for slide in Presentation(io.BytesIO(deck.pptx_bytes)).slides:
        found: list[tuple[str, float]] = []
        _texts(slide.shapes, found)
        if any(word in text for text, _ in found):
            return [size for text, size in found if not text.strip().isdigit()]  # no page number
    return []


def _texts(shapes: Any, found: list[tuple[str, float]]) -> None:
    for shape in shapes:
        if shape.shape_type == MSO_SHAPE_TYPE.GROUP:
            _texts(shape.shapes, found)
        elif shape.has_text_frame:
            for para in shape.text_frame.paragraphs:
                found += [(r.text, r.font.size.pt) for r in para.runs if r.font.size]


def test_a_diagram_alone_on_its_slide_uses_the_body_height() -> None:
    deck = generate_from_markdown(SLIDEV_DIAGRAMS, "corporate")
    sizes = _label_sizes(deck, "Long history")  # the mindmap's slide
    assert sizes and min(sizes) >= DIAGRAM_TEXT_PT


def test_text_before_a_picture_introduces_it_above() -> None:
    deck = generate_from_markdown("# Mermaid\n\n" + MERMAID_EXAMPLES, "corporate")
    page = next(p for p in deck.pages if p.kind == "content" and p.title.startswith("Flowchart"))
    html = deck.pages_html[deck.pages.index(page)].split('<aside class="notes"')[0]
    body = html.split('class="body')[1]
    assert page.layout == "image-text"  # the diagram beside its source (test_source_pairs)
    intro = body.index("The following are some examples")
    assert intro < body.index("<pre") < body.index("<figure")  # above the source, no caption
    assert "df-caption" not in body
