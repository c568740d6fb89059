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

from collections.abc import Callable
from dataclasses import dataclass, replace

from generator.codesplit import CLOSER, CONTINUED, PROMPT
from generator.examplepoint import (
    PROGRAMS,
    STRING,
    chosen,
    point_order,
    shown_lines,
    statements,
    words_of,
)
from generator.lazyre import lazy_compile
from generator.pieces import CodeLine, Piece
from generator.shapes import source_beside

MORE = lazy_compile(r"^\.\.\.(?: |$)")  # a console command continued on the next line
# a clause that goes on with the statement before it (`try:` ... `except`, `if` ... `else`)
CLAUSE = lazy_compile(r"^\s*(?:except|else|elif|finally|catch|rescue|ensure)\b")
WORD = lazy_compile(r"\w")  # a line that holds a statement, not only punctuation
Fits = Callable[[list[Piece]], bool]
OPEN, CLOSE = "([{", ")]}"


@dataclass(frozen=True)
class PageWords:
    """What a page's text names (its title, the text on the slide) and the words of the code
    the slide already shows (generator.examplepoint)."""

    named: frozenset[str] = frozenset()
    shown: frozenset[str] = frozenset()


def leading_part(
    chain: list[Piece], fits: Fits, after: Piece | None = None, page: PageWords | None = None
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
        middle = _middle_part(chain[:k], piece, fits, page or PageWords())
        if middle is not None:
            return [*chain[:k], middle[0]], [middle[1], *chain[k + 1 :]]
        for cut in reversed(cuts(piece)):
            head, tail = split(piece, cut)
            if WORD.search(head.block.text) and fits([*chain[:k], head]):
                return [*chain[:k], head], [tail, *chain[k + 1 :]]
        return None
    return None


def cut_in_middle(
    slide: list[Piece], rest: list[Piece], fits: Fits, page: PageWords
) -> tuple[list[Piece], list[Piece]] | None:
    """(slide, moving on) when `slide` ends with part of a code block whose later parts move
    on and the block's statements that make its point are not its leading ones: the block cut
    to those (generator.examplepoint), its other statements moving on; `fits(pieces)`: the
    pieces fit the slide. None otherwise (the slide as it was)."""
    code = slide[-1] if slide else None
    if code is None or code.block.type != "code" or code.middle or not rest:
        return None
    if rest[0].group != code.group or not code.lines:
        return None
    start = len(slide)
    while start > 0 and slide[start - 1].group == code.group:
        start -= 1
    end = 0
    while end < len(rest) and rest[end].group == code.group:
        end += 1
    parts = [*slide[start:], *rest[:end]]
    after = rest[end].block if end < len(rest) else None
    if any(not p.lines for p in parts) or (after is not None and after.kind == "diagram"):
        return None  # unmeasured, or the source of the diagram drawn after it (shown whole)
    shown = sum(len(p.block.text.split("\n")) for p in slide[start:])
    middle = _middle_part(slide[:start], joined(parts), fits, page, shown)
    if middle is None:
        return None
    return [*slide[:start], middle[0]], [middle[1], *rest[end:]]


def joined(parts: list[Piece]) -> Piece:
    """Consecutive measured pieces of one code block as one piece."""
    top, bottom = parts[0].top, parts[-1].bottom
    height = max(bottom - top, 1e-6)
    lines: list[CodeLine] = []
    offset = 0
    for p in parts:
        lines += [
            CodeLine(c.line + offset, (p.top + c.at * p.height - top) / height) for c in p.lines
        ]
        offset += len(p.block.text.split("\n"))
    first, last = parts[0], parts[-1]
    return replace(
        first,
        block=replace(first.block, text="\n".join(p.block.text for p in parts)),
        bottom=bottom,
        tail=last.tail,
        soft=False,
        keep_next=False,
        lines=tuple(lines),
        pad=(first.pad[0] * first.height / height, last.pad[1] * last.height / height),
    )


def _middle_part(
    before: list[Piece], piece: Piece, fits: Fits, page: PageWords, shown: int = 0
) -> tuple[Piece, Piece] | None:
    """(shown, moving on) for a code piece cut to the statements that make its point
    (generator.examplepoint); None when those are its leading statements (a cut at the end),
    unless the slide shows its first `shown` lines and they end with a console command whose
    output moves on: then its leading whole statements (a command is not shown without what
    it printed)."""
    if not piece.console and piece.block.language.lower() not in PROGRAMS:
        return None
    text = piece.block.text.split("\n")
    starts = [c.line for c in piece.lines if c.line > 0]
    if piece.console:
        starts = [i for i in starts if PROMPT.match(text[i]) and _console_cut(text, i)]
    else:
        starts = [i for i in cuts(piece)]
    found = statements(text, starts, piece.console)
    intro = " ".join(_plain(p) for p in before if p.block.type != "code")
    order = point_order(found, page.named | words_of(intro), page.shown)
    # the slide shows a console command without its output: whole commands only
    parted = piece.console and 0 < shown < len(text) and shown not in {s.end for s in found}
    if parted and not order:
        order = [k for k, s in enumerate(found) if s.end <= shown]
    if len(found) < 2 or not order:
        return None

    def trial(keep: list[int]) -> bool:
        return any(
            WORD.search(ln) for ln, i in shown_lines(text, found, keep) if i is not None
        ) and fits([*before, _elided(piece, shown_lines(text, found, keep))])

    keep = chosen(found, order, trial)
    if not keep or (keep == list(range(len(keep))) and not parted):
        return None  # nothing kept, or the leading statements: cut at the end
    lines = shown_lines(text, found, keep)
    left = [text[i] for k, s in enumerate(found) if k not in keep for i in range(s.first, s.end)]
    rest = replace(
        piece,
        block=replace(piece.block, text="\n".join(left).rstrip("\n")),
        label=None,
        lines=(),
        soft=False,
        middle=False,
    )
    return _elided(piece, lines), rest


def _plain(piece: Piece) -> str:
    return " ".join(s.text for s in piece.block.spans)


def _elided(piece: Piece, lines: list[tuple[str, int | None]]) -> Piece:
    """The code piece showing `lines` (source lines and "…" lines standing in for the rest),
    measured from the piece's own lines: each kept line as tall as it was, a "…" line as tall
    as one line."""
    height = piece.height
    tops = sorted(c.at for c in piece.lines)
    steps = [b - a for a, b in zip(tops, tops[1:], strict=False) if b - a > 1e-9]
    step = (min(steps) if steps else 1 / max(len(lines), 1)) * height
    end = 1 - piece.pad[1]

    def at(i: int) -> float:
        return next((c.at for c in piece.lines if c.line >= i), end) * height

    y = piece.pad[0] * height
    out: list[CodeLine] = []
    for n, (_, i) in enumerate(lines):
        out.append(CodeLine(n, y))
        y += step if i is None else at(i + 1) - at(i)
    tail = piece.pad[1] * height
    upper = max(y, 1e-6)
    return replace(
        piece,
        block=replace(piece.block, text="\n".join(ln for ln, _ in lines)),
        bottom=piece.top + y,
        tail=tail,
        soft=False,
        keep_next=False,
        lines=tuple(CodeLine(c.line, c.at / upper) for c in out),
        pad=(piece.pad[0] * height / upper, tail / upper),
        middle=True,
    )


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
    # a line of output after another one, not a command's first output nor inside a
    # bracketed value it printed (a dict or JSON body is shown whole or not at all)
    return not command and _depth(text[:i]) <= 0


def _depth(text: list[str]) -> int:
    """How many brackets the output printed by the last command in `text` leaves open."""
    start = max(
        (k for k, line in enumerate(text) if PROMPT.match(line) or MORE.match(line)), default=-1
    )
    out = STRING.sub("", "\n".join(text[start + 1 :]))
    return sum(out.count(c) for c in OPEN) - sum(out.count(c) for c in CLOSE)


def _code_cut(text: list[str], i: int, base: int) -> bool:
    line = text[i]
    if sum(x.count('"""') + x.count("'''") for x in text[:i]) % 2:
        return False  # inside a string over lines
    before = next((x for x in reversed(text[:i]) if x.strip()), "")
    if _indent(line) > base or CLOSER.match(line) or CLAUSE.match(line):
        return False
    return not before.rstrip().endswith(CONTINUED)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
