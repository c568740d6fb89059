"""One heading, not two stacked: a part that shares a slide under its own heading, whose words
open with a subheading of their own and hold no other (a chapter whose one shown section
follows its heading directly: "Alternatives", then "Global override" and a line), keeps its
heading and the subheading leads its first paragraph in bold ("Global override: Allow an
override ..."). Where the part holds several subheadings, or no paragraph follows the one, the
headings stay as written."""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, Span, title_spans


def headed(title: str, blocks: list[Block]) -> list[Block]:
    """The part's blocks under its heading, a lone opening subheading made its lead-in."""
    heading = Block("heading", title_spans(title, bold=True))
    headings = [b for b in blocks if b.type == "heading"]
    if len(blocks) < 2 or blocks[0].type != "heading" or len(headings) > 1:
        return [heading, *blocks]
    sub, first = blocks[0], blocks[1]
    if first.type != "paragraph" or not first.spans:
        return [heading, *blocks]
    lead = [replace(s, bold=True) for s in sub.spans] + [Span(": ", bold=True)]
    return [heading, replace(first, spans=[*lead, *first.spans]), *blocks[2:]]
