"""Rule buckets: a page tries only the selectors whose rightmost id, class or tag occurs in it,
and gets the same styles (and diagnostics) as when every selector is tried."""

from __future__ import annotations

import glob
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

import engine.style.cascade as cascade
from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import parse_page
from engine.style import compute_styles
from engine.style.buckets import bucket_key, rule_buckets
from engine.style.cascade import page_rules
from engine.style.selectors import ElementIndex, compile_selector_list
from tests.requires import corpus_dir, requires_tools
from tests.style.test_style_sharing import PSEUDO, documents

VIEWPORT = (1280.0, 720.0)
SAMPLES = Path(__file__).resolve().parents[2] / "engine" / "data" / "sample"


def _one(text: str) -> Any:
    (selector,), _ = compile_selector_list(text)
    return selector


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("p", ("tag", "p")),
        ("#main", ("id", "main")),
        ("div#main.a", ("id", "main")),
        (".a.b", ("class", "a")),
        ("ul > li.item", ("class", "item")),  # a chain: its rightmost compound
        ("section .df-list li", ("tag", "li")),
        ("li::marker", ("tag", "li")),
        (".df-list li::marker", ("tag", "li")),
        ("tr:nth-child(even) td", ("tag", "td")),  # structural: its rightmost compound
        ("h2 + p.note", ("class", "note")),
        ("*", None),
        ("::before", None),
        ("a[href]", None),  # matched through XPath alone: tried on every page
        ("p:not(.x)", None),
    ],
)
def test_bucket_key_is_the_rightmost_id_class_or_tag(text: str, key: Any) -> None:
    assert bucket_key(_one(text)) == key


def _index(html: str) -> ElementIndex:
    page = parse_page(html, Diagnostics(), Limits())
    return ElementIndex([*page.slide.iterancestors(), *page.slide.iter()])


def test_positions_keep_cascade_order_and_drop_absent_keys() -> None:
    texts = ["*", ".x", "p", "#nope", ".a li", "a[href]", ".b", "li"]
    buckets = rule_buckets([_one(t) for t in texts])
    index = _index('<div class="slide"><p class="b">x</p></div>')
    assert [texts[n] for n in buckets.positions(index)] == ["*", "p", "a[href]", ".b"]
    index = _index('<div class="slide"><ul class="a"><li id="nope">x</li></ul></div>')
    assert [texts[n] for n in buckets.positions(index)] == [
        "*",
        "#nope",
        ".a li",
        "a[href]",
        "li",
    ]


def test_cached_rules_serve_each_page_by_its_own_elements() -> None:
    """The rules are parsed once for a stylesheet; which of them a page tries depends on the
    page: a page with a class gets its rule, a page without it does not."""
    css = ".hot { color: red } p { color: blue }"
    colors = []
    for body in ('<p class="hot">x</p>', "<p>x</p>", '<p class="hot">x</p>'):
        html = f'<html><head><style>{css}</style></head><body><div class="slide">{body}</div>'
        diag = Diagnostics()
        page = parse_page(html + "</body></html>", diag, Limits())
        styles = compute_styles(page, diag, VIEWPORT)
        colors.append(str(styles[page.slide[0]]["color"]))
    assert page_rules((css,), VIEWPORT) is page_rules((css,), VIEWPORT)
    assert colors[0] == colors[2] != colors[1]


def _styles(html: str, bucket: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, ...]:
    monkeypatch.setattr(cascade, "BUCKET_RULES", bucket)
    diag = Diagnostics()
    page = parse_page(html, diag, Limits())
    styles = compute_styles(page, diag, VIEWPORT)
    elements = [el for el in page.root.iter() if isinstance(el.tag, str) and el in styles]
    plain = [(el.tag, dict(styles[el])) for el in elements]
    pseudo = [
        (el.tag, which, None if found is None else dict(found))
        for el in elements
        for which in PSEUDO
        for found in [styles.pseudo(el, which)]
    ]
    return plain, pseudo, diag.to_list()


def _same(html: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _styles(html, True, monkeypatch) == _styles(html, False, monkeypatch)


@given(documents())
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_bucketed_rules_equal_every_rule(monkeypatch: pytest.MonkeyPatch, html: str) -> None:
    _same(html, monkeypatch)


def test_sample_pages_style_alike_with_buckets(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = sorted(SAMPLES.glob("*.html"))
    assert pages
    for path in pages:
        _same(path.read_text(encoding="utf-8"), monkeypatch)


@requires_tools("corpus")
def test_corpus_pages_style_alike_with_buckets(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = sorted(glob.glob(os.path.join(str(corpus_dir()), "*", "*.html")))
    assert pages
    for path in pages:
        with open(path, encoding="utf-8") as handle:
            _same(handle.read(), monkeypatch)
