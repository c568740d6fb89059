"""Pieces kept together when a page is cut between slides: a tab's bold label stays with the
example it names, and a chain kept together (a lead-in, its code, the sentence pointing back
at the code) that is taller than a slide at the reading size is one unit set a little smaller
on a slide of its own, not cut after its first piece."""

from __future__ import annotations

from dataclasses import replace

from generator.api import generate_from_markdown
from generator.model import Block, plain
from generator.outline import parse_outline
from generator.pack import pack
from generator.pieces import Piece
from generator.planner import BODY_FLOOR, READ_FLOOR
from generator.together import keep_introductions
from tests.generator.fragments_pointers import RUST_EXCLUSIVE_RANGES
from tests.generator.fragments_titles import MKDOCS_INLINE_TABS

ROOM = 500.0


def test_a_tabs_bold_label_never_ends_a_slide_without_its_example() -> None:
    md = "# Admonitions\n\n## Usage\n\n" + MKDOCS_INLINE_TABS
    (page,) = [p for c in parse_outline(md).chapters for p in c.pages]
    blocks = page.blocks
    pieces = keep_introductions([Piece(b, i, 0.0, 10.0) for i, b in enumerate(blocks)], blocks)
    labels = [
        k
        for k, b in enumerate(blocks)
        if b.type == "paragraph" and plain(b.spans) in ("inline end", "inline")
    ]
    assert len(labels) == 2
    assert all(blocks[k + 1].type == "quote" for k in labels)  # the drawn example it names
    assert all(pieces[k].keep_next for k in labels)
    # a paragraph only starting in bold ("**Important**: admonitions ...") names nothing
    important = next(k for k, b in enumerate(blocks) if plain(b.spans).startswith("Important"))
    assert not pieces[important].keep_next


def _piece(group: int, top: float, height: float, keep: bool = False) -> Piece:
    return Piece(Block("paragraph"), group, top, top + height, keep_next=keep)


def _halved(pieces: list[Piece]) -> list[Piece]:
    """The pieces as a smaller type would set them: each 0.9 of its height."""
    out, y = [], pieces[0].top
    for p in pieces:
        out.append(replace(p, top=y, bottom=y + p.height * 0.9))
        y += p.height * 0.9
    return out


def _groups(chunks: list[list[Piece]]) -> list[list[int]]:
    return [[p.group for p in c] for c in chunks]


def test_a_chain_taller_than_a_slide_is_one_unit_when_smaller_type_holds_it() -> None:
    # lead-in 100 -> code 300 -> "code like this" 80 (kept together: 480 over the room of
    # 500 * 0.985 - 3), then a paragraph of 170
    pieces = [
        _piece(0, 0, 110, keep=True),
        _piece(1, 110, 310, keep=True),
        _piece(2, 420, 80),
        _piece(3, 500, 170),
    ]
    assert _groups(pack(pieces, ROOM))[0] == [0]  # without a smaller type: cut after its lead-in
    assert _groups(pack(pieces, ROOM, smallest=_halved)) == [[0, 1, 2], [3]]


def test_a_chain_that_smaller_type_cannot_hold_is_cut_as_before() -> None:
    pieces = [
        _piece(0, 0, 150, keep=True),
        _piece(1, 150, 350, keep=True),
        _piece(2, 500, 100),
        _piece(3, 600, 170),
    ]
    assert _groups(pack(pieces, ROOM, smallest=_halved)) == _groups(pack(pieces, ROOM))


def test_evening_slides_out_never_makes_a_unit_of_a_chain_the_room_holds() -> None:
    # a first slide of 300, then a chain of 440 the room holds and 60 after it: evening out
    # (a lower capacity) must not turn the chain into a unit set smaller
    pieces = [
        _piece(0, 0, 300),
        _piece(1, 300, 150, keep=True),
        _piece(2, 450, 290),
        _piece(3, 740, 60),
    ]
    chunks = pack(pieces, ROOM, smallest=_halved)
    assert _groups(chunks) == _groups(pack(pieces, ROOM))
    assert [1, 2] in [g[:2] for g in _groups(chunks)]


def test_a_lead_in_its_code_and_the_sentence_pointing_back_share_a_slide() -> None:
    # at 24 px the three are a little taller than a slide: one slide, set a little smaller
    # (never below the unit floor); the paragraph after them continues on the next slide
    deck = generate_from_markdown(RUST_EXCLUSIVE_RANGES, "corporate")
    pages = [p for p in deck.pages if p.kind == "content"]
    assert len(pages) == 2
    first = pages[0]
    assert [b.type for b in first.blocks] == ["paragraph", "code", "paragraph"]
    assert plain(first.blocks[0].spans).startswith("Rust ranged patterns")
    assert "so code like this" in plain(first.blocks[2].spans)
    assert BODY_FLOOR <= first.body_size < READ_FLOOR
    assert pages[1].body_size >= READ_FLOOR  # the rest stays at the reading size
