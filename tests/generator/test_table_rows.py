"""A table never loses rows silently: cut between a slide and the notes (a talk that must be
shorter), its slide shows the rows the deck uses and its first rows and counts the rows that
follow; a reference table that is its page continues over a second slide when the deck has the
room."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

import generator.talk
from generator.api import generate_from_markdown
from generator.model import Block, plain
from tests.generator.fragments import (
    MERMAID_COLOR_CALCULATION,
    MERMAID_PIE_CONFIG,
    MERMAID_THEME_TABLE,
    MERMAID_THEMED,
)
from tests.generator.test_presenter_slides import content, slide_text

ROWS = [[c.strip() for c in line.split("|")[1:3]] for line in MERMAID_THEME_TABLE.splitlines()[2:]]
CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
NAMES = [name for name, _ in ROWS]


def room(monkeypatch: pytest.MonkeyPatch, slides: int) -> None:
    """The slides a deck may take over its budget (generator.features) set to `slides`."""
    monkeypatch.setattr(generator.talk, "feature_room", lambda length, budget: slides)


@pytest.fixture
def no_room(monkeypatch: pytest.MonkeyPatch) -> None:
    """A deck without room over its budget: a page whose continuation slides left keeps one."""
    room(monkeypatch, 0)


def _theme_deck(medium_budget: Callable[[int], None]):  # type: ignore[no-untyped-def]
    medium_budget(2)  # two content slides for two pages: the table's page keeps one slide
    md = (
        "# Theme Configuration\n\n"
        + MERMAID_COLOR_CALCULATION
        + "\n## Theme Variables\n\n"
        + MERMAID_THEME_TABLE
    )
    return generate_from_markdown(md, None)


def test_a_table_cut_short_counts_the_rows_that_follow(
    medium_budget: Callable[[int], None], no_room: None
) -> None:
    deck = _theme_deck(medium_budget)
    ((page, slide),) = [(p, s) for p, s in content(deck) if p.title == "Theme Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    assert 1 < len(shown) < len(NAMES)
    line = re.search(r"… (\d+) more rows\b", slide_text(slide))
    assert line is not None, slide_text(slide)
    assert int(line.group(1)) == len(NAMES) - len(shown)
    assert "speaker notes" not in slide_text(slide)  # the audience's slide names no notes
    for name, default in ROWS:  # every row is on the slide or in its notes, never both
        assert (name in shown) != (f"{name} {default}" in page.notes), name
    assert "more rows" not in page.notes


def test_a_reference_table_cut_short_shows_its_first_rows(
    medium_budget: Callable[[int], None], no_room: None
) -> None:
    """The theme variables table showed the rows the document names most (primaryColor,
    lineColor ...) and left darkMode, background, fontFamily and fontSize, its first rows,
    to the notes: a reference table is read top-down, its slide shows its first rows besides
    the rows the deck's text uses (the page before names `primaryColor` and
    `primaryBorderColor`)."""
    deck = _theme_deck(medium_budget)
    (page,) = [p for p, _ in content(deck) if p.title == "Theme Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    named = ["primaryColor", "primaryBorderColor"]
    assert [n for n in shown if n in named] == named
    others = [n for n in shown if n not in named]
    assert others[:3] == ["darkMode", "background", "fontFamily"]
    assert others == [n for n in NAMES if n not in named][: len(others)]  # no gap
    assert shown == [n for n in NAMES if n in shown]  # in the table's order


def test_a_table_cut_short_keeps_a_row_the_text_around_it_names(
    medium_budget: Callable[[int], None], no_room: None
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


def test_a_cut_reference_table_keeps_the_rows_an_example_on_another_slide_sets(
    medium_budget: Callable[[int], None], no_room: None
) -> None:
    """The themeVariables example (its own page) sets six variables, among them
    secondaryColor, primaryBorderColor and tertiaryColor, the 7th, 8th and 11th of the 21
    theme variables; the table, on a later page and cut to one slide, showed its first five
    rows and left those to the notes. It keeps the rows the deck's example uses, in the
    table's order while they fit, then its first rows."""
    medium_budget(2)
    md = (
        "# Theme Configuration\n\n## Customizing Themes\n\n"
        + MERMAID_THEMED
        + "\n## Theme Variables\n\n"
        + MERMAID_THEME_TABLE
    )
    deck = generate_from_markdown(md, None)
    ((page, slide),) = [(p, s) for p, s in content(deck) if p.title == "Theme Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    sets = ["primaryColor", "primaryTextColor", "secondaryColor", "primaryBorderColor"]
    sets += ["tertiaryColor", "lineColor"]  # the example's variables, in the table's order
    kept = [n for n in shown if n in sets]
    assert len(kept) >= 5 and kept == sets[: len(kept)], shown  # taken in the table's order
    assert shown == [n for n in NAMES if n in shown]  # in the table's order
    assert re.search(r"… \d+ more rows\b", slide_text(slide))


def test_a_cut_table_keeps_the_row_a_configuration_example_sets(
    medium_budget: Callable[[int], None], no_room: None
) -> None:
    """Mermaid's pie chart page configures its example with `pieOuterStrokeWidth` (the 21st
    of the 23 pie variables): the variables table, cut, keeps that row after its first."""
    theming = THEMING[THEMING.index("## Pie Diagram Variables") : THEMING.index("## State Colors")]
    pie = [line.split("|")[1].strip() for line in theming.splitlines() if line.startswith("| ")]
    medium_budget(2)
    md = "# Pie chart diagrams\n\n## Example\n\n" + MERMAID_PIE_CONFIG + "\n" + theming
    deck = generate_from_markdown(md, None)
    ((page, slide),) = [(p, s) for p, s in content(deck) if p.title == "Pie Diagram Variables"]
    (table,) = [b for b in page.blocks if b.type == "table"]
    shown = [plain(r[0]) for r in table.rows]
    assert "pieOuterStrokeWidth" in shown and shown[0] == "pie1", shown
    assert len(shown) < len(pie[1:])
    assert re.search(r"… \d+ more rows\b", slide_text(slide))


def test_a_reference_table_page_continues_over_a_second_slide_when_the_deck_has_room(
    medium_budget: Callable[[int], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page that is one reference table, over the budget, kept one slide of its 21 rows; with
    a slide of room over the budget it continues on a second (the header repeated), cut
    there; without it, it keeps one (the tests above)."""
    room(monkeypatch, 1)
    deck = _theme_deck(medium_budget)
    slides = [(p, s) for p, s in content(deck) if p.title.startswith("Theme Variables")]
    assert len(slides) == 2
    shown: list[str] = []
    for page, _ in slides:
        (table,) = [b for b in page.blocks if b.type == "table"]
        assert [plain(c) for c in table.header] == ["Variable", "Default value", "Description"]
        shown += [plain(r[0]) for r in table.rows]
    assert shown == [n for n in NAMES if n in shown] and len(set(shown)) == len(shown)
    last = slide_text(slides[-1][1])
    line = re.search(r"… (\d+) more rows\b", last)
    assert line is not None and int(line.group(1)) == len(NAMES) - len(shown), last
    assert len(content(deck)) <= 2 + 1  # the budget and its room


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
