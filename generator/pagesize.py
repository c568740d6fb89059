"""How much of a slide a page of the outline takes before any layout (an estimate from its text:
characters, code lines, table rows, list items at the base size), and which pages are small
enough to share a slide with their neighbours.
"""

from __future__ import annotations

import math

from generator.model import Block, Page
from generator.runs import page_blocks
from generator.shapes import choose_layout

TINY_CHARS = {"short": 320, "medium": 220, "long": 0}
CHARS_PER_SLIDE = 700  # text at the base size in a template's body area (an estimate)
LINES_PER_SLIDE = 14  # code lines at the 14 pt code size
CODE_BLOCK_LINES = 1.5  # the room a code block's padding and margin take, in its lines
ROWS_PER_SLIDE = 9  # table rows
ITEMS_PER_SLIDE = 9  # list items
SHORT_SHARE = 0.7  # a page estimated at most at this share of a slide is short ...


def estimate_slides(blocks: list[Block]) -> int:
    """How many slides the blocks need at the base size (an estimate from their text)."""
    return max(1, math.ceil(slide_share(blocks) - 0.15))


def slide_share(blocks: list[Block]) -> float:
    """The share of a slide the blocks take at the base size (an estimate from their text)."""
    chars = sum(b.text_length() for b in blocks if b.type not in ("code", "table"))
    lines = sum(len(b.text.split("\n")) + CODE_BLOCK_LINES for b in blocks if b.type == "code")
    rows = sum(len(b.rows) for b in blocks if b.type == "table")
    items = sum(len(b.items) for b in blocks if b.type == "list")
    return max(
        chars / CHARS_PER_SLIDE + lines / LINES_PER_SLIDE + rows / ROWS_PER_SLIDE,
        items / ITEMS_PER_SLIDE,
    )


def simple_page(page: Page) -> bool:
    """Text only: paragraphs, headings and flat lists (what sits well beside other text),
    and nothing a layout of its own would show better (numbers, a timeline, cards...)."""
    if choose_layout(page.blocks, page.sections, str(getattr(page, "hint", "") or "")) != "bullets":
        return False
    blocks = page_blocks(page)
    if not blocks or len([b for b in blocks if b.type != "heading"]) > 4:
        return False
    if any(b.type in ("table", "image", "code", "quote", "html") for b in blocks):
        return False
    return not any(
        b.type == "list" and (len(b.items) > 6 or any(i.children for i in b.items)) for b in blocks
    )


def short_page(page: Page, share: float) -> bool:
    """A page of a little text and code (an integration's command and its sentence, an install
    step): consecutive ones share a slide, stacked under their titles."""
    if share > SHORT_SHARE or page.sections:
        return False
    if choose_layout(page.blocks, page.sections, str(getattr(page, "hint", "") or "")) not in (
        "bullets",
        "code",
    ):
        return False
    return all(b.type in ("paragraph", "list", "code", "heading") for b in page.blocks)


def page_chars(page: Page) -> int:
    return len(page.title) + sum(b.text_length() for b in page_blocks(page))


def tiny_page(page: Page, length: str) -> bool:
    return simple_page(page) and page_chars(page) - len(page.title) <= TINY_CHARS[length]
