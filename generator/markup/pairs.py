"""A code block showing the source of the diagram or formula drawn right after it.

Documentation of diagram and markup tools (Mermaid, KaTeX/MathJax pages, "you write / you
get") shows an example's text, then what it draws: the text is the point of the page, the
drawing its result. Such a source/result pair keeps both on the slide (the source beside or
above its drawing, generator.shapes.source_pair), whole, as one unit for the planner:

- the source is the drawing's own text, whitespace normalised (indentation, blank lines,
  trailing spaces), display math delimiters (`$$ … $$`, `\\[ … \\]`) around a formula's TeX
  aside;
- a source longer than PAIR_LINES cannot be read beside its drawing nor on one slide of its
  own: the drawing stands for it, the source goes to the notes and is listed ("drawn once");
  a configured one (front matter, an init directive: what the picture cannot show) keeps
  its configuration and the diagram's first line beside the drawing instead.
"""

from __future__ import annotations

from typing import Literal

from generator.markup.events import Event, Item
from generator.markup.mermaid.config import configured
from generator.model import Block

PAIR_LINES = 20  # lines of a source shown whole with its drawing (beside or above it)
DRAWN_KINDS = ("diagram", "formula")  # pictures drawn from a source (their alt text)
MATH_FENCES = (("$$", "$$"), ("\\[", "\\]"))

PairKind = Literal["pair", "configured", "drawn once"]


def normalised(text: str) -> list[str]:
    """The text's lines without their indentation, blank lines and trailing spaces."""
    return [line.strip() for line in text.split("\n") if line.strip()]


def _tex(text: str) -> str:
    """A formula's source without the display math delimiters around it."""
    body = text.strip()
    for start, end in MATH_FENCES:
        if body.startswith(start) and body.endswith(end) and len(body) > len(start) + len(end):
            return body[len(start) : -len(end)]
    return body


def drawn_from(code: Block, picture: Block) -> bool:
    """`picture` is the drawn diagram or formula whose source is the code block `code`."""
    if code.type != "code" or picture.type != "image" or picture.kind not in DRAWN_KINDS:
        return False
    text = _tex(code.text) if picture.kind == "formula" else code.text
    return bool(normalised(text)) and normalised(text) == normalised(picture.alt)


def pair_kind(events: list[Event], previous: Event) -> PairKind | None:
    """How the code block `previous` stays with the drawing `events` opens (None: no pair)."""
    first = events[0] if events else None
    if not (isinstance(first, Item) and isinstance(previous, Item)):
        return None
    code, picture = previous.block, first.block
    if not drawn_from(code, picture):
        return None
    if len(code.text.strip("\n").split("\n")) <= PAIR_LINES:
        return "pair"
    return "configured" if configured(picture.alt) else "drawn once"
