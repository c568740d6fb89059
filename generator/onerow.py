"""A table of one row is a definition, not a table: it is shown as its header's labels, each
with its value ("**Variable:** classText", "**Default value:** textColor", ...), one item a
column (a column with an empty cell says nothing and is left out).

A one-row table drawn as a grid takes a header band and a row for three words each, its
columns split evenly whatever they hold (an identifier in a narrow column breaks in the
middle); read as a list, every value has the width of the slide and the page can join its
neighbours like any short page (generator.lone).
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, ListItem, Page, Span, Spans, plain

MIN_COLUMNS = 2  # a one-row table of fewer columns is a line of text already


def definition(table: Block) -> Block | None:
    """The one-row `table` as a list of "label: value" items, None for any other table (more
    rows, no header, one column, a header cell that is no label)."""
    if table.type != "table" or len(table.rows) != 1 or len(table.header) < MIN_COLUMNS:
        return None
    labels = [" ".join(plain(h).split()) for h in table.header]
    if not all(labels):
        return None
    items = [
        ListItem([Span(f"{label}:", bold=True), Span(" "), *_value(cell)])
        for label, cell in zip(labels, table.rows[0], strict=False)
        if plain(cell).strip()
    ]
    return Block("list", items=items) if items else None


def _value(cell: Spans) -> Spans:
    return [replace(s) for s in cell]


def definitions(page: Page) -> Page:
    """The page with each one-row table as a definition (the page itself when it has none)."""
    blocks = _defined(page.blocks)
    sections = [replace(s, blocks=_defined(s.blocks)) for s in page.sections]
    if blocks == page.blocks and all(
        a.blocks == b.blocks for a, b in zip(sections, page.sections, strict=True)
    ):
        return page
    return replace(page, blocks=blocks, sections=sections)


def _defined(blocks: list[Block]) -> list[Block]:
    return [definition(b) or b for b in blocks]
