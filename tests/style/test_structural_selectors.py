"""Structural selectors (+, ~, :nth-*(), :first-*): the memoised matcher agrees with cssselect's
XPath on every element, and stays linear on thousands of siblings."""

from __future__ import annotations

import cssselect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree
from lxml import html as lxml_html

from engine.style.selectors import ElementIndex, compile_selector_list, match

SELECTORS = [
    "li + li",
    "li ~ li",
    ".a ~ .b",
    ".a + .b",
    "p ~ span + .c",
    "div > .a ~ span",
    "div .b + *",
    "li:nth-child(2n+1)",
    "li:nth-child(-n+3)",
    "li:nth-child(3)",
    "span:nth-last-child(2)",
    "b:nth-of-type(2)",
    "span:nth-last-of-type(odd)",
    ".a:first-child",
    "li:last-child",
    "b:only-child",
    "span:first-of-type",
    "span:last-of-type",
    "i:only-of-type",
    "p:empty",
    ".a:not(:first-child)",
    "li:not(.a) + li.b",
    "[data-x] ~ [data-x='2']",
    "[class^=a] + [class$=b]",
    "div:nth-child(even) > span:nth-child(odd)",
    "*:first-child + *",
]


def _doc(shape: list[tuple[int, int]]) -> etree._Element:
    tags = ["li", "span", "p", "b", "i", "div"]
    classes = ["", "a", "b", "c", "a b"]
    body = []
    for i, (t, c) in enumerate(shape):
        tag = tags[t % len(tags)]
        cls = classes[c % len(classes)]
        attrs = f" class='{cls}'" if cls else ""
        if i % 3 == 0:
            attrs += f" data-x='{i % 4}'"
        inner = "" if (t + c) % 4 == 0 else "<span class='a'>x</span><b>y</b>"
        body.append(f"<{tag}{attrs}>{inner}</{tag}>")
    html = f"<html><body><div class='slide'><div>{''.join(body)}</div><ul><li>1</li><li class='b'>2</li></ul></div></body></html>"
    return lxml_html.document_fromstring(html)


def _check(root: etree._Element, selector: str) -> None:
    elements = list(root.iter(etree.Element))
    (compiled,), _ = compile_selector_list(selector)
    assert compiled.structural is not None, selector
    ours = set(match(compiled, root, ElementIndex(elements)))
    xpath = etree.XPath(cssselect.HTMLTranslator().css_to_xpath(selector))
    assert ours == set(xpath(root)), selector


@pytest.mark.parametrize("selector", SELECTORS)
def test_structural_matcher_agrees_with_xpath(selector: str) -> None:
    _check(_doc([(i * 7 % 11, i * 5 % 7) for i in range(40)]), selector)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 10), st.integers(0, 10)), max_size=25),
    st.sampled_from(SELECTORS),
)
def test_structural_matcher_agrees_on_random_trees(
    shape: list[tuple[int, int]], selector: str
) -> None:
    _check(_doc(shape), selector)


def test_unsupported_structural_selectors_stay_xpath() -> None:
    (compiled,), _ = compile_selector_list("li:has(b) + li")
    assert compiled.structural is None and compiled.xpath is not None
