"""Text decorations a:rPr cannot express (engine/model/text/decoration_lines.py): overline, a line-through
of another colour or thickness, underlines with a thickness / offset / position, drawn as
rectangles where Chromium paints them (tools/recorders/model_text_decor.py); plain ones stay run props."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.options import Options
from engine.pipeline import convert_page
from tests.model.chromium_text_decor import FIXTURES, page

EXPECTED = json.loads((Path(__file__).parent / "expected_text_decor.json").read_text())


def decoration_shapes(slide: dict[str, Any]) -> list[dict[str, Any]]:
    names = (" overline", " underline", " line-through")
    return [s for s in slide["shapes"] if s.get("name", "").endswith(names)]


def runs(slide: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        r
        for s in slide["shapes"]
        if s.get("kind") == "text"
        for p in s["text"]["paragraphs"]
        for r in p["runs"]
        if "text" in r
    ]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_decoration_rect_matches_chromium(name: str) -> None:
    recorded = EXPECTED[name]
    assert recorded["html"] == FIXTURES[name], "fixture changed: record it again (tools/recorders)"
    slide = convert_page(page(FIXTURES[name]), Options()).slide
    (shape,) = decoration_shapes(slide)
    x0, y0, x1, y1 = recorded["bbox"]
    # text-underline-position: under sits on Chromium's content-area bottom, which also holds
    # the font's line gap (Liberation Sans: 1 px more than the rounded descent used here)
    slack = 1.0 if name.startswith("under_under_liberation") else 0.0
    assert abs(shape["y"] - y0) <= slack and shape["h"] == pytest.approx(y1 - y0)
    assert abs(shape["x"] - x0) <= 0.5 and abs(shape["x"] + shape["w"] - x1) <= 1.0
    assert shape["fill"]["color"] == "FF0000"
    assert not any(r.get("underline") or r.get("strike") for r in runs(slide))


def test_grey_strike_over_red_price_is_a_shape() -> None:
    html = '<p style="color:#c00">Now <s style="text-decoration-color:#888">$99</s></p>'
    slide = convert_page(page(html), Options()).slide
    (shape,) = decoration_shapes(slide)
    assert shape["fill"]["color"] == "888888" and shape["name"].endswith(" line-through")
    assert not any(r.get("strike") for r in runs(slide))
    # painted over the text: after the paragraph's text box
    kinds = [s.get("kind") for s in slide["shapes"]]
    assert kinds.index("text") < slide["shapes"].index(shape)


def test_plain_underline_and_strike_stay_run_properties() -> None:
    html = '<p>a <u>b</u> <s>c</s> <s style="text-decoration-color:#000">d</s></p>'
    slide = convert_page(page(html), Options()).slide
    assert decoration_shapes(slide) == []
    by_text = {r["text"]: r for r in runs(slide)}
    assert by_text["b"]["underline"] is True
    assert by_text["c"]["strike"] is True and by_text["d"]["strike"] is True
