"""A sentence announcing an example goes where the example goes.

A paragraph often ends with a sentence announcing the code or picture right after it
("Here's an example of some of these features.", "... the following:", "... like this:").
When a page is capped to its first slides and that example moves to the notes while the
paragraph stays on a slide, the slide would announce something it does not show. The
announcing last sentence (one that points at what follows, generator.markup.missing.POINTER,
or ends with a colon) then moves to the notes, right before the example it announces; the
rest of its paragraph stays. A paragraph that is only the announcement moves whole, unless
it is all its slide shows.
"""

from __future__ import annotations

from dataclasses import replace

from generator.markup.missing import POINTER
from generator.markup.spans import trim_spans
from generator.model import Block, plain
from generator.pieces import Piece, slice_spans
from generator.summary import SENTENCE


def example(block: Block) -> bool:
    """Whether a block is an example a sentence may announce: code or a picture."""
    return block.type in ("code", "image")


def announcing(block: Block) -> tuple[list[Block], Block] | None:
    """(what stays, the announcing last sentence) of a paragraph whose last sentence announces
    what follows (points at it, or ends with a colon); None for any other block."""
    if block.type != "paragraph":
        return None
    text = plain(block.spans).rstrip()
    starts = [m.end() for m in SENTENCE.finditer(text)]
    start = starts[-1] if starts and starts[-1] < len(text) else 0
    last = text[start:]
    if not (POINTER.search(last) or last.endswith((":", "："))):
        return None
    tail = replace(block, spans=trim_spans(slice_spans(block.spans, start, len(text))))
    if not start:
        return [], tail
    head = replace(block, spans=trim_spans(slice_spans(block.spans, 0, start)))
    return [head], tail


def announced_on_slide(
    kept: list[list[Piece]], rest: list[Piece]
) -> tuple[list[list[Piece]], list[Piece]]:
    """(kept slides, pieces moving to the notes) of a capped page with each paragraph on its
    slides whose next block is an example that moves on (all of it in `rest`) without its
    announcing last sentence, which moves on right before that example. A slide left with
    nothing keeps the paragraph whole."""
    out = [list(chunk) for chunk in kept]
    moving = {p.group for p in rest}
    for chunk in out:
        for k in reversed(range(len(chunk))):  # from the end: a split leaves earlier places
            piece = chunk[k]
            after = next((p for p in rest if p.group == piece.group + 1), None)
            if after is None or not example(after.block) or piece.group in moving:
                continue
            if any(p.group == piece.group + 1 for c in out for p in c):
                continue  # the example starts on a slide
            found = announcing(piece.block)
            if found is None or (not found[0] and len(chunk) == 1):
                continue
            chunk[k : k + 1] = [replace(piece, block=b) for b in found[0]]
            at = rest.index(after)
            rest = [*rest[:at], replace(piece, block=found[1]), *rest[at:]]
    return out, rest
