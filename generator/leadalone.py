"""A page that keeps one slide never keeps its introduction alone.

A page of `####` sections that keeps one slide (its continuation slides left the deck over
its budget: generator.drop) would keep the slide the packer cut first; when that slide holds
only the page's introduction (a heading and a sentence or two before its first section), the
slide says what the chapter is about and shows none of it, and a lone slide so short is then
joined to a sibling's ("Rich contains a number of builtin renderables" on the Emoji slide).
The introduction stays with its first section instead: both on the slide when they fit, else
the first section's opening slide is shown and the introduction goes to the notes with the
rest.
"""

from __future__ import annotations

from generator.pack import cost, usable
from generator.pieces import Piece

LEAD_KINDS = frozenset({"heading", "paragraph"})


def lead_alone(kept: list[list[Piece]], chunks: list[list[Piece]]) -> bool:
    """Whether the one kept slide is the page's first as packed and holds only its
    introduction (headings and paragraphs), the next slide opening a section (a heading)."""
    return (
        len(kept) == 1
        and len(chunks) > 1
        and kept[0] == chunks[0]
        and all(p.block.type in LEAD_KINDS for p in kept[0])
        and bool(chunks[1])
        and chunks[1][0].block.type == "heading"
    )


def with_first_section(
    chunks: list[list[Piece]], room: float
) -> tuple[list[list[Piece]], list[Piece]]:
    """(the one kept slide, the pieces moving on) of a page whose first slide is its
    introduction alone: the introduction and the next slide together when they fit, else the
    next slide, the introduction moving on first (to the notes)."""
    lead, first = chunks[0], chunks[1]
    later = [p for c in chunks[2:] for p in c]
    both = lead + first
    if cost(both, 0, len(both) - 1, 0.0, 0.0) <= usable(room):
        return [both], later
    return [list(first)], lead + later
