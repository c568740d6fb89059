"""Measured pieces -> slides: as few slides as the room allows, filled evenly, headings kept with what follows."""

from __future__ import annotations

from collections.abc import Callable

from generator.examplecut import PageWords, cut_in_middle, leading_part
from generator.examplepoint import STRING, words_of
from generator.keyexample import key_first
from generator.pieces import Piece

# pieces as they would be set at the smallest type a unit that cannot be cut takes
Smallest = Callable[[list[Piece]], list[Piece]]

TAIL = 0.25  # a kept slide holding less than this share of the room is a tail, not a slide
SAFETY = 0.985  # share of the room the packer fills (line heights round differently per slide)
SAFETY_PX = 3.0
SHORT_TAIL = 1 / 3  # a last slide holding less than this share of the room is a short tail
HARD_FILL = 0.5  # a slide cut at a code block's soft cut when a hard cut fills less than this


def usable(room: float) -> float:
    return room * SAFETY - SAFETY_PX


def cost(pieces: list[Piece], i: int, j: int, head: float, foot: float) -> float:
    """Room that pieces[i..j] take on one slide: from the start of the first (with what it
    repeats, e.g. a table header) to the end of the last, plus the stack's own margins."""
    first, last = pieces[i], pieces[j]
    return head + (last.bottom + last.tail) - (first.top - first.lead) + foot


def pack(
    pieces: list[Piece],
    room: float,
    head: float = 0.0,
    foot: float = 0.0,
    smallest: Smallest | None = None,
) -> list[list[Piece]]:
    """Pieces in order -> slides. The fewest slides greedy filling gives, then the same count
    with the smallest capacity that still holds them, so that continuation slides carry
    similar amounts (no slide with one line after a full one), as long as evening them out
    cuts no code block one nesting level deeper than the fewest slides do (a whole object on
    a fuller slide rather than half of it on each of two) and cuts no more chains kept
    together than they do. A piece taller than the room
    gets a slide of its own (the caller deals with it); so does a chain of pieces kept
    together (an introduction, its code, the sentence pointing back at it) that is taller
    than the room but fits it as `smallest` sets it (the caller sets it smaller), instead of
    being cut after its first piece."""
    if not pieces:
        return []
    limit = usable(room)
    chunks = _greedy(pieces, limit, head, foot, smallest)
    if len(chunks) <= 1:
        return chunks
    total = cost(pieces, 0, len(pieces) - 1, head, foot)
    lo, hi = max(total / len(chunks) * 0.9, 1.0), limit
    best = chunks
    for _ in range(18):  # bisect the capacity; each step is a linear greedy pass
        if hi - lo < 2.0:
            break
        mid = (lo + hi) / 2
        trial = _greedy(pieces, mid, head, foot, smallest)
        if (
            len(trial) <= len(chunks)
            and not _oversized(pieces, trial, mid, limit, head, foot)
            and _soft_cuts(trial) <= _soft_cuts(chunks)
            and _broken(trial) <= _broken(chunks)
        ):
            best, hi = trial, mid
        else:
            lo = mid
    return best


def _greedy(
    pieces: list[Piece],
    capacity: float,
    head: float,
    foot: float,
    smallest: Smallest | None = None,
) -> list[list[Piece]]:
    out: list[list[Piece]] = []
    i, n = 0, len(pieces)
    while i < n:
        j = i
        while j + 1 < n and cost(pieces, i, j + 1, head, foot) <= capacity:
            j += 1
        end = j
        while end > i and pieces[end].keep_next and end + 1 < n:
            end -= 1  # a heading never ends a slide that has more after it
        unit = _unit_end(pieces, i, capacity, head, foot, smallest) if end == i else i
        if unit > i:  # a chain kept together, set smaller on a slide of its own
            out.append(pieces[i : unit + 1])
            i = unit + 1
            continue
        hard = end  # a code block's soft cut only when a hard one leaves the slide half empty
        while hard > i and (pieces[hard].soft or pieces[hard].keep_next) and hard + 1 < n:
            hard -= 1
        if hard < end and cost(pieces, i, hard, head, foot) >= HARD_FILL * capacity:
            end = hard
        out.append(pieces[i : end + 1])
        i = end + 1
    return out


def chain_end(pieces: list[Piece], i: int) -> int:
    """The last piece of the chain of pieces kept together that starts at `i`."""
    k = i
    while k + 1 < len(pieces) and pieces[k].keep_next:
        k += 1
    return k


def chained(chunk: list[Piece]) -> bool:
    """More than one piece, each kept with the next: one chain kept together."""
    return len(chunk) > 1 and chain_end(chunk, 0) == len(chunk) - 1


def _unit_end(
    pieces: list[Piece],
    i: int,
    capacity: float,
    head: float,
    foot: float,
    smallest: Smallest | None,
) -> int:
    """The end of the chain starting at `i` when it is taller than `capacity` but fits it as
    `smallest` sets it (one unit on a slide of its own); else `i`."""
    k = chain_end(pieces, i)
    if smallest is None or k == i or cost(pieces, i, k, head, foot) <= capacity:
        return i
    small = smallest(pieces[i : k + 1])
    return k if cost(small, 0, len(small) - 1, head, foot) <= capacity else i


def _broken(chunks: list[list[Piece]]) -> int:
    """Slides ending with a piece kept with the next (a chain kept together cut)."""
    return sum(1 for c in chunks[:-1] if c and c[-1].keep_next)


def _soft_cuts(chunks: list[list[Piece]]) -> int:
    """Slides ending at a code block's soft cut (one nesting level deeper than its own)."""
    return sum(1 for c in chunks[:-1] if c and c[-1].soft)


def _oversized(
    pieces: list[Piece],
    chunks: list[list[Piece]],
    capacity: float,
    limit: float,
    head: float,
    foot: float,
) -> bool:
    """A chunk over `capacity` that holds more than one piece (a single tall piece is allowed:
    it is over any capacity, and so is a chain kept together over the full `limit`: a unit
    set smaller; one the full room holds is never made a unit to even slides out)."""
    start = 0
    for chunk in chunks:
        end = start + len(chunk) - 1
        over = cost(pieces, start, end, head, foot)
        if len(chunk) > 1 and over > capacity and not (chained(chunk) and over > limit):
            return True
        start = end + 1
    return False


def short_tail(chunks: list[list[Piece]], room: float, head: float, foot: float) -> bool:
    """The last of several slides holds less than SHORT_TAIL of the room."""
    if len(chunks) < 2 or not chunks[-1]:
        return False
    return cost(chunks[-1], 0, len(chunks[-1]) - 1, head, foot) < SHORT_TAIL * room


def capped(
    chunks: list[list[Piece]],
    keep: int,
    room: float,
    head: float = 0.0,
    foot: float = 0.0,
    more: float = 0.0,
    title: str = "",
) -> tuple[list[list[Piece]], list[Piece]]:
    """The first `keep` slides of `chunks` and the pieces that move on (to the notes, or left
    out): the last kept slide never ends with an introduction or a heading whose content moved
    on, and a last kept slide that would hold a tail (less than TAIL of the room: one line
    after full slides) moves on with the rest. `more`: the room of the line under a code
    example cut short (generator.codemore); `title`: the page's title (what an example cut
    on the last kept slide keeps, generator.examplepoint)."""
    kept = [list(c) for c in chunks[:keep]]
    rest = [p for c in chunks[keep:] for p in c]
    if not rest:
        return kept, rest
    while kept:
        last = kept[-1]
        while last and last[-1].keep_next:
            rest.insert(0, last.pop())
        if not last:
            kept.pop()
            continue
        if len(kept) > 1 and cost(last, 0, len(last) - 1, head, foot) < TAIL * room:
            rest[:0] = kept.pop()
            continue
        break
    kept, rest = _filled(kept, rest, room, head, foot, more, title)
    return _whole_code(kept, rest, keep, room, head, foot)


def _filled(
    kept: list[list[Piece]],
    rest: list[Piece],
    room: float,
    head: float,
    foot: float,
    more: float = 0.0,
    title: str = "",
) -> tuple[list[list[Piece]], list[Piece]]:
    """The last kept slide filled with the code examples that move on: slides packed evenly
    over more slides than are kept leave room on the last kept one, and the next examples (a
    chain kept together that holds code: its introduction and its code, or a part of a code
    block) belong there, not in the notes. An example that does not fit whole shows its
    introduction and its leading statements that fit with the line saying that the code goes
    on (`more` high; generator.examplecut), and the filling ends there; it also ends at the
    first text that is no example (a step of a procedure is never skipped to show a later
    one)."""
    if not kept or not kept[-1]:
        return kept, rest
    last, limit = list(kept[-1]), usable(room)

    def fits_on(base: list[Piece], pieces: list[Piece], extra: float = 0.0) -> bool:
        both = base + pieces
        return cost(both, 0, len(both) - 1, head, foot) + extra <= limit

    def fits(pieces: list[Piece], extra: float = 0.0) -> bool:
        return fits_on(last, pieces, extra)

    own = [p for p in last if not (last[-1].block.type == "code" and p.group == last[-1].group)]
    middle = cut_in_middle(
        last, rest, lambda pieces: fits_on([], pieces, more), _page_words(title, own)
    )
    if middle is not None:
        return [*kept[:-1], middle[0]], middle[1]
    while rest:
        end = next((i for i, p in enumerate(rest) if not p.keep_next), len(rest) - 1)
        chain = rest[: end + 1]  # pieces of one page: their extents follow on from the slide's
        if chain[-1].keep_next or not any(p.block.type == "code" for p in chain):
            break
        if not fits(chain):
            after = rest[end + 1] if end + 1 < len(rest) else None
            page = _page_words(title, last)
            part = leading_part(chain, lambda pieces: fits(pieces, more), after, page)
            if part is not None:
                last, rest = last + part[0], part[1] + rest[end + 1 :]
            break
        last, rest = last + chain, rest[end + 1 :]
    last, rest = key_first(
        last, rest, lambda pieces, extra: fits_on([], pieces, extra), title, more
    )
    return [*kept[:-1], last], rest


def _page_words(title: str, slide: list[Piece]) -> PageWords:
    """What the page's title and the text on its slide name, and the words of its code."""
    text = [title, *(p.block.text or _spans(p) for p in slide if p.block.type != "code")]
    code = [STRING.sub("", p.block.text) for p in slide if p.block.type == "code"]
    return PageWords(words_of(" ".join(text)), words_of(" ".join(code)))


def _spans(piece: Piece) -> str:
    return " ".join(s.text for s in piece.block.spans)


def _whole_code(
    kept: list[list[Piece]], rest: list[Piece], keep: int, room: float, head: float, foot: float
) -> tuple[list[list[Piece]], list[Piece]]:
    """A code block the kept slides cut with its end moving on: the kept slides packed again
    with that end when they still number at most `keep` (a code block is never cut between
    a slide and the notes when the slides can hold it)."""
    if not kept or not rest or not kept[-1]:
        return kept, rest
    last = kept[-1][-1]
    if last.block.type != "code" or rest[0].group != last.group or last.middle:
        return kept, rest
    end = next((i for i, p in enumerate(rest) if p.group != last.group), len(rest))
    trial = pack([p for c in kept for p in c] + rest[:end], room, head, foot)
    if len(trial) > keep:
        return kept, rest
    return trial, rest[end:]
