"""A table cut between a slide and the notes never loses rows silently.

When a talk must be shorter, a page keeps its first slides and the rest moves to the speaker
notes (generator.summarising). A table whose rows continue past the last kept slide then shows
its first rows on that slide, and a last line counts the rows that follow ("… 16 more rows";
the audience's slide never speaks of the notes):

- a table is read top-down (its first rows define it): the rows shown are its first rows, in
  the table's order, never with a gap between them;
- a table of independent entries (each row named by its first cell, one word: a reference
  table of keys) keeps first the rows the deck uses: a row whose name the text around it
  names (its page's prose, lists or code), then one the rest of the deck's kept text names
  (any page's prose, lists, code examples and diagram sources: `deck_names`), each in the
  table's order while they fit, then its first rows while there is room;
- the chosen rows and the line fill the slide's room under the table's start (a page's first
  slide is balanced with the slides after it; cut short, it is filled).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Span, Spans, plain
from generator.pack import usable
from generator.pages import PlannedPage
from generator.pieces import Piece

PROSE = 10  # a name in prose or code weighs this many names in table cells
MORE_GROUP = 1_000_000  # a line naming rows moved to the notes: its group (never a block's)
_TOKEN = lazy_compile(r"[A-Za-z_][\w.-]*\w|[A-Za-z_]")
# a word of plain prose that reads as an identifier: camelCase, snake_case, dotted, with digits
_IDENTIFIER = lazy_compile(r"[a-z][A-Z]|_|\.\w|\d")


def names(blocks: Iterable[Block]) -> Counter[str]:
    """How often each name occurs in `blocks`, a name in prose or code counting PROSE times
    one in a table cell: every word of code (inline code, code blocks, diagram sources); a
    word of plain text when it reads as an identifier (`primaryColor`, `pie_1`), not an
    everyday word."""
    found: Counter[str] = Counter()
    for block in blocks:
        _count_block(block, found)
    return found


def shown_blocks(page: PlannedPage) -> list[Block]:
    """A page's blocks and the blocks of its sections."""
    return [*page.blocks, *(b for s in page.sections for b in s.blocks)]


def around(page: PlannedPage) -> Counter[str]:
    """The names the text around a page's tables uses: its blocks that are no table."""
    return names(b for b in shown_blocks(page) if b.type != "table")


def deck_names(pages: Iterable[PlannedPage]) -> Counter[str]:
    """The names the text of a deck's pages uses (their blocks that are no table): what a cut
    reference table keeps the rows of, whichever slide uses them (a configuration example
    setting the variables a later table lists)."""
    return names(b for page in pages for b in shown_blocks(page) if b.type != "table")


def _count_block(block: Block, found: Counter[str]) -> None:
    if block.type == "table":
        for cell in [*block.header, *(c for r in block.rows for c in r)]:
            _count_spans(cell, found, 1)
        return
    if block.type == "code" or (block.type == "image" and block.kind == "diagram"):
        for word in _TOKEN.findall(block.text or block.alt):
            found[word] += PROSE
        return
    for spans in [block.spans, *block.paragraphs]:
        _count_spans(spans, found)
    _count_items(block.items, found)


def _count_items(items: list[ListItem], found: Counter[str]) -> None:
    for item in items:
        _count_spans(item.spans, found)
        for child in item.children:
            _count_block(child, found)


def _count_spans(spans: Spans, found: Counter[str], weight: int = 0) -> None:
    for span in spans:
        for word in _TOKEN.findall(span.text):
            if span.code or _IDENTIFIER.search(word):
                found[word] += weight or PROSE


def row_name(row: list[Spans]) -> str:
    """A row's name: its first cell when that is one word."""
    words = _TOKEN.findall(plain(row[0])) if row else []
    return words[0] if len(words) == 1 else ""


def row_scores(rows: list[list[Spans]], named: Counter[str]) -> list[int]:
    """How often the rest of the document names each row (0: not a key row)."""
    scores = []
    for row in rows:
        name = row_name(row)
        own: Counter[str] = Counter()
        for cell in row:
            _count_spans(cell, own, 1)
        scores.append(max(0, named.get(name, 0) - own[name]) if name else 0)
    return scores


def more_rows_line(count: int) -> Block:
    """The line under a table cut short: how many of its rows follow (they are in the
    speaker notes; the audience's slide does not say so)."""
    noun = "row" if count == 1 else "rows"
    return Block("paragraph", [Span(f"… {count} more {noun}", italic=True)])


def shown_rows(
    kept: list[list[Piece]], rest: list[Piece], named: list[Counter[str]], room: float
) -> tuple[list[list[Piece]], list[Piece]]:
    """(kept slides, pieces moving on) with a table cut at the last kept slide showing its
    rows the deck uses (`named`: the names its page's text uses, then the rest of the deck's),
    then its first rows, there and a line counting the rows that
    move to the notes (see the module docstring).
    A page cut again (smaller type measured) keeps the count of rows already moved."""
    lines = [p for p in rest if p.more] + [p for c in kept for p in c if p.more]
    rest = [p for p in rest if not p.more]
    kept = [[p for p in c if not p.more] for c in kept]
    prior = {p.group - MORE_GROUP: p for p in lines}
    last = kept[-1] if kept else []
    table = last[-1] if last else None
    if table is None or table.block.type != "table" or not rest or rest[0].group != table.group:
        return [_with_line(c, prior) for c in kept], rest
    start = len(last)
    while start > 0 and last[start - 1].group == table.group:
        start -= 1
    own = last[start:]
    moving = [p for p in rest if p.group == table.group]
    above = own[0].top - (last[0].top - last[0].lead)  # the slide above the table's rows
    shown, left = _first_rows(own, moving, named, max(usable(room) - above, 0.0))
    height = min(p.height for p in own + moving)
    top = shown[-1].bottom
    before = prior.pop(table.group, None)
    count = len(left) + (before.more if before is not None else 0)
    line = Piece(more_rows_line(count), MORE_GROUP + table.group, top, top + height, more=count)
    others = [p for p in rest if p.group != table.group]
    slides = [_with_line(c, prior) for c in [*kept[:-1], last[:start]]]
    return [*slides[:-1], [*slides[-1], *shown, line]], [*left, *others]


def _with_line(slide: list[Piece], lines: dict[int, Piece]) -> list[Piece]:
    """A slide with the line naming a table's moved rows back under the table's last row."""
    out: list[Piece] = []
    for k, piece in enumerate(slide):
        out.append(piece)
        ends = k + 1 == len(slide) or slide[k + 1].group != piece.group
        line = lines.get(piece.group) if piece.block.type == "table" and ends else None
        if line is not None:
            out.append(replace(line, top=piece.bottom, bottom=piece.bottom + line.height))
    return out


def _first_rows(
    own: list[Piece], moving: list[Piece], named: list[Counter[str]], free: float
) -> tuple[list[Piece], list[Piece]]:
    """(rows shown, stacked from where the table's rows began on the slide; rows moving on):
    the rows `named` names, then the table's first rows while they fit the room the slide has
    under them (`free`; at least the room its rows took: a slide balanced with the ones after
    it is filled), a line's room kept; at least one row."""
    pool = own + moving
    line = min(p.height for p in pool)
    room = max(sum(p.height for p in own), free)
    rows = [p.block.rows[0] for p in pool]
    chosen: list[int] = []
    used = line
    for counted in named:  # the rows each names, in the table's order, while they fit
        scores = row_scores(rows, counted)
        for i in [i for i, score in enumerate(scores) if score > 0 and i not in chosen]:
            if used + pool[i].height <= room or not chosen:
                chosen.append(i)
                used += pool[i].height
    for i in range(len(pool)):
        if i in chosen:
            continue
        if used + pool[i].height > room and chosen:
            break  # the rows shown are the table's first: no gap between them
        chosen.append(i)
        used += pool[i].height
    chosen.sort()
    top = own[0].top
    shown: list[Piece] = []
    for i in chosen:
        shown.append(replace(pool[i], top=top, bottom=top + pool[i].height))
        top += pool[i].height
    return shown, [pool[i] for i in range(len(pool)) if i not in chosen]
