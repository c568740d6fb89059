"""The example of another kind a capped slide shows instead of a second one of the same kind.

A page capped to its first slides (generator.pack.capped) fills its last kept slide with its
examples in source order. A feature page whose lead names several options (`-x`/`--exec`
and `-X`/`--exec-batch`) and whose first examples all use one of them showed two examples
of the same kind, while the examples of the other options moved to the notes. When two of
the slide's examples use the same options of those its lead (the text before the first
example's introduction) names, and a later example's code uses a named option none of the
slide's code shows, that example is the page's key example
(generator.keyexample shows it whole): what lies between it and the slide (other examples,
their notes) moves on, and the slide's examples move on latest first, as few as needed, so
that the slide shows examples that each teach a different option.
"""

from __future__ import annotations

from generator.examplecut import joined
from generator.lazyre import lazy_compile
from generator.leftout import block_text
from generator.pieces import Piece

OPTION = lazy_compile(r"(?<![\w-])--?[A-Za-z][\w-]*")  # a command-line option: -x, --exec-batch
Key = tuple[list[Piece], Piece, list[Piece]]  # (pieces before it, its code whole, after it)


def other_kind(last: list[Piece], rest: list[Piece]) -> tuple[Key, frozenset[int]] | None:
    """(the key example of another kind with the pieces before and after it, the groups of
    the pieces between the slide and it that move on); None when the slide's examples are
    each of their own kind or no later example shows a named option the slide does not."""
    if not last or last[-1].keep_next or any(p.group == last[-1].group for p in rest):
        return None
    named = frozenset().union(*(options(block_text(p.block)) for p in _lead(last) if _said(p)))
    kinds = [options(p.block.text) & named for p in _codes(last)]
    if not named or not any(k and kinds.count(k) > 1 for k in kinds):
        return None
    shown = frozenset().union(*kinds)
    for k, piece in enumerate(rest):
        if piece.block.type == "heading":
            return None  # a later part's examples are its own
        if piece.block.type != "code" or (k > 0 and rest[k - 1].group == piece.group):
            continue
        if (options(piece.block.text) & named) - shown:
            return _key(last, rest, k)
    return None


def options(text: str) -> frozenset[str]:
    """The command-line options a text names or a command uses (case kept: `-x` is not
    `-X`)."""
    return frozenset(OPTION.findall(text))


def _said(piece: Piece) -> bool:
    return piece.block.type not in ("code", "heading", "image")


def _lead(pieces: list[Piece]) -> list[Piece]:
    """The pieces before the first example's introduction (the text kept with its code)."""
    first = next((k for k, p in enumerate(pieces) if p.block.type == "code"), len(pieces))
    while first > 0 and pieces[first - 1].keep_next and _said(pieces[first - 1]):
        first -= 1
    return pieces[:first]


def _codes(pieces: list[Piece]) -> list[Piece]:
    """The first piece of each code block."""
    return [
        p
        for k, p in enumerate(pieces)
        if p.block.type == "code" and (k == 0 or pieces[k - 1].group != p.group)
    ]


def _key(last: list[Piece], rest: list[Piece], k: int) -> tuple[Key, frozenset[int]] | None:
    """The example whose code starts at rest[k]: its introduction (the text kept with it
    right before it) and code whole, the pieces before the introduction moving on."""
    end = next((i for i in range(k, len(rest)) if rest[i].group != rest[k].group), len(rest))
    parts = rest[k:end]
    if any(not p.lines for p in parts):
        return None
    start = k
    while start > 0 and rest[start - 1].keep_next and rest[start - 1].block.type != "code":
        start -= 1
    gone = frozenset(p.group for p in rest[:start])
    return ([*last, *rest[:k]], joined(parts), rest[end:]), gone
