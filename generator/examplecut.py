"""The part of a code example that fits the room left on a slide: its introduction and its
leading statements whole.

A page capped to its first slides (generator.pack.capped) fills the room its last kept slide
has left with the examples that move on. An example (an introduction and its code) that does
not fit whole shows its introduction and as many of its leading statements as fit; the rest
moves on with the page's later content (the slide says that the code goes on,
generator.codemore). A code block is cut only between whole statements:

- in a console transcript (`>>> `, `$ ` prompts), before a prompt, or between two lines of
  what a command printed (a long output cut at a whole line), never between a command and the
  first line it printed (a statement keeps its output) nor inside a command continued over
  lines (`... `);
- in other code, before a line back at the code's base indentation that is no closing
  bracket, goes on with no statement before it (`except`, `else`...) and follows no line that
  goes on (`,`, `(`, `\\`...).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from generator.codesplit import CLOSER, CONTINUED, PROMPT
from generator.pieces import CodeLine, Piece
from generator.shapes import source_beside

MORE = re.compile(r"^\.\.\.(?: |$)")  # a console command continued on the next line
# a clause that goes on with the statement before it (`try:` ... `except`, `if` ... `else`)
CLAUSE = re.compile(r"^\s*(?:except|else|elif|finally|catch|rescue|ensure)\b")
WORD = re.compile(r"\w")  # a line that holds a statement, not only punctuation
Fits = Callable[[list[Piece]], bool]


def leading_part(
    chain: list[Piece], fits: Fits, after: Piece | None = None
) -> tuple[list[Piece], list[Piece]] | None:
    """(shown, moving on) for an example `chain` (pieces kept together, the last holding
    code) that does not fit whole: its pieces that fit whole and the leading statements of the
    code piece that does not, as long as `fits` holds; None when no statement of its code fits
    (an introduction alone, or with a line of punctuation such as a fence `---`, is no
    example), for an example under a heading of its own (a later part of the page) and for
    the source of the drawn diagram `after` it (shown beside it whole)."""
    for k, piece in enumerate(chain):
        if fits(chain[: k + 1]):
            continue
        if piece.block.type != "code" or _drawn(piece, after) or _headed(chain[:k]):
            return None
        for cut in reversed(cuts(piece)):
            head, tail = split(piece, cut)
            if WORD.search(head.block.text) and fits([*chain[:k], head]):
                return [*chain[:k], head], [tail, *chain[k + 1 :]]
        return None
    return None


def _headed(pieces: list[Piece]) -> bool:
    """An example opening a later part of the page (its heading first): it moves on whole, as
    the part it belongs to (a part's example shown in part would take a slide of its own)."""
    return any(p.block.type == "heading" for p in pieces)


def _drawn(piece: Piece, after: Piece | None) -> bool:
    """The code piece is the configured source of the diagram drawn after it."""
    return after is not None and source_beside(piece.block, after.block)


def cuts(piece: Piece) -> list[int]:
    """The indices of the piece's source lines before which its code may be cut (see the
    module docstring), in order."""
    text = piece.block.text.split("\n")
    starts = [c.line for c in piece.lines if c.line > 0]
    if piece.console:
        return [i for i in starts if _console_cut(text, i)]
    base = min((_indent(line) for line in text if line.strip()), default=0)
    return [i for i in starts if _code_cut(text, i, base)]


def split(piece: Piece, cut: int) -> tuple[Piece, Piece]:
    """A code piece cut before its source line `cut`: the part shown (its padding below it)
    and the part moving on (its padding above it)."""
    text = piece.block.text.split("\n")
    height = piece.height
    at = next(c.at for c in piece.lines if c.line == cut)
    y = piece.top + at * height
    lead, tail = piece.pad[0] * height, piece.pad[1] * height
    upper, lower = max(y - piece.top, 1e-6), max(piece.bottom - y, 1e-6)
    head = replace(
        piece,
        block=replace(piece.block, text="\n".join(text[:cut]).rstrip("\n")),
        bottom=y,
        tail=tail,
        soft=False,
        keep_next=False,
        lines=tuple(CodeLine(c.line, c.at * height / upper) for c in piece.lines if c.line < cut),
        pad=(lead / upper, tail / upper),
    )
    rest = replace(
        piece,
        block=replace(piece.block, text="\n".join(text[cut:]).rstrip("\n")),
        top=y,
        lead=lead,
        label=None,
        lines=tuple(
            CodeLine(c.line - cut, (c.at * height - (y - piece.top)) / lower)
            for c in piece.lines
            if c.line >= cut
        ),
        pad=(lead / lower, tail / lower),
    )
    return head, rest


def _console_cut(text: list[str], i: int) -> bool:
    before = next((line for line in reversed(text[:i]) if line.strip()), "")
    line = text[i]
    if MORE.match(line):
        return False  # inside a command continued over lines
    if PROMPT.match(line):
        return True
    command = bool(PROMPT.match(before) or MORE.match(before))
    return not command  # a line of output after another one, not a command's first output


def _code_cut(text: list[str], i: int, base: int) -> bool:
    line = text[i]
    before = next((x for x in reversed(text[:i]) if x.strip()), "")
    if _indent(line) > base or CLOSER.match(line) or CLAUSE.match(line):
        return False
    return not before.rstrip().endswith(CONTINUED)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
