"""Inline-start / inline-end properties resolved per element against its own direction, as
Chromium's cascade resolves them (getComputedStyle in Chromium 156 gives these values)."""

from __future__ import annotations

from style_helpers import run


def test_rtl_maps_inline_start_to_the_right() -> None:
    r = run(
        '<div dir="rtl"><ul id="u"><li>x</li></ul>'
        '<p id="a" style="padding-inline-start:10px;margin-inline-end:5px;'
        'border-inline-start:4px solid;inset-inline-start:3px"></p>'
        '<p id="b" style="padding-left:7px;padding-inline-start:20px"></p>'
        '<p id="c" style="padding-inline-start:20px;padding-right:7px"></p>'
        '<p id="d" dir="ltr" style="padding-inline-start:12px"></p></div>'
    )
    assert (r["u"]["padding-left"], r["u"]["padding-right"]) == (0.0, 40.0)
    a = r["a"]
    assert (a["padding-right"], a["margin-left"], a["border-right-width"]) == (10.0, 5.0, 4.0)
    assert a["right"] == 3.0 and a["left"] == "auto"
    assert (r["b"]["padding-left"], r["b"]["padding-right"]) == (7.0, 20.0)
    assert (r["c"]["padding-left"], r["c"]["padding-right"]) == (0.0, 7.0)
    assert (r["d"]["padding-left"], r["d"]["padding-right"]) == (12.0, 0.0)


def test_own_direction_declaration_and_important() -> None:
    r = run(
        '<p id="a" style="direction:rtl;padding-inline:1px 2px"></p>'
        '<p id="b" style="padding-inline-start:9px !important;padding-right:3px"></p>',
        css="#b { direction: rtl }",
    )
    assert (r["a"]["padding-left"], r["a"]["padding-right"]) == (2.0, 1.0)
    assert (r["b"]["padding-left"], r["b"]["padding-right"]) == (0.0, 9.0)
