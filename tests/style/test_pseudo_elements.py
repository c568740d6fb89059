"""::before / ::after / ::marker styles and generated content."""

from __future__ import annotations

from style_helpers import run

from engine.style.types import RGBA

RED = RGBA(255, 0, 0)


def test_before_after_content_strings_and_attr() -> None:
    css = (
        '#t::before { content: "A" attr(data-x) "\\2022  B" "\\41x"; color: red; padding-left: 1em }'
        "#t::after { content: 'z' } #t { font-size: 10px; color: blue }"
    )
    r = run('<p id="t" data-x="XX">p</p>', css)
    before = r.pseudo("t", "before")
    assert before is not None
    assert before["content"] == (
        "A",
        "XX",
        "\u2022 B",
        "Ax",
    )  # one space after a hex escape is eaten
    assert before["color"] == RED
    assert before["padding-left"] == 10.0
    assert before["font-size"] == 10.0  # inherited from the element
    after = r.pseudo("t", "after")
    assert after is not None and after["content"] == ("z",)
    assert after["color"] == RGBA(0, 0, 255)


def test_legacy_single_colon_syntax() -> None:
    r = run('<p id="t">p</p>', '#t:before { content: "b" } #t:after { content: "a" }')
    before = r.pseudo("t", "before")
    after = r.pseudo("t", "after")
    assert before is not None and before["content"] == ("b",)
    assert after is not None and after["content"] == ("a",)


def test_no_box_without_content() -> None:
    css = "#a::before { color: red } #b::before { content: none } #c::after { content: normal } #d::before { content: '' }"
    r = run('<p id="a">a</p><p id="b">b</p><p id="c">c</p><p id="d">d</p><p id="e">e</p>', css)
    assert r.pseudo("a", "before") is None
    assert r.pseudo("b", "before") is None
    assert r.pseudo("c", "after") is None
    d = r.pseudo("d", "before")
    assert d is not None and d["content"] == ("",)
    assert r.pseudo("e", "before") is None
    assert r.pseudo("e", "selection") is None


def test_pseudo_cascade_specificity_and_important() -> None:
    css = (
        ".x::before { content: '1'; color: red !important }"
        "#t::before { content: '2'; color: blue }"
        "p::before { content: '3' }"
    )
    r = run('<p id="t" class="x">p</p>', css)
    before = r.pseudo("t", "before")
    assert before is not None
    assert before["content"] == ("2",)
    assert before["color"] == RED


def test_counters_and_quotes() -> None:
    css = "#t::before { content: counter(item) '. ' counters(sec, '.', upper-roman) open-quote } #t::after { content: close-quote no-close-quote }"
    r = run('<p id="t">p</p>', css)
    before = r.pseudo("t", "before")
    assert before is not None
    assert before["content"] == (
        ("counter", "item", "decimal"),
        ". ",
        ("counters", "sec", ".", "upper-roman"),
        ("quote", "open-quote", "auto"),
    )
    after = r.pseudo("t", "after")
    assert after is not None
    assert after["content"] == (
        ("quote", "close-quote", "auto"),
        ("quote", "no-close-quote", "auto"),
    )
    # the quotes value rides along: the box builder draws the pair at the quote depth
    r2 = run("<p id=\"t\" style=\"quotes: '«' '»'\">p</p>", "#t::before { content: open-quote }")
    b2 = r2.pseudo("t", "before")
    assert b2 is not None and b2["content"] == (("quote", "open-quote", (("«", "»"),)),)


def test_q_element_quotes_from_user_agent() -> None:
    r = run('<q id="q">x</q>')
    before = r.pseudo("q", "before")
    after = r.pseudo("q", "after")
    assert before is not None and before["content"] == (("quote", "open-quote", "auto"),)
    assert after is not None and after["content"] == (("quote", "close-quote", "auto"),)


def test_pseudo_elements_are_blockified_and_flex_items() -> None:
    css = "#t { display: flex } #t::before { content: 'x' } #u::after { content: 'y'; position: absolute; display: inline }"
    r = run('<div id="t">a</div><div id="u">b</div>', css)
    before = r.pseudo("t", "before")
    after = r.pseudo("u", "after")
    assert before is not None and before["display"] == "block"
    assert after is not None and after["display"] == "block"


def test_marker_for_list_items_only() -> None:
    css = "li::marker { color: red; font-size: 20px } #n::marker { color: blue }"
    r = run(
        '<ul><li id="a">a</li><li id="b" style="list-style: none">b</li></ul><div id="n">n</div><ol><li id="c" style="color: green">c</li></ol>',
        css,
    )
    marker = r.pseudo("a", "marker")
    assert marker is not None
    assert marker["color"] == RED
    assert marker["font-size"] == 20.0
    assert marker["white-space"] == "pre"
    assert r.pseudo("b", "marker") is not None  # list-style none: still a list item, no marker text
    assert r.pseudo("n", "marker") is None
    plain = r.pseudo("c", "marker")
    assert plain is not None and plain["color"] == RED


def test_marker_inherits_from_its_item() -> None:
    r = run(
        '<ul><li id="a" style="color: rgb(1, 2, 3); font-weight: 700; text-transform: uppercase">a</li></ul>'
    )
    marker = r.pseudo("a", "marker")
    assert marker is not None
    assert marker["color"] == RGBA(1, 2, 3)
    assert marker["font-weight"] == 700
    assert marker["text-transform"] == "none"


def test_marker_content() -> None:
    r = run('<ul><li id="a">a</li></ul>', "li::marker { content: '→ ' }")
    marker = r.pseudo("a", "marker")
    assert marker is not None and marker["content"] == ("→ ",)


def test_pseudo_var_and_custom_properties() -> None:
    r = run(
        '<p id="t">p</p>',
        ":root { --mark: '*' } #t::before { --c: red; content: var(--mark); color: var(--c) }",
    )
    before = r.pseudo("t", "before")
    assert before is not None
    assert before["content"] == ("*",)
    assert before["color"] == RED


def test_pseudo_results_cached() -> None:
    r = run('<p id="t">p</p>', "#t::before { content: 'x' }")
    assert r.pseudo("t", "before") is r.pseudo("t", "before")
