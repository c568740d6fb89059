"""Blocks -> small splittable pieces ("atoms") and back; and the shrinking of one piece that cannot fit.

A long list splits between items, a table between rows (the header repeats), a paragraph
between sentences, a code block between lines; adjacent pieces of the same block merge back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from generator.model import Block, ListItem, Span, plain

PARAGRAPH_PIECE = 280  # characters per paragraph piece
CODE_PIECE = 8  # lines per code piece
_SENTENCE_END = re.compile(r"[.!?;。！？；…](\s+|$)|[。！？；]")


@dataclass
class Atom:
    block: Block
    group: int  # atoms of one original block share a group and merge back


def atomize(blocks: list[Block]) -> list[Atom]:
    atoms: list[Atom] = []
    for group, block in enumerate(blocks):
        for piece in _pieces(block):
            atoms.append(Atom(piece, group))
    return atoms


def _pieces(block: Block) -> list[Block]:
    t = block.type
    if t == "list" and len(block.items) > 1:
        return [
            replace(block, items=[item], start=block.start + i)
            for i, item in enumerate(block.items)
        ]
    if t == "table" and len(block.rows) > 1:
        return [replace(block, rows=[row]) for row in block.rows]
    if t == "quote" and len(block.paragraphs) > 1:
        return [replace(block, paragraphs=[p]) for p in block.paragraphs]
    if t == "paragraph" and len(plain(block.spans)) > PARAGRAPH_PIECE:
        return [replace(block, spans=s) for s in split_spans(block.spans, PARAGRAPH_PIECE)]
    if t == "code":
        lines = block.text.split("\n")
        if len(lines) > CODE_PIECE:
            return [
                replace(block, text="\n".join(lines[i : i + CODE_PIECE]))
                for i in range(0, len(lines), CODE_PIECE)
            ]
    return [block]


def assemble(atoms: list[Atom]) -> list[Block]:
    """Atoms back into blocks: adjacent atoms of the same group merge."""
    out: list[Block] = []
    last_group = -1
    for atom in atoms:
        b = atom.block
        if out and atom.group == last_group:
            prev = out[-1]
            if b.type == "list":
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
        else:
            out.append(b)
        last_group = atom.group
    return out


def split_spans(spans: list[Span], size: int) -> list[list[Span]]:
    """Cut spans into pieces of about `size` characters at sentence ends (else spaces, else anywhere)."""
    text = plain(spans)
    cuts: list[int] = []
    start = 0
    while len(text) - start > size:
        window = text[start : start + size]
        cut = 0
        for m in _SENTENCE_END.finditer(window):
            if m.end() > size // 3:
                cut = m.end()
        if not cut:
            space = window.rfind(" ")
            cut = space + 1 if space > size // 3 else size
        cuts.append(start + cut)
        start += cut
    pieces: list[list[Span]] = []
    bounds = [0] + cuts + [len(text)]
    for a, b in zip(bounds, bounds[1:], strict=False):
        piece = _slice(spans, a, b)
        if plain(piece).strip():
            pieces.append(piece)
    return pieces or [spans]


def _slice(spans: list[Span], a: int, b: int) -> list[Span]:
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
    out = _slice(spans, 0, n)
    if out:
        out[-1] = replace(out[-1], text=out[-1].text.rstrip() + "…")
    return out


def shrink(block: Block) -> Block | None:
    """A smaller version of one block that did not fit on an empty page; None when nothing is left."""
    t = block.type
    if t in ("paragraph", "heading"):
        return replace(block, spans=shorten(block.spans)) if len(plain(block.spans)) > 8 else None
    if t == "list":
        item = block.items[0]
        if item.children:
            return replace(block, items=[ListItem(item.spans, [])])
        if len(plain(item.spans)) > 8:
            return replace(block, items=[ListItem(shorten(item.spans), [])])
        return None
    if t == "table":
        cells = block.header + [c for r in block.rows for c in r]
        if max((len(plain(c)) for c in cells), default=0) <= 8:
            return None
        return replace(
            block,
            header=[shorten(c) if len(plain(c)) > 8 else c for c in block.header],
            rows=[[shorten(c) if len(plain(c)) > 8 else c for c in r] for r in block.rows],
        )
    if t == "quote":
        para = block.paragraphs[0] if block.paragraphs else []
        return replace(block, paragraphs=[shorten(para)]) if len(plain(para)) > 8 else None
    if t == "code":
        lines = block.text.split("\n")
        if len(lines) > 1:
            return replace(block, text="\n".join(lines[: len(lines) // 2]))
        return (
            replace(block, text=block.text[: len(block.text) // 2]) if len(block.text) > 8 else None
        )
    if t == "image":
        return Block("paragraph", [Span(block.alt, italic=True)]) if block.alt else None
    return None
