"""A table never loses rows silently: cut between a slide and the notes (a talk that must be
shorter), its slide shows its first rows (and a row the text around it names) and says how
many rows the notes hold."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from generator.api import generate_from_markdown
from generator.model import Block, plain
from tests.generator.fragments import MERMAID_COLOR_CALCULATION, MERMAID_THEME_TABLE
from tests.generator.test_presenter_slides import content, slide_text

ROWS = [[c.strip() for c in line.split("|")[1:3]] for line in MERMAID_THEME_TABLE.splitlines()[2:]]
CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
NAMES = [name for name, _ in ROWS]


def _theme_deck(medium_budget: Callable[[int], None]):  # type: ignore[no-untyped-def]
    medium_budget(2)  # two content slides for two pages: the table's page keeps one slide
    md = (
        "# Theme Configuration\n\n"
        + MERMAID_COLOR_CALCULATION
        + "\n## Theme Variables\n\n"
        + MERMAID_THEME_TABLE
    )
    return generate_from_markdown(md, None)


def test_a_table_cut_short_says_how_many_rows_the_notes_hold(
    medium_budget: Callable[[int], None],
) -> None:
    deck = _theme_deck(medium_budget)
    ((page, slide),) = [(p, s) for p, s in content(deck) if p.title == "Theme Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    assert 1 < len(shown) < len(NAMES)
    line = re.search(r"… (\d+) more rows in the speaker notes", slide_text(slide))
    assert line is not None, slide_text(slide)
    assert int(line.group(1)) == len(NAMES) - len(shown)
    for name, default in ROWS:  # every row is on the slide or in its notes, never both
        assert (name in shown) != (f"{name} {default}" in page.notes), name
    assert "more rows" not in page.notes


def test_a_reference_table_cut_short_shows_its_first_rows(
    medium_budget: Callable[[int], None],
) -> None:
    """The theme variables table showed the rows the document names most (primaryColor,
    lineColor ...) and left darkMode, background, fontFamily and fontSize, its first rows,
    to the notes: a reference table is read top-down, its slide shows its first rows."""
    deck = _theme_deck(medium_budget)
    (page,) = [p for p, _ in content(deck) if p.title == "Theme Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    assert shown[:4] == ["darkMode", "background", "fontFamily", "fontSize"]
    assert shown == NAMES[: len(shown)]  # no gap: the rows the slide has room for, in order


def test_a_table_cut_short_keeps_a_row_the_text_around_it_names(
    medium_budget: Callable[[int], None],
) -> None:
    """The text before the table names `primaryColor`, `primaryTextColor` and `lineColor`
    (the 5th, 6th and 17th of 21 rows): the slide keeps those rows; the others it shows are
    the table's first rows, all in the table's order."""
    md = "# Theme Configuration\n\n" + MERMAID_COLOR_CALCULATION + CUSTOMIZING
    medium_budget(2)
    deck = generate_from_markdown(md + MERMAID_THEME_TABLE, None)
    (page,) = [p for p, _ in content(deck) if p.title.startswith("Customizing Themes")]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    named = ["primaryColor", "primaryTextColor", "lineColor"]
    assert [n for n in shown if n in named] == named
    others = [n for n in shown if n not in named]
    assert others == [n for n in NAMES if n not in named][: len(others)]
    assert shown == [n for n in NAMES if n in shown]  # in the table's order


# -- a one-row table is a definition; a reference table is drawn as a table -------------------

THEMING = (CORPUS / "mermaid-theming/theming.md").read_text("utf-8")
# the section's text up to its example: two paragraphs and a one-row table
CUSTOMIZING = THEMING[
    THEMING.index("## Customizing Themes with") : THEMING.index("Example of modifying")
]


def test_a_one_row_table_is_shown_as_a_statement() -> None:
    """The one-row "Parameter | Description | Type | Properties" table split its four columns
    evenly and broke `primaryTextColor` inside the word; as a statement each value has the
    slide's width: its name, what its description says, then its other columns labelled."""
    deck = generate_from_markdown("# Theme Configuration\n\n" + CUSTOMIZING, None)
    ((page, slide),) = content(deck)
    assert not any(b.type == "table" for b in page.blocks)
    assert (
        "Parameter themeVariables: Modifiable with frontmatter config. Type: Object; Properties: "
        "primaryColor, primaryTextColor, lineColor (see full list)"
    ) in " ".join(slide_text(slide).split())
    # the statement is a paragraph, or a point of the page's prose set as points (generator.points)
    spans = [b.spans for b in page.blocks] + [i.spans for b in page.blocks for i in b.items]
    (said,) = [s for s in spans if "Properties" in plain(s)]
    assert said[1].text == "themeVariables" and said[1].bold
    assert any(s.code and s.text == "primaryTextColor" for s in said)  # formatting kept


def test_a_one_row_table_without_a_description_names_its_columns() -> None:
    md = "# Theme Configuration\n\n" + THEMING[THEMING.index("## Class Colors") :]
    md = md[: md.index("## User Journey Colors")]
    md = md.replace("| Description", "| Used for").replace("| -------", "| -------", 1)
    (said,) = definition_of(md)
    assert plain(said.spans).startswith(
        "Variable classText — Default value: textColor; Used for: Color"
    )


def definition_of(md: str) -> list[Block]:
    deck = generate_from_markdown(md, None)
    return [b for p, _ in content(deck) for b in p.blocks if b.type == "paragraph"]


def test_reference_tables_of_a_document_are_drawn_alike() -> None:
    """ "Flowchart Variables" (7 rows) was drawn as side-by-side panels while the document's
    longer tables of the same columns were tables."""
    md = THEMING
    flowchart = md[md.index("## Flowchart Variables") : md.index("## Sequence Diagram Variables")]
    state = md[md.index("## State Colors") : md.index("## Class Colors")]
    deck = generate_from_markdown("# Theme Configuration\n\n" + flowchart + state, None)
    layouts = [p.layout for p, _ in content(deck)]
    assert layouts == ["table", "table"]
