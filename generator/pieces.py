"""A page's blocks, measured once by the engine -> pieces that may go to different slides, and back.

Every block of a flowing page is wrapped in an element carrying its index (`data-df-u`); one
layout of the page gives each piece's top and bottom: a list item with all its children, a
table row (the header repeats before the rows of a continuation), a quote paragraph, a heading
(kept with what follows), a picture. A piece taller than the room a slide has is cut finer: a
list item between its nested items (the item's own line repeated, marked as continued), a
paragraph between its lines, a code block between its lines. Adjacent pieces of one block
merge back into one block on a slide.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple

from generator.codelabels import CONTINUED, continued_label
from generator.codesplit import Run, regroup, transcript
from generator.fit import Measure
from generator.gallery import keep_galleries
from generator.model import Block, ListItem, Span, plain
from generator.shapes import shown_beside
from generator.tablecols import shares
from generator.together import (
    introduces,
    keep_introductions,
    lead_in,
    quote_labels,
    title_paragraph,
)

SPLIT_ITEM = 0.35  # a list item taller than this share of the room may part from its children


class CodeLine(NamedTuple):
    """A source line of a code piece that starts a visual line: its index in the piece's
    text and where its top is, as a share of the piece's height from its top (it holds when
    the piece moves or is scaled; a piece may be cut there, generator.examplecut)."""

    line: int
    at: float


@dataclass
class Piece:
    """A block (or part of one) placed on a slide, with its extent."""

    block: Block
    group: int  # index of the block it comes from (pieces of one block merge back)
    top: float
    bottom: float
    lead: float = 0.0  # room taken before it when it starts a slide (a repeated table header)
    tail: float = 0.0  # room taken after it when it ends a slide (a code block's padding)
    keep_next: bool = False  # a heading: never the last piece of a slide
    item: int = -1  # a list item cut between its children: the item's number (start + index)
    soft: bool = False  # a code part ending one nesting level deep: cut after it only if needed
    label: Block | None = None  # a later part of a labelled code block: its label, repeated
    more: int = 0  # a line under a table cut short: how many of its rows the notes hold
    lines: tuple[CodeLine, ...] = ()  # a measured code piece: where its source lines start
    pad: tuple[float, float] = (0.0, 0.0)  # a code piece: its block's padding above, below (shares)
    console: bool = False  # a code piece of a console transcript (its block has a prompt)
    middle: bool = False  # a code piece cut in the middle: "…" lines stand for what it leaves out

    @property
    def height(self) -> float:
        return self.bottom - self.top


def measured_pieces(blocks: list[Block], m: Measure, room: float) -> list[Piece] | None:
    """The pieces of `blocks` with their measured extents; None when the layout lacks a
    block's wrapper (the page was not rendered as a flowing page)."""
    out: list[Piece] = []
    for gi, block in enumerate(blocks):
        wrapper = m.units.get(gi)
        if wrapper is None:
            return None
        own = room  # an introduced block is cut finer when it and its introduction do not fit
        before = m.units.get(gi - 1)
        introduced = gi > 0 and before is not None and introduces(blocks[gi - 1], block)
        if introduced and before is not None:
            own = room - max(0.0, m.boxes[wrapper].y - m.boxes[before].y)
        parts = _block_pieces(block, gi, wrapper, m, own)
        if introduced and before is not None and block.type == "code":
            labelled(parts[1:], blocks[gi - 1], max(0.0, m.boxes[wrapper].y - m.boxes[before].y))
        out.extend(parts)
    return beside_source(keep_galleries(keep_introductions(out, blocks), blocks, room), blocks)


def labelled(parts: list[Piece], intro: Block, height: float) -> None:
    """The later parts of a code block cut between slides, labelled by its short introduction
    (codelabels.continued_label): `height` is the room the label takes above each."""
    label = continued_label(intro)
    for part in parts if label is not None else []:
        part.label = label
        part.lead += height


def beside_source(pieces: list[Piece], blocks: list[Block]) -> list[Piece]:
    """A drawn diagram right after its configured source goes beside it on the slide
    (shapes.source_pair): it takes the room of the taller of the two, not of both."""
    shift = 0.0
    for k, piece in enumerate(pieces):
        piece.top -= shift
        piece.bottom -= shift
        before = pieces[k - 1] if k else None
        if (
            before is not None
            and before.group != piece.group
            and shown_beside(blocks[before.group], blocks[piece.group])
        ):
            bottom = before.top + max(before.height, piece.height)
            shift += piece.bottom - bottom
            piece.top, piece.bottom = before.top, bottom
    return pieces


def _block_pieces(block: Block, gi: int, wrapper: int, m: Measure, room: float) -> list[Piece]:
    box = m.boxes[wrapper]
    whole = Piece(block, gi, box.y, box.y + box.height, keep_next=block.type == "heading")
    t = block.type
    if t == "list":
        return _list_pieces(block, gi, wrapper, m, room) or [whole]
    if t == "table" and len(block.rows) > 1:
        return _table_pieces(block, gi, wrapper, m) or [whole]
    if t == "quote" and len(block.paragraphs) > 1 and block.columns == 1:  # a gallery's box: whole
        return _quote_pieces(block, gi, wrapper, m) or [whole]
    if whole.height <= room:
        if t == "code":
            _with_lines(whole, block, wrapper, m)
        return [whole]
    if t == "paragraph":
        return _paragraph_pieces(block, gi, wrapper, m) or [whole]
    if t == "code":
        return _code_pieces(block, gi, wrapper, m, room) or [whole]
    return [whole]


def _list_pieces(block: Block, gi: int, wrapper: int, m: Measure, room: float) -> list[Piece]:
    lists = m.descendants(wrapper, "ul") + m.descendants(wrapper, "ol")
    if len(lists) != 1:
        return []
    items = m.descendants(lists[0], "li")
    if len(items) != len(block.items):
        return []
    if block.columns > 1:
        return _column_pieces(block, gi, m.boxes[lists[0]].y, m.boxes[lists[0]].height)
    out: list[Piece] = []
    for j, (item, index) in enumerate(zip(block.items, items, strict=True)):
        b = m.boxes[index]
        one = replace(block, items=[item], start=block.start + j)
        piece = Piece(one, gi, b.y, b.y + b.height)
        if piece.height > room * SPLIT_ITEM and item.children:
            out.extend(_item_pieces(block, j, gi, index, m) or [piece])
        else:
            out.append(piece)
    return out


def _column_pieces(block: Block, gi: int, top: float, height: float) -> list[Piece]:
    """A list set in columns (generator.listcols): its items read down the columns, so a
    slide holding some of them is about as tall as its share of the items; each item gets
    an equal share of the list's height (the slide's own layout corrects the rest)."""
    n = len(block.items)
    return [
        Piece(
            replace(block, items=[item], start=block.start + j),
            gi,
            top + height * j / n,
            top + height * (j + 1) / n,
        )
        for j, item in enumerate(block.items)
    ]


def _item_pieces(block: Block, j: int, gi: int, index: int, m: Measure) -> list[Piece]:
    """One list item cut between its nested items (only when its children are lists)."""
    item = block.items[j]
    if not all(c.type == "list" for c in item.children):
        return []
    nested = m.descendants(index, "ul") + m.descendants(index, "ol")
    nested.sort()
    if len(nested) != len(item.children):
        return []
    start = block.start + j
    top = m.boxes[index].y
    first_child = m.boxes[nested[0]].y
    head = replace(block, items=[ListItem(item.spans, [])], start=start)
    out = [Piece(head, gi, top, first_child, keep_next=True, item=start)]
    more = item.spans + [Span(CONTINUED, italic=True)] if item.spans else []
    for child, ni in zip(item.children, nested, strict=True):
        boxes = m.descendants(ni, "li")
        if len(boxes) != len(child.items):
            return []
        for k, (sub, bi) in enumerate(zip(child.items, boxes, strict=True)):
            b = m.boxes[bi]
            part = replace(child, items=[sub], start=child.start + k)
            one = replace(block, items=[ListItem(more, [part])], start=start)
            lead = first_child - top
            out.append(Piece(one, gi, b.y, b.y + b.height, lead=lead, item=start))
    return out


def _table_pieces(block: Block, gi: int, wrapper: int, m: Measure) -> list[Piece]:
    columns = max([len(block.header)] + [len(r) for r in block.rows])
    tables = m.descendants(wrapper, "table")
    if len(tables) != 1 or columns == 0:
        return []
    cells = sorted(
        m.descendants(tables[0], "th", frozenset({"table"}))
        + m.descendants(tables[0], "td", frozenset({"table"}))
    )
    heads = columns if block.header else 0
    if len(cells) != heads + columns * len(block.rows):
        return []
    table = m.boxes[tables[0]]
    lead = 0.0
    if heads:
        lead = max(m.boxes[c].y + m.boxes[c].height for c in cells[:heads]) - table.y
    widths = block.widths or shares(_columns([m.boxes[c].x for c in cells[:columns]], table.width))
    out = []
    for r, row in enumerate(block.rows):
        row_cells = [m.boxes[c] for c in cells[heads + r * columns : heads + (r + 1) * columns]]
        top = min(c.y for c in row_cells)
        bottom = max(c.y + c.height for c in row_cells)
        piece = replace(block, rows=[row], widths=widths)
        out.append(Piece(piece, gi, top, bottom, lead=lead))
    out[-1].bottom = max(out[-1].bottom, table.y + table.height)
    return out


def _columns(lefts: list[float], width: float) -> list[float]:
    """The widths of a table's columns (padding and all) from where the cells of a row begin
    and the table's width."""
    pitches = [b - a for a, b in zip(lefts, lefts[1:], strict=False)]
    return [*pitches, width - sum(pitches)]


def _quote_pieces(block: Block, gi: int, wrapper: int, m: Measure) -> list[Piece]:
    """A quote's paragraphs; a label and a paragraph ending with a colon never end a slide
    without the paragraph after them."""
    paras = m.descendants(wrapper, "p")
    if len(paras) != len(block.paragraphs):
        return []
    labels = quote_labels(block)
    out = []
    for k, (para, index) in enumerate(zip(block.paragraphs, paras, strict=True)):
        b = m.boxes[index]
        keep = k < labels or lead_in(para) or title_paragraph(para)
        out.append(
            Piece(replace(block, paragraphs=[para]), gi, b.y, b.y + b.height, keep_next=keep)
        )
    out[-1].keep_next = False
    return out


def _paragraph_pieces(block: Block, gi: int, wrapper: int, m: Measure) -> list[Piece]:
    """A paragraph taller than a slide, cut between its lines (each line one piece)."""
    paras = [wrapper] if m.boxes[wrapper].tag == "p" else m.descendants(wrapper, "p")
    if len(paras) != 1:
        return []
    lines = m.lines(paras[0])
    cuts = _cuts(plain(block.spans), [ln.text for ln in lines])
    if cuts is None or len(lines) < 2:
        return []
    out = []
    for k, line in enumerate(lines):
        spans = slice_spans(block.spans, cuts[k], cuts[k + 1])
        if spans:
            out.append(Piece(replace(block, spans=spans), gi, line.y, line.y + line.height))
    return out


def _code_pieces(block: Block, gi: int, wrapper: int, m: Measure, room: float) -> list[Piece]:
    """A code block taller than a slide, cut between its source lines (a source line that
    wraps stays whole; blank lines go with the line before them) where the code allows it
    (generator.codesplit: blank lines, the outermost nesting boundary, no part of a line or
    two)."""
    laid = _code_lines(block, wrapper, m)
    if laid is None:
        return []
    groups, (top, bottom), (lead, tail) = laid
    source = block.text.split("\n")
    runs = []
    for g, (first, y) in enumerate(groups):
        last = groups[g + 1][0] if g + 1 < len(groups) else len(source)
        below = groups[g + 1][1] if g + 1 < len(groups) else bottom - tail
        runs.append(Run(0 if g == 0 else first, last, y, below))
    out = []
    regrouped = regroup(source, runs, room - lead - tail)
    for run in regrouped:
        text = "\n".join(source[run.first : run.end]).rstrip("\n")
        piece = Piece(replace(block, text=text), gi, run.top, run.bottom, lead=lead, tail=tail)
        piece.soft = run.soft
        piece.keep_next = run.opening
        piece.console = transcript(block.text)
        out.append(piece)
    if out:
        out[0].top = top
        out[0].lead = 0.0
        out[-1].bottom = bottom
        out[-1].tail = 0.0
    for piece, run in zip(out, regrouped, strict=True):
        mine = [CodeLine(i - run.first, y) for i, y in groups if run.first <= i < run.end]
        _set_lines(piece, mine, (lead, tail))
    return out


def _with_lines(piece: Piece, block: Block, wrapper: int, m: Measure) -> None:
    """A whole code piece given where its source lines start and its padding."""
    laid = _code_lines(block, wrapper, m)
    if laid is not None:
        groups, _, pad = laid
        piece.console = transcript(block.text)
        _set_lines(piece, groups, pad)


def _set_lines(piece: Piece, lines: list[CodeLine], pad: tuple[float, float]) -> None:
    """A code piece given its lines' measured tops and its padding, as shares of its height."""
    height = piece.height
    if height <= 0:
        return
    piece.lines = tuple(CodeLine(c.line, (c.at - piece.top) / height) for c in lines)
    piece.pad = (pad[0] / height, pad[1] / height)


LaidCode = tuple[list[CodeLine], tuple[float, float], tuple[float, float]]


def _code_lines(block: Block, wrapper: int, m: Measure) -> LaidCode | None:
    """A code block's source lines that start a visual line (index, top), its box (top,
    bottom) and its padding (above the first line, below the last)."""
    pres = m.descendants(wrapper, "pre")
    if len(pres) != 1:
        return None
    pre = m.boxes[pres[0]]
    visual = m.lines(pres[0])
    if not visual:
        return None
    counts = [len("".join(s.split())) for s in block.text.split("\n")]
    starts = _visual_starts(counts, [len("".join(v.text.split())) for v in visual])
    if starts is None:
        return None
    lead = visual[0].y - pre.y
    tail = pre.y + pre.height - (visual[-1].y + visual[-1].height)
    groups: list[CodeLine] = []
    for i, n in enumerate(counts):
        if n and (not groups or starts[i] is not None):
            v = starts[i]
            groups.append(CodeLine(i, visual[v].y if v is not None else pre.y))
    return groups, (pre.y, pre.y + pre.height), (lead, tail)


def _visual_starts(counts: list[int], visual: list[int]) -> list[int | None] | None:
    """For each source line with text, the visual line holding its first character."""
    out: list[int | None] = []
    v, used = 0, 0  # visual line, characters of it already consumed
    for n in counts:
        if not n:
            out.append(None)
            continue
        while v < len(visual) and used >= visual[v]:
            v, used = v + 1, 0
        if v >= len(visual):
            return None
        out.append(v)
        left = n
        while left > 0:
            if v >= len(visual):
                return None
            take = min(left, visual[v] - used)
            left -= take
            used += take
            if left > 0:
                v, used = v + 1, 0
    return out


def _cuts(text: str, lines: list[str]) -> list[int] | None:
    """Character offsets in `text` where each laid-out line starts (and the end), matched by
    their non-space characters (the layout drops the spaces at line ends)."""
    cuts = [0]
    pos = 0
    for line in lines[:-1]:
        need = len("".join(line.split()))
        while need and pos < len(text):
            if not text[pos].isspace():
                need -= 1
            pos += 1
        if need:
            return None
        cuts.append(pos)
    cuts.append(len(text))
    return cuts


def assemble(pieces: list[Piece]) -> list[Block]:
    """Pieces back into blocks: adjacent pieces of the same block merge."""
    return assemble_groups(pieces)[0]


def assemble_groups(pieces: list[Piece]) -> tuple[list[Block], list[int]]:
    """`assemble`, and for each block the group (original block index) it comes from."""
    out: list[Block] = []
    groups: list[int] = []
    last_group = -1
    last_item = -1
    for p in pieces:
        b = p.block
        if not out and p.label is not None:  # a labelled code block continued: its label first
            out.append(p.label)
            groups.append(p.group - 1)
        if out and p.group == last_group:
            prev = out[-1]
            if b.type == "list":
                if p.item >= 0 and p.item == last_item:
                    out[-1] = _merge_item(prev, b)
                else:
                    out[-1] = replace(prev, items=prev.items + b.items)
            elif b.type == "table":
                out[-1] = replace(prev, rows=prev.rows + b.rows)
            elif b.type == "quote":
                out[-1] = replace(prev, paragraphs=prev.paragraphs + b.paragraphs)
            elif b.type == "paragraph":
                out[-1] = replace(prev, spans=prev.spans + b.spans)
            elif b.type == "code":
                out[-1] = replace(prev, text=prev.text + "\n" + b.text)
            else:
                out.append(b)
                groups.append(p.group)
        else:
            out.append(b)
            groups.append(p.group)
        last_group, last_item = p.group, p.item
    return out, groups


def _merge_item(prev: Block, b: Block) -> Block:
    """Nested items of one list item, cut apart, back into that item."""
    head = prev.items[-1]
    children = list(head.children)
    for child in b.items[0].children:
        if children and children[-1].type == "list" and child.type == "list":
            children[-1] = replace(children[-1], items=children[-1].items + child.items)
        else:
            children.append(child)
    return replace(prev, items=prev.items[:-1] + [ListItem(head.spans, children)])


def slice_spans(spans: list[Span], a: int, b: int) -> list[Span]:
    out: list[Span] = []
    pos = 0
    for s in spans:
        end = pos + len(s.text)
        lo, hi = max(a, pos), min(b, end)
        if lo < hi:
            out.append(replace(s, text=s.text[lo - pos : hi - pos]))
        pos = end
    return out


def shorten(spans: list[Span], keep: float = 0.5) -> list[Span]:
    """The first `keep` share of the text, cut at a space when one is near, plus an ellipsis."""
    text = plain(spans)
    n = int(len(text) * keep)
    space = text.rfind(" ", 0, n)
    if space > n * 0.7:
        n = space
    out = slice_spans(spans, 0, n)
    if out:
        out[-1] = replace(out[-1], text=out[-1].text.rstrip() + "…")
    return out
