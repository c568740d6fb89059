"""Colour syntaxes -> RGBA."""

from __future__ import annotations

import pytest
from style_helpers import decl

from engine.style.colors import SYSTEM_COLORS, parse_color
from engine.style.syntax import tokenize
from engine.style.types import RGBA


@pytest.mark.parametrize(
    ("text", "rgba"),
    [
        ("#abc", RGBA(0xAA, 0xBB, 0xCC, 1.0)),
        ("#ABCD", RGBA(0xAA, 0xBB, 0xCC, round(0xDD / 255, 4))),
        ("#102030", RGBA(16, 32, 48, 1.0)),
        ("#10203080", RGBA(16, 32, 48, round(128 / 255, 4))),
        ("rgb(255, 0, 10)", RGBA(255, 0, 10, 1.0)),
        ("rgba(255, 0, 10, .5)", RGBA(255, 0, 10, 0.5)),
        ("rgba(255, 0, 10, 50%)", RGBA(255, 0, 10, 0.5)),
        ("rgb(100%, 50%, 0%)", RGBA(255, 128, 0, 1.0)),
        ("rgb(10 20 30)", RGBA(10, 20, 30, 1.0)),
        ("rgb(10 20 30 / 0.25)", RGBA(10, 20, 30, 0.25)),
        ("rgba(10 20 30 / 40%)", RGBA(10, 20, 30, 0.4)),
        ("rgb(300 -5 127.5)", RGBA(255, 0, 128, 1.0)),
        ("rgb(none 20 30)", RGBA(0, 20, 30, 1.0)),
        ("hsl(120, 100%, 25%)", RGBA(0, 128, 0, 1.0)),
        ("hsl(120deg 100% 25%)", RGBA(0, 128, 0, 1.0)),
        ("hsla(240, 100%, 50%, .3)", RGBA(0, 0, 255, 0.3)),
        ("hsl(240 100% 50% / 25%)", RGBA(0, 0, 255, 0.25)),
        ("hsl(0.5turn 100% 50%)", RGBA(0, 255, 255, 1.0)),
        ("hsl(30 80% 60%)", RGBA(235, 153, 71, 1.0)),
        ("hwb(200 10% 20%)", RGBA(26, 145, 204, 1.0)),
        ("hwb(0 60% 60%)", RGBA(128, 128, 128, 1.0)),
        ("oklch(0.7 0.15 200)", RGBA(0, 185, 195, 1.0)),
        # Expected values below were read back from Chromium (canvas fill + getImageData).
        ("oklab(0.5 0.1 -0.1)", RGBA(129, 69, 154, 1.0)),
        ("oklch(0.9 0.3 140)", RGBA(75, 255, 0, 1.0)),
        ("oklch(62.8% 0.2577 29.23)", RGBA(255, 0, 0, 1.0)),
        ("lab(50 40 -20)", RGBA(171, 90, 154, 1.0)),
        ("lch(53.24 104.55 40)", RGBA(250, 0, 7, 1.0)),
        ("lch(60 50 120)", RGBA(118, 156, 62, 1.0)),
        ("color-mix(in oklab, red, blue)", RGBA(140, 83, 162, 1.0)),
        ("color-mix(in srgb, red 30%, blue)", RGBA(77, 0, 179, 1.0)),
        ("color-mix(in srgb, red, transparent)", RGBA(255, 0, 0, 0.5)),
        ("rebeccapurple", RGBA(102, 51, 153, 1.0)),
        ("ReD", RGBA(255, 0, 0, 1.0)),
        ("transparent", RGBA(0, 0, 0, 0.0)),
        ("Canvas", RGBA(255, 255, 255, 1.0)),
    ],
)
def test_color_syntaxes(text: str, rgba: RGBA) -> None:
    assert decl(f"color: {text}")["color"] == rgba


def _color(text: str) -> object:
    return parse_color(tokenize(text)[0])


def test_css_named_colors() -> None:
    assert _color("aliceblue") == RGBA(240, 248, 255)
    assert _color("YellowGreen") == RGBA(154, 205, 50)
    assert _color("grey") == _color("gray") == RGBA(128, 128, 128)
    assert _color("rebeccapurple") == RGBA(102, 51, 153)


def test_system_colors() -> None:
    assert set(SYSTEM_COLORS) >= {
        "canvas", "canvastext", "linktext", "visitedtext", "activetext", "buttonface",
        "buttontext", "buttonborder", "field", "fieldtext", "highlight", "highlighttext",
        "selecteditem", "selecteditemtext", "mark", "marktext", "graytext", "accentcolor",
        "accentcolortext",
    }  # fmt: skip
    assert _color("LinkText") == RGBA(0, 0, 0xEE)
    assert _color("-webkit-link") == RGBA(0, 0, 0xEE)


@pytest.mark.parametrize(
    "text",
    [
        "#ab",
        "#abcde",
        "#ggg",
        "rgb(1, 2)",
        "rgb(1 2 3 4)",
        "hsl(a b c)",
        "notacolor",
        "12",
        "rgb(1, 2 3)",
    ],
)
def test_invalid_colors(text: str) -> None:
    assert parse_color(tokenize(text)[0]) is None


def test_invalid_color_declaration_is_dropped() -> None:
    assert decl("color: red; color: rgb(1, 2)")["color"] == RGBA(255, 0, 0)


def test_current_color_mix() -> None:
    s = decl("color: blue; background-color: color-mix(in srgb, currentColor 50%, white)")
    assert s["background-color"] == RGBA(128, 128, 255, 1.0)


def test_rgba_hex_property() -> None:
    assert RGBA(1, 171, 255).hex == "01ABFF"
