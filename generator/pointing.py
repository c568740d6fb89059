"""Lines pointing at code never make a slide of their own.

A talk draws a few short lines beside its code that point at it ("<-- 1. use the user
provided ref", "^ this"), in a code block or a paragraph of their own. When the code's page is
cut between slides and those lines alone are left for a slide, they join the slide of the code
before them (set smaller, down to the reading size of prose); when that slide cannot take them,
they go to its speaker notes. Either way the slide they would have made is not made, in an
authored deck too.
"""

from __future__ import annotations

from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, plain
from generator.pages import PlannedPage

# a line pointing at the code beside or above it: "<-- 1. use the ref", "← here", "^ this"
POINTER_LINE = lazy_compile(r"^\s*(?:<-{1,3}|←|⬅|\^)\s*\S")
POINTING_LINES = 6  # a block of at most this many such lines (and nothing else) annotates
POINTING_CHARS = 120  # ... each at most this long


def lines(block: Block) -> list[str]:
    """The non-blank lines of a code block or a paragraph (none for other blocks)."""
    if block.type == "code":
        text = block.text
    elif block.type == "paragraph":
        text = plain(block.spans)
    else:
        return []
    return [line.strip() for line in text.splitlines() if line.strip()]


def pointing(block: Block) -> bool:
    """A code block or a paragraph of nothing but a few short lines pointing at code."""
    found = lines(block)
    return 0 < len(found) <= POINTING_LINES and all(
        len(line) <= POINTING_CHARS and POINTER_LINE.match(line) for line in found
    )


def pointing_part(page: PlannedPage, before: PlannedPage) -> bool:
    """`page`, a continuation slide, holds nothing but pointing lines and the slide before it
    (of the same page) ends with the code they point at."""
    return (
        page.kind == "content"
        and page.part > 1
        and not page.sections
        and bool(page.blocks)
        and all(pointing(b) for b in page.blocks)
        and bool(before.blocks)
        and before.blocks[-1].type == "code"
    )


def compact(block: Block) -> Block:
    """A pointing block without its blank lines: a code block of the lines one under another,
    as they sit beside the code they point at, not highlighted as code (a paragraph stays as it is)."""
    if block.type != "code" or not pointing(block):
        return block
    return replace(block, text="\n".join(lines(block)), language="")


def as_notes(page: PlannedPage) -> str:
    """The pointing lines of `page` as speaker notes, after the page's own notes."""
    shown = "\n".join(line for b in page.blocks for line in lines(b))
    return "\n\n".join(t for t in (page.notes, f"Beside the code:\n{shown}") if t)
