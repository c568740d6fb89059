"""An authored grid of cards in raw HTML -> a table pairing each card's name with its text.

Slidev and Marp decks draw a row of cards as a `grid`/`flex` `<div>` of `<div>`s, each holding
a short name (often set in a monospace font) and a line of text under it:

    <div class="grid gap-3">
      <div class="p-3 rounded border"><div class="font-mono">v-click.up</div>
        <div>Slide from bottom</div></div>
      ...

Read as plain containers, the cards fall apart into unpaired lines (a name, then its text, then
the next name). A container of at least MIN_CARDS such cards (each exactly two blocks of
short text and nothing else: no list, code, table or picture) is kept as cards: a table with
one column per card (names as its header, texts under them) when the cards stand side by side
at reading size (at most ACROSS, names of at most ACROSS_CHARS), else one row per card, its
name in the first column. A table is cut between slides by rows, so a long grid continues on
a second slide only when it must.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from lxml import etree

from generator.markup.sanitize import names
from generator.model import Block, Spans

MIN_CARDS = 2
ACROSS = 4  # cards side by side at most (more: one row each)
ACROSS_CHARS = 18  # ... each name at most this long
NAME_CHARS = 60  # a card's name: one short line
TEXT_CHARS = 240  # a card's text: a sentence or two

InlineOf = Callable[[etree._Element], Spans]  # an element's inline spans (the walker's reader)

CARD_BOXES = names("div section article aside figure li")
CARD_PARTS = names("div p span h1 h2 h3 h4 h5 h6 strong b em code figcaption")
NOT_IN_CARDS = names("ul ol table pre img picture blockquote details dl")


@dataclass(frozen=True)
class Card:
    """One card of an HTML card grid: its name and text."""

    name: Spans
    text: Spans


def _tag(el: etree._Element) -> str:
    return el.tag.lower() if isinstance(el.tag, str) else ""


def _words(el: etree._Element) -> str:
    return " ".join(str(el.text_content()).split())


def _elements(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str)]


def _loose_text(el: etree._Element) -> bool:
    """Text directly in `el`, outside its child elements."""
    return bool((el.text or "").strip()) or any((c.tail or "").strip() for c in el)


def _card(el: etree._Element, inline: InlineOf) -> Card | None:
    parts = _elements(el)
    if _tag(el) not in CARD_BOXES or len(parts) != 2 or _loose_text(el):
        return None
    if any(_tag(p) not in CARD_PARTS for p in parts):
        return None
    if any(_tag(d) in NOT_IN_CARDS for p in parts for d in p.iter()):
        return None
    name, text = (_words(p) for p in parts)
    if not name or not text or len(name) > NAME_CHARS or len(text) > TEXT_CHARS:
        return None
    return Card(inline(parts[0]), inline(parts[1]))


def read_cards(el: etree._Element, inline: InlineOf) -> list[Card] | None:
    """The cards `el` holds (every child element a card, no text beside them), or None."""
    boxes = _elements(el)
    if len(boxes) < MIN_CARDS or _loose_text(el):
        return None
    cards = [_card(box, inline) for box in boxes]
    found = [c for c in cards if c is not None]
    return found if len(found) == len(cards) else None


def cards_table(cards: list[Card]) -> Block:
    """The cards as a table: side by side (names the header) when few and short-named, else
    one row per card, its name (bold) first."""
    across = len(cards) <= ACROSS and all(
        len("".join(s.text for s in c.name).strip()) <= ACROSS_CHARS for c in cards
    )
    if across:
        return Block(
            "table",
            header=[c.name for c in cards],
            rows=[[c.text for c in cards]],
            align=["left"] * len(cards),
        )
    rows = [[_bold(c.name), c.text] for c in cards]
    return Block("table", header=[], rows=rows, align=["left", "left"])


def _bold(spans: Spans) -> Spans:
    return [replace(s, bold=True) for s in spans]
