"""A feature page of several examples continues over a second slide before it is cut: a page
(or a `####` section) that shows several distinct examples and keeps one slide in a deck over
its budget keeps its second slide too while the deck stays within its budget and the room for
its feature parts (generator.examplepages); a deck with no room is as long as before."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from generator.alsoin import ALSO_SOURCE
from generator.api import GeneratedDeck, generate_from_markdown
from generator.budget import document_words, slide_budget
from generator.examplepages import MIN_EXAMPLES, examples
from generator.features import FEATURE_ROOM
from generator.model import Block
from generator.outline import parse_outline

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")


@cache
def _deck(path: Path) -> tuple[GeneratedDeck, int]:
    text = path.read_text(encoding="utf-8")
    budget = slide_budget("medium", document_words(parse_outline(text)))
    assert budget is not None
    return generate_from_markdown(text, source_name=path.stem), budget


def _sections(path: Path) -> dict[str, list[Block]]:
    outline = parse_outline(path.read_text(encoding="utf-8"))
    out: dict[str, list[Block]] = {}
    for c in outline.chapters:
        for p in c.pages:
            out[p.title] = [*p.blocks, *(b for s in p.sections for b in s.blocks)]
            for s in p.sections:
                out[f"{p.title} · {s.title}"] = s.blocks
    return out


def test_a_part_of_examples_is_one_with_several_distinct_code_blocks() -> None:
    # fd's "Command execution · Examples" shows eight commands (-x, -X, placeholders); rich's
    # "Syntax Highlighting" one example; mkdocs-material's "Admonition icons" its configuration
    # and the icon sets it may name
    fd = _sections(CORPUS / "fd-readme" / "README.md")
    assert examples(fd["Command execution · Examples"]) >= MIN_EXAMPLES
    rich = _sections(CORPUS / "rich" / "README.md")
    assert examples(rich["Rich Library · Syntax Highlighting"]) < MIN_EXAMPLES
    mkdocs = _sections(CORPUS / "mkdocs-admonitions" / "admonitions.md")
    assert examples(mkdocs["Admonition icons"]) >= MIN_EXAMPLES


def test_a_page_of_examples_continues_when_the_deck_has_room() -> None:
    # mkdocs-material's admonitions page (a budget of 14, room for 3 more slides): "Admonition
    # icons" kept one slide, its alternate icon sets in the notes; now they show on its second
    # slide, the deck within its room
    deck, budget = _deck(CORPUS / "mkdocs-admonitions" / "admonitions.md")
    icons = [p for p in deck.pages if p.title == "Admonition icons"]
    assert len(icons) == 2
    assert "octicons/" in "".join(b.text for b in icons[1].blocks if b.type == "code")
    content = sum(1 for p in deck.pages if p.kind not in CHROME and p.source != ALSO_SOURCE)
    assert content <= budget + FEATURE_ROOM
