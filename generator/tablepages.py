"""A reference table that is its page continues over a second slide before it is cut.

A deck over its budget gives up the continuation slides of its pages (generator.drop: each
keeps its first slide, the rest in its notes). A page that is mostly one reference table (a
table of keys: each row named by a one-word first cell, a list of variables or options) loses
most of its rows that way: its first slide, balanced with the slides after it, shows a
third of them. Such a page keeps its second slide too (the table's header repeated on it, its
rows cut there: generator.tablerows), the pages in document order, while the deck stays within
its budget and the room a deck may take over it for its feature parts (generator.features);
a page whose second slide does not fit keeps one, as before.
"""

from __future__ import annotations

from generator.drop import Left
from generator.model import Block, Page
from generator.parts import Fit, Parts, Plan, most_within
from generator.runs import page_blocks
from generator.tablerows import row_name

TABLE_SHARE = 0.75  # of a page's text: a table this large is the point of its page
KEYED = 0.75  # of a table's rows: named by a one-word first cell, it is a reference table
MIN_ROWS = 6  # a shorter table takes no second slide
ROUNDS = 3  # plans at most while finding how many tables keep their second slide


def reference_table(block: Block) -> bool:
    """A table of keys: at least MIN_ROWS rows, KEYED of them named by a one-word first cell."""
    if block.type != "table" or len(block.rows) < MIN_ROWS:
        return False
    keyed = sum(1 for row in block.rows if row_name(row))
    return keyed >= KEYED * len(block.rows)


def table_page(page: Page) -> bool:
    """A page that is mostly one reference table: it holds TABLE_SHARE of the page's text."""
    blocks = page_blocks(page)
    total = sum(b.text_length() for b in blocks)
    return total > 0 and any(
        reference_table(b) and b.text_length() >= TABLE_SHARE * total for b in blocks
    )


def with_table_pages(parts: Parts, plan: Plan, fit: Fit, room: int) -> Plan:
    """`plan` with the pages that are a reference table and keep one slide keeping two, the
    first in document order, as many as keep the deck within `room` slides over the budget;
    `plan` itself when none does."""
    chapters = parts.outline.chapters
    order = sorted(plan.gone, key=lambda x: (x.chapter, x.page, x.section))
    wanted = [
        x
        for x in order
        if x.one and x.section < 0 and table_page(chapters[x.chapter].pages[x.page])
    ]
    limit = parts.budget + room
    return most_within(
        parts, plan, fit, limit, len(wanted), lambda n: _second(plan.gone, wanted[:n]), ROUNDS
    )


def _second(gone: tuple[Left, ...], tables: list[Left]) -> list[Left]:
    """The parts that left, the pages of `tables` keeping their second slide too."""
    return [
        Left(x.chapter, x.page, x.section, x.body, x.one, True) if x in tables else x for x in gone
    ]
