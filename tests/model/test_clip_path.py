"""clip-path: polygon() and inset() cut a box's own background, border and shadow shapes as
Chromium clips them (tools/recorders/model_clip_path.py -> expected_clip_path.json: sampled pixels)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import convert
from engine.model.clip.path import clip_region, reference_boxes
from tests.model.shape_probe import covers
from tests.model.test_conic_gradient import PAGE, _painted

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected_clip_path.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_painted_area_matches_chromium(name: str) -> None:
    fixture = EXPECTED[name]
    shapes = convert([PAGE.replace("{style}", fixture["style"])]).to_dict()["slides"][0]["shapes"]
    assert shapes and all(s.get("shadow") is None for s in shapes)
    solid = all(s["fill"]["type"] == "solid" for s in shapes if s.get("fill"))
    bad = []
    for x, y, hexcolor in fixture["samples"]:
        want = [int(hexcolor[i : i + 2], 16) for i in (0, 2, 4)]
        px, py = x + 0.5, y + 0.5
        if solid:
            got = _painted(shapes, px, py)
            if max(abs(a - b) for a, b in zip(got, want, strict=True)) > 6:
                bad.append((x, y, hexcolor, [round(v) for v in got]))
        elif (min(want) < 250) != any(covers(s, px, py) for s in shapes):
            bad.append((x, y, hexcolor))
    assert not bad, f"{len(bad)} of {len(fixture['samples'])} samples differ: {bad[:5]}"


def clip_polygon(value: str, width: float, height: float) -> list[tuple[float, float]] | None:
    region = clip_region(value, reference_boxes(width, height))
    return None if region is None else region.outline


def test_outlines_parsed() -> None:
    assert clip_polygon("polygon(0 0, 100% 0, 50% 100%)", 200, 100) == [
        (0, 0),
        (200, 0),
        (100, 100),
    ]
    assert clip_polygon("polygon(evenodd, 0 0, 10px 0, 10px 10px)", 50, 50) == [
        (0, 0),
        (10, 0),
        (10, 10),
    ]
    assert clip_polygon("polygon(0 0, 0 10px, 10px 10px)", 50, 50) == [  # made clockwise
        (10, 10),
        (0, 10),
        (0, 0),
    ]
    assert clip_polygon("inset(10px)", 100, 50) == [(10, 10), (90, 10), (90, 40), (10, 40)]
    assert clip_polygon("inset(10%)", 100, 50) == [(10, 5), (90, 5), (90, 45), (10, 45)]
    assert clip_polygon("inset(1px 2px 3px)", 10, 10) == [(2, 1), (8, 1), (8, 7), (2, 7)]
    assert clip_polygon("polygon(0 0, 1px 1px) border-box", 10, 10) is None  # two points
    assert clip_polygon("url(#clip)", 10, 10) is None
    assert clip_polygon("none", 10, 10) is None
