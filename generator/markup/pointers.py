"""Sentences that point at something the deck does not show never point at nothing.

- A sentence right after pictures the deck cannot have that points back at them ("The
  animation above was generated with table_movie.py") is not shown: it goes to the notes with
  the pictures it spoke of (generator.markup.missing lists them there).
- A lead-in whose object was dropped (a list item "... copy it to your clipboard:" whose live
  widget is left out, leaving only empty markup; a paragraph ending with a colon before nothing
  but such empty markup) ends with a full stop instead of its colon, or loses its last
  sentence when that sentence only points ("... as follows:"), as generator.markup.missing
  does for a lead-in before missing pictures.

Where the object is still there, generator.together keeps a sentence pointing back at it
("code like this") on the slide of what it points at.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.markup.events import Event, Heading, Item, MissingPictures
from generator.markup.missing import unled
from generator.model import Block, ListItem, Span, plain

# a sentence pointing back at the block before it: "The animation above ...", "code like this"
BACK_POINTER = lazy_compile(
    r"(?<![a-z])(?:above|like this|(?:this|that|the previous|the preceding)\s+(?:code|example|"
    r"snippet|program|output|command|animation|picture|image|screenshot|gif|video|demo|table|"
    r"diagram|chart|figure|listing))(?![a-z])|如上|上图|上面",
    re.IGNORECASE,
)
_FIRST_END = lazy_compile(r"[.!?](?=\s+[A-Z0-9\"'(\[`])|[。！？]")


def first_sentence_end(text: str) -> int:
    """Where a paragraph's first sentence ends (after its full stop; the whole text when it
    is one sentence)."""
    m = _FIRST_END.search(text)
    return m.end() if m else len(text)


def points_back(block: Block) -> bool:
    """A paragraph whose first sentence points back at the block before it."""
    if block.type != "paragraph":
        return False
    text = plain(block.spans).strip()
    return BACK_POINTER.search(text[: first_sentence_end(text)]) is not None


def unpoint(events: list[Event]) -> list[Event]:
    """The events without sentences pointing at pictures left out, and with lead-ins whose
    object was dropped ended with a full stop (see the module's docstring)."""
    out: list[Event] = []
    for event in events:
        before = out[-1] if out else None
        pictures = isinstance(before, MissingPictures)
        if pictures and isinstance(event, Item) and points_back(event.block):
            assert isinstance(before, MissingPictures)
            found = _to_notes(out, before, event)
            if found is None:
                continue
            event = found
        if isinstance(event, Item) and event.block.type == "list":
            event = Item(_list_without_dangling(event.block))
        out.append(event)
    return _paragraphs_before_nothing(out)


def _to_notes(out: list[Event], notes: MissingPictures, item: Item) -> Item | None:
    """The paragraph without its first sentence (None when nothing is left); the sentence is
    added to the notes listing the pictures."""
    from generator.pieces import slice_spans

    spans = item.block.spans
    text = plain(spans)
    lead = len(text) - len(text.lstrip())
    end = first_sentence_end(text[lead:]) + lead
    said = " ".join(text[:end].split())
    out[-1] = replace(notes, text=f"{notes.text}\n{said}")
    rest = slice_spans(spans, end, len(text))
    while rest and not rest[0].text.strip():
        rest = rest[1:]
    if not rest:
        return None
    rest[0] = replace(rest[0], text=rest[0].text.lstrip())
    rest[-1] = replace(rest[-1], text=rest[-1].text.rstrip())
    return Item(replace(item.block, spans=rest))


def empty(block: Block) -> bool:
    """A block that shows nothing (what is left of dropped markup: an empty list)."""
    if block.type in ("paragraph", "heading"):
        return not plain(block.spans).strip()
    if block.type == "list":
        return all(not plain(i.spans).strip() and all(map(empty, i.children)) for i in block.items)
    if block.type == "quote":
        return not any(plain(p).strip() for p in block.paragraphs)
    return False


def _ended(spans: list[Span]) -> list[Span]:
    found = unled(spans)
    return found if found else spans


def _list_without_dangling(block: Block) -> Block:
    items: list[ListItem] = []
    for item in block.items:
        children = [_list_without_dangling(c) if c.type == "list" else c for c in item.children]
        dangling = children and all(map(empty, children)) and _colon(item.spans)
        if dangling:
            item = replace(item, spans=_ended(item.spans), children=[])
        elif children != item.children:
            item = replace(item, children=children)
        items.append(item)
    return replace(block, items=items)


def _colon(spans: list[Span]) -> bool:
    return plain(spans).rstrip().endswith((":", "："))


def _paragraphs_before_nothing(events: list[Event]) -> list[Event]:
    """A paragraph ending with a colon followed only by empty blocks up to the next heading
    (or the end): its object was dropped."""
    for k, event in enumerate(events):
        if not (isinstance(event, Item) and event.block.type == "paragraph"):
            continue
        if not _colon(event.block.spans):
            continue
        rest: list[Block] = []
        for later in events[k + 1 :]:
            if isinstance(later, Heading):
                break
            if isinstance(later, Item):
                rest.append(later.block)
        if rest and all(map(empty, rest)):
            event.block = replace(event.block, spans=_ended(event.block.spans))
    return events
