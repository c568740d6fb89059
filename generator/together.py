"""Which pieces of a page stay together when the page is cut between slides: an introduction
with what it introduces (a lead-in with its list, table or picture, an explanation with its
code), a caption ending a part with the example above it, a label or a title with the text
under it, a code block with the list explaining its
annotations, a diagram with its configured source, a drawn example with its source, and at
least MIN_ROWS rows of a table on each slide."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from generator.codelabels import example_source
from generator.codesplit import has_annotations
from generator.markup.missing import POINTER
from generator.markup.pointers import points_back
from generator.model import Block, Span, plain
from generator.shapes import source_beside

if TYPE_CHECKING:
    from generator.pieces import Piece


BACK_TARGETS = frozenset({"code", "table"})  # what "code like this" points at
INTRO_CHARS = 160  # a paragraph this short before a code block, list or table introduces it
EXPLAIN_CHARS = 320  # a paragraph this short right before a code block explains it


def introduces(block: Block, following: Block) -> bool:
    """A short paragraph (or one ending with a colon) right before a code block, a list, a
    table or a picture: its introduction, which never ends a slide without it; so is a quote
    ending with a label or a colon (a callout's tab name, then the tab's code). Before a code
    block, a paragraph of two or three sentences (up to EXPLAIN_CHARS) or one whose last
    sentence points at it ("... is as follows.", "the example below") explains it too."""
    if following.type not in ("code", "list", "table", "image"):
        return False
    if block.type == "quote":  # a callout ending with a label ("Octicons") or a colon
        last = block.paragraphs[-1] if block.paragraphs else []
        return lead_in(last) or quote_labels(replace(block, paragraphs=[last])) == 1
    if block.type != "paragraph":
        return False
    text = plain(block.spans).strip()
    if len(text) <= INTRO_CHARS or text.endswith((":", "：")):
        return True
    if following.type != "code":
        return False
    return len(text) <= EXPLAIN_CHARS or POINTER.search(last_sentence(text)) is not None


def last_sentence(text: str) -> str:
    """The last sentence of a paragraph's text (all of it when it is one sentence)."""
    from generator.summary import SENTENCE  # the summary builds on the pieces

    starts = [m.end() for m in SENTENCE.finditer(text) if m.end() < len(text)]
    return text[starts[-1] :] if starts else text


def keep_introductions(pieces: list[Piece], blocks: list[Block]) -> list[Piece]:
    """Pieces with each introduction's last piece kept with the next piece, and a code block
    with MkDocs annotations (`# (1)`) kept with the numbered list explaining them."""
    for a, b in zip(pieces, pieces[1:], strict=False):
        if a.group != b.group and introduces(blocks[a.group], blocks[b.group]):
            a.keep_next = True
        if a.group != b.group and annotated(blocks[a.group], blocks[b.group]):
            a.keep_next = True
        if a.group != b.group and source_beside(blocks[a.group], blocks[b.group]):
            a.keep_next = True  # a diagram's configured source stays beside the diagram
        if a.group != b.group and b.block.type == "quote" and b.block.kind == "nested":
            a.keep_next = True  # a quote never ends a slide without the quote drawn inside it
        if a.group != b.group and example_source(blocks[a.group], blocks[b.group]):
            a.keep_next = True  # a drawn example stays with the code of its source
        if a.group != b.group and blocks[a.group].type in BACK_TARGETS and points_back(b.block):
            a.keep_next = True  # "code like this": on the slide of what it points at
        if a.group != b.group and captions(blocks[a.group], blocks[b.group :]):
            a.keep_next = True  # a part's closing caption stays with the example above it
        if a.group != b.group and titles(blocks[a.group]):
            a.keep_next = True  # a tab's label, a bold title: on the slide of what it names
    return rows_together(pieces)


def captions(block: Block, rest: list[Block]) -> bool:
    """`rest[0]` a short sentence right after a code block or a picture that ends its part
    (a tab's "Use `inline end` to align to the right."): the next block is a label or a
    heading starting another part, so the sentence says something about the example above
    it and never opens a slide without it."""
    if block.type not in ("code", "image") or len(rest) < 2 or rest[0].type != "paragraph":
        return False
    text = plain(rest[0].spans).strip()
    if not text or len(text) > INTRO_CHARS or lead_in(rest[0].spans):
        return False
    if title_paragraph(rest[0].spans):
        return False
    following = rest[1]
    return following.type == "heading" or (
        following.type == "paragraph" and title_paragraph(following.spans)
    )


def titles(block: Block) -> bool:
    """A paragraph that is a title of what follows it (`title_paragraph`: a content tab's
    label, a bold "**Note**" over its text): like a heading, it never ends a slide."""
    return block.type == "paragraph" and title_paragraph(block.spans)


MIN_ROWS = 3  # a table cut between slides keeps at least this many rows on each


def rows_together(pieces: list[Piece]) -> list[Piece]:
    """A table's rows cut so that each slide holds at least MIN_ROWS of them: its first and
    its last MIN_ROWS rows stay together (a table of fewer than 2 * MIN_ROWS rows is not cut,
    unless it is taller than a slide: the packer then cuts where it must)."""
    rows: dict[int, list[Piece]] = {}
    for p in pieces:
        if p.block.type == "table" and len(p.block.rows) == 1:
            rows.setdefault(p.group, []).append(p)
    for run in rows.values():
        n = len(run)
        for k, p in enumerate(run[:-1]):
            if k < MIN_ROWS - 1 or k >= n - MIN_ROWS:
                p.keep_next = True
    return pieces


def annotated(block: Block, following: Block) -> bool:
    """A code block with MkDocs code annotations and the numbered list right after it."""
    return (
        block.type == "code"
        and following.type == "list"
        and following.ordered
        and has_annotations(block.text)
    )


LABEL_CHARS = 80  # a quote's first paragraph this short, all bold, is its label ("Note")


def quote_labels(quote: Block) -> int:
    """How many of a quote's first paragraphs are labels: an admonition's bold title
    ("Note"), a content tab's bold name."""
    labels = 0
    for paragraph in quote.paragraphs:
        if not (all(s.bold for s in paragraph) and len(plain(paragraph)) <= LABEL_CHARS):
            break
        labels += 1
    return labels


def lead_in(spans: list[Span]) -> bool:
    """Text ending with a colon: it introduces what follows."""
    return plain(spans).rstrip().endswith((":", "："))


TITLE_CHARS = 80  # a quote's paragraph this short, all bold, is its title (an admonition's)


def title_paragraph(spans: list[Span]) -> bool:
    """A short paragraph all in bold: the title of what follows it ("**Success**" over an
    admonition's text), which never ends a slide without it."""
    shown = [s for s in spans if s.text.strip()]
    text = plain(spans).strip()
    return bool(shown) and all(s.bold for s in shown) and len(text) <= TITLE_CHARS
