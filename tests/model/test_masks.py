"""CSS masks (engine/model/clip/mask.py) against Chromium's pixels (tools/recorders/model_masks.py): a linear mask
fades a solid fill through gradient stop alpha, a radial ring mask cuts a hole, a disc mask
clips, pictures get the mask baked into a copy, text gets the mask's alpha."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
from PIL import Image
from slide_xml import NS, slide_root

from engine.options import Options
from engine.pipeline import convert_page

CASES = {
    c["name"]: c for c in json.loads((Path(__file__).parent / "expected_masks.json").read_text())
}


def shapes(body: str) -> list[dict]:  # type: ignore[type-arg]
    return convert_page(page(body), Options()).slide["shapes"]


def page(body: str) -> str:
    return f'<div class="slide" style="width:320px;height:180px">{body}</div>'


def box(css: str) -> str:
    return f'<div style="width:100px;height:100px;background:#000;{css}"></div>'


def _alpha(fill: dict, x: float, y: float) -> float:  # type: ignore[type-arg]
    """The alpha of a 100x100 box's axis-aligned linear gradient fill at (x, y)."""
    angle = fill["angle"]
    t = {0.0: x, 90.0: y, 180.0: 100 - x, 270.0: 100 - y}[angle] / 100
    stops = fill["stops"]
    for a, b in zip(stops, stops[1:], strict=False):
        if a["pos"] <= t <= b["pos"]:
            k = (t - a["pos"]) / ((b["pos"] - a["pos"]) or 1)
            return float(a["alpha"] + (b["alpha"] - a["alpha"]) * k)
    return float(stops[-1]["alpha"] if t > stops[-1]["pos"] else stops[0]["alpha"])


@pytest.mark.parametrize("name", ["fade-bottom", "webkit-fade-right", "shorthand-fade-top"])
def test_linear_mask_fades_a_solid_fill_as_chromium(name: str) -> None:
    case = CASES[name]
    [shape] = shapes(box(case["css"]))
    fill = shape["fill"]
    assert fill["type"] == "gradient" and {s["color"] for s in fill["stops"]} == {"000000"}
    for point, grey in case["grey"].items():
        x, y = (float(v) for v in point.split(","))
        assert abs(_alpha(fill, x, y) - (1 - grey / 255)) <= 0.03, (point, grey)


def _inside(contours: list, x: float, y: float) -> bool:  # type: ignore[type-arg]
    crossings = 0
    for c in contours:
        for (ax, ay), (bx, by) in zip(c, c[1:] + c[:1], strict=True):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                crossings += 1
    return crossings % 2 == 1


@pytest.mark.parametrize("name", ["ring", "webkit-ring"])
def test_radial_ring_mask_cuts_a_hole(name: str) -> None:
    case = CASES[name]
    [shape] = shapes(box(case["css"]))
    assert shape["geom"] == "custom" and len(shape["contours"]) == 2
    for point, grey in case["grey"].items():
        x, y = (float(v) for v in point.split(","))
        assert _inside(shape["contours"], x, y) == (grey < 128), point


def test_ring_mask_over_conic_slices_keeps_each_slice_with_a_hole() -> None:
    ring = CASES["ring"]["css"].replace("border-radius: 50%; ", "")
    css = f"border-radius:50%;background:conic-gradient(#f00 0 40%, #00f 40% 100%);{ring}"
    got = shapes(box(css))
    assert {s["fill"]["color"] for s in got} == {"FF0000", "0000FF"}
    for s in got:
        assert len(s["contours"]) == 2
        assert not _inside(s["contours"], 50 - s["x"], 50 - s["y"])  # the centre is cut away


def test_radial_disc_mask_clips_to_the_ellipse() -> None:
    [shape] = shapes(box(CASES["disc"]["css"]))
    assert shape["geom"] == "ellipse"
    assert shape["x"] == pytest.approx(20.15, abs=0.01) and shape["w"] == pytest.approx(
        59.7, abs=0.01
    )


def test_masked_solid_box_writes_gradient_stops_with_alpha() -> None:
    root = slide_root(box(CASES["fade-bottom"]["css"]))
    alphas = [a.get("val") for a in root.iterfind(".//a:gsLst/a:gs/a:srgbClr/a:alpha", NS)]
    assert alphas == ["0"]  # the fading band: opaque black -> black at alpha 0
    assert root.find(".//p:sp//a:gradFill", NS) is not None


def _png() -> str:
    buf = io.BytesIO()
    Image.new("RGBA", (10, 10), (255, 0, 0, 255)).save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_picture_gets_the_mask_baked_into_a_copy() -> None:
    css = "-webkit-mask-image:linear-gradient(to right,#000,transparent)"
    body = f'<img src="{_png()}" style="width:100px"><img src="{_png()}" style="width:100px;{css}">'
    result = convert_page(page(body), Options())
    plain, masked = [s for s in result.slide["shapes"] if s["kind"] == "picture"]
    assert plain["media"] != masked["media"]
    with Image.open(io.BytesIO(result.media[masked["media"]]["data"])) as im:
        row = [im.convert("RGBA").getpixel((x, 5)) for x in (0, 5, 9)]
    assert [p[:3] for p in row] == [(255, 0, 0)] * 3
    assert [p[3] for p in row] == [242, 115, 13]  # 1 - (x + 0.5) / 10


def test_text_under_a_fading_mask_takes_its_alpha_at_the_text() -> None:
    css = "width:200px;height:100px;mask-image:linear-gradient(to bottom,#000,transparent)"
    body = f'<div style="{css}"><p style="margin:0;font-size:10px;height:20px">Top</p></div>'
    [text] = shapes(body)
    run = text["text"]["paragraphs"][0]["runs"][0]
    assert run["alpha"] == pytest.approx(1 - (text["y"] + text["h"] / 2) / 100, abs=0.01)
