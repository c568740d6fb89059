"""Code keeps its words: the paragraph explaining the code block right after it (two or three
sentences, or one pointing at it) never ends a slide whose next slide starts with that code,
and text written after a code block is drawn after it."""

from __future__ import annotations

import pytest

from generator.api import generate_from_markdown
from generator.model import Block, Span, plain
from generator.pages import PlannedPage
from generator.shapes import code_pair
from generator.together import introduces
from tests.generator.fragments_code import HTTPX_EXCEPTIONS, HTTPX_STREAMING, RUST_LAZY


def content_slides(markdown: str) -> list[PlannedPage]:
    deck = generate_from_markdown("# QuickStart\n\n" + markdown, "corporate", length="medium")
    return [p for p in deck.pages if p.kind == "content"]


@pytest.mark.parametrize(
    ("fragment", "explained"),
    [
        (HTTPX_STREAMING, "In some cases you might want to access the raw bytes"),
        (HTTPX_EXCEPTIONS, "The HTTPStatusError class is raised by"),
    ],
)
def test_a_paragraph_explaining_code_shares_the_code_s_slide(fragment: str, explained: str) -> None:
    slides = content_slides(fragment)
    assert len(slides) > 1  # the page flows over several slides
    for before, after in zip(slides, slides[1:], strict=False):
        last = before.blocks[-1] if before.blocks else None
        if after.blocks and after.blocks[0].type == "code" and last is not None:
            assert last.type != "paragraph", plain(last.spans)  # no slide opens on unexplained code
    holding = [p for p in slides if any(plain(b.spans).startswith(explained) for b in p.blocks)]
    assert len(holding) == 1
    blocks = holding[0].blocks
    k = next(i for i, b in enumerate(blocks) if plain(b.spans).startswith(explained))
    assert k + 1 < len(blocks) and blocks[k + 1].type == "code"  # the code right after it


def test_what_explains_code_and_what_does_not() -> None:
    code = Block("code", text="print(1)")
    table = Block("table", header=[[Span("a")]], rows=[[[Span("1")]]])
    two = Block("paragraph", [Span("word " * 40 + "end. And a second sentence.")])
    assert introduces(two, code)  # up to EXPLAIN_CHARS before code
    assert not introduces(two, table)  # a table keeps the shorter INTRO_CHARS
    long = Block("paragraph", [Span("word " * 80 + "end. And more words here.")])
    assert not introduces(long, code)
    pointing = Block("paragraph", [Span("word " * 80 + "end. The values are modelled below.")])
    assert introduces(pointing, code)


def test_text_written_after_code_is_never_drawn_before_it() -> None:
    deck = generate_from_markdown("# Rust 1.80.0\n\n## Stable\n\n" + RUST_LAZY, "corporate")
    slides = [p for p in deck.pages if p.kind == "content"]
    after = [p for p in slides if any(plain(b.spans).startswith("LazyCell does") for b in p.blocks)]
    assert len(after) == 1
    page = after[0]
    # with the code it would need type below 18 pt: it follows on the next slide
    before = deck.pages[deck.pages.index(page) - 1]
    assert [b.type for b in before.blocks] == ["code"] and "LAZY_TIME" in before.blocks[0].text
    assert [b.type for b in page.blocks] == ["paragraph"] and page.layout != "code"


def test_a_stacked_code_pair_is_an_explanation_then_its_code() -> None:
    wide = Block("code", text="let duration = LAZY_TIME.duration_since(start_of_the_program);")
    narrow = Block("code", text="let x = 1;")
    note = Block("paragraph", [Span("A short note.")])
    assert code_pair([note, wide]) == ([note], wide)
    assert code_pair([wide, note]) is None  # drawn under the note: text after it stays after it
    assert code_pair([narrow, note]) == ([note], narrow)  # beside it: a column of its own
