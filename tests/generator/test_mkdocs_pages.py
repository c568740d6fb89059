"""MkDocs Material documentation pages: each admonition type drawn in its own colour, code
annotation markers as numbered markers, the version shortcode's number kept in its sentence."""

from __future__ import annotations

import re

from generator.api import generate_from_markdown
from generator.blocks import block_html
from generator.model import Block, plain
from generator.outline import parse_outline
from tests.generator.fragments import MKDOCS_TYPES
from tests.generator.fragments_mkdocs import MATH_MATHJAX_TAB, MKDOCS_CLASSIC, MKDOCS_ICONS

TYPES = ["note", "abstract", "info", "tip", "success", "question"]
TYPES += ["warning", "failure", "danger", "bug", "example", "quote"]


def blocks_of(markdown: str) -> list[Block]:
    outline = parse_outline("# A\n\n" + markdown)
    return [b for c in outline.chapters for p in c.pages for b in p.blocks]


def test_each_admonition_type_takes_its_own_tone() -> None:
    quotes = [b for b in blocks_of(MKDOCS_TYPES) if b.type == "quote"]
    assert [q.tone for q in quotes] == TYPES
    assert [plain(q.paragraphs[0]) for q in quotes][:3] == ["Note", "Abstract", "Info"]


def test_each_admonition_type_is_drawn_in_a_colour_of_its_own() -> None:
    quotes = [b for b in blocks_of(MKDOCS_TYPES) if b.type == "quote"]
    bars = [re.search(r"border-left-color:(rgb\([^)]*\))", str(block_html(q))) for q in quotes]
    colours = [m.group(1) for m in bars if m]
    assert len(colours) == 12 and len(set(colours)) == 12
    assert "rgb(255,145,0)" in str(block_html(quotes[TYPES.index("warning")]))


def test_a_plain_quote_and_an_unknown_type_keep_the_templates_look() -> None:
    quote = [b for b in blocks_of("> Said once.\n") if b.type == "quote"][0]
    assert quote.tone == "" and "style" not in str(block_html(quote))
    classic = [b for b in blocks_of(MKDOCS_CLASSIC) if b.type == "quote"][0]
    assert classic.tone == "" and plain(classic.paragraphs[0]) == "Note"


def test_an_admonition_qualifier_takes_its_types_tone() -> None:
    quotes = [b for b in blocks_of('!!! tldr "Short"\n\n    Text.\n\n!!! error\n\n    Bad.\n')]
    assert [q.tone for q in quotes if q.type == "quote"] == ["abstract", "danger"]


def test_a_tone_survives_the_outlines_json_and_an_unknown_one_is_refused() -> None:
    quote = [b for b in blocks_of(MKDOCS_TYPES) if b.type == "quote"][6]
    data = quote.to_dict()
    assert data["tone"] == "warning" and Block.from_dict(data).tone == "warning"
    assert Block.from_dict({**data, "tone": "red;background:url(x)"}).tone == ""


def test_a_code_annotation_marker_is_a_circled_number() -> None:
    code = [b for b in blocks_of(MKDOCS_ICONS) if b.type == "code"][0]
    assert code.text.splitlines()[-1] == "      <type>: <icon> \u2460"
    js = [b for b in blocks_of(MATH_MATHJAX_TAB) if b.type == "code"][0]
    assert "document$.subscribe(() => { \u2460" in js.text and "(1)" not in js.text


def test_a_code_annotation_without_the_bang_keeps_its_comment() -> None:
    code = [b for b in blocks_of("```python\nx = f(1)  # (2)\n```\n") if b.type == "code"][0]
    assert code.text == "x = f(1)  # \u2461"


def test_the_annotation_text_stays_on_the_slide_of_its_marker() -> None:
    deck = generate_from_markdown("# A\n\n" + MATH_MATHJAX_TAB, "corporate")
    marked = [p for p in deck.pages if any("\u2460" in b.text for b in p.blocks)]
    assert len(marked) == 1
    lists = [b for b in marked[0].blocks if b.type == "list"]
    assert lists and plain(lists[0].items[0].spans).startswith("This integrates MathJax")


def test_the_version_shortcode_keeps_its_number_in_the_sentence() -> None:
    paragraph = [b for b in blocks_of(MKDOCS_CLASSIC) if b.type == "paragraph"][0]
    assert plain(paragraph.spans).startswith("Prior to version 8.5.6, admonitions had")
