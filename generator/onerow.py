"""A table of one row is a definition, not a table: it is shown as one statement, its first
cell the subject (bold, after its column's label), then what its description column says,
then each other column as "label: value" ("Variable **classText**: Color of Text in class
diagrams. Default value: textColor").
A row holding a figure is data and stays a table.

A one-row table drawn as a grid takes a header band and a row for a few words each, its
columns split evenly whatever they hold (an identifier in a narrow column breaks in the
middle); read as a sentence, every value has the width of the slide and the page can join
its neighbours like any short page (generator.lone).
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, Page, Span, Spans, plain
from generator.shapes import NUMBER_CELL

MIN_COLUMNS = 2  # a one-row table of fewer columns is a line of text already
DESCRIBES = lazy_compile(r"\b(description|meaning|summary|purpose|notes?)\b", re.I)


def definition(table: Block) -> Block | None:
    """The one-row `table` as one statement, None for any other table (more rows, no header,
    one column, a header cell that is no label, a figure among its cells)."""
    if table.type != "table" or len(table.rows) != 1 or len(table.header) < MIN_COLUMNS:
        return None
    labels = [" ".join(plain(h).split()) for h in table.header]
    row = [*table.rows[0], *([[]] * (len(labels) - len(table.rows[0])))][: len(labels)]
    if not all(labels) or not plain(row[0]).strip():
        return None
    if any(NUMBER_CELL.match(plain(c).strip()) for c in row):
        return None  # a row of figures: data, read as a table
    said = next(
        (k for k in range(1, len(labels)) if DESCRIBES.search(labels[k]) and plain(row[k]).strip()),
        None,
    )
    spans: Spans = [Span(labels[0] + " "), *_value(row[0], bold=True)]
    if said is not None:
        spans += [Span(": "), *_value(row[said]), Span(_stop(row[said]))]
    rest = [k for k in range(1, len(labels)) if k != said and plain(row[k]).strip()]
    for n, k in enumerate(rest):
        lead = (" — " if said is None else " ") if n == 0 else "; "
        spans += [Span(lead + f"{labels[k]}: "), *_value(row[k])]
    return Block("paragraph", spans)


def _value(cell: Spans, bold: bool = False) -> Spans:
    """A cell's spans (copies), without the whitespace around them."""
    out = [replace(s, bold=s.bold or bold) for s in cell]
    if out:
        out[0] = replace(out[0], text=out[0].text.lstrip())
        out[-1] = replace(out[-1], text=out[-1].text.rstrip())
    return [s for s in out if s.text]


def _stop(cell: Spans) -> str:
    """A full stop after a description that has none."""
    return "" if plain(cell).rstrip().endswith((".", "!", "?")) else "."


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
