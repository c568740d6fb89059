"""No generated slide overflows, measured with the engine's own boxes (fixtures + hypothesis)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.api import LaidOutBox, layout_boxes
from generator import GeneratorError, generate_from_markdown
from generator.fit import overflowing_regions, overflows
from generator.templates import Template, builtin_templates, template_from_files

TEMPLATES = sorted(builtin_templates())

FIXTURES = {
    "no-headings": "Just text without any heading.\n\nAnother paragraph.",
    "long-page": "# T\n## C\n### Long\n"
    + "\n".join(
        f"- bullet {i} with many words that wrap around the width of the slide" for i in range(90)
    ),
    "big-table": "# T\n### Table\n| a | b | c |\n|---|---|---|\n"
    + "\n".join(f"| row {i} | {'word ' * 30} | {i} |" for i in range(30)),
    "wide-table": "# T\n### Wide\n|"
    + "|".join(f"h{i}" for i in range(14))
    + "|\n|"
    + "---|" * 14
    + "\n|"
    + "|".join("cellvalue" * 3 for _ in range(14))
    + "|",
    "long-word": "# " + "X" * 400 + "\n### " + "Y" * 300 + "\n" + "Z" * 2500,
    "code": "# T\n### Code\n```\n"
    + "\n".join(f"line_{i} = " + "v" * 120 for i in range(60))
    + "\n```",
    "chinese": "# 年度报告\n## 第一章 概述\n### 市场\n"
    + "中国市场持续增长，客户满意度提升。" * 120,
    "deep-lists": "# T\n### Deep\n"
    + "\n".join("  " * i + f"- level {i} " + "w " * 20 for i in range(12)),
    "many-sections": "# T\n### P\n" + "\n".join(f"#### S{i}\n" + "word " * 40 for i in range(12)),
    "long-cards": "# T\n### P\n" + "\n".join(f"#### Card {i}\n" + "text " * 150 for i in range(3)),
    "key-number": "# T\n### K\n**99.9%** " + "uptime " * 200,
    "quote": "# T\n### Q\n" + "\n".join("> " + "quoted words " * 30 + "\n>" for _ in range(6)),
    "many-chapters": "# T\n"
    + "\n".join(f"## Chapter {i} " + "long " * 10 + f"\n### P{i}\nx" for i in range(25)),
}


def assert_no_overflow(markdown: str, template: str) -> None:
    try:
        deck = generate_from_markdown(markdown, template)
    except GeneratorError as exc:
        assert exc.code == 1010 and exc.field == "markdown"
        return
    assert deck.conversion.failed_pages == 0
    for i, html in enumerate(deck.pages_html):
        assert overflowing_regions(html) == [], f"{template}: slide {i + 1} overflows"


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_fixture_decks_never_overflow(name: str) -> None:
    template = TEMPLATES[sorted(FIXTURES).index(name) % len(TEMPLATES)]
    assert_no_overflow(FIXTURES[name], template)


def box(
    x: float,
    y: float,
    w: float,
    h: float,
    parent: int,
    attrs: dict[str, str] | None = None,
    kind: str = "box",
) -> LaidOutBox:
    return LaidOutBox(kind, "div", attrs or {}, x, y, w, h, parent)


def test_overflows_reads_regions_decor_and_the_slide() -> None:
    boxes = [
        box(0, 0, 1280, 720, -1),
        box(100, 100, 500, 200, 0, {"data-df-fit": "body"}),
        box(100, 100, 400, 150, 1, kind="line"),
        box(100, 250, 400, 60, 1, kind="line"),  # ends at 310 > 300
        box(-50, 0, 100, 100, 0, {"data-df-decor": ""}),  # decoration may bleed
        box(0, 0, 100, 30, 0, {"data-df-fit": "title"}),
    ]
    assert overflows(boxes, 1280, 720) == ["body"]
    boxes[3] = box(100, 250, 400, 50, 1, kind="line")
    assert overflows(boxes, 1280, 720) == []
    boxes.append(box(1200, 700, 100, 40, 0))
    assert overflows(boxes, 1280, 720) == ["slide"]


def test_layout_boxes_reports_boxes_and_lines_in_slide_coordinates() -> None:
    html = (
        '<div class="slide" style="width:1280px;height:720px;position:relative">'
        '<div data-df-fit="body" style="position:absolute;left:100px;top:50px;width:200px;height:40px;'
        'font:20px/25px Liberation Sans">one two three four five six seven</div></div>'
    )
    page = layout_boxes(html)
    assert (page.width, page.height) == (1280, 720)
    region = page.boxes[1]
    assert (region.x, region.y, region.width, region.height) == (100, 50, 200, 40)
    lines = [b for b in page.boxes if b.kind == "line"]
    assert len(lines) >= 2 and all(b.parent == 1 for b in lines)
    assert lines[0].y == 50 and lines[1].y == 75 and lines[0].text.startswith("one")
    assert overflowing_regions(html) == ["body"]


WORDS = st.sampled_from(
    [
        "alpha",
        "beta",
        "**bold**",
        "*it*",
        "`code`",
        "[link](https://x.org)",
        "中文",
        "增长显著",
        "<b>tag</b>",
        "&amp;",
        "|",
        "\\",
        "42%",
        "X" * 60,
        "word",
        "—",
        "😀",
        "[x]",
        "_u_",
    ]
)
TEXT = st.lists(WORDS, min_size=1, max_size=25).map(" ".join)
LINE = st.one_of(
    st.tuples(st.integers(1, 6), TEXT).map(lambda t: "#" * t[0] + " " + t[1]),
    st.tuples(st.integers(0, 4), st.sampled_from(["- ", "1. ", "* "]), TEXT).map(
        lambda t: "  " * t[0] + t[1] + t[2]
    ),
    TEXT,
    TEXT.map(lambda t: "> " + t),
    st.lists(TEXT, min_size=1, max_size=4).map(
        lambda c: "| " + " | ".join(c) + " |\n|" + "---|" * len(c)
    ),
    st.just("```\ncode line\n```"),
    st.just(""),
)
MARKDOWN = st.lists(LINE, min_size=0, max_size=40).map("\n".join)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(MARKDOWN, st.sampled_from(TEMPLATES))
def test_structured_markdown_never_overflows(markdown: str, template: str) -> None:
    assert_no_overflow(markdown, template)


@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=400), st.sampled_from(TEMPLATES))
def test_arbitrary_text_raises_only_documented_errors(markdown: str, template: str) -> None:
    assert_no_overflow(markdown, template)


@pytest.mark.parametrize("name", ["long-page", "big-table", "chinese", "code"])
def test_final_conversion_reuses_the_fit_layouts_byte_for_byte(name: str) -> None:
    """The deck built from the layouts the planner measured is the deck engine.convert makes
    from the same pages: same PPTX bytes, slide model and diagnostics."""
    from engine.api import convert
    from generator.api import ENGINE_OPTIONS

    deck = generate_from_markdown(FIXTURES[name], "nature")
    again = convert(deck.pages_html, filename=deck.subject, options=ENGINE_OPTIONS)
    assert deck.pptx_bytes == again.pptx_bytes
    assert deck.slides == again.slides
    assert deck.conversion.diagnostics == again.diagnostics


def test_convert_laid_out_takes_layouts_and_html_and_reports_like_convert() -> None:
    """engine.api.lay_out + convert_laid_out: the layouts are kept and turned into slides;
    plain HTML among them is converted; a page without a slide root fails as in convert."""
    from engine.api import convert, convert_laid_out, lay_out
    from engine.errors import PageError

    deck = generate_from_markdown("# T\n## C\n### P\n- a\n- b", "minimal")
    laid = [lay_out(h) for h in deck.pages_html]
    assert laid[1].layout.boxes[0].attributes["class"].startswith("slide")
    mixed = [laid[0], deck.pages_html[1], laid[2], "<p>no slide here</p>"]
    built = convert_laid_out(mixed, filename="x")
    reference = convert([*deck.pages_html, "<p>no slide here</p>"], filename="x")
    assert built.pptx_bytes == reference.pptx_bytes
    assert [f.to_dict() for f in built.failed_page_details] == [
        f.to_dict() for f in reference.failed_page_details
    ]
    assert built.failed_pages == 1 and built.failed_page_details[0].index == 4
    with pytest.raises(PageError):
        lay_out("<p>no slide here</p>")


def _variant(name: str, change: str) -> Template:
    """chinese-red whose content-slide title room depends on the slide: its language
    (`lang`) or whether it has content (`narrow`)."""
    files = dict(builtin_templates()["chinese-red"].files)
    manifest = json.loads(files["manifest.json"])
    manifest["id"] = name
    files["manifest.json"] = json.dumps(manifest).encode()
    if change == "lang":
        files["theme.css"] += (
            b'\nhtml[lang|="zh"] .s-content .title{font-size:calc(var(--df-title-size)*1.7)}\n'
        )
    else:
        files["content.html"] = files["content.html"].replace(
            b'class="head" data-df-fit="title"',
            b'class="head{% if page.blocks %} narrow{% endif %}" data-df-fit="title"',
        )
        files["theme.css"] += b"\n.head.narrow{padding:0 400px}\n"
    return template_from_files(files)


@pytest.mark.parametrize("change", ["lang", "narrow"])
def test_titles_fit_where_the_title_room_depends_on_the_slide(change: str) -> None:
    """Titles are fitted in the slide's own language, and checked on the slide itself: a
    template may size titles by language or give the title less room beside content."""
    template = _variant("title-room", change)
    markdown = (
        "# Report\n## Sales\n### Quarterly results for the northern region and all of its "
        "partners in trade\n中文内容增长显著。客户满意度提升。\n\n- 第一\n- 第二\n\n### Other\nplain\n"
    )
    deck = generate_from_markdown(
        markdown, "title-room", templates={"title-room": template}, length="long"
    )
    assert [p.title[:9] for p in deck.pages if p.kind == "content"] == ["Quarterly", "Other"]
    for i, html in enumerate(deck.pages_html):
        assert overflowing_regions(html) == [], f"slide {i + 1} overflows"
