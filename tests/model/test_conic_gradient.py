"""conic-gradient() backgrounds: parsed (from/at, angle and percentage stops, repeating) and drawn
as wedge shapes whose colours match Chromium's pixels (expected_conic.json, tools/recorders/model_conic.py)."""

from __future__ import annotations

import io
import json
import math
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from engine import convert
from engine.model.paint.conic import conic_runs
from engine.model.paint.fills import resolved_stops
from engine.style.types import LP, RGBA, ConicGradient
from tests.model.shape_probe import covers

HERE = Path(__file__).resolve().parent
EXPECTED = json.loads((HERE / "expected_conic.json").read_text())
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0}"
    ".slide{position:relative;width:1280px;height:720px;background:#fff}</style></head>"
    '<body><div class="slide"><div id="g" style="{style}"></div></div></body></html>'
)
NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}


def _painted(shapes: list[dict[str, Any]], x: float, y: float) -> tuple[float, float, float]:
    """The colour at (x, y): every solid fill covering it composited over the white slide."""
    r, g, b = 255.0, 255.0, 255.0
    for shape in shapes:
        fill = shape.get("fill")
        if shape.get("kind") != "rect" or not fill or fill["type"] != "solid":
            continue
        if not covers(shape, x, y):
            continue
        a = fill["alpha"]
        c = [int(fill["color"][i : i + 2], 16) for i in (0, 2, 4)]
        r, g, b = (r * (1 - a) + c[0] * a, g * (1 - a) + c[1] * a, b * (1 - a) + c[2] * a)
    return r, g, b


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_wedges_match_chromium_pixels(name: str) -> None:
    fixture = EXPECTED[name]
    model = convert([PAGE.replace("{style}", fixture["style"])]).to_dict()
    shapes = [s for s in model["slides"][0]["shapes"] if "conic" in s.get("name", "")]
    assert shapes, "the conic layer was dropped"
    bad = []
    for x, y, hexcolor in fixture["samples"]:
        want = [int(hexcolor[i : i + 2], 16) for i in (0, 2, 4)]
        got = _painted(shapes, x + 0.5, y + 0.5)
        if max(abs(a - b) for a, b in zip(got, want, strict=True)) > 6:
            bad.append((x, y, hexcolor, [round(v) for v in got]))
    assert not bad, f"{len(bad)} of {len(fixture['samples'])} samples differ: {bad[:5]}"


def test_pie_is_one_shape_per_slice_in_the_pptx() -> None:
    data = convert([PAGE.replace("{style}", EXPECTED["pie_percent"]["style"])]).pptx_bytes
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    fills = [
        sp.find("p:spPr/a:solidFill/a:srgbClr", NS).get("val")
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find("p:spPr/a:custGeom", NS) is not None
    ]
    assert fills == ["1F9E89", "F2A541", "1B2A4A", "E76F51"]


def _style(value: str) -> Any:
    from engine.style.images import parse_image
    from engine.style.syntax import tokenize

    toks = tokenize(value)
    assert len(toks) == 1
    return parse_image(toks[0])


def test_parse_from_at_and_angle_stops() -> None:
    g = _style("conic-gradient(from 0.25turn at 10px 30%, red 90deg, blue 50%)")
    assert isinstance(g, ConicGradient)
    assert g.angle == pytest.approx(90.0)
    assert g.center == (10.0, LP(0.0, 30.0))
    assert [s.position for s in g.stops] == [LP(0.0, 25.0), LP(0.0, 50.0)]
    assert not g.repeating
    assert _style("repeating-conic-gradient(red 0 10%, blue 0 20%)").repeating
    assert not isinstance(_style("conic-gradient(from bogus, red, blue)"), ConicGradient)
    assert not isinstance(_style("conic-gradient(at 50%, red 10px, blue)"), ConicGradient)


def test_runs_merge_hard_stops_and_cut_smooth_spans() -> None:
    red, blue = RGBA(255, 0, 0), RGBA(0, 0, 255)
    hard = ConicGradient(0.0, (LP(0, 50), LP(0, 50)), _stops((red, 0), (red, 40), (blue, 40)))
    runs = conic_runs(resolved_stops(hard, 1.0))
    assert [(round(a, 3), round(b, 3), c) for a, b, c in runs] == [(0, 0.4, red), (0.4, 1, blue)]
    smooth = ConicGradient(0.0, (LP(0, 50), LP(0, 50)), _stops((red, 0), (blue, 100)))
    runs = conic_runs(resolved_stops(smooth, 1.0))
    assert len(runs) == 90 and math.isclose(runs[-1][1], 1.0)


def _stops(*pairs: tuple[RGBA, float]) -> tuple[Any, ...]:
    from engine.style.types import ColorStop

    return tuple(ColorStop(c, LP(0.0, p)) for c, p in pairs)
