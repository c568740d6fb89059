"""CSS outlines (engine/model/decor/outline.py): extent, offset, rounded corners and paint order
against Chromium's screenshot (tools/recorders/model_outline.py), plus the line XML in the PPTX."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine import convert
from engine.options import Options
from engine.pipeline import convert_page
from engine.render import render_slide_png
from tests.model.chromium_outline import page
from tests.model.outline_fixtures import FIXTURES

EXPECTED = json.loads((Path(__file__).parent / "expected_outline.json").read_text())
COLOUR_TOLERANCE = 40  # anti-aliased edges of the engine's own PNG render


def outlines(slide: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in slide["shapes"] if s.get("name", "").endswith(" outline")]


def outer_box(shape: dict[str, Any]) -> list[float]:
    half = shape["line"]["width"] / 2
    x, y = shape["x"] - half, shape["y"] - half
    return [x, y, x + shape["w"] + 2 * half, y + shape["h"] + 2 * half]


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_outline_matches_chromium(name: str) -> None:
    snippet, _colour, points = FIXTURES[name]
    recorded = EXPECTED[name]
    assert recorded["html"] == snippet, (
        "fixture changed: record it again (tools/recorders/model_outline.py)"
    )
    result = convert_page(page(snippet), Options())
    shapes = outlines(result.slide)
    if recorded["bbox"] is None:
        assert shapes == []
    else:
        (shape,) = shapes
        got = outer_box(shape)
        assert all(abs(a - b) <= 0.5 for a, b in zip(got, recorded["bbox"], strict=True)), got
    png = render_slide_png(result.slide, 640, media=result.media, size=(640, 360))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    errors = []
    for (x, y), want in zip(points, recorded["rgb"], strict=True):
        pixel = image.getpixel((x, y))
        assert isinstance(pixel, tuple)
        have = [int(c) for c in pixel[:3]]
        if max(abs(a - b) for a, b in zip(want, have, strict=True)) > COLOUR_TOLERANCE:
            errors.append(f"({x},{y}): chromium {want} engine {have}")
    assert not errors, "\n".join(errors)


def test_rounded_outline_radius_grows_by_offset_and_half_width() -> None:
    (shape,) = outlines(convert_page(page(FIXTURES["rounded_follows_radius"][0]), Options()).slide)
    assert shape["geom"] == "roundRect" and shape["radius"] == pytest.approx(20 + 2 + 2)


def test_outline_takes_no_space() -> None:
    with_outline = convert_page(
        page('<div style="outline:20px solid red;height:10px"></div><p id="p">x</p>'), Options()
    )
    without = convert_page(page('<div style="height:10px"></div><p id="p">x</p>'), Options())
    text = [s for s in with_outline.slide["shapes"] if s["kind"] == "text"]
    plain = [s for s in without.slide["shapes"] if s["kind"] == "text"]
    assert [(s["x"], s["y"]) for s in text] == [(s["x"], s["y"]) for s in plain]


def test_dashed_outline_is_an_unfilled_dashed_line_in_the_pptx() -> None:
    html = page(
        '<div style="position:absolute;left:10px;top:10px;width:50px;height:20px;'
        'outline:2px dashed #123456"></div>'
    )
    deck = convert([html])
    with zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)) as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    assert 'name="div outline"' in xml
    assert '<a:prstDash val="dash"/>' in xml and 'val="123456"' in xml
    shape = xml[xml.index('name="div outline"') :]
    assert "<a:noFill/>" in shape[: shape.index("</a:ln>")]
