"""Bad input never raises: arbitrary CSS text and style attributes; the whole corpus cascades."""

from __future__ import annotations

import glob
import os
import statistics
import sys
import time
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import budget
from engine.diagnostics import Diagnostics
from engine.errors import PageError
from engine.options import Limits
from engine.parse import parse_page
from engine.style import compute_styles
from engine.style.cascade import page_rules
from engine.style.properties import PROPERTIES
from engine.style.shorthands import SHORTHANDS
from engine.style.stylesheet import parse_stylesheet
from engine.style.types import RGBA
from engine.style.uasheets import ua_stylesheet_text
from engine.style.values import Deferred
from tests.requires import corpus_dir, requires_tools

CORPUS = str(corpus_dir())

_CSS_PIECES = st.sampled_from(
    [
        "a", "div", ".x", "#y", " ", "\n", "{", "}", "(", ")", "[", "]", ";", ":", ",", "/", "*", "+",
        "-", "%", "!", "@", '"', "'", "\\", "<", ">", "~", "=", "&", "0", "1.5", "px", "em", "var(",
        "--a", "calc(", "min(", "url(", "rgb(", "#fff", "red", "!important", "@media ", "@supports ",
        "@import ", "@font-face", "@keyframes k", "linear-gradient(", "to right", "at ", "inherit", "none",
        "auto", "\x00", "\ud800", "é", "漢", "/*", "*/", "::before", ":hover", ":nth-child(2n+1)",
        "attr(", "counter(", "content:", "color:", "margin:", "background:", "font:", "grid-area:",
        "transform:", "rotate(", "box-shadow:", "border:", "display:", "flex:",
    ]
)  # fmt: skip
_VALUE_PIECES = st.sampled_from(
    [
        "0", "1", "-2", "2.5", "10px", "-3px", "1.5em", "2rem", "50%", "3vw", "1ex", "auto", "none",
        "normal", "inherit", "initial", "unset", "revert", "red", "#abc", "#12345678", "rgb(1 2 3 / 50%)",
        "hsl(120 50% 50%)", "currentColor", "transparent", "calc(100% - 2em)", "min(1em, 10px)",
        "clamp(1px, 2vw, 3rem)", "var(--a)", "var(--b, 3px)", "var(--zz)", "linear-gradient(45deg, red, blue)",
        "radial-gradient(circle, red 10%, blue)", "url(x.png)", "/", ",", "solid", "bold", "italic", "serif",
        "'Noto Sans'", "center", "left", "top", "cover", "no-repeat", "inset", "flex", "grid", "span 2", "1fr",
        "repeat(3, 1fr)", '"a b"', "attr(data-x)", "counter(c)", "open-quote", "translate(10px, 5%)",
        "rotate(1turn)", "scale(2)", "matrix(1,0,0,1,0,0)", "underline", "x-large", "smaller", "bolder",
        "700", "text", "nowrap", "start", "space-between", "safe", "oklch(0.5 0.1 200)",
        "color-mix(in srgb, red, currentColor)", "calc(var(--a) + 1px)", "-webkit-box", "16/9", "(", ")",
    ]
)  # fmt: skip
_NAMES = st.sampled_from(
    sorted(PROPERTIES) + sorted(SHORTHANDS) + ["--a", "--b", "word-wrap", "bogus"]
)


def _no_deferred(value: Any) -> bool:
    if isinstance(value, Deferred):
        return False
    if isinstance(value, (tuple, frozenset)):
        return all(_no_deferred(v) for v in value)
    return True


def _check_page(html: str) -> None:
    diag = Diagnostics()
    try:
        page = parse_page(html, diag, Limits())
    except PageError:
        return
    styles = compute_styles(page, diag, (1280.0, 720.0))
    for el in page.slide.iter():
        style = styles.get(el)
        assert style is not None
        computed = [style] + [styles.pseudo(el, w) for w in ("before", "after", "marker")]
        for cs in computed:
            if cs is None:
                continue
            for name in PROPERTIES:
                assert _no_deferred(cs[name]), (name, cs[name])
            assert isinstance(cs["font-size"], float)
            assert isinstance(cs["font-weight"], int)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(_CSS_PIECES, max_size=80).map("".join))
def test_arbitrary_css_text_never_raises(css: str) -> None:
    parse_stylesheet(css)
    _check_page(
        f'<!DOCTYPE html><style>{css}</style><div class="slide"><p class="x" id="y">a<span>b</span></p><ul><li>c</li></ul></div>'
    )


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=200))
def test_arbitrary_unicode_css_never_raises(css: str) -> None:
    parse_stylesheet(css)
    _check_page(f'<style>{css}</style><div class="slide"><p>a</p></div>')


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    st.lists(
        st.tuples(_NAMES, st.lists(_VALUE_PIECES, min_size=1, max_size=5).map(" ".join)), max_size=8
    )
)
def test_arbitrary_declarations_never_raise(decls: list[tuple[str, str]]) -> None:
    text = "; ".join(f"{n}: {v}" for n, v in decls)
    attr = text.replace('"', "'")
    html = (
        f"<!DOCTYPE html><style>:root {{ --a: 2px; --b: {decls[0][1] if decls else '1'} }} .slide {{ {text} }}"
        f" p::before, li::marker {{ content: 'x'; {text} }}</style>"
        f'<div class="slide"><p data-x="q" style="{attr}">x<span style="{attr}">y</span></p><ul><li>l</li></ul></div>'
    )
    _check_page(html)


@settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=120))
def test_arbitrary_style_attribute_never_raises(attr: str) -> None:
    quoted = attr.replace('"', "&quot;")
    _check_page(f'<div class="slide" style="{quoted}"><p style="{quoted}">x</p></div>')


DEEP = {
    "width": "p { width: " + "calc(" * 2000 + "1px" + ")" * 2000 + " }",
    "color": ":is(" * 500 + "p" + ")" * 500 + " { color: red }",
    "background-color": ".a { .b { .c { " * 200 + "background: red" + " } } }" * 200,
}
TOO_DEEP = ("css", "stylesheet nested too deeply (rest ignored)", "")


def test_deeply_nested_css_does_not_raise() -> None:
    """In a page (engine.budget's thread and recursion limit) deep but valid CSS parses and
    values nested past MAX_VALUE_DEPTH are invalid; a parse that still runs into the
    interpreter's recursion limit drops the rest of the sheet with a diagnostic."""
    media = "@media screen {" * 300 + "p { color: red }" + "}" * 300
    sheet = budget.run_page(lambda: parse_stylesheet(media), Limits())
    assert sheet.messages == ()
    assert [(r.where, r.block.normal) for r in sheet.rules] == [("p", {"color": RGBA(255, 0, 0)})]
    page = {k: budget.run_page(lambda c=css: parse_stylesheet("h1{color:blue}" + c), Limits())
            for k, css in DEEP.items()}  # fmt: skip
    assert [r.where for r in page["width"].rules] == ["h1"]
    assert [m[1][:26] for m in page["width"].messages] == ["invalid value for 'width':"]
    for name in ("color", "background-color"):
        (rule,) = [r for r in page[name].rules if r.where != "h1"]
        assert rule.block.normal[name] == RGBA(255, 0, 0) and page[name].messages == ()
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # the interpreter's default, outside a page
    try:
        for name, css in DEEP.items():
            sheet = parse_stylesheet("h2 { color: blue } " + css)
            assert TOO_DEEP in sheet.messages, name
            assert [r for r in sheet.rules if r.where != "h2"] == [], name
    finally:
        sys.setrecursionlimit(old)


def test_user_agent_stylesheets_parse_cleanly() -> None:
    for name in ("ua.css", "quirks.css"):
        sheet = parse_stylesheet(ua_stylesheet_text(name))
        assert sheet.messages == ()
        assert len(sheet.rules) >= 4


def test_page_rules_cached_per_sheet_set() -> None:
    assert page_rules(("p{}",), (1280.0, 720.0)) is page_rules(("p{}",), (1280.0, 720.0))


def _corpus_pages() -> list[str]:
    return sorted(glob.glob(os.path.join(CORPUS, "*", "*.html")))


@requires_tools("corpus")
def test_corpus_pages_cascade_without_exceptions() -> None:
    pages = _corpus_pages()
    assert pages, CORPUS
    timings: list[float] = []
    for path in pages:
        with open(path, encoding="utf-8") as fh:
            html = fh.read()
        diag = Diagnostics()
        start = time.perf_counter()
        page = parse_page(html, diag, Limits())
        styles = compute_styles(page, diag, (1280.0, 720.0))
        elapsed = time.perf_counter() - start
        # Warm run: the stylesheet and selector caches are filled now.
        start = time.perf_counter()
        compute_styles(parse_page(html, Diagnostics(), Limits()), Diagnostics(), (1280.0, 720.0))
        timings.append((elapsed, time.perf_counter() - start))  # type: ignore[arg-type]
        slide_style = styles.get(page.slide)
        assert slide_style is not None
        assert isinstance(slide_style["width"], float)  # every corpus slide sets its width in px
        for el in page.slide.iter():
            assert styles.get(el) is not None
            styles.pseudo(el, "before")
            styles.pseudo(el, "after")
            styles.pseudo(el, "marker")
        assert not [d for d in diag.items if d.kind == "css"], (path, diag.items)
    cold = statistics.median(t[0] for t in timings) * 1000  # type: ignore[index]
    warm = statistics.median(t[1] for t in timings) * 1000  # type: ignore[index]
    print(
        f"\nparse+cascade over {len(pages)} corpus pages: median {cold:.2f} ms first run, {warm:.2f} ms warm"
    )


def test_values_nested_past_the_depth_limit_are_invalid_in_linear_time() -> None:
    """Functions nested deeper than MAX_VALUE_DEPTH make the value invalid (any recursion limit:
    pages raise it), shallower nesting still parses."""
    import sys

    from engine.style.declarations import parse_declaration
    from engine.style.syntax import MAX_VALUE_DEPTH

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 16000))
    try:
        deep = "calc(" * 3000 + "1px" + ")" * 3000
        pairs, messages = parse_declaration("width", deep)
        assert pairs == () and any("invalid value" in m[1] for m in messages)
        ok = "calc(" * (MAX_VALUE_DEPTH - 1) + "1px" + ")" * (MAX_VALUE_DEPTH - 1)
        pairs, _ = parse_declaration("width", ok)
        assert [name for name, _ in pairs] == ["width"]
    finally:
        sys.setrecursionlimit(old)
