"""Plans of pages capped to one slide, for the tests of what such a slide keeps."""

from __future__ import annotations

from generator.compose import draft_deck
from generator.model import Block
from generator.outline import parse_outline
from generator.planner import Planner
from generator.reshape import Fitted
from generator.templates import builtin_templates


def one_slide(markdown: str) -> list[Fitted]:
    """The document's content pages planned as pages that keep one slide (their continuation
    slides left a deck over its budget, generator.drop)."""
    outline = parse_outline(markdown)
    drafts = [p for p in draft_deck(outline, "en").pages() if p.kind == "content"]
    planner = Planner(builtin_templates()["corporate"], {"lang": "en"}, length="medium")
    planner.one_slide = frozenset(p.source for p in drafts)
    return planner.plan(drafts)


def code_of(blocks: list[Block]) -> str:
    """The text of the code blocks among `blocks`."""
    return "\n".join(b.text for b in blocks if b.type == "code")
