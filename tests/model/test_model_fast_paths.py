"""The slide model's fast paths give what the general code gives: cjk_autospace_count without any
CJK character, radius_px for boxes without border-radius."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.diagnostics import Diagnostics
from engine.model.decor import borders
from engine.model.text.metrics import cjk_autospace_count, is_cjk_char, is_weak_char
from engine.style.computed import Ctx, compute_style
from engine.style.declarations import parse_inline_style
from engine.style.types import LP, resolve_length


def _general_count(text: str) -> int:
    count = 0
    prev: bool | None = None
    for ch in text:
        kind = prev if is_weak_char(ch) else is_cjk_char(ch)
        if kind is None:
            continue
        if prev is not None and kind != prev:
            count += 1
        prev = kind
    return count


MIXED = st.text(
    alphabet=st.sampled_from(
        list("ab Z,.\u00e9\u3000\u3001\u30a2\u4e00\uac00\uff01\U00020001\n\t\u201c\u2014")
    ),
    max_size=30,
)


@given(st.one_of(MIXED, st.text(max_size=30)))
@settings(max_examples=300, deadline=None)
def test_cjk_autospace_count_equals_the_general_loop(text: str) -> None:
    assert cjk_autospace_count(text) == _general_count(text)


def test_cjk_autospace_count_exact_values() -> None:
    assert cjk_autospace_count("plain latin, caf\u00e9") == 0
    assert cjk_autospace_count("\u65e5\u672c\u8a9eABC\u6f22\u5b57") == 2
    assert cjk_autospace_count("\u3001 a") == 1  # the space takes the kind before it


def _style(decls: str) -> Any:
    block = parse_inline_style(decls)[0]
    merged = {**block.normal, **block.important}
    return compute_style(merged, None, Ctx((1280.0, 720.0), Diagnostics()), None)


def _general_radii(style: Any, width: float, height: float) -> tuple[float, ...]:
    radii = []
    for key in borders._RADIUS_KEYS:
        value = style[key]
        rx, ry = (value if isinstance(value, tuple) else (value, value))[:2]
        radii.append((resolve_length(rx, width), resolve_length(ry, height)))
    factor = 1.0
    for a_, b_, total in (
        (radii[0][0], radii[1][0], width),
        (radii[3][0], radii[2][0], width),
        (radii[0][1], radii[3][1], height),
        (radii[1][1], radii[2][1], height),
    ):
        if a_ + b_ > total > 0:
            factor = min(factor, total / (a_ + b_))
    return tuple(min(rx, ry) * factor for rx, ry in radii)


@given(
    st.sampled_from(
        [
            "",
            "border-radius: 0",
            "border-radius: 8px",
            "border-radius: 50%",
            "border-top-left-radius: 4px 9px",
        ]
    ),
    st.floats(0, 500),
    st.floats(0, 500),
)
@settings(max_examples=100, deadline=None)
def test_radius_px_equals_the_general_computation(decls: str, w: float, h: float) -> None:
    style = _style(decls)
    assert borders.radius_px(style, w, h) == _general_radii(style, w, h)


def test_radius_px_without_border_radius_is_square() -> None:
    assert borders.radius_px(_style(""), 100.0, 50.0) == (0.0, 0.0, 0.0, 0.0)
    assert borders.radius_px(_style("border-radius: 10px 20%"), 100.0, 50.0) == (
        10.0,
        10.0,
        10.0,
        10.0,
    )
    assert isinstance(_style("border-radius: 20%")["border-top-left-radius"][0], LP)
