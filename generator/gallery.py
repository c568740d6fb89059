"""A gallery of variants: a run of at least MIN_BOXES neighbouring admonitions (call-out boxes
with a type: MkDocs `!!! note`, Docusaurus `:::tip`, GitHub `> [!WARNING]`) each of a type
the run has not shown yet, each short (at most BOX_WORDS words) or all saying the same text,
is a page showing the kinds of box side by side. Its boxes are set in a grid
(`Block.columns` on each quote, COLUMNS of them for a run of that many boxes; the slide draws
neighbouring boxes with the same count as one grid, generator.blocks), each in its own
type's colour with its title and text.

When every box says the same text and it is longer than SHARED_WORDS words (placeholder text
under each type), the boxes would be too small to read with it: the text is shown once, as a
paragraph before the grid, and each box keeps its title line.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.model import Block, Outline, Page, plain

if TYPE_CHECKING:
    from generator.pieces import Piece

MIN_BOXES = 3  # neighbouring boxes of different types that make a gallery
BOX_WORDS = 40  # a box's words at most (a gallery shows short examples)
SHARED_WORDS = 12  # the same text in every box longer than this: shown once
MAX_COLUMNS = 4


def columns(n: int) -> int:
    """The grid's columns for `n` boxes: one row for up to three, two rows for four to six,
    rows of four for more."""
    if n <= 3:
        return n
    if n == 4:
        return 2
    return 3 if n <= 6 else MAX_COLUMNS


def _box(block: Block) -> bool:
    """An admonition drawn as a box of its own (not inside or beside another)."""
    return block.type == "quote" and bool(block.tone) and block.kind == "picture"


def _body(block: Block) -> str:
    """A box's text after its title line ("" when it has none)."""
    return " ".join(" ".join(plain(p).split()) for p in block.paragraphs[1:])


def _words(block: Block) -> int:
    return sum(len(plain(p).split()) for p in block.paragraphs)


def gallery_runs(blocks: list[Block]) -> list[range]:
    """The runs of at least MIN_BOXES neighbouring boxes, each of a type not in the run
    before it, each short or all with the same text after their titles."""
    runs: list[range] = []
    start = 0
    while start < len(blocks):
        end = start
        tones: set[str] = set()
        while (
            end < len(blocks)
            and _box(blocks[end])
            and blocks[end].tone not in tones
            and not (end + 1 < len(blocks) and blocks[end + 1].kind == "nested")
        ):
            tones.add(blocks[end].tone)
            end += 1
        run = blocks[start:end]
        short = all(_words(b) <= BOX_WORDS for b in run)
        same = len({_body(b) for b in run}) == 1 and bool(_body(run[0])) if run else False
        if len(run) >= MIN_BOXES and (short or same):
            runs.append(range(start, end))
        start = max(end, start + 1)
    return runs


def as_gallery(blocks: list[Block]) -> list[Block]:
    """`blocks` with each gallery's boxes set in a grid (their text shown once before it when
    it is the same long text in every box)."""
    out = list(blocks)
    for run in reversed(gallery_runs(blocks)):
        boxes = [replace(b, columns=columns(len(run))) for b in blocks[run.start : run.stop]]
        shared = _body(boxes[0])
        lead: list[Block] = []
        if len({_body(b) for b in boxes}) == 1 and len(shared.split()) > SHARED_WORDS:
            lead = [Block("paragraph", p) for p in boxes[0].paragraphs[1:]]
            boxes = [replace(b, paragraphs=b.paragraphs[:1]) for b in boxes]
        out[run.start : run.stop] = lead + boxes
    return out


def gallery_box(block: Block) -> bool:
    """A box set in a gallery's grid."""
    return block.type == "quote" and block.columns > 1


def keep_galleries(pieces: list[Piece], blocks: list[Block], room: float) -> list[Piece]:
    """Pieces with each gallery's boxes kept on one slide when it fits on one (`room` high),
    else each row of its grid kept whole (the gallery continues on the next slide by rows)."""
    k = 0
    while k < len(pieces):
        block = blocks[pieces[k].group]
        if not gallery_box(block):
            k += 1
            continue
        end = k
        while end < len(pieces) and blocks[pieces[end].group].columns == block.columns:
            if not gallery_box(blocks[pieces[end].group]):
                break
            end += 1
        run = pieces[k:end]
        whole = run[-1].bottom - run[0].top <= room
        for n, piece in enumerate(run[:-1]):
            piece.keep_next = piece.keep_next or whole or (n + 1) % block.columns != 0
        k = end
    return pieces


def with_galleries(outline: Outline) -> Outline:
    """Every page's (and `####` section's) galleries of boxes set in grids."""
    chapters = []
    for chapter in outline.chapters:
        pages: list[Page] = []
        for page in chapter.pages:
            if any(gallery_runs(page.blocks)) or any(gallery_runs(s.blocks) for s in page.sections):
                page = replace(
                    page,
                    blocks=as_gallery(page.blocks),
                    sections=[replace(s, blocks=as_gallery(s.blocks)) for s in page.sections],
                )
            pages.append(page)
        chapters.append(replace(chapter, pages=pages))
    return replace(outline, chapters=chapters)
