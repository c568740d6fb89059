"""color-mix() in every interpolation space, color(), relative colours, light-dark(), Chromium's
colour syntax and parse-time clamps -> the sRGB colour Chromium paints (expected_colors.json,
recorded by tools/recorders/style_colors.py; an invalid colour leaves the one declared before it)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from style_helpers import decl

_DATA = json.loads((Path(__file__).parent / "expected_colors.json").read_text())


@pytest.mark.parametrize("case", _DATA["cases"], ids=lambda c: c["css"])
def test_color_function_matches_chromium(case: dict) -> None:
    got = decl(f"{_DATA['vars']};{_DATA['before']};color:{case['css']}")["color"]
    r, g, b, a = case["rgba"]
    # The canvas read-back stores premultiplied 8-bit values: translucent channels drift by a few.
    tol = 1 if a == 255 else 3
    assert abs(got.a * 255 - a) <= 1
    if a == 0:
        return  # a transparent pixel reads back as 0, 0, 0: its channels are not recorded
    assert max(abs(got.r - r), abs(got.g - g), abs(got.b - b)) <= tol, got
