"""Line fitting in Chromium's units (LayoutUnits of 1/64 px), against Chromium's recorded breaks
(tests/layout/expected_breaks.json) and the fit rule itself."""

from __future__ import annotations

import json

import pytest

from engine.layout.fragments import TextFragment
from engine.layout.inline import fits
from tests.layout.chromium_boxes import page
from tests.layout.chromium_breaks import EXPECTED
from tests.layout.conftest import find_fragment, layout

RECORDED = json.loads(EXPECTED.read_text())
FIT = sorted(name for name in RECORDED if name.startswith("line_fit_"))


def engine_lines(html: str) -> list[str]:
    frag, _x, _y = find_fragment(layout(page(html)), id="a")
    out = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        out.append("".join(i.text for i in items).strip())
    return out


@pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core")
@pytest.mark.parametrize("name", FIT)
def test_lines_break_where_chromium_breaks(name: str) -> None:
    want = [text.strip() for text, _right in RECORDED[name]["lines"]["a"]]
    assert engine_lines(RECORDED[name]["html"]) == want


def test_fit_rule_is_in_layout_units() -> None:
    assert fits(300.015625, 300.0)  # one LayoutUnit over still fits (AvailableWidthToFit)
    assert not fits(300.016, 300.0)  # snapped up to 300.03125: two units over
    assert fits(161.453, 161.4375)
    assert not fits(161.45508, 161.4501)  # the box is 161.4375 in LayoutUnits
    assert fits(100.0, 99.99999999)  # float noise in the available width is not a unit


@pytest.mark.fonts("fonts-liberation")
def test_shrink_to_fit_box_keeps_its_items_on_one_line() -> None:
    # max-content adds each inline item's snapped width, as the line breaker does, so a box
    # sized to it never wraps its own text.
    html = page(
        '<div style="position:absolute;left:0;top:0;font:14px \'Liberation Sans\'">'
        '<div id="a" style="display:inline-block">brown <span>the</span> jinx <b>region</b>'
        " <i>while</i> dog</div></div>"
    )
    assert engine_lines(html) == ["brown the jinx region while dog"]
