"""Skewed boxes (engine/model/geometry.py placed/_sheared): a skewX/skewY (or shearing
matrix) background and border become the mapped polygon, against Chromium's transformed
bounding box and screenshot colours (tools/recorders/model_shear.py)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from PIL import Image

from engine.model.geometry import Matrix, is_sheared, placed
from engine.options import Options
from engine.pipeline import convert_page
from engine.render import render_slide_png
from tests.model.chromium_shear import page
from tests.model.shear_fixtures import FIXTURES

EXPECTED = json.loads((Path(__file__).parent / "expected_shear.json").read_text())
BOX_TOLERANCE = 0.05
COLOUR_TOLERANCE = 40
POLYGON_TOLERANCE = 0.5  # a border's polygon is inset by half its width, then outset here


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_skewed_box_matches_chromium(name: str) -> None:
    snippet, points = FIXTURES[name]
    recorded = EXPECTED[name]
    assert recorded["html"] == snippet, (
        "fixture changed: record it again (tools/recorders/model_shear.py)"
    )
    result = convert_page(page(snippet), Options())
    rects = [s for s in result.slide["shapes"] if s["kind"] == "rect"]
    assert rects and all(s["geom"] == "custom" and "rotation" not in s for s in rects)
    outer = rects[0]
    got = [outer["x"], outer["y"], outer["w"], outer["h"]]
    if outer.get("line"):  # a border is stroked on a polygon inset by half its width
        half = outer["line"]["width"] / 2
        got = [got[0] - half, got[1] - half, got[2] + 2 * half, got[3] + 2 * half]
    want = recorded["box"]
    edges = [got[0], got[1], got[0] + got[2], got[1] + got[3]]
    chromium = [want[0], want[1], want[0] + want[2], want[1] + want[3]]
    assert all(abs(a - b) <= POLYGON_TOLERANCE for a, b in zip(edges, chromium, strict=True))
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


def test_badge_polygon_is_exact() -> None:
    snippet, _ = FIXTURES["skew_x_badge"]
    (rect,) = [
        s for s in convert_page(page(snippet), Options()).slide["shapes"] if s["kind"] == "rect"
    ]
    box = EXPECTED["skew_x_badge"]["box"]
    assert [rect["x"], rect["y"], rect["w"], rect["h"]] == pytest.approx(box, abs=BOX_TOLERANCE)
    flat = [v for point in rect["points"] for v in point]
    assert flat == pytest.approx([8.502, 0.0, 128.502, 0.0, 120.0, 40.0, 0.0, 40.0])


def test_rotation_and_scale_alone_are_not_shear() -> None:
    assert not is_sheared(Matrix(0.0, 1.0, -1.0, 0.0, 5.0, 5.0))  # rotate(90deg)
    assert not is_sheared(Matrix(2.0, 0.0, 0.0, 3.0, 0.0, 0.0))
    assert is_sheared(Matrix(1.0, 0.0, 0.2, 1.0, 0.0, 0.0))
    shape = placed(
        {"kind": "rect", "geom": "rect"}, Matrix(0.0, 1.0, -1.0, 0.0, 0.0, 0.0), (0, 0, 10, 4)
    )
    assert shape["geom"] == "rect" and shape["rotation"] == pytest.approx(90.0)
