"""Table columns take widths from their content (a browser's automatic table layout): a
column is never narrower than its longest word, the rest of the width goes to the columns
with more text, and a table continued over slides keeps its columns from slide to slide."""

from __future__ import annotations

import io
from pathlib import Path

from pptx import Presentation

from generator.api import generate_from_markdown
from generator.estimate import text_width
from generator.outline import parse_outline
from generator.tablecols import PADDING, column_widths, distribute, word_width
from tests.generator.fragments import MERMAID_THEME_TABLE

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
WIDTH = 1120.0  # the default template's body, px
SIZE = 21.6  # a table's text at a 24 px body


def _table(md: str):  # type: ignore[no-untyped-def]
    outline = parse_outline("# T\n\n## Variables\n\n" + md)
    return next(b for c in outline.chapters for p in c.pages for b in p.blocks if b.type == "table")


def _pptx_columns(pptx: bytes) -> list[list[int]]:
    """The column widths (EMU) of every table of a deck, slide by slide."""
    deck = Presentation(io.BytesIO(pptx))
    return [
        [c.width for c in shape.table.columns]
        for slide in deck.slides
        for shape in slide.shapes
        if shape.has_table
    ]


def test_a_column_is_never_narrower_than_its_longest_word() -> None:
    widths = column_widths(_table(MERMAID_THEME_TABLE), WIDTH, SIZE, text_width)
    longest = word_width("secondaryBorderColor", SIZE, False) + PADDING * SIZE
    assert widths[0] >= longest
    assert widths[2] > widths[1] > widths[0]  # the descriptions hold the most text
    assert abs(sum(widths) - WIDTH) < 1e-6


def test_columns_that_fit_share_the_room_by_their_text() -> None:
    assert distribute([10, 10], [100, 300], 800) == [200.0, 600.0]
    assert distribute([50, 100], [100, 900], 400) == [50 + 250 * 50 / 850, 100 + 250 * 800 / 850]
    assert distribute([300, 300], [400, 400], 400) == [200.0, 200.0]  # words overflow: scaled


def test_a_reference_table_gives_its_descriptions_the_room() -> None:
    """The theme variables table split its three columns evenly: names and defaults took
    two thirds of the slide, descriptions wrapped over three lines."""
    deck = generate_from_markdown(
        "# Theme Configuration\n\n## Theme Variables\n\n" + MERMAID_THEME_TABLE, None
    )
    (first, *_) = _pptx_columns(deck.pptx_bytes)
    name, default, description = first
    assert description > 2 * name and description > default
    assert name != default


def test_a_table_continued_over_slides_keeps_its_columns() -> None:
    """fd's platform table over two slides: the same columns on both, the platform names
    (long: "On RedHat Enterprise Linux ...") wider than the one-line commands."""
    md = (CORPUS / "fd-readme/README.md").read_text("utf-8")
    deck = generate_from_markdown(md, source_name="README")
    tables = [
        cols
        for cols, page in zip(_pptx_columns(deck.pptx_bytes), _table_pages(deck), strict=True)
        if page == "Installation"
    ]
    assert len(tables) == 2
    assert tables[0] == tables[1]
    assert tables[0][0] > tables[0][1]


def _table_pages(deck) -> list[str]:  # type: ignore[no-untyped-def]
    return [p.title for p in deck.pages for b in p.blocks if b.type == "table"]


def test_a_table_of_one_slide_is_laid_out_from_its_content() -> None:
    """Mermaid's two-row "State Colors" table: its columns from their content, not thirds."""
    md = (CORPUS / "mermaid-theming/theming.md").read_text("utf-8")
    state = md[md.index("## State Colors") : md.index("## Class Colors")]
    deck = generate_from_markdown("# Theme Configuration\n\n" + state, None)
    ((name, default, description),) = _pptx_columns(deck.pptx_bytes)
    assert description > default > name
