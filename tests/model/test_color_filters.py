"""CSS colour filters (engine/model/paint/colorfilter.py) against Chromium's pixels
(tools/recorders/model_color_filters.py): solid fills, text, and pictures recoloured in a copy."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from PIL import Image

from engine.options import Options
from engine.pipeline import convert_page

CASES = json.loads((Path(__file__).parent / "expected_color_filters.json").read_text())


def page(body: str) -> str:
    return f'<div class="slide" style="width:320px;height:180px">{body}</div>'


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['filter']} {c['colour']}")
def test_fill_matches_chromium(case: dict) -> None:
    body = f'<div style="width:20px;height:20px;background:{case["colour"]};filter:{case["filter"]}"></div>'
    [shape] = convert_page(page(body), Options()).slide["shapes"]
    colour = shape["fill"]["color"]
    got = [int(colour[i : i + 2], 16) for i in (0, 2, 4)]
    assert max(abs(a - b) for a, b in zip(got, case["rgb"], strict=True)) <= 2, (got, case["rgb"])


def test_text_and_borders_inside_a_filtered_box_are_recoloured() -> None:
    body = (
        '<div style="filter:grayscale(1);color:#ff0000;border:2px solid #0000ff;font-size:20px">'
        "<span>Red</span></div>"
    )
    shapes = convert_page(page(body), Options()).slide["shapes"]
    text = [s for s in shapes if s["kind"] == "text"][0]
    assert text["text"]["paragraphs"][0]["runs"][0]["color"] == "363636"  # 0.2126 * 255
    assert [s["line"]["color"] for s in shapes if s.get("line")] == ["121212"]


def _png(colour: tuple[int, int, int, int]) -> str:
    buf = io.BytesIO()
    Image.new("RGBA", (4, 4), colour).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_picture_gets_a_recoloured_copy_and_keeps_its_alpha() -> None:
    src = _png((255, 0, 0, 128))
    body = (
        f'<img src="{src}" style="width:40px"><img src="{src}" style="width:40px;filter:invert(1)">'
    )
    result = convert_page(page(body), Options())
    plain, inverted = [s for s in result.slide["shapes"] if s["kind"] == "picture"]
    assert plain["media"] != inverted["media"]
    with Image.open(io.BytesIO(result.media[inverted["media"]]["data"])) as im:
        assert im.convert("RGBA").getpixel((1, 1)) == (0, 255, 255, 128)
    with Image.open(io.BytesIO(result.media[plain["media"]]["data"])) as im:
        assert im.convert("RGBA").getpixel((1, 1)) == (255, 0, 0, 128)
