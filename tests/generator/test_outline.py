"""Markdown -> outline: structure, inline formatting, blocks and the robustness rules."""

from __future__ import annotations

import pytest

from generator.blocks import blocks_html, breakable
from generator.errors import GeneratorError
from generator.outline import Outline, Span, parse_outline, plain

PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def test_levels_make_topic_chapters_pages_and_sections() -> None:
    o = parse_outline(
        "# Topic\nA subtitle\n## One\n### Page A\n- a\n#### Left\nl\n#### Right\nr\n## Two\n### Page B\ntext"
    )
    assert o.topic == "Topic" and o.subtitle == "A subtitle"
    assert [c.title for c in o.chapters] == ["One", "Two"]
    page = o.chapters[0].pages[0]
    assert page.title == "Page A"
    assert [b.type for b in page.blocks] == ["list"]
    assert [(s.title, plain(s.blocks[0].spans)) for s in page.sections] == [
        ("Left", "l"),
        ("Right", "r"),
    ]
    assert plain(o.chapters[1].pages[0].blocks[0].spans) == "text"


def test_inline_formatting_and_links() -> None:
    o = parse_outline(
        "# T\n### P\nA **bold** *it* `code` [link](https://x.org) [bad](javascript:alert(1))"
    )
    spans = o.chapters[0].pages[0].blocks[0].spans
    assert [(s.text, s.bold, s.italic, s.code, s.href) for s in spans] == [
        ("A ", False, False, False, None),
        ("bold", True, False, False, None),
        (" ", False, False, False, None),
        ("it", False, True, False, None),
        (" ", False, False, False, None),
        ("code", False, False, True, None),
        (" ", False, False, False, None),
        ("link", False, False, False, "https://x.org"),
        (" [bad](javascript:alert(1))", False, False, False, None),
    ]


def test_nested_lists_tables_quotes_code_images() -> None:
    md = (
        "# T\n### P\n3. three\n4. four\n   - sub\n     1. deep\n\n"
        "| a | b |\n|:-:|--:|\n| 1 | **2** |\n\n> quoted\n> still\n\n```py\nx = 1\n```\n\n"
        f"![chart]({PNG})\n\n![remote sales chart](https://example.com/a.png)\n\n"
        "![logo](https://example.com/logo.png)\n"
    )
    blocks = parse_outline(md).chapters[0].pages[0].blocks
    kinds = ["list", "table", "quote", "code", "image", "paragraph"]
    assert [b.type for b in blocks] == kinds
    lst = blocks[0]
    assert lst.ordered and lst.start == 3
    assert plain(lst.items[1].children[0].items[0].spans) == "sub"
    assert lst.items[1].children[0].items[0].children[0].ordered
    table = blocks[1]
    assert [plain(c) for c in table.header] == ["a", "b"] and table.align == ["center", "right"]
    assert table.rows[0][1][0].bold
    assert [plain(p) for p in blocks[2].paragraphs] == ["quoted still"]
    assert (blocks[3].text, blocks[3].language) == ("x = 1", "py")
    assert blocks[4].src == PNG and blocks[4].alt == "chart"
    # not fetched: a describing alt text stays as an italic line, a logo goes (both in the notes)
    assert plain(blocks[5].spans) == "remote sales chart" and blocks[5].spans[0].italic
    notes = parse_outline(md).chapters[0].pages[0].notes
    assert "remote sales chart: https://example.com/a.png" in notes and "logo.png" in notes


def test_no_headings_uses_first_line_as_topic() -> None:
    o = parse_outline("Just some text.\n\nAnother paragraph.")
    assert o.topic == "Just some text."
    assert len(o.chapters) == 1 and o.chapters[0].title == ""
    assert len(o.chapters[0].pages[0].blocks) == 2


def test_skipped_levels_get_implicit_containers() -> None:
    o = parse_outline("#### Lonely\nx\n### Page\ny\n## Chapter\nz")
    assert o.topic == "Lonely"
    first = o.chapters[0]
    assert first.title == "" and first.pages[0].sections[0].title == "Lonely"
    assert first.pages[1].title == "Page"
    assert o.chapters[1].title == "Chapter" and o.chapters[1].pages[0].title == "Chapter"


def test_second_h1_is_a_chapter_and_h5_is_bold() -> None:
    o = parse_outline("# A\n# B\n### P\n##### small\ntext")
    assert o.topic == "A" and o.chapters[0].title == "B"
    heading = o.chapters[0].pages[0].blocks[0]
    assert heading.type == "heading" and heading.spans[0].bold


def test_chinese() -> None:
    o = parse_outline("# 年度报告\n## 第一章\n### 市场\n- 增长**显著**")
    assert o.topic == "年度报告"
    assert plain(o.chapters[0].pages[0].blocks[0].items[0].spans) == "增长显著"


def test_raw_html_is_rendered_never_executed_nor_printed() -> None:
    o = parse_outline(
        '# <b>T</b>\n### P\nhello <kbd>K</kbd>\n\n<script>alert(1)</script>\n\n<img src=x onerror="a()">'
    )
    assert o.topic == "T"
    html = str(blocks_html(o.chapters[0].pages[0].blocks))
    assert "<script" not in html and "alert" not in html and "onerror" not in html
    assert "&lt;" not in html  # no tag printed as text
    assert "<kbd>K</kbd>" in html
    messages = [d["message"] for d in o.diagnostics]
    assert "dropped <script>" in messages
    assert any("image not found" in m and ": x" in m for m in messages)


def test_500_headings() -> None:
    md = "# T\n" + "\n".join(f"### Page {i}\n- point {i}" for i in range(500))
    o = parse_outline(md)
    assert sum(len(c.pages) for c in o.chapters) == 500


@pytest.mark.parametrize("markdown", ["", "   \n\n", "---\n\n***", "```\n```\n", "> \n"])
def test_nothing_usable_is_1010_on_markdown(markdown: str) -> None:
    with pytest.raises(GeneratorError) as info:
        parse_outline(markdown)
    assert info.value.code == 1010 and info.value.field == "markdown"


def test_not_a_string_and_too_long() -> None:
    for value in (None, 3, ["# a"], "#" * 1_000_001):
        with pytest.raises(GeneratorError) as info:
            parse_outline(value)
        assert info.value.field == "markdown"


def test_round_trip_through_dicts() -> None:
    o = parse_outline(
        f"# T\n## C\n### P\n- a\n  - b\n\n| x |\n|---|\n| 1 |\n\n![i]({PNG})\n#### S\n> q"
    )
    assert Outline.from_dict(o.to_dict()) == o


def test_breakable_long_runs() -> None:
    assert breakable("Z" * 70) == "Z" * 30 + "\u200b" + "Z" * 30 + "\u200b" + "Z" * 10
    assert breakable("中" * 80) == "中" * 80
    assert breakable("short words stay") == "short words stay"
    assert Span("x").to_dict() == {"text": "x"}
