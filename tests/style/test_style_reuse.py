"""Computed styles reused across pages: a page whose elements have the same parent styles and
declaration blocks as an earlier page's gets the same style objects, with the values (and the
diagnostics) a fresh computation gives; anything else a style depends on is not served from the
kept styles."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine.style.cascade as cascade
import engine.style.reuse as reuse
from engine import budget
from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import parse_page
from engine.style import compute_styles
from tests.style.test_style_sharing import documents

VIEWPORT = (1280.0, 720.0)


def _page(body: str, css: str, slide_style: str = "") -> str:
    return (
        f"<html><head><style>{css}</style></head><body>"
        f'<div class="slide" style="{slide_style}">{body}</div></body></html>'
    )


def _run(
    html: str, viewport: tuple[float, float] = VIEWPORT, limits: Limits | None = None
) -> tuple[list[tuple[str, Any]], list[Any], Any]:
    limits = limits or Limits()
    diag = Diagnostics()
    page = parse_page(html, diag, limits)
    token = budget._local.__dict__.get("budget")
    budget._local.budget = budget.PageBudget(limits, 1e9, budget.DeckBudget())
    try:
        styles = compute_styles(page, diag, viewport)
    finally:
        budget._local.budget = token
    elements = [el for el in page.slide.iter() if isinstance(el.tag, str)]
    return [(el.tag, styles[el]) for el in elements], diag.to_list(), page


def _fresh(html: str, monkeypatch: pytest.MonkeyPatch, **kw: Any) -> Any:
    with monkeypatch.context() as patch:
        patch.setattr(cascade, "SHARE_STYLES", False)
        return _run(html, **kw)


def _values(found: list[tuple[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    return [(tag, dict(style)) for tag, style in found]


CSS = ".a { padding: 1em; color: red } p { margin-left: var(--x, 3px) } .b { width: 50vw }"
BODY = '<p class="a">x</p><p>y</p><div class="b"><p>z</p></div>'


def test_a_later_page_gets_the_same_style_objects() -> None:
    reuse.clear()
    first, _, _ = _run(_page(BODY, CSS))
    second, _, _ = _run(_page(BODY + "<p>more</p>", CSS))
    assert all(a is b for (_, a), (_, b) in zip(first, second, strict=False))


def test_reused_styles_equal_fresh_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    reuse.clear()
    _run(_page(BODY, CSS))
    html = _page(BODY + '<p class="a">again</p>', CSS)
    found, diag, _ = _run(html)
    fresh, fresh_diag, _ = _fresh(html, monkeypatch)
    assert _values(found) == _values(fresh) and diag == fresh_diag


@pytest.mark.parametrize(
    ("change", "other"),
    [
        ("viewport", {"viewport": (1000.0, 600.0)}),  # vw
        ("var limit", {"limits": Limits(max_var_bytes=2)}),  # var() over the limit
    ],
)
def test_what_else_a_style_depends_on_is_not_served(
    monkeypatch: pytest.MonkeyPatch, change: str, other: dict[str, Any]
) -> None:
    css = ".b { width: 50vw } p { --x: 12px; margin-left: var(--x) }"
    html = _page('<div class="b"><p>z</p></div>', css)
    reuse.clear()
    before, _, _ = _run(html)
    after, diag, _ = _run(html, **other)
    fresh, fresh_diag, _ = _fresh(html, monkeypatch, **other)
    assert _values(after) == _values(fresh) != _values(before), change
    assert diag == fresh_diag


def test_root_font_size_and_parent_style_are_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    css = "p { padding: 1rem; font-size: 2em }"
    reuse.clear()
    _run(_page("<p>x</p>", css))
    for html in (
        _page("<p>x</p>", css + " html { font-size: 20px }"),  # another root font size
        _page("<p>x</p>", css, slide_style="font-size: 30px"),  # another parent style
    ):
        found, _, _ = _run(html)
        fresh, _, _ = _fresh(html, monkeypatch)
        assert _values(found) == _values(fresh)


def test_messages_are_reported_again_on_later_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """What computing a style reported is reported on every page that reuses it, for that
    page's element, also when the first page had reported it already for another element."""
    css = ".a { margin-left: var(--missing) } .b { margin-left: var(--missing) }"
    reuse.clear()
    first = _page('<p class="a" id="one">x</p><p class="b" id="two">y</p>', css)
    _run(first)
    for body in ('<p class="b" id="three">y</p>', '<p class="a" id="four">x</p>'):
        html = _page(body, css)
        _, diag, _ = _run(html)
        _, fresh_diag, _ = _fresh(html, monkeypatch)
        assert diag == fresh_diag and len(diag) == 1, diag
        assert str(body.split('id="')[1].split('"')[0]) in str(diag[0])


def test_attr_content_is_never_reused() -> None:
    css = "p::before { content: attr(data-n) } .n { content: attr(data-n) }"
    reuse.clear()
    _run(_page('<p class="n" data-n="1">x</p>', css))
    found, _, page = _run(_page('<p class="n" data-n="2">x</p>', css))
    assert found[1][1]["content"] == ("2",)


def test_the_kept_styles_are_bounded() -> None:
    reuse.clear()
    for n in range(3 * 2048 // 100 + 2):
        body = "".join(f'<p style="padding-left: {n * 100 + i}px">x</p>' for i in range(100))
        _run(_page(body, "p { color: red }"))
    kept = reuse._KEPT
    assert len(kept.young) + len(kept.old) <= 2 * kept.size


@given(st.lists(documents(), min_size=2, max_size=4))
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_pages_in_sequence_style_as_fresh_pages(
    monkeypatch: pytest.MonkeyPatch, pages: list[str]
) -> None:
    for html in pages + pages[::-1]:
        found, diag, _ = _run(html)
        fresh, fresh_diag, _ = _fresh(html, monkeypatch)
        assert _values(found) == _values(fresh)
        assert [(s.keyword, s.logical_align) for _, s in found] == [
            (s.keyword, s.logical_align) for _, s in fresh
        ]
        assert diag == fresh_diag
