"""Outline -> deck plan: page sequence, layout choice, font step-down and continuation pages."""

from __future__ import annotations

import pytest

from generator import GeneratorError, generate_from_markdown
from generator.fit import overflowing_regions
from generator.outline import Block, Section, Span, parse_outline, plain
from generator.planner import choose_layout, key_number

SAMPLE = """# Review
Results and plans
## Results
### Bullets
- one
- two
### Figure
**85%** of customers renewed.
- more
### Table
| a | b |
|---|---|
| 1 | 2 |
## Plans
### Cards
#### A
x
#### B
y
### Quote
> Words.
"""


def no_overflow(deck) -> None:  # type: ignore[no-untyped-def]
    for i, html in enumerate(deck.pages_html):
        assert overflowing_regions(html) == [], f"slide {i + 1} overflows"


def test_page_sequence_and_layouts() -> None:
    deck = generate_from_markdown(SAMPLE, "corporate", length="long")
    assert [(p.kind, p.layout, p.title) for p in deck.pages] == [
        ("cover", "cover", "Review"),
        ("contents", "contents", "Contents"),
        ("content", "bullets", "Bullets"),  # chapters of three and two slides: no dividers
        ("content", "key-number", "Figure"),
        ("content", "table", "Table"),
        ("content", "cards", "Cards"),
        ("content", "quote", "Quote"),
        ("closing", "closing", "Thank you"),
    ]
    assert deck.pages[0].subtitle == "Results and plans"
    assert deck.pages[1].entries == ["Results", "Plans"]
    assert [p.number for p in deck.pages] == list(range(1, 9))
    assert deck.pages[5].subtitle == "Plans"  # the chapter named above the title
    assert deck.conversion.total_pages == 8 and deck.conversion.failed_pages == 0
    no_overflow(deck)


def test_chinese_deck_uses_chinese_labels() -> None:
    chapters = "".join(f"## 第{n}章\n### 市场\n- 增长\n### 渠道\n- 扩大\n" for n in "一二")
    deck = generate_from_markdown("# 年度报告\n" + chapters, "chinese-red", length="long")
    assert deck.pages[1].title == "目录" and deck.pages[-1].title == "谢谢"
    assert deck.document["lang"] == "zh-CN"


def test_long_list_splits_into_continuation_pages_in_order() -> None:
    items = [f"Item {i} with enough words to take a line of its own" for i in range(60)]
    deck = generate_from_markdown(
        "# T\n### Long\n" + "\n".join(f"- {t}" for t in items), "corporate", length="long"
    )
    parts = [p for p in deck.pages if p.kind == "content"]
    assert len(parts) >= 3
    assert [(p.part, p.parts) for p in parts] == [(i + 1, len(parts)) for i in range(len(parts))]
    got = [plain(item.spans) for p in parts for b in p.blocks for item in b.items]
    assert got == items
    starts = [p.blocks[0].start for p in parts]
    assert starts[0] == 1
    no_overflow(deck)


def test_slightly_long_page_steps_the_font_down() -> None:
    md = "# T\n### Page\n" + "\n".join(f"- Point number {i} of the page" for i in range(11))
    deck = generate_from_markdown(md, "education")  # a 26 px body
    page = next(p for p in deck.pages if p.kind == "content")
    assert sum(1 for p in deck.pages if p.kind == "content") == 1
    assert 24 <= page.body_size < 26  # smaller, not below the reading size of prose
    no_overflow(deck)


def test_a_page_that_would_step_below_18pt_continues() -> None:
    md = "# T\n### Page\n" + "\n".join(f"- Point number {i} of the page" for i in range(14))
    deck = generate_from_markdown(md, "corporate")  # a 24 px body: 18 pt already
    shown = [p for p in deck.pages if p.kind == "content"]
    assert [(p.part, p.parts) for p in shown] == [(1, 2), (2, 2)]
    assert min(p.body_size for p in shown) >= 24
    no_overflow(deck)


def test_long_table_splits_with_repeated_header() -> None:
    rows = "\n".join(f"| r{i} | {'word ' * 12} |" for i in range(40))
    md = f"# T\n### Table\n| Key | Value |\n|---|---|\n{rows}"
    deck = generate_from_markdown(md, "data", length="long")  # every slide, no summary
    parts = [p for p in deck.pages if p.kind == "content"]
    assert len(parts) >= 2
    for p in parts:
        assert [plain(c) for c in p.blocks[0].header] == ["Key", "Value"]
    assert [plain(r[0]) for p in parts for r in p.blocks[0].rows] == [f"r{i}" for i in range(40)]
    no_overflow(deck)


def test_very_long_title_and_word_never_overflow() -> None:
    md = "# " + "Title " * 80 + "\n### " + "X" * 300 + "\n" + "Y" * 2000
    deck = generate_from_markdown(md, "editorial")
    assert deck.pages[0].title.endswith("…")
    no_overflow(deck)


def test_many_chapters_fill_two_columns_of_the_contents_page() -> None:
    md = "# T\n" + "\n".join(
        f"## Chapter number {i}\n### P{i}\n- x\n### Q{i}\n- y" for i in range(18)
    )
    deck = generate_from_markdown(md, "minimal", length="long")
    contents = [p for p in deck.pages if p.kind == "contents"]
    assert len(contents) == 1 and contents[0].columns == 2
    assert [e for p in contents for e in p.entries] == [f"Chapter number {i}" for i in range(18)]
    no_overflow(deck)


def test_more_chapters_than_a_contents_slide_lists_are_condensed_to_a_range() -> None:
    md = "# T\n" + "\n".join(f"## Chapter number {i}\n### P{i}\n- x" for i in range(30))
    deck = generate_from_markdown(md, "minimal", length="long")
    (contents,) = [p for p in deck.pages if p.kind == "contents"]
    head = [f"Chapter number {i}" for i in range(9)]
    assert contents.entries == [*head, "Chapter number 9 … Chapter number 29 (21 more)"]
    no_overflow(deck)


def test_many_sections_fall_back_to_bullets_with_headings() -> None:
    md = "# T\n### P\n" + "\n".join(f"#### S{i}\ntext {i}" for i in range(8))
    deck = generate_from_markdown(md, "corporate")
    pages = [p for p in deck.pages if p.kind == "content"]
    assert all(p.layout == "bullets" and not p.sections for p in pages)
    headings = [plain(b.spans) for p in pages for b in p.blocks if b.type == "heading"]
    assert headings == [f"S{i}" for i in range(8)]
    assert pages[-1].blocks[-1].type != "heading"  # a heading never ends a slide
    assert all(p.blocks[-1].type != "heading" for p in pages)


def para(text: str) -> Block:
    return Block("paragraph", [Span(text)])


def table(header: list[str], rows: list[list[str]]) -> Block:
    return Block(
        "table", header=[[Span(h)] for h in header], rows=[[[Span(c)] for c in r] for r in rows]
    )


@pytest.mark.parametrize(
    ("blocks", "sections", "layout"),
    [
        ([para("x")], [], "bullets"),
        ([], [Section("a", [para("x")]), Section("b", [para("y")])], "cards"),
        ([], [Section("a", [para("x" * 150)]), Section("b", [para("y")])], "columns"),
        ([], [Section(str(i), [para("x")]) for i in range(5)], "bullets"),
        ([para("x"), Block("image", src="data:image/png;base64,AA", alt="a")], [], "image-full"),
        (
            [para("x " * 90), Block("image", src="data:image/png;base64,AA", alt="a")],
            [],
            "image-text",
        ),
        ([Block("paragraph", [Span("42%", bold=True), Span(" of all")])], [], "key-number"),
        ([para("intro"), Block("table", rows=[[[Span("1")]]])], [], "table"),
        ([Block("quote", paragraphs=[[Span("q")]])], [], "quote"),
        (
            [
                table(
                    ["", "Plan A", "Plan B"],
                    [["Price", "low", "high"], ["Support", "mail", "24/7"]],
                )
            ],
            [],
            "comparison",
        ),
        (  # figures read as a data table, not as panels
            [
                table(
                    ["Region", "Budget", "Spent"], [["North", "120", "95"], ["South", "80", "7.5%"]]
                )
            ],
            [],
            "table",
        ),
    ],
)
def test_choose_layout(blocks: list[Block], sections: list[Section], layout: str) -> None:
    assert choose_layout(blocks, sections) == layout


def test_key_number_detection() -> None:
    assert key_number(Block("paragraph", [Span("$2.4M", bold=True), Span(" raised")])) == (
        "$2.4M",
        [Span(" raised")],
    )
    assert key_number(Block("paragraph", [Span("3x", bold=True)])) is not None
    assert key_number(Block("paragraph", [Span("Important", bold=True)])) is None
    assert key_number(Block("paragraph", [Span("85%")])) is None


def test_outline_pages_keep_their_source_path() -> None:
    outline = parse_outline(SAMPLE)
    deck = generate_from_markdown(SAMPLE, "corporate")
    sources = [p.source for p in deck.pages if p.kind == "content"]
    assert sources[0] == "chapters[0].pages[0]" and sources[-1] == "chapters[1].pages[1]"
    assert outline.chapters[1].pages[1].title == "Quote"


@pytest.mark.usefixtures("whole_document")
def test_500_content_titles_generate() -> None:
    md = "# T\n" + "\n".join(
        f"### Page {p}\n" + "\n".join(f"#### Title {p}.{s}\nx" for s in range(10))
        for p in range(50)
    )
    deck = generate_from_markdown(md, "data")
    titles = [plain(b.spans) for p in deck.pages for b in p.blocks if b.type == "heading"]
    assert len(titles) == 500 and titles[0] == "Title 0.0" and titles[-1] == "Title 49.9"


def test_too_many_slides_is_1010_on_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(GeneratorError) as info:
        md = "# T\n" + "\n".join(f"### P{i}\nx" for i in range(600))
        generate_from_markdown(md, "minimal", length="long")
    assert (info.value.code, info.value.field) == (1010, "markdown")
    assert info.value.problems[0].reason == "makes 602 slides; at most 500 allowed"
    monkeypatch.setattr("generator.api.MAX_SLIDES", 6)  # splitting stops as soon as it is over
    long_list = "# T\n### Long\n" + "\n".join(f"- item {i} " + "word " * 12 for i in range(9000))
    with pytest.raises(GeneratorError) as info:
        generate_from_markdown(long_list, "minimal", length="long")
    assert info.value.problems[0].reason == "makes more than 6 slides"
