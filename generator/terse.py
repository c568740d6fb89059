"""Dense prose slides made readable: a slide of a document whose list items (or answers under
question headings, a questionnaire's) are long prose, and which would be set below TERSE_SIZE,
shows each item's first sentence (for an item that asks a question and answers it, the
question; for an answer, its first sentence) and moves the rest of each to the speaker notes,
the way a long section is summarised (summary.py).

A list item keeps its nested items under it (each shortened the same way), never separated
from them; an item of one sentence, or a short one, stays whole. What moves is listed with the
left-out records (kind "notes") and the notes keep every word.
"""

from __future__ import annotations

from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Span, plain
from generator.pieces import slice_spans
from generator.summary import SENTENCE, weighted_length

TERSE_SIZE = 22.0  # px on a 1280 px wide slide: a page set below this is dense
PROSE_ITEM = 160  # an item (or a paragraph) of at least this many characters ...
MIN_LEAD = 30  # ... whose first sentence ends after this many is cut after that sentence
QUESTION = lazy_compile(r"\?(?=\s)|？")


def long_prose(blocks: list[Block]) -> bool:
    """Whether the blocks hold list items of long prose (several sentences), or answers of
    long prose under questions (a heading that asks, then its answer)."""
    for i, block in enumerate(blocks):
        if _answer(blocks, i) and _lead(block.spans) is not None:
            return True
        if block.type == "list" and any(_item_is_prose(item) for item in block.items):
            return True
    return False


def _answer(blocks: list[Block], i: int) -> bool:
    """A paragraph right under a heading that asks a question (a questionnaire's answer)."""
    if blocks[i].type != "paragraph" or i == 0 or blocks[i - 1].type != "heading":
        return False
    if plain(blocks[i].spans).rstrip().endswith((":", "：")):
        return False  # it introduces what follows (a list of metrics): it stays whole
    return plain(blocks[i - 1].spans).rstrip().endswith(("?", "？"))


def _item_is_prose(item: ListItem) -> bool:
    if _lead(item.spans) is not None:
        return True
    return any(c.type == "list" and long_prose([c]) for c in item.children)


def terse_blocks(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """(the blocks with each long prose item and answer cut after its first sentence or its
    question, the rest of each as a paragraph for the notes, in reading order)."""
    kept: list[Block] = []
    moved: list[Block] = []
    for i, block in enumerate(blocks):
        if block.type == "paragraph":
            cut = _lead(block.spans) if _answer(blocks, i) else None
            if cut is None:
                kept.append(block)
                continue
            kept.append(replace(block, spans=cut[0]))
            moved.append(Block("paragraph", cut[1]))
        elif block.type == "list":
            items, more = _terse_items(block.items)
            kept.append(replace(block, items=items))
            moved.extend(more)
        else:
            kept.append(block)
    return kept, moved


def _terse_items(items: list[ListItem]) -> tuple[list[ListItem], list[Block]]:
    out: list[ListItem] = []
    moved: list[Block] = []
    for item in items:
        spans = item.spans
        cut = _lead(spans)
        if cut is not None:
            spans = cut[0]
            moved.append(Block("paragraph", cut[1]))
        children = []
        for child in item.children:
            if child.type == "list":
                nested, more = _terse_items(child.items)
                children.append(replace(child, items=nested))
                moved.extend(more)
            else:
                children.append(child)
        out.append(replace(item, spans=spans, children=children))
    return out, moved


def _lead(spans: list[Span]) -> tuple[list[Span], list[Span]] | None:
    """(the first sentence, or the question an answer follows; the rest) of a text of
    several sentences and at least PROSE_ITEM characters; None: it stays whole."""
    text = plain(spans)
    if weighted_length(text) < PROSE_ITEM:
        return None
    question = QUESTION.search(text)
    ends = [m.end() for m in SENTENCE.finditer(text) if m.end() >= MIN_LEAD]
    if (
        question is not None
        and question.end() >= MIN_LEAD
        and (not ends or question.end() <= ends[0])
    ):
        cut = question.end()
    elif ends:
        cut = ends[0]
    else:
        return None
    rest = [s for s in slice_spans(spans, cut, len(text)) if s.text]
    if not plain(rest).strip():
        return None
    rest[0] = replace(rest[0], text=rest[0].text.lstrip())
    return slice_spans(spans, 0, cut), rest
