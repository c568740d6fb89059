"""clip-path circle() / ellipse() / path(): parsed as CSS Shapes 1 says, and cutting a box's
fills, borders and pictures as Chromium paints them (tools/recorders/model_clip_shapes.py ->
expected_clip_shapes.json: sampled pixels), written as a:prstGeom ellipse or a:custGeom."""

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
from engine.model.clip.path import EMPTY, clip_region, reference_boxes
from tests.model.chromium_clip_shapes import page, quadrants_png
from tests.model.shape_probe import covers

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected_clip_shapes.json").read_text())
NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
QUADRANTS = ((220, 40, 40), (40, 160, 60), (40, 70, 200), (240, 200, 30))  # tl, tr, bl, br


def _picture_color(shape: dict[str, Any], x: float, y: float) -> tuple[int, int, int]:
    crop = shape.get("crop") or {"l": 0.0, "t": 0.0, "r": 0.0, "b": 0.0}
    u = crop["l"] + (x - shape["x"]) / shape["w"] * (1 - crop["l"] - crop["r"])
    v = crop["t"] + (y - shape["y"]) / shape["h"] * (1 - crop["t"] - crop["b"])
    return QUADRANTS[(2 if v >= 0.5 else 0) + (1 if u >= 0.5 else 0)]


def _paint(shapes: list[dict[str, Any]], x: float, y: float) -> tuple[float, ...] | None:
    """The colour at (x, y) over the white slide; None where a gradient is on top."""
    color: tuple[float, ...] | None = (255.0, 255.0, 255.0)
    for shape in shapes:
        if shape.get("kind") not in ("rect", "picture") or not covers(shape, x, y):
            continue
        if shape["kind"] == "picture":
            color = tuple(float(c) for c in _picture_color(shape, x, y))
            continue
        fill = shape.get("fill")
        if fill and fill["type"] != "solid":
            color = None
        elif fill:
            color = _over(color, fill["color"], fill["alpha"])
    for shape in shapes:  # strokes (the writer's a:ln: centred on the outline)
        line = shape.get("line")
        if shape.get("kind") == "rect" and line and _on_stroke(shape, line["width"] / 2, x, y):
            color = _over(color, line["color"], line.get("alpha", 1.0))
    return color


def _over(color: tuple[float, ...] | None, hexcolor: str, a: float) -> tuple[float, ...]:
    c = [int(hexcolor[i : i + 2], 16) for i in (0, 2, 4)]
    base = color or (128.0, 128.0, 128.0)
    return tuple(base[i] * (1 - a) + c[i] * a for i in range(3))


def _on_stroke(shape: dict[str, Any], half: float, x: float, y: float) -> bool:
    def grown(by: float) -> dict[str, Any]:
        out = dict(shape, x=shape["x"] - by, y=shape["y"] - by)
        out.update(w=shape["w"] + 2 * by, h=shape["h"] + 2 * by)
        if "radius" in shape:
            out["radius"] = max(0.0, shape["radius"] + by)
        return out

    return covers(grown(half), x, y) and not covers(grown(-half), x, y)


def _html(name: str) -> str:
    return page(EXPECTED[name]["html"].replace("{png}", quadrants_png()))


def _shapes(name: str) -> list[dict[str, Any]]:
    return convert([_html(name)]).to_dict()["slides"][0]["shapes"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_painted_area_matches_chromium(name: str) -> None:
    shapes = _shapes(name)
    bad = []
    samples = EXPECTED[name]["samples"]
    for sample in samples:
        sx, sy, hexcolor = sample.split()
        x, y = int(sx), int(sy)
        want = [int(hexcolor[i : i + 2], 16) for i in (0, 2, 4)]
        got = _paint(shapes, x + 0.5, y + 0.5)
        if got is None:
            if min(want) >= 250:
                bad.append((x, y, hexcolor, "gradient"))
        elif max(abs(a - b) for a, b in zip(got, want, strict=True)) > 6:
            bad.append((x, y, hexcolor, [round(v) for v in got]))
    assert not bad, f"{len(bad)} of {len(samples)} samples differ: {bad[:5]}"


# -- parsing -------------------------------------------------------------------------------


def _ellipse(value: str, w: float = 300.0, h: float = 200.0) -> Any:
    region = clip_region(value, reference_boxes(w, h))
    assert region is not None and region.ellipse is not None, value
    return tuple(round(v, 3) for v in region.ellipse)


def test_circle_radius_and_position() -> None:
    assert _ellipse("circle()") == (150, 100, 100, 100)  # closest-side at the centre
    assert _ellipse("circle(farthest-side at 30% 40%)") == (90, 80, 210, 210)
    assert _ellipse("circle(closest-side at 30% 40%)") == (90, 80, 80, 80)
    r = round(0.5 * math.hypot(300, 200) / math.sqrt(2), 3)
    assert _ellipse("circle(50%)") == (150, 100, r, r)
    assert _ellipse("circle(80px at right 40px top 30%)") == (260, 60, 80, 80)
    assert _ellipse("circle(10px at left bottom)") == (0, 200, 10, 10)
    assert _ellipse("circle(at 20px)") == (20, 100, 20, 20)
    assert _ellipse("circle(calc(10px + 10%))") == (150, 100, 35.495, 35.495)
    assert _ellipse("circle(2em)") == (150, 100, 32, 32)
    assert _ellipse("circle(50% at 50% 50%) border-box") == (150, 100, r, r)


def test_ellipse_radii_and_reference_boxes() -> None:
    assert _ellipse("ellipse()") == (150, 100, 150, 100)
    assert _ellipse("ellipse(40% 30% at 30% 40%)") == (90, 80, 120, 60)
    assert _ellipse("ellipse(farthest-side closest-side at 20px 50%)") == (20, 100, 280, 100)
    boxes = {**reference_boxes(300, 200), "content-box": (40.0, 40.0, 200.0, 120.0)}
    region = clip_region("content-box ellipse(50% 50%)", boxes)
    assert region is not None and region.ellipse == (140, 100, 100, 60)
    region = clip_region("circle(50%) fill-box", boxes)
    assert region is not None and region.ellipse is not None and region.ellipse[:2] == (140, 100)


def test_invalid_or_unsupported_values() -> None:
    boxes = reference_boxes(100, 100)
    for value in (
        "circle(closest-corner)",  # not in Chromium 156
        "circle(50% at right 10px top)",  # three-value positions are not <position> here
        "circle(-10px)",
        "ellipse(10px)",
        "circle(10px 20px)",
        "circle(10px) circle(20px)",
        "circle(10px) bogus-box",
        "url(#clip)",
        "none",
    ):
        assert clip_region(value, boxes) is None, value
    assert clip_region("circle(0)", boxes) == EMPTY
    assert clip_region("inset(60%)", boxes) == EMPTY


def test_path_is_flattened() -> None:
    boxes = reference_boxes(300, 200)
    region = clip_region("path('M 0 0 L 200 0 A 100 100 0 0 1 300 100 L 300 200 L 0 200 Z')", boxes)
    assert region is not None and region.ellipse is None and region.convex
    xs = [p[0] for p in region.outline]
    assert min(xs) == 0 and max(xs) == pytest.approx(300)
    on_arc = [p for p in region.outline if 200 < p[0] < 300 and p[1] < 100]
    assert on_arc and all(math.hypot(x - 200, y - 100) == pytest.approx(100) for x, y in on_arc)
    region = clip_region('path(evenodd, "M0 0 h100 v50 h-50 v50 h-50 z")', boxes)
    assert region is not None and not region.convex and len(region.outline) == 6
    assert clip_region("path('M0 0 L10 0 L10 10 Z M20 20 L30 20 L30 30 Z')", boxes) is None
    assert clip_region("path('M0 0 L10 x')", boxes) is None


# -- the slide model and the PPTX ------------------------------------------------------------


def _slide_xml(html: str) -> Any:
    data = convert([html]).pptx_bytes
    return etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))


def test_circle_inside_the_box_is_a_preset_ellipse() -> None:
    shapes = _shapes("circle_default")
    assert len(shapes) == 1
    s = shapes[0]
    assert s["geom"] == "ellipse"
    assert (s["x"], s["y"], s["w"], s["h"]) == (150, 80, 200, 200)
    root = _slide_xml(_html("circle_default"))
    sp = root.find(".//p:sp", NS)
    assert sp.find("p:spPr/a:prstGeom", NS).get("prst") == "ellipse"
    off, ext = sp.find("p:spPr/a:xfrm/a:off", NS), sp.find("p:spPr/a:xfrm/a:ext", NS)
    assert (off.get("x"), off.get("y"), ext.get("cx"), ext.get("cy")) == (
        str(150 * 9525),
        str(80 * 9525),
        str(200 * 9525),
        str(200 * 9525),
    )


def test_overflowing_circle_is_the_intersection() -> None:
    (s,) = _shapes("circle_overflow")
    assert s["geom"] == "custom" and s.get("shadow") is None
    assert (s["x"], s["y"], s["w"], s["h"]) == pytest.approx((450, 80, 300, 200))
    pts = s["points"]  # the four corners cut off by short arcs
    assert len(pts) == 8
    r = 0.7 * math.hypot(300, 200) / math.sqrt(2)
    for px, py in pts:  # on the box's edges or on the circle
        on_edge = min(abs(px), abs(px - 300), abs(py), abs(py - 200)) < 1e-3
        assert on_edge or math.hypot(px - 150, py - 100) == pytest.approx(r, abs=0.01)
    root = _slide_xml(_html("circle_overflow"))
    assert root.find(".//p:sp/p:spPr/a:custGeom/a:pathLst/a:path/a:lnTo", NS) is not None


def test_gradient_keeps_its_box() -> None:
    (s,) = _shapes("ellipse_default_gradient")
    assert s["fill"]["type"] == "gradient"
    assert s["geom"] == "ellipse" and (s["x"], s["y"], s["w"], s["h"]) == (800, 330, 320, 180)
    html = page(
        '<div style="position:absolute;left:0;top:0;width:300px;height:200px;'
        'background:linear-gradient(90deg,red,blue);clip-path:circle(40% at 30% 50%)"></div>'
    )
    (s,) = convert([html]).to_dict()["slides"][0]["shapes"]
    assert (s["x"], s["y"], s["w"], s["h"]) == (0, 0, 300, 200)  # where the gradient runs
    assert s["geom"] == "custom" and len(s["contours"]) == 2
    assert s["contours"][1] == [[0, 0], [300, 200], [0, 0]]  # zero area: LibreOffice's bounds


def test_border_becomes_cut_ring() -> None:
    shapes = _shapes("bordered_shadow")
    fill, ring = shapes  # the fill reaches the stroke's middle: the circle crosses it
    assert fill["geom"] == "custom" and fill["line"] is None and fill["shadow"] is None
    assert ring["fill"]["color"] == "0B5D50" and ring["line"] is None
    # The circle minus the inner edge's square cut by it: four caps by the sides' middles.
    assert ring["geom"] == "custom" and len(ring["contours"]) == 2
    # A round border inside its own circle is left as it is (a stroked ellipse).
    (round_box,) = _shapes("round_border")
    assert round_box["geom"] == "ellipse" and round_box["line"]["color"] == "7C2D12"


def test_empty_clip_paints_nothing() -> None:
    assert _shapes("circle_zero") == []


def test_picture_cropped_to_the_ellipse() -> None:
    (avatar,) = _shapes("img_avatar")
    assert avatar["kind"] == "picture" and avatar["geom"] == "ellipse"
    assert (avatar["x"], avatar["y"], avatar["w"], avatar["h"]) == (200, 200, 200, 200)
    (pic,) = _shapes("img_cover_ellipse")
    assert pic["geom"] == "ellipse"
    assert (pic["x"], pic["y"], pic["w"], pic["h"]) == pytest.approx((672, 212, 288, 216))
    # object-fit: cover shows the middle 240 of 360 rows; the ellipse crops further.
    assert pic["crop"] == pytest.approx(
        {"l": 0.2, "r": 0.0, "t": (60 + 12) / 360, "b": (60 + 12) / 360}, abs=1e-4
    )
    root = _slide_xml(_html("img_cover_ellipse"))
    pic_el = root.find(".//p:pic", NS)
    assert pic_el.find("p:spPr/a:prstGeom", NS).get("prst") == "ellipse"
    src = pic_el.find("p:blipFill/a:srcRect", NS)
    assert src.get("l") == "20000" and src.get("t") == src.get("b") == "20000"


def test_unsupported_clip_is_reported_supported_is_not() -> None:
    def messages(value: str) -> list[str]:
        html = page(f'<div style="width:50px;height:50px;background:red;clip-path:{value}"></div>')
        found = convert([html]).diagnostics[0]
        return [d["message"] for d in found if d["message"].startswith("clip-path")]

    assert messages("circle(50%)") == []
    assert messages("ellipse(20px 10px at left top) content-box") == []
    assert messages("url(#c)") == ["clip-path: url(#c) is not mapped"]


def test_descendants_are_cut_with_the_box() -> None:
    frame, pic = _shapes("wrapper_avatar")
    assert frame["geom"] == pic["geom"] == "ellipse"
    assert (pic["x"], pic["y"], pic["w"], pic["h"]) == (311, 161, 198, 198)  # r = 45% of 220
    assert pic["crop"] == {"l": 0.05, "t": 0.05, "r": 0.05, "b": 0.05}
    _, left, right = _shapes("wrapper_children")
    assert left["geom"] == right["geom"] == "custom"
    assert left["x"] > 650 and right["x"] + right["w"] < 950  # cut by the ellipse, not the box


def test_rotated_box_is_left_whole_and_reported() -> None:
    html = page(
        '<div style="position:absolute;left:100px;top:100px;width:100px;height:100px;'
        'background:red;transform:rotate(10deg);clip-path:circle()"></div>'
    )
    conv = convert([html])
    (shape,) = conv.to_dict()["slides"][0]["shapes"]
    assert shape["geom"] == "rect" and shape["rotation"] == pytest.approx(10)
    messages = [d["message"] for d in conv.diagnostics[0]]
    assert "clip-path of a rotated or skewed box is not drawn" in messages


def test_cut_picture_in_an_overflow_clip_keeps_its_outline_in_place() -> None:
    html = page(
        '<div style="position:absolute;left:100px;top:100px;width:150px;height:200px;'
        'overflow:hidden"><img src="{png}" style="display:block;width:200px;height:200px;'
        'clip-path:polygon(50% 0,100% 50%,50% 100%,0 50%)"></div>'.replace("{png}", quadrants_png())
    )
    (pic,) = convert([html]).to_dict()["slides"][0]["shapes"]
    assert (pic["x"], pic["y"], pic["w"], pic["h"]) == (100, 100, 150, 200)
    assert pic["crop"] == {"l": 0.0, "t": 0.0, "r": 0.25, "b": 0.0}
    assert pic["geom"] == "custom"
    assert sorted(map(tuple, pic["points"])) == [
        (0, 100),
        (100, 0),
        (100, 200),
        (150, 50),
        (150, 150),
    ]
