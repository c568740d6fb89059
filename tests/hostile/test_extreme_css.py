"""Hypothesis: extreme CSS values (huge and tiny numbers, every unit, calc/var/min/max/clamp) on
random properties give a slide with finite geometry, or the documented page code, never more."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import convert
from engine.errors import PAGE_LIMIT_EXCEEDED
from engine.style.computed import MAX_FONT_SIZE
from engine.style.values import LAYOUT_MAX
from tests.hostile import hostile_pages as hp

PROPERTIES = [
    "width", "height", "min-width", "max-width", "min-height", "margin", "margin-top", "padding",
    "top", "left", "right", "bottom", "inset", "font-size", "line-height", "vertical-align",
    "letter-spacing", "word-spacing", "text-indent", "border-width", "border-radius",
    "border-spacing", "outline-offset", "outline-width", "gap", "row-gap", "flex-basis",
    "flex-grow", "flex-shrink", "flex", "order", "z-index", "opacity", "grid-template-rows",
    "grid-template-columns", "grid-auto-rows", "grid-column", "grid-row", "transform",
    "translate", "scale", "rotate", "box-shadow", "text-shadow", "filter", "tab-size",
    "column-count", "columns", "background-size", "background-position", "aspect-ratio",
    "-webkit-line-clamp", "font-weight", "perspective", "object-position", "text-underline-offset",
]  # fmt: skip
NUMBERS = [
    "1e308", "-1e308", "1e38", "3.4e38", "1e999", "-1e999", "33554432", "2147483648", "1e-308",
    "0", "-0", "0.0000001", "99999999999", "NaN", "infinity", "-infinity",
]  # fmt: skip
UNITS = ["", "px", "%", "em", "rem", "vw", "vh", "vmin", "fr", "pt", "in", "ch", "deg", "s", "x"]
DISPLAYS = ["block", "flex", "grid", "inline-block", "table", "inline-flex", "list-item"]


def assert_slide_or_limit(body: str) -> None:
    """The page converts (finite, bounded geometry) or fails with the limit code only."""
    conv = convert([hp.page("", "<p>x</p>"), hp.page("", body)])
    for failed in conv.failed_page_details:
        assert failed.code == PAGE_LIMIT_EXCEEDED
    for slide in conv.slides:
        for shape in slide["shapes"]:
            for key in ("x", "y", "w", "h"):
                if key in shape:
                    assert math.isfinite(shape[key]) and abs(shape[key]) < 1e13


@st.composite
def value(draw: st.DrawFn, depth: int = 0) -> str:
    number = draw(st.sampled_from(NUMBERS))
    if number in ("NaN", "infinity", "-infinity"):
        plain = f"calc({number} * 1px)"
    else:
        plain = number + draw(st.sampled_from(UNITS))
    if depth > 1:
        return plain
    inner = value(depth=depth + 1)
    kind = draw(st.sampled_from(["plain", "calc", "min", "max", "clamp", "var", "repeat", "pair"]))
    if kind == "calc":
        op = draw(st.sampled_from(["+", "-", "*", "/"]))
        rhs = draw(st.sampled_from(NUMBERS[:10])) if op in "*/" else draw(inner)
        return f"calc({draw(inner)} {op} {rhs})"
    if kind in ("min", "max"):
        return f"{kind}({draw(inner)}, {draw(inner)})"
    if kind == "clamp":
        return f"clamp({draw(inner)}, {draw(inner)}, {draw(inner)})"
    if kind == "var":
        return f"var(--x, {draw(inner)})"
    if kind == "repeat":
        return f"repeat({draw(st.sampled_from(NUMBERS[:8]))}, {draw(inner)})"
    if kind == "pair":
        return f"{draw(inner)} {draw(inner)}"
    return plain


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.lists(
        st.tuples(st.sampled_from(PROPERTIES), value(), st.sampled_from(DISPLAYS)),
        min_size=1,
        max_size=6,
    ),
    value(),
)
def test_extreme_values_give_a_slide_or_the_limit_code(
    decls: list[tuple[str, str, str]], custom: str
) -> None:
    body = "".join(
        f"<div style='display:{display};--x:{custom}'><span style='{prop}:{val}'>a b</span>"
        f"<i style='{prop}:{val}'>c</i></div>"
        for prop, val, display in decls
    )
    assert_slide_or_limit(body)


def test_clamped_computed_values() -> None:
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse import parse_page
    from engine.style import compute_styles
    from engine.style.types import LP

    html = hp.page(
        "",
        "<p id=a style='width:1e308px;margin-left:-1e999px;font-size:1e308px;"
        "line-height:1e308;padding-top:calc(1e38px * 1e38 * 1e38 * 1e38 * 1e38 * 1e38 * 1e38 * 1e38 * 1e38)'>x</p>"
        "<p id=b style='width:1e308%;font-size:1e38em;text-indent:1e308vw;height:-1e308rem'>y</p>",
    )
    page = parse_page(html, Diagnostics(), Limits())
    styles = compute_styles(page, Diagnostics(), (1280.0, 720.0))
    a, b = (styles[page.root.get_element_by_id(i)] for i in "ab")  # type: ignore[attr-defined]
    assert a["width"] == LAYOUT_MAX and a["margin-left"] == -LAYOUT_MAX
    assert a["font-size"] == MAX_FONT_SIZE == 10000.0
    assert a["padding-top"] == LAYOUT_MAX
    assert b["width"] == LP(0.0, LAYOUT_MAX)
    assert b["font-size"] == MAX_FONT_SIZE
    assert b["text-indent"] == LAYOUT_MAX


FUNCTIONAL = [
    "filter: grayscale({v}) brightness({v}) hue-rotate({v}) contrast({v}) invert({v})",
    "filter: sepia({v}) saturate({v}) blur({v}) drop-shadow({v} {v} {v} red)",
    "clip-path: circle({v} at {v} {v})",
    "clip-path: ellipse({v} {v} at {v} {v})",
    "clip-path: polygon({v} {v}, {v} {v}, {v} {v})",
    "clip-path: inset({v} {v} round {v})",
    "clip-path: path('M {n} {n} L {n} {n} C {n} {n} {n} {n} {n} {n} Z')",
    "counter-reset: a {n}; counter-increment: a {n}; counter-set: b {n}",
    "aspect-ratio: {n} / {n}; width: {v}",
    "text-wrap: balance; width: {v}; font-size: {v}",
    "text-wrap: pretty; width: {v}",
    "border-spacing: {v} {v}; border-collapse: separate",
    "text-decoration: underline wavy {v}; text-underline-offset: {v}",
]
INTEGERS = ["0", "-1", "1", "2147483647", "-2147483648", "99999999999999999999", "1e308"]


@st.composite
def functional(draw: st.DrawFn) -> str:
    """A declaration of a function-valued property whose numbers are all extreme."""
    template = draw(st.sampled_from(FUNCTIONAL))
    while "{v}" in template or "{n}" in template:
        if "{v}" in template:
            template = template.replace("{v}", draw(value()), 1)
        else:
            template = template.replace("{n}", draw(st.sampled_from(INTEGERS)), 1)
    return template


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(st.tuples(functional(), st.sampled_from(DISPLAYS)), min_size=1, max_size=4))
def test_extreme_function_arguments_give_a_slide_or_the_limit_code(
    decls: list[tuple[str, str]],
) -> None:
    """Colour filters, clip-path shapes, counters, aspect ratios, balanced text: extreme
    arguments never give anything but a slide or the documented page code."""
    style = "<style>.c::before{content:counters(a, '.') ' ' counter(b, upper-roman)}</style>"
    body = style + "".join(
        f"<div style='display:{display};{decl}'><span class='c' style='{decl}'>a b c d</span>"
        f"<table style='{decl}'><tr><td style='{decl}'>x</td><td>y</td></tr></table></div>"
        for decl, display in decls
    )
    assert_slide_or_limit(body)


def test_a_column_percentage_near_zero_gives_a_slide() -> None:
    """A cell width of 1e-308% makes the table's width estimate 100 / percent infinite: the
    column measures saturate as LayoutUnits do instead of failing the page (50100)."""
    decl = "text-wrap: pretty; width: min(1e308, min(1e-308%, 1e308px))"
    body = (
        f"<div style='{decl}'><table style='{decl}'><tr><td style='{decl}'>x</td>"
        "<td>y</td></tr></table></div>"
    )
    conv = convert([hp.page("", body)])
    assert conv.failed_page_details == []
    assert_slide_or_limit(body)
