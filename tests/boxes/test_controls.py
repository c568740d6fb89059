"""Form controls: boxes laid out as Chromium lays them out (expected_controls.json, recorded by
tools/recorders/boxes_controls.py) and the native shapes and text the slide model draws for them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.layout.fragments import BoxFragment
from engine.options import Options
from engine.pipeline import convert_page, layout_html
from tests.boxes.chromium_controls import FIXTURES, PAGE

HERE = Path(__file__).resolve().parent
EXPECTED = json.loads((HERE / "expected_controls.json").read_text())


def _rects(frag: BoxFragment, x: float = 0.0, y: float = 0.0) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    fx, fy = x + frag.x, y + frag.y
    el = frag.box.element
    if el is not None and el.get("id"):
        out[el.get("id")] = [fx, fy, frag.width, frag.height]
    for child in frag.children:
        out.update(_rects(child, fx, fy))
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                out.update(_rects(item, fx + line.x, fy + line.y))
    return out


def _page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


# Blink's widest-glyph width is not the head table's bounding box for every font: DejaVu Sans
# text fields come out 3px narrower here (Liberation Sans / Arial ones are exact).
KNOWN_GAPS = {("text_fields", "d"): 3.5}


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_control_boxes_match_chromium(name: str) -> None:
    got = _rects(layout_html(_page(FIXTURES[name]), Options(viewport=(640, 360))))
    for ident, want in EXPECTED[name]["rects"].items():
        tolerance = KNOWN_GAPS.get((name, ident), 0.6)
        assert got[ident] == pytest.approx(want, abs=tolerance), (ident, got[ident], want)


def _shapes(snippet: str) -> list[dict[str, Any]]:
    result = convert_page(_page(snippet), Options(viewport=(640, 360)))
    return list(result.slide["shapes"])


def _runs(shapes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    runs = []
    for shape in shapes:
        body = shape.get("text")
        for para in (body or {}).get("paragraphs", []):
            runs.extend(r for r in para["runs"] if r.get("text"))
    return runs


def test_value_and_placeholder_are_text_placeholder_grey() -> None:
    runs = _runs(_shapes('<input value="Ada"><input placeholder="you@x.com" style="color:red">'))
    by_text = {r["text"]: r for r in runs}
    assert by_text["Ada"]["color"] == "000000"
    assert by_text["you@x.com"]["color"] == "757575"


def test_input_button_labels_and_selected_option() -> None:
    snippet = (
        "<input type=submit><input type=reset><input type=button value=Go>"
        "<select><option>One</option><option selected>Two</option></select>"
    )
    texts = [r["text"] for r in _runs(_shapes(snippet))]
    assert texts == ["Submit", "Reset", "Go", "Two"]


def test_native_look_is_a_thin_rounded_frame_unless_author_styled() -> None:
    native = [s for s in _shapes("<input value=a>") if s.get("line")]
    assert len(native) == 1
    assert native[0]["line"]["width"] == 1.0 and native[0]["line"]["color"] == "767676"
    assert native[0]["geom"] == "roundRect"
    styled = [s for s in _shapes('<input value=a style="border:3px solid #f00">') if s.get("line")]
    assert styled[0]["line"]["width"] == 3.0 and styled[0]["geom"] == "rect"


def test_checked_checkbox_is_accent_box_with_white_check() -> None:
    shapes = _shapes('<input type=checkbox checked style="accent-color:#2563eb">')
    box, check = shapes[-2], shapes[-1]
    assert (box["geom"], box["fill"]["color"], box["line"]["color"]) == (
        "roundRect",
        "2563EB",
        "2563EB",
    )
    assert check["geom"] == "custom" and check["fill"]["color"] == "FFFFFF"


def test_light_accent_gets_dark_check() -> None:
    shapes = _shapes('<input type=checkbox checked style="accent-color:#10b981">')
    assert shapes[-1]["fill"]["color"] == "3B3B3B"


def test_unchecked_radio_is_framed_white_circle() -> None:
    (circle,) = _shapes("<input type=radio>")
    assert circle["geom"] == "ellipse"
    assert circle["fill"]["color"] == "FFFFFF"
    assert circle["line"]["color"] == "767676"


def test_meter_region_colour() -> None:
    shapes = _shapes("<meter min=0 max=10 low=6 high=8 optimum=2 value=7.2></meter>")
    assert shapes[-1]["fill"]["color"] == "FFB900"


def test_appearance_none_checkbox_shows_its_pseudo_elements() -> None:
    snippet = (
        "<style>i{display:block}input{appearance:none;width:40px;height:20px;margin:0;"
        "background:#ccc}input::after{content:'';display:block;width:10px;height:10px;"
        "background:#f00}</style><input type=checkbox>"
    )
    fills = [s["fill"]["color"].upper() for s in _shapes(snippet) if s.get("fill")]
    assert fills == ["CCCCCC", "FF0000"]


def test_placeholder_shown_and_checked_selectors_match() -> None:
    snippet = (
        "<style>input{border:2px solid #000}input:placeholder-shown{border-color:#f59e0b}"
        "</style><input placeholder=a><input placeholder=b value=x>"
    )
    lines = [s["line"]["color"].upper() for s in _shapes(snippet) if s.get("line")]
    assert lines == ["F59E0B", "000000"]
