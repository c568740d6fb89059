"""An authored grid of cards in raw HTML (a `grid` of `<div>`s, each a name over a line of
text) stays cards: each name paired with its text in a table, not unpaired lines
(generator.markup.cards)."""

from __future__ import annotations

from lxml import etree
from lxml import html as lxml_html

from generator.api import generate_from_markdown
from generator.markup.cards import cards_table, read_cards
from generator.model import Block, Span, Spans, plain
from tests.generator.fragments_cards import (
    SLIDEV_CLICK_MODIFIERS,
    SLIDEV_COVER_EVENT,
    SLIDEV_PASSING_REFS,
)

COVER = "---\nlayout: cover\nhighlighter: shiki\n---\n\n# Composable Vue\n\n"  # the talk's opening


def _blocks(markdown: str) -> list[Block]:
    deck = generate_from_markdown(markdown, "corporate")
    return [
        b
        for page in deck.pages
        if page.kind == "content"
        for b in [*page.blocks, *(x for s in page.sections for x in s.blocks)]
    ]


def test_a_grid_of_cards_pairs_each_name_with_its_text() -> None:
    blocks = _blocks(SLIDEV_CLICK_MODIFIERS)
    tables = [b for b in blocks if b.type == "table"]
    assert len(tables) == 1
    rows = [[plain(c) for c in row] for row in tables[0].rows]
    assert rows == [
        ["v-click.up", "Slide from bottom"],
        ["v-click.fade-in", "Fade in"],
        ["v-click.fade", "Dim (0.5 opacity)"],
        ["v-click.fade.right.scale", "Composed"],
        ["v-click.none", "No transition"],
    ]
    lines = [plain(b.spans) for b in blocks if b.type == "paragraph"]
    assert "Slide from bottom" not in lines  # no card's text on a line of its own
    assert "You can also add modifiers to change the animation:" in lines  # its lead-in stays


def test_a_few_short_named_cards_stand_side_by_side() -> None:
    start = SLIDEV_CLICK_MODIFIERS.index('<div class="grid')
    end = SLIDEV_CLICK_MODIFIERS.index("\n\n", start)  # the grid is one HTML block
    grid = lxml_html.fragment_fromstring(SLIDEV_CLICK_MODIFIERS[start:end])
    cards = read_cards(grid, _spans)
    assert cards is not None and len(cards) == 5
    table = cards_table(cards[:3])
    assert [plain(c) for c in table.header] == ["v-click.up", "v-click.fade-in", "v-click.fade"]
    assert [plain(c) for c in table.rows[0]] == [
        "Slide from bottom",
        "Fade in",
        "Dim (0.5 opacity)",
    ]


def test_a_name_over_a_date_is_not_a_grid_of_cards() -> None:
    blocks = _blocks(SLIDEV_COVER_EVENT + "\n---\n\n# Next\n\nText.\n")
    assert not any(b.type == "table" for b in blocks)


def _spans(el: etree._Element) -> Spans:
    return [Span(" ".join(str(el.text_content()).split()))]


def test_a_grid_s_row_labels_stand_above_each_row_s_cells() -> None:
    deck = generate_from_markdown(COVER + SLIDEV_PASSING_REFS, "corporate")
    pages = [p for p in deck.pages if p.kind == "content"]
    labels = {
        "Plain function",
        "Accepts refs, returns a reactive result.",
        "Accepts both refs and plain values.",
    }
    for page in pages:  # the implementation column and the usage column
        columns = [s.blocks for s in page.sections] or [page.blocks]
        shown = [plain(b.spans).strip() for c in columns for b in c if b.type == "paragraph"]
        assert set(shown) == labels  # every row's label, on each column's slide
        for blocks in columns:
            for k, b in enumerate(blocks):
                if b.type == "paragraph":  # a label is followed by its row's code
                    assert k + 1 < len(blocks) and blocks[k + 1].type == "code"
