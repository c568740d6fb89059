"""What reading Markdown yields for the outline builders: events (headings, comments, notes,
blocks) and the context one document's conversion shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from generator.markup.images import ImageLoader
from generator.markup.math import MathRenderer
from generator.markup.mermaid import MermaidRenderer
from generator.model import Block, Spans


@dataclass
class Heading:
    """A heading of the document."""

    level: int
    spans: Spans


@dataclass
class Comment:
    """An HTML comment of the document."""

    text: str  # the comment's inside, stripped


@dataclass
class Notes:
    """Speaker notes written in the document."""

    text: str  # speaker notes given by a `::: notes` block or a `Note:` paragraph


@dataclass
class MissingPictures(Notes):
    """Notes listing the pictures a block held that the deck cannot have (see
    generator.markup.missing): the builders put them in the slide's notes, and a page or
    section that held nothing else (but `captions`, the lines standing for them) is not made."""

    captions: list[Block] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)  # what each picture shows (its alt text)


@dataclass
class Item:
    """A content block of the document."""

    block: Block


@dataclass
class Slot:
    """The start of a column of the slide (a grid's column, generator.markup.grid); `closing`:
    the grid's end (what follows stays in its last column, headings as bold lines)."""

    closing: bool = False


@dataclass
class Contents:
    """Where a deck's slide shows a live table of contents (Slidev's `<Toc>`): the builder lists
    the deck's slide titles there."""


Event = Heading | Comment | Notes | Item | Slot | Contents


@dataclass
class Context:
    """What one document's conversion shares: image loading and its report."""

    images: ImageLoader
    report: list[dict[str, str]]
    where: Callable[[], str] = lambda: ""
    footnotes: dict[str, int] = field(default_factory=dict)
    formulas: MathRenderer = field(default_factory=MathRenderer)
    diagrams: MermaidRenderer = field(default_factory=MermaidRenderer)
    math_notes: int = 0
    heading: str = ""  # the last heading read (where a diagnostic happened in a document)
    deck: bool = False  # a deck (Marp, Slidev...): its rows of links are the author's slide text

    def note(self, kind: str, message: str, text: str = "") -> None:
        entry = {"kind": kind, "message": message, "where": self.where()}
        if text:
            entry["text"] = text
        self.report.append(entry)
