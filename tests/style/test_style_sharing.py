"""Style sharing in compute_styles: elements (and their pseudo-elements) with the same parent style
and the same matched declarations share one computed style object, equal to what a fresh
computation gives."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.style.cascade as cascade
import engine.style.reuse as reuse
from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import parse_page
from engine.style import compute_styles

VIEWPORT = (1280.0, 720.0)
DECLS = [
    "color: red",
    "color: currentcolor",
    "font-size: 2em",
    "font-size: larger",
    "padding: 1em 5%",
    "border: 1px solid",
    "border-radius: 50%",
    "display: inline-block",
    "display: flex",
    "position: absolute",
    "float: left",
    "--x: 3px",
    "margin-left: var(--x)",
    "width: calc(10px + var(--x, 2px))",
    "text-align: start",
    "direction: rtl",
    "content: attr(data-n)",
    "line-height: 1.5",
    "font-family: monospace",
    "font-size: medium",
    'content: "x"',
]
SELECTORS = [
    "p",
    ".a",
    ".b",
    "span",
    "div > p",
    ".a + .b",
    "p:nth-child(2)",
    "#i",
    "div .a",
    "*",
    "li::marker",
    ".a::marker",
    "p::before",
    ".b::after",
    "div::first-letter",
    "li",
]
PSEUDO = ("before", "after", "marker", "first-letter", "first-line")


@st.composite
def documents(draw: Any) -> str:
    rules = draw(
        st.lists(
            st.tuples(st.sampled_from(SELECTORS), st.lists(st.sampled_from(DECLS), max_size=3)),
            max_size=6,
        )
    )
    css = "".join(f"{sel} {{ {'; '.join(decls)} }}" for sel, decls in rules)

    def element(depth: int) -> str:
        tag = draw(st.sampled_from(["p", "span", "div", "li"]))
        cls = draw(st.sampled_from(["", "a", "b", "a b"]))
        inline = draw(st.sampled_from(["", "", "color: blue", "font-size: 20px"]))
        ident = draw(st.sampled_from(["", "", "i"]))
        attrs = f' class="{cls}" style="{inline}" data-n="{draw(st.integers(0, 3))}"'
        if ident:
            attrs += f' id="{ident}"'
        kids = ""
        if depth < 3:
            kids = "".join(element(depth + 1) for _ in range(draw(st.integers(0, 3))))
        return f"<{tag}{attrs}>t{kids}</{tag}>"

    body = "".join(element(0) for _ in range(draw(st.integers(1, 4))))
    return (
        f"<!DOCTYPE html><html><head><style>{css}</style></head>"
        f'<body><div class="slide" style="width:1280px;height:720px">{body}</div></body></html>'
    )


def _styles(
    html: str, share: bool, monkeypatch: pytest.MonkeyPatch
) -> tuple[list[Any], Any, list[Any]]:
    monkeypatch.setattr(cascade, "SHARE_STYLES", share)
    diag = Diagnostics()
    page = parse_page(html, diag, Limits())
    styles = compute_styles(page, diag, VIEWPORT)
    elements = [el for el in page.root.iter() if isinstance(el.tag, str) and el in styles]
    pseudo = [(el, which, styles.pseudo(el, which)) for el in elements for which in PSEUDO]
    return [(el, styles[el]) for el in elements], diag.to_list(), pseudo


def _same(html: str, monkeypatch: pytest.MonkeyPatch) -> int:
    shared, shared_diag, shared_pseudo = _styles(html, True, monkeypatch)
    fresh, fresh_diag, fresh_pseudo = _styles(html, False, monkeypatch)
    assert len(shared) == len(fresh)
    by_el = {id(el): style for el, style in shared}
    for (el, a), (_, b) in zip(shared, fresh, strict=True):
        assert dict(a) == dict(b), el.tag
        assert (a.keyword, a.logical_align) == (b.keyword, b.logical_align)
        parent = el.getparent()
        expected_parent = by_el.get(id(parent)) if parent is not None else None
        assert a.parent is expected_parent
    assert not any(a is b for (_, a), (_, b) in zip(shared, fresh, strict=True))
    assert shared_diag == fresh_diag
    for (el, which, a), (_, _, b) in zip(shared_pseudo, fresh_pseudo, strict=True):
        assert (a is None) == (b is None), (el.tag, which)
        if a is None or b is None:
            continue
        assert dict(a) == dict(b), (el.tag, which)
        assert (a.keyword, a.logical_align) == (b.keyword, b.logical_align)
        assert a.parent is by_el[id(el)]  # a pseudo-element's parent is its element's style
    return len(shared)


@given(documents())
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_shared_styles_equal_fresh_cascade(monkeypatch: pytest.MonkeyPatch, html: str) -> None:
    _same(html, monkeypatch)


def _count_computations(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one per compute_style call from the cascade."""
    calls: list[int] = []
    original = cascade.compute_style

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(cascade, "compute_style", counting)
    return calls


def _list_page(tag: str, css: str) -> str:
    """A list of ten items: five plain, five of class n with data-n 0..4."""
    items = "".join(f'<li>{i}</li><li class="n" data-n="{i}">x</li>' for i in range(5))
    return (
        f"<html><head><style>{css}</style></head>"
        f'<body><{tag} class="slide">{items}</{tag}></body></html>'
    )


def test_siblings_share_and_attr_content_does_not(monkeypatch: pytest.MonkeyPatch) -> None:
    html = _list_page("ul", "li { color: red; padding: 1em } .n { content: attr(data-n) }")
    calls = _count_computations(monkeypatch)
    assert _same(html, monkeypatch) == 13
    calls.clear()
    reuse.clear()  # count one page's computations, not reuse from the pages before
    _styles(html, True, monkeypatch)
    # html, body, ul, one plain li, five li.n (content: attr() is per element); the ::marker
    # once for the plain items and once per li.n (each has its own, unshared style)
    assert len(calls) == 3 + 1 + 5 + 1 + 5
    shared, _, _ = _styles(html, True, monkeypatch)
    contents = [s["content"] for el, s in shared if el.get("class") == "n"]
    assert contents == [(str(i),) for i in range(5)]
    plain = [s for el, s in shared if el.tag == "li" and el.get("class") != "n"]
    assert len(plain) == 5 and len({id(s) for s in plain}) == 1  # one object for the five


def test_list_item_markers_share_one_computation(monkeypatch: pytest.MonkeyPatch) -> None:
    html = _list_page("ol", "li::marker { color: red } .n::before { content: attr(data-n) }")
    _same(html, monkeypatch)
    calls = _count_computations(monkeypatch)
    reuse.clear()  # count one page's computations, not reuse from the pages before
    _, _, pseudo = _styles(html, True, monkeypatch)
    # html, body, ol, one li for all ten (.n matches only as ::before); one ::marker for all
    # ten; five ::before (attr() is per element)
    assert len(calls) == 4 + 1 + 5
    markers = [style for _, which, style in pseudo if which == "marker" and style is not None]
    assert len(markers) == 10 and len({id(m) for m in markers}) == 1  # one shared object
    befores = [style["content"] for _, which, style in pseudo if which == "before" and style]
    assert befores == [(str(i),) for i in range(5)]
