"""Writer geometry and effects: multi-stop gradient bands (shapes and slide background), custGeom
polygons and corner radii, radial focus, soft edges, spread shadows anchored for LibreOffice."""

from __future__ import annotations

import math

import pytest
from pptx_testkit import NS, local, text_body, write

from engine.pptx.bands import gradient_bands, needs_bands

EMU = 9525
THREE = [
    {"pos": 0, "color": "000000", "alpha": 1},
    {"pos": 0.5, "color": "FF0000", "alpha": 1},
    {"pos": 1, "color": "FFFFFF", "alpha": 1},
]


def _rect(**keys) -> dict:
    return {"kind": "rect", "x": 100, "y": 50, "w": 400, "h": 200, "geom": "rect", **keys}


def _stops(grad) -> list[tuple[str, str]]:
    return [
        (gs.get("pos"), gs.find("a:srgbClr", NS).get("val"))
        for gs in grad.findall("a:gsLst/a:gs", NS)
    ]


def test_two_stops_are_not_split() -> None:
    assert not needs_bands({"type": "gradient", "path": "linear", "stops": THREE[:2]})
    assert not needs_bands({"type": "gradient", "path": "circle", "stops": THREE})
    assert needs_bands({"type": "gradient", "path": "linear", "stops": THREE})


def test_horizontal_three_stops_become_two_adjacent_bands() -> None:
    fill = {"type": "gradient", "path": "linear", "angle": 0, "stops": THREE}
    (group,) = write([_rect(fill=fill, name="card")]).shapes()
    assert local(group) == "grpSp"
    base, band = group.findall("p:sp", NS)
    assert base.find("p:nvSpPr/p:cNvPr", NS).get("name") == "card"
    assert _stops(base.find("p:spPr/a:gradFill", NS)) == [("0", "000000"), ("50000", "FF0000")]
    # The band is the right half: its own box, with its stops at its ends.
    off = band.find("p:spPr/a:xfrm/a:off", NS)
    ext = band.find("p:spPr/a:xfrm/a:ext", NS)
    assert (int(off.get("x")), int(ext.get("cx"))) == (300 * EMU, 200 * EMU)
    assert band.find("p:spPr/a:custGeom", NS) is not None
    assert _stops(band.find("p:spPr/a:gradFill", NS)) == [("0", "FF0000"), ("100000", "FFFFFF")]


def test_diagonal_band_stops_are_placed_in_the_band_box() -> None:
    fill = {"type": "gradient", "path": "linear", "angle": 45, "stops": THREE}
    base, band = gradient_bands({"fill": fill, "geom": "rect"}, 400, 200)
    assert base.points is None
    bx, by, bw, bh = band.box
    # The t = 0.5 line through the centre (200, 100) at 45 degrees cuts the box from (300, 0)
    # to (100, 200): the band is the triangle-free part beyond it.
    assert band.points is not None and (bx, by, bw, bh) == pytest.approx((100, 0, 300, 200))
    pa, pb = (s["pos"] for s in band.fill["stops"])
    d = (math.cos(math.pi / 4), math.sin(math.pi / 4))
    length = 400 * d[0] + 200 * d[1]
    band_len = bw * d[0] + bh * d[1]
    centre = (bx + bw / 2) * d[0] + (by + bh / 2) * d[1]
    assert pa == pytest.approx(
        (0.0 * length + 200 * d[0] + 100 * d[1] - centre) / band_len + 0.5, abs=1e-5
    )
    assert pb == pytest.approx(
        (0.5 * length + 200 * d[0] + 100 * d[1] - centre) / band_len + 0.5, abs=1e-5
    )


def test_hard_stops_make_solid_bands() -> None:
    stops = [
        {"pos": 0, "color": "2F6B4F", "alpha": 1},
        {"pos": 0.58, "color": "2F6B4F", "alpha": 1},
        {"pos": 0.58, "color": "24543E", "alpha": 1},
        {"pos": 1, "color": "1C4231", "alpha": 1},
    ]
    bands = gradient_bands({"fill": {"type": "gradient", "angle": 0, "stops": stops}}, 100, 10)
    assert [b.fill["type"] for b in bands] == ["solid", "gradient"]
    assert bands[1].box == pytest.approx((58, 0, 42, 10))


def test_translucent_bands_do_not_overlap() -> None:
    stops = [dict(s, alpha=0.5) for s in THREE]
    bands = gradient_bands({"fill": {"type": "gradient", "angle": 0, "stops": stops}}, 100, 10)
    assert [b.box for b in bands] == [pytest.approx((0, 0, 50, 10)), pytest.approx((50, 0, 50, 10))]


def test_bands_keep_the_line_rotation_and_text() -> None:
    fill = {"type": "gradient", "path": "linear", "angle": 90, "stops": THREE}
    line = {"width": 4, "color": "000000", "alpha": 1, "dash": "solid"}
    shape = _rect(fill=fill, line=line, rotation=30, text=text_body({"runs": [{"text": "Hi"}]}))
    (group,) = write([shape]).shapes()
    assert group.find("p:grpSpPr/a:xfrm", NS).get("rot") == str(30 * 60000)
    base, band, text = group.findall("p:sp", NS)
    assert base.find("p:spPr/a:ln/a:solidFill", NS) is not None
    assert band.find("p:spPr/a:ln/a:noFill", NS) is not None
    assert band.find("p:spPr/a:xfrm", NS).get("rot") is None
    # The band stays inside the line: inset by half its width.
    assert int(band.find("p:spPr/a:xfrm/a:off", NS).get("x")) == (100 + 2) * EMU
    assert text.find("p:txBody/a:p/a:r/a:t", NS).text == "Hi"


def test_multi_stop_slide_background() -> None:
    bg = {"type": "gradient", "path": "linear", "angle": 0, "stops": THREE}
    written = write(slides=[{"background": bg, "shapes": [_rect(fill=None)], "blank": False}])
    grad = written.slide().find("p:cSld/p:bg/p:bgPr/a:gradFill", NS)
    assert _stops(grad) == [("0", "000000"), ("50000", "FF0000")]
    first, rect = written.shapes()
    assert local(first) == "grpSp"
    assert first.find("p:nvGrpSpPr/p:cNvPr", NS).get("name") == "background"
    locks = first.find("p:nvGrpSpPr/p:cNvGrpSpPr/a:grpSpLocks", NS)
    assert locks.get("noSelect") == "1" and locks.get("noMove") == "1"
    assert local(rect) == "sp"


def test_polygon_and_holes_are_a_cust_geom() -> None:
    shape = _rect(geom="custom", contours=[[[0, 0], [10, 0], [10, 10]], [[2, 2], [3, 3], [4, 2]]])
    geom = write([shape]).shapes()[0].find("p:spPr/a:custGeom", NS)
    assert [local(c) for c in geom] == ["avLst", "gdLst", "ahLst", "cxnLst", "rect", "pathLst"]
    path = geom.find("a:pathLst/a:path", NS)
    assert (path.get("w"), path.get("h")) == (str(400 * EMU), str(200 * EMU))
    assert [local(c) for c in path] == ["moveTo", "lnTo", "lnTo", "close"] * 2
    assert path.find("a:lnTo/a:pt", NS).attrib == {"x": str(10 * EMU), "y": "0"}


def test_corner_radii_presets_and_arcs() -> None:
    top = write([_rect(geom="roundRect", radius=20, radii=[20, 20, 0, 0])]).shapes()[0]
    prst = top.find("p:spPr/a:prstGeom", NS)
    assert prst.get("prst") == "round2SameRect"
    assert [(g.get("name"), g.get("fmla")) for g in prst.findall("a:avLst/a:gd", NS)] == [
        ("adj1", "val 10000"),
        ("adj2", "val 0"),
    ]
    diag = write([_rect(geom="roundRect", radius=20, radii=[20, 0, 20, 0])]).shapes()[0]
    path = diag.find("p:spPr/a:custGeom/a:pathLst/a:path", NS)
    arcs = path.findall("a:arcTo", NS)
    assert [(a.get("stAng"), a.get("swAng")) for a in arcs] == [
        ("10800000", "5400000"),
        ("0", "5400000"),
    ]
    assert arcs[0].get("wR") == str(20 * EMU)


def test_radial_focus_and_soft_edge() -> None:
    fill = {"type": "gradient", "path": "circle", "stops": THREE[:2], "center": [0.8, 0.3]}
    sp_pr = write([_rect(fill=fill, soft_edge=12)]).shapes()[0].find("p:spPr", NS)
    rect = sp_pr.find("a:gradFill/a:path/a:fillToRect", NS)
    assert rect.attrib == {"l": "80000", "t": "30000", "r": "20000", "b": "70000"}
    assert sp_pr.find("a:effectLst/a:softEdge", NS).get("rad") == str(12 * EMU)


@pytest.mark.parametrize(
    ("dx", "dy", "spread", "algn", "ox", "oy"),
    [
        (0, 40, -10, "tl", 10, 50),  # negative spread: anchor top-left, offset + 10
        (30, 30, 20, "tl", 10, 10),
        (-30, 30, 20, "tr", -10, 10),
        (-50, -50, -10, "br", -60, -60),  # the right edge: offset - 10
        (0, 0, 20, "ctr", 0, 0),  # no side works for LibreOffice: PowerPoint's centre
    ],
)
def test_spread_shadow_anchor(dx: int, dy: int, spread: int, algn: str, ox: int, oy: int) -> None:
    dist = math.hypot(dx, dy)
    shadow = {
        "blur": 8,
        "dist": dist,
        "dir": math.degrees(math.atan2(dy, dx)),
        "color": "000000",
        "alpha": 1,
        "spread": spread,
    }
    shdw = write([_rect(shadow=shadow)]).shapes()[0].find("p:spPr/a:effectLst/a:outerShdw", NS)
    assert shdw.get("algn") == algn
    assert shdw.get("sx") == str(round((400 + 2 * spread) / 400 * 100000))
    d = int(shdw.get("dist")) / EMU
    ang = math.radians(int(shdw.get("dir")) / 60000)
    assert (d * math.cos(ang), d * math.sin(ang)) == pytest.approx((ox, oy), abs=0.01)
