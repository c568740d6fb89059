"""Slides that hold what fits: a long list of short items set in columns at body size, and a
page's continuation slides one fewer at a smaller (still readable) type size when that holds
them. Real fragments, read back from the slide XML and the slides' HTML."""

from __future__ import annotations

import re

import pytest

from generator import generate_from_markdown
from generator.listcols import list_columns
from generator.model import Block, ListItem, Span
from generator.outline import parse_outline
from tests.generator.fragments import HTTPX_CHANGED
from tests.generator.fragments_density import BAT_STYLE, RUST_APIS, RUST_LAZY
from tests.generator.pptx_xml import runs, slides, tables, text
from tests.generator.test_continuation import assert_every_word_shown, no_overflow

HEAD = "# Announcing Rust 1.80.0\n\n## What's in 1.80.0 stable\n\n"


def titled(deck, start: str) -> list[int]:  # type: ignore[no-untyped-def]
    return [
        i for i, p in enumerate(deck.pages) if p.kind == "content" and p.title.startswith(start)
    ]


def joined(s: str) -> str:
    """Text without spaces and break opportunities (a long name wraps where they are)."""
    return re.sub(r"[\s\u200b\u00ad]+", "", s)


def first_list(markdown: str) -> Block:
    outline = parse_outline(markdown)
    blocks = [b for c in outline.chapters for p in c.pages for b in p.blocks]
    return next(b for b in blocks if b.type == "list")


@pytest.mark.usefixtures("whole_link_lists")
def test_sixty_api_names_fill_two_columns_on_three_slides() -> None:
    md = HEAD + RUST_APIS
    deck = generate_from_markdown(md, "corporate")
    shown = titled(deck, "Stabilized APIs")
    assert len(shown) == 3  # was 5 slides of one name a line
    for i in shown:
        assert "column-count:2" in deck.pages_html[i]
    names = re.findall(r"\[`([^`]+)`\]", RUST_APIS)
    xml = slides(deck.pptx_bytes)
    drawn = joined("".join(text(xml[i]) for i in shown))  # names wrapped over two lines
    assert [n for n in names if joined(n) not in drawn] == [] and len(names) == 60
    pieces = [r for i in shown for r in runs(xml[i]) if r.text.strip() and r.text in RUST_APIS]
    assert min(r.size_px for r in pieces) >= 16  # inline code at the code size, >= its floor
    assert min(deck.pages[i].body_size for i in shown) >= 18
    no_overflow(deck)
    assert_every_word_shown(md, deck)


def test_columns_only_for_many_short_items() -> None:
    apis = first_list(HEAD + RUST_APIS)
    assert list_columns(apis, 1120, 20) == 2  # "NonNull::copy_from_nonoverlapping" in a third
    assert list_columns(apis, 1600, 20) == 3  # ... fits a wider frame's third
    assert list_columns(first_list(HTTPX_CHANGED), 1120, 20) == 1  # sentences, not names
    few = Block("list", items=[ListItem([Span(f"item {n}")]) for n in range(11)])
    assert list_columns(few, 1120, 20) == 1  # fewer than 12 items: one column
    twelve = Block("list", items=few.items + [ListItem([Span("item 11")])])
    assert list_columns(twelve, 1120, 20) == 3
    nested = Block("list", items=twelve.items + [ListItem([Span("x")], [few])])
    assert list_columns(nested, 1120, 20) == 1  # an item with children: one column


def test_a_page_whose_code_holds_its_size_keeps_it_whole_rather_than_merge_slides() -> None:
    """Smaller type merges continuation slides only as far as code stays at 14 pt and prose at
    18 pt: the LazyLock page (two paragraphs, 14 lines of code, a paragraph) keeps its code
    whole on one slide at 14 pt or more; its closing paragraph, which would join the code's
    slide only below 18 pt, follows on a third."""
    from tests.generator.test_code_readable import CODE_PT, _sizes

    md = HEAD + RUST_LAZY
    deck = generate_from_markdown(md, "corporate")
    shown = titled(deck, "LazyCell and LazyLock")
    assert len(shown) == 3
    assert min(deck.pages[i].body_size for i in shown) >= 24
    code = [b for i in shown for b in deck.pages[i].blocks if b.type == "code"]
    assert len(code) == 1 and len(code[0].text.split("\n")) == 14  # whole, on one slide
    assert [b.type for b in deck.pages[shown[1]].blocks] == ["code"]
    assert [b.type for b in deck.pages[shown[2]].blocks] == ["paragraph"]
    code_pt = [pt for n, _, pt, c in _sizes(deck.pptx_bytes) if c and n - 1 in shown]
    assert code_pt and min(code_pt) >= CODE_PT
    no_overflow(deck)
    assert_every_word_shown(md, deck)


def test_a_table_cut_between_slides_keeps_three_rows_on_each() -> None:
    md = "# bat\n\n## Customization\n\n" + BAT_STYLE
    deck = generate_from_markdown(md, "corporate", length="long")  # every slide
    xml = slides(deck.pptx_bytes)
    for header, rows in ((["Style", "Description"], 4), (["Component", "Description"], 8)):
        parts = [len(t) - 1 for s in xml for t in tables(s) if t[0] == header]
        assert sum(parts) == rows
        assert min(parts) >= min(rows, 3)  # the styles were cut 3 + 1 rows
    no_overflow(deck)
    assert_every_word_shown(md, deck)
