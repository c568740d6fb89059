"""Feature demos shown as their documentation shows them: an inline admonition is a narrow box
floated beside the block after it (left for `inline`, right for `inline end`), a demo keeps its
source's order, and a deck over its budget keeps the pages that hold a feature's own demo or
configuration over slides and pages repeating a variant of a demo shown already. Fragments of MkDocs
Material's admonitions reference (fragments_demos.py) and the whole page
(samples/markdown/mkdocs-admonitions)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.api import LaidOutBox
from generator.api import plan_from_markdown
from generator.blocks import block_html
from generator.compose import draft_deck
from generator.demos import demo_page, paired
from generator.layouts import units_html
from generator.model import Block
from generator.outline import parse_outline
from generator.planner import Planner
from generator.reshape import Fitted
from generator.templates import builtin_templates
from tests.generator.fragments_demos import COLLAPSIBLE_BLOCKS, CUSTOM_ADMONITIONS, INLINE_BLOCKS

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
HEAD = "# Admonitions\n\n## Usage\n\n"


def _blocks(markdown: str) -> list[Block]:
    outline = parse_outline(HEAD + markdown)
    page = outline.chapters[-1].pages[-1]
    return [*page.blocks, *(b for s in page.sections for b in s.blocks)]


def _planned(markdown: str) -> list[Fitted]:
    drafts = [
        p for p in draft_deck(parse_outline(HEAD + markdown), "en").pages() if p.kind == "content"
    ]
    planner = Planner(builtin_templates()["corporate"], {"lang": "en"}, length="long")
    return [f for f in planner.plan(drafts) if f.page.kind == "content"]


def _box(fitted: Fitted, tag: str) -> LaidOutBox:
    assert fitted.laid is not None
    return next(b for b in fitted.laid.layout.boxes if b.kind == "box" and b.tag == tag)


def test_an_inline_admonition_is_a_box_floated_to_its_side() -> None:
    quotes = [b for b in _blocks(INLINE_BLOCKS) if b.type == "quote"]
    assert [q.kind for q in quotes] == ["inline-end", "inline"]
    assert 'class="df-quote df-inline-end"' in block_html(quotes[0])
    assert 'class="df-quote df-inline"' in block_html(quotes[1])
    assert [Block.from_dict(q.to_dict()).kind for q in quotes] == ["inline-end", "inline"]
    # a plain admonition stays full width
    plain = [b for b in _blocks(COLLAPSIBLE_BLOCKS) if b.type == "quote"]
    assert plain and all(q.kind not in ("inline", "inline-end") for q in plain)


def test_an_inline_admonition_with_no_block_after_it_is_drawn_full_width() -> None:
    box, source = [b for b in _blocks(INLINE_BLOCKS) if b.type in ("quote", "code")][:2]
    beside = units_html([box, source], None)
    assert "df-inline-end" in beside and 'class="df-u df-beside"' in beside
    alone = units_html([source, box], None)  # the slide ends on the box
    assert "df-inline" not in alone and "df-beside" not in alone


def test_an_inline_admonition_is_drawn_narrow_beside_its_source() -> None:
    slides = [f for f in _planned(INLINE_BLOCKS) if "df-inline" in f.html]
    assert len(slides) == 2  # one slide each: `inline end`, then `inline`
    for fitted, right in zip(slides, (True, False), strict=True):
        box, code = _box(fitted, "blockquote"), _box(fitted, "pre")
        assert box.width < 0.5 * (box.width + code.width + 40)  # narrow, not full width
        assert abs(box.y - code.y) < 2  # side by side, tops aligned
        if right:  # `inline end`: the box right of the code
            assert box.x >= code.x + code.width
        else:  # `inline`: the box left of the code
            assert code.x >= box.x + box.width


def test_a_demo_keeps_its_source_order() -> None:
    # the source writes the inline box first, then its Markdown; a collapsible block the
    # Markdown first, then the box it draws
    inline = [b.type for b in _blocks(INLINE_BLOCKS) if b.type in ("quote", "code")]
    assert inline == ["quote", "code", "quote", "code"]
    collapsible = [b.type for b in _blocks(COLLAPSIBLE_BLOCKS) if b.type in ("quote", "code")]
    assert collapsible == ["code", "quote", "code", "quote"]
    assert paired(_blocks(COLLAPSIBLE_BLOCKS)) and paired(_blocks(INLINE_BLOCKS))


def test_a_page_of_a_features_configuration_and_demo_is_a_demo_page() -> None:
    outline = parse_outline("# Admonitions\n\n## Customization\n\n" + CUSTOM_ADMONITIONS)
    assert demo_page(outline.chapters[-1].pages[-1])  # CSS, mkdocs.yml, source and result


def _slides_text(pages: list[dict[str, object]]) -> str:
    shown = [{k: v for k, v in page.items() if k != "notes"} for page in pages]
    return json.dumps(shown, ensure_ascii=False)


def _boxes(page: dict[str, Any]) -> list[dict[str, Any]]:
    return [b for b in page["blocks"] if b["type"] == "quote"]


def test_a_deck_over_its_budget_keeps_a_features_demo_over_a_repeated_variant() -> None:
    path = CORPUS / "mkdocs-admonitions" / "admonitions.md"
    deck = plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name="a")
    shown = _slides_text(deck.pages)
    # the custom admonition type: its CSS, and the Markdown using it with the box it draws,
    # on a slide (not only in the notes), while the types are shown as a gallery
    assert "pied-piper" in shown
    custom = [p for p in deck.pages if p["title"] == "Custom admonitions"]
    drawn = [b for p in custom for b in _boxes(p)]
    assert any("Pied Piper" in json.dumps(b["paragraphs"]) for b in drawn)
    assert any("pied-piper" in json.dumps(p["blocks"]) for p in custom)
    # ... while the expanded variant of the collapsible block shown already is in the notes
    assert "???+ note" not in shown
    collapsible = [p for p in deck.pages if p["title"] == "Collapsible blocks"]
    assert len(collapsible) == 1 and "???+ note" in str(collapsible[0]["notes"])
    # the feature's configuration stays, and the page of boxes repeating one example keeps
    # one slide: a short deck has room for the parts it would leave (generator.features)
    assert "markdown_extensions" in shown
    types = [p for p in deck.pages if p["title"] == "Supported types"]
    assert len(types) == 1 and len([b for b in _boxes(types[0]) if b.get("columns")]) == 12
    # the nested admonitions' source keeps the slide of the boxes it draws
    assert "Inner Note" in shown and "Outer Note" in shown
