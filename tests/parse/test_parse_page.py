"""parse_page: HTML text -> ParsedPage (slide root, stylesheets, fragment/quirks, limits, errors)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

from engine.diagnostics import Diagnostics
from engine.errors import PAGE_LIMIT_EXCEEDED, PAGE_NO_SLIDE_ROOT, PageError
from engine.options import Limits
from engine.parse import ParsedPage, parse_page
from engine.parse.tree import _scan_bounds, _within_bounds


def parse(html: str, limits: Limits | None = None) -> tuple[ParsedPage, Diagnostics]:
    diag = Diagnostics()
    return parse_page(html, diag, limits or Limits()), diag


def test_full_document() -> None:
    page, _ = parse(
        "<!DOCTYPE html><html><head><style>p{color:red}</style></head>"
        '<body><div class="slide" id="a"><p>x</p></div></body></html>'
    )
    assert page.root.tag == "html"
    assert page.slide.get("id") == "a"
    assert page.stylesheets == ["p{color:red}"]
    assert page.fragment is False
    assert page.quirks is False


def test_fragment_has_html_root_and_inner_style() -> None:
    page, _ = parse('<div class="slide" style="width:10px"><style>.x{}</style><p>x</p></div>')
    assert page.fragment is True
    assert page.quirks is True
    assert page.root.tag == "html"
    assert page.slide.tag == "div"
    assert page.slide.getparent().tag == "body"
    assert page.stylesheets == [".x{}"]


def test_slide_root_is_first_element_with_the_class_token() -> None:
    page, _ = parse(
        '<div class="slides" id="no1"><div class="slide-x" id="no2"></div>'
        '<div class="a  slide\tb" id="yes"><div class="slide" id="inner"></div></div></div>'
        '<div class="slide" id="later"></div>'
    )
    assert page.slide.get("id") == "yes"


def test_stylesheets_in_document_order_everywhere() -> None:
    page, _ = parse(
        "<html><head><style>a{}</style></head><body><style>b{}</style>"
        '<div class="slide"><style>c{}</style></div><style>d{}</style></body></html>'
    )
    assert page.stylesheets == ["a{}", "b{}", "c{}", "d{}"]


def test_style_media_attribute_becomes_media_block() -> None:
    page, _ = parse(
        '<style media="print">p{}</style><style media="screen">q{}</style><div class="slide"></div>'
    )
    assert page.stylesheets[0].startswith("@media print {")
    assert page.stylesheets[1] == "q{}"


def test_non_css_style_type_ignored() -> None:
    page, diag = parse('<style type="text/less">@x: 1;</style><div class="slide"></div>')
    assert page.stylesheets == []
    assert diag.items[0].kind == "html"


def test_scripts_noscript_template_and_comments_removed() -> None:
    page, _ = parse(
        '<div class="slide">a<script>var x = "<p>";</script>b<!-- note -->c'
        "<noscript><p>no</p></noscript>d<template><p>t</p></template>e</div>"
    )
    assert [el.tag for el in page.slide.iter()] == ["div"]
    assert page.slide.text == "abcde"


def test_link_stylesheet_recorded_not_fetched() -> None:
    page, diag = parse(
        '<html><head><link rel="stylesheet" href="https://cdn.example/x.css"><link rel="icon" href="i.png">'
        '</head><body><div class="slide"></div></body></html>'
    )
    assert page.stylesheets == []
    assert [(d.kind, "cdn.example" in d.message) for d in diag.items] == [("resource", True)]


def test_implied_tbody_like_html5() -> None:
    page, _ = parse(
        '<table class="slide"><caption>c</caption><tr><td>1</td></tr><tr><td>2</td></tr></table>'
    )
    tags = [child.tag for child in page.slide]
    assert tags == ["caption", "tbody"]
    assert [row.tag for row in page.slide[1]] == ["tr", "tr"]


def test_svg_names_keep_their_case() -> None:
    page, _ = parse(
        '<div class="slide"><svg viewBox="0 0 10 10"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse">'
        "</linearGradient></defs></svg></div>"
    )
    svg = page.slide[0]
    assert svg.get("viewBox") == "0 0 10 10"
    grad = svg[0][0]
    assert grad.tag == "linearGradient"
    assert grad.get("gradientUnits") == "userSpaceOnUse"


def test_quirks_detection() -> None:
    assert parse('<!DOCTYPE html><div class="slide"></div>')[0].quirks is False
    assert parse('<!-- c --> <!doctype HTML><div class="slide"></div>')[0].quirks is False
    assert parse('<html><body><div class="slide"></div></body></html>')[0].quirks is True
    legacy = (
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"><div class="slide"></div>'
    )
    assert parse(legacy)[0].quirks is True
    strict = (
        '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">'
        '<div class="slide"></div>'
    )
    assert parse(strict)[0].quirks is False


def test_nul_bytes_and_lone_surrogates_survive() -> None:
    page, _ = parse('a\x00b<div class="slide">x\ud800y\x01z</div>')
    assert page.slide.text == "x\ufffdy\ufffdz"


def test_encoding_declarations_do_not_break_text_input() -> None:
    page, _ = parse(
        '<?xml version="1.0" encoding="latin-1"?><meta charset="shift_jis"><div class="slide">é漢</div>'
    )
    assert page.slide.text == "é漢"


@pytest.mark.parametrize(
    ("html", "reason"),
    [
        ("", "page is empty"),
        ("   \n\t ", "page is empty"),
        ("just text", "no element with class 'slide'"),
        ('<div class="slides">x</div>', "no element with class 'slide'"),
        ("<!-- only a comment -->", "no element with class 'slide'"),
    ],
)
def test_no_slide_root(html: str, reason: str) -> None:
    with pytest.raises(PageError) as info:
        parse(html)
    assert info.value.code == PAGE_NO_SLIDE_ROOT
    assert reason in info.value.reason


def _depth(root: etree._Element) -> int:
    depth = deepest = 0
    for event, _el in etree.iterwalk(root, events=("start", "end")):
        depth += 1 if event == "start" else -1
        deepest = max(deepest, depth)
    return deepest


def test_depth_cap_makes_deeper_elements_siblings_like_chromium() -> None:
    # html(1) > body(2) > div.slide(3) > div x 40: with a cap of 30, levels 31.. become siblings.
    html = '<div class="slide">' + "<div>" * 40 + "x" + "</div>" * 40 + "<p>after</p></div>"
    page, diag = parse(html, Limits(max_dom_depth=30))
    assert _depth(page.root) == 30
    assert len(page.slide.findall(".//div")) == 40  # no element lost
    assert "".join(page.slide.itertext()) == "xafter"
    assert any("deeper than 30" in d.message for d in diag.items)
    assert _depth(parse(html, Limits(max_dom_depth=60))[0].root) == 43


def test_depth_beyond_libxml2_cap_keeps_the_content() -> None:
    html = '<div class="slide">' + "<div>" * 5000 + "deep" + "</div>" * 5000 + "<p>after</p></div>"
    page, _ = parse(html)
    assert _depth(page.root) == 512
    assert len(page.slide.findall(".//div")) == 5000
    assert "".join(page.slide.itertext()) == "deepafter"
    assert page.slide[-1].tag == "p"


@pytest.mark.parametrize("tag", ["wbr", "source", "track", "embed"])
def test_void_elements_never_nest(tag: str) -> None:
    html = '<div class="slide"><p>' + "".join(f"w{i}<{tag}>" for i in range(300)) + "</p></div>"
    page, _ = parse(html, Limits(max_dom_depth=20))
    (p,) = page.slide
    assert len(p) == 300 and all(len(child) == 0 and child.text is None for child in p)
    assert "".join(p.itertext()) == "".join(f"w{i}" for i in range(300))
    assert _depth(page.root) == 5


def test_element_count_limit() -> None:
    html = '<div class="slide">' + "<span>x</span>" * 200 + "</div>"
    parse(html, Limits(max_elements=300))
    with pytest.raises(PageError) as info:
        parse(html, Limits(max_elements=100))
    assert info.value.code == PAGE_LIMIT_EXCEEDED
    assert "element count" in info.value.reason


def test_slide_is_an_element_of_the_document_tree() -> None:
    """The slide root is found in the page's tree (what it inherits from comes from there),
    with its content in document order."""
    page, _ = parse('<div id="a"><div class="slide" id="s"><p>x</p><p>y</p></div></div>')
    assert page.slide.get("id") == "s"
    assert [el.get("id") for el in page.root.iter() if el.get("id")] == ["a", "s"]
    assert any(el is page.slide for el in page.root.iter())
    assert [(child.tag, child.text) for child in page.slide] == [("p", "x"), ("p", "y")]


def test_misnested_formatting_is_reopened_as_in_chromium() -> None:
    # Two <b>s left open in the first paragraph are re-opened (cloned) in every later one.
    html = '<div class="slide"><p><b id=x><b id=y>a</p>' + "<p>b</p>" * 3 + "</div>"
    page, _ = parse(html)
    paragraphs = page.slide.findall("p")
    assert len(paragraphs) == 4
    for p in paragraphs:
        assert [el.get("id") for el in p.iter("b")] == ["x", "y"]
    assert "".join(page.slide.itertext()) == "abbb"


def test_formatting_reopened_past_the_bound_fails_before_parsing() -> None:
    # 150 distinct open <b>s re-opened in 150 paragraphs: 22,650 elements from 4 kB of markup.
    opened = "".join(f"<b data-i={i}>" for i in range(150))
    html = f'<div class="slide"><p>{opened}</p>' + "<p>x</p>" * 150 + "</div>"
    with pytest.raises(PageError) as info:
        parse(html, Limits(max_elements=2000))
    assert info.value.code == PAGE_LIMIT_EXCEEDED
    assert "formatting elements" in info.value.reason
    # Within the bound (the element limit counts the re-opened elements too) it converts.
    page, _ = parse(html, Limits(max_elements=30_000))
    assert len(page.slide.findall(".//b")) == 150 * 151


def test_start_tags_over_the_element_limit_fail_before_parsing() -> None:
    html = '<div class="slide">' + "<i>x</i>" * 150 + "</div>"
    with pytest.raises(PageError) as info:
        parse(html, Limits(max_elements=100))
    assert "start tags" in info.value.reason
    # tags inside comments, scripts and raw text are no elements
    hidden = "<!--" + "<i>" * 300 + "--><script>" + "<i>" * 300 + "</script>"
    parse(hidden + html, Limits(max_elements=200))


def test_tree_is_lxml() -> None:
    page, _ = parse('<div class="slide"><p>x</p></div>')
    assert isinstance(page.slide, etree._Element)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=300))
def test_arbitrary_text_only_raises_page_errors(text: str) -> None:
    try:
        page, _ = parse(text)
    except PageError as exc:
        assert exc.code in (PAGE_NO_SLIDE_ROOT, PAGE_LIMIT_EXCEEDED)
        return
    assert "slide" in (page.slide.get("class") or "").split()


_PIECES = st.sampled_from(
    [
        '<div class="slide">',
        "<div>",
        "</div>",
        "<p>",
        "<table><tr><td>",
        "<svg><path/>",
        "<style>p{color:red}",
        "</style>",
        "<script>",
        "<!--",
        "-->",
        "\x00",
        "\ud800",
        "<!DOCTYPE html>",
        "&amp;",
        "&#0;",
        "<",
        ">",
        "x",
        "<html>",
        "<body>",
        "<template>",
        "<noscript>",
        '<a href="x">',
        "<?php ?>",
        "<![CDATA[",
    ]
)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_PIECES, max_size=60).map("".join))
def test_arbitrary_markup_only_raises_page_errors(text: str) -> None:
    try:
        parse(text)
    except PageError as exc:
        assert exc.code in (PAGE_NO_SLIDE_ROOT, PAGE_LIMIT_EXCEEDED)


def test_huge_nesting_of_mixed_tags_is_capped() -> None:
    html = '<div class="slide">' + "<b><i><span>" * 3000 + "x"
    page, _ = parse(html)
    assert _depth(page.root) == 512
    assert len(page.slide.findall(".//span")) == 3000


def test_one_newline_after_a_pre_start_tag_is_dropped() -> None:
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse import parse_page

    html = (
        '<div class="slide"><pre>\nfirst</pre><pre>\n\nblank first</pre><pre>no newline</pre>'
        "<textarea>\nt</textarea><pre><code>\nkept</code></pre></div>"
    )
    page = parse_page(html, Diagnostics(), Limits())
    pre = page.slide.findall(".//pre")
    assert [p.text for p in pre[:3]] == ["first", "\nblank first", "no newline"]
    assert page.slide.find(".//textarea").text == "t"
    assert pre[3][0].text == "\nkept"  # only directly after <pre>


_MARKUP = st.lists(
    st.sampled_from(["<b>", "<i class=x>", "</b>", "<p>", "</p>", "x", " ", "<!--", "-->", "<"]),
    max_size=60,
).map("".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(markup=_MARKUP, max_elements=st.integers(min_value=1, max_value=400))
def test_pages_skipped_by_the_bracket_count_pass_the_full_scan(
    markup: str, max_elements: int
) -> None:
    """Pages with few `<` are not scanned: the full scan would fail none of them."""
    limits = Limits(max_elements=max_elements)
    if _within_bounds(markup.count("<"), limits):
        _scan_bounds(markup, limits)  # raises PageError past a bound


def test_the_bracket_count_skips_small_pages_only() -> None:
    limits = Limits(max_elements=2000)
    assert _within_bounds(89, limits)  # 2 * 89**2 <= 8 * 2000
    assert not _within_bounds(90, limits)
    assert not _within_bounds(30, Limits(max_elements=20))  # more < than the element limit
