"""A table's cells are measured once per text and size: the planner estimates a table at every
size it tries and in every plan of the deck, and a cell of the same text at the same size is
served the widths found before; another text, size or font is measured anew."""

from __future__ import annotations

from dataclasses import replace

from generator.estimate import text_width
from generator.model import Block, Span
from generator.outline import parse_outline
from generator.tablecols import TextWidth, column_widths
from tests.generator.fragments import MERMAID_THEME_TABLE

WIDTH = 1120.0  # the default template's body, px


def _table() -> Block:
    outline = parse_outline("# T\n\n## Variables\n\n" + MERMAID_THEME_TABLE)
    return next(b for c in outline.chapters for p in c.pages for b in p.blocks if b.type == "table")


def _counted() -> tuple[list[str], TextWidth]:
    measured: list[str] = []

    def width(text: str, size: float, mono: bool = False) -> float:
        measured.append(text)
        return text_width(text, size, mono)

    return measured, width


def test_a_table_estimated_again_measures_no_cell_again() -> None:
    table = _table()
    measured, width = _counted()
    first = column_widths(table, WIDTH, 21.6, width)
    cells = len(measured)
    assert cells >= len(table.rows)
    assert column_widths(table, WIDTH, 21.6, width) == first
    assert len(measured) == cells  # the same cells at the same size: served
    wider = column_widths(table, WIDTH * 1.5, 21.6, width)
    assert len(measured) == cells and wider != first  # another width: the cells as they were


def test_another_size_text_or_font_is_measured_anew() -> None:
    table = _table()
    measured, width = _counted()
    first = column_widths(table, WIDTH, 21.6, width)
    cells = len(measured)
    smaller = column_widths(table, WIDTH, 18.0, width)
    assert len(measured) == 2 * cells and smaller != first  # another size: every cell again
    cell = table.rows[0][0]
    longer = [Span(cell[0].text + " and a much longer description of it")]
    edited = replace(table, rows=[[longer, *table.rows[0][1:]], *table.rows[1:]])
    column_widths(edited, WIDTH, 21.6, width)
    assert measured[2 * cells :] == [longer[0].text]  # only the changed cell
    mono = [replace(s, code=not s.code) for s in cell]
    column_widths(replace(table, rows=[[mono, *table.rows[0][1:]]]), WIDTH, 21.6, width)
    assert measured[-1] == cell[0].text  # the same text in the other font: measured
