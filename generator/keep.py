"""What a capped page keeps besides its first slides: a run the kept slides began continues
over more slides instead of moving to the notes, and a part the slide's title names is shown.

A summarised document's page keeps its first MAX_SLIDES slides (generator.summarising). Two
things never leave a hole there:

- a table whose rows already continue over the kept slides, or a run of short blocks of one
  shape (admonitions of each type, one after the other) begun on them, continues on following
  slides (up to RUN_SLIDES in all), the rows or blocks balanced over the slides by the packer;
- a slide of several pages is titled by its parts ("Stabilized APIs · Other changes"): a part
  the title names keeps its heading and content on the last kept slide; what moves to the notes
  is taken from the part before it instead.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, plain, split_title
from generator.pack import cost, usable
from generator.pieces import Piece, assemble_groups

RUN_SLIDES = 6  # a continuing table or run of blocks keeps at most this many slides
RUN_SHARE = 0.4  # a block of a run takes at most this share of a slide's room
RUN_MIN = 2  # ... and the kept slides show at least this many blocks of its shape
RUN_TYPES = frozenset({"table", "quote", "code", "image"})


def shape(block: Block) -> tuple[object, ...]:
    """What blocks of one run share: their kind, and a quote's labels and paragraph count
    (an admonition: its bold title, then its text), a table's columns."""
    if block.type == "quote":
        labels = sum(1 for p in block.paragraphs[:1] if p and all(s.bold for s in p))
        return ("quote", labels)
    if block.type == "table":
        return ("table", len(block.header) or max((len(r) for r in block.rows), default=0))
    return (block.type,)


def _heights(pieces: list[Piece]) -> dict[int, float]:
    out: dict[int, float] = {}
    for p in pieces:
        out[p.group] = out.get(p.group, 0.0) + p.height
    return out


def run_slides(chunks: list[list[Piece]], keep: int, room: float) -> int:
    """How many of `chunks` a page capped at `keep` slides keeps: all of them (up to
    RUN_SLIDES) when everything after the first `keep` continues a table or a run of short
    same-shaped blocks the kept slides hold, else `keep`."""
    if len(chunks) <= keep or keep < 1:
        return keep
    kept = [p for c in chunks[:keep] for p in c]
    rest = [p for c in chunks[keep:] for p in c]
    if not kept or not rest:
        return keep
    last = kept[-1]
    heights = _heights(kept + rest)
    blocks, groups = assemble_groups(kept + rest)
    shapes = {g: shape(b) for b, g in zip(blocks, groups, strict=True)}
    short = room * RUN_SHARE
    run = shapes[last.group]
    members = {p.group for p in kept if shapes[p.group] == run and heights[p.group] <= short}
    for p in rest:
        if p.group == last.group and last.block.type == "table":
            continue  # the rows of a table already continuing
        if p.block.type not in RUN_TYPES or shapes[p.group] != run or heights[p.group] > short:
            return keep
    if last.block.type != "table" and len(members) < RUN_MIN:
        return keep
    return min(len(chunks), max(keep, RUN_SLIDES))


def title_parts(title: str) -> list[str]:
    """The parts a merged slide's title names ("A · B" -> ["A", "B"]; one title: none)."""
    parts = split_title(title, " · ")
    return parts if len(parts) > 1 else []


def named_part(
    kept: list[list[Piece]], rest: list[Piece], title: str, room: float
) -> tuple[list[list[Piece]], list[Piece]]:
    """(kept slides, pieces moving on) with a part the title names that starts among the
    pieces moving on (its heading) placed on the last kept slide: pieces of the part before
    it move on instead, from the end, until the slide has room."""
    names = title_parts(title)
    start = next(
        (
            i
            for i, p in enumerate(rest)
            if p.block.type == "heading" and plain(p.block.spans).strip() in names
        ),
        None,
    )
    if start is None or not kept or room <= 0:
        return kept, rest
    part = rest[start:]
    last = list(kept[-1])
    moved = rest[:start]
    gap = max(0.0, part[0].top - rest[start - 1].bottom) if start > 0 else 0.0
    limit = usable(room)
    while last:
        shift = last[-1].bottom + gap - part[0].top
        placed = [replace(p, top=p.top + shift, bottom=p.bottom + shift) for p in part]
        if cost([*last, *placed], 0, len(last) + len(placed) - 1, 0.0, 0.0) <= limit:
            return [*kept[:-1], [*last, *placed]], moved
        moved.insert(0, last.pop())
    if len(kept) == 1:
        return kept, rest  # the part alone does not fit the only slide: as it was
    return [*kept[:-1], part], moved
