"""Runs of missing pictures -> one frame listing them.

A document whose pictures cannot be had (remote images off, files not given with it) would
otherwise show a grid of small placeholder frames with their labels in tiny type, or slide after
slide of nothing but frames. Several frames in a row (consecutive blocks of a page or of a
`####` section) become one frame listing them, one line each.
"""

from __future__ import annotations

from generator.markup.placeholder import is_placeholder, listing_block
from generator.model import Block, Chapter

MIN_RUN = 2  # frames in a row that become one listing


def gather_frames(chapters: list[Chapter]) -> None:
    """Every page's runs of missing pictures, each made one listing frame (in place)."""
    for chapter in chapters:
        for page in chapter.pages:
            page.blocks = _merged(page.blocks)
            for section in page.sections:
                section.blocks = _merged(section.blocks)


def _label(block: Block) -> str:
    return block.alt.removeprefix("Picture: ")


def _merged(blocks: list[Block]) -> list[Block]:
    out: list[Block] = []
    run: list[Block] = []
    for block in [*blocks, None]:
        if block is not None and is_placeholder(block):
            run.append(block)
            continue
        if len(run) >= MIN_RUN:
            out.append(listing_block([line for b in run for line in _lines(b)]))
        else:
            out.extend(run)
        run = []
        if block is not None:
            out.append(block)
    return out


def _lines(block: Block) -> list[str]:
    """A frame's lines: a listing's own, or its label."""
    return block.alt.split("\n") if "\n" in block.alt else [_label(block)]
