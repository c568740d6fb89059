"""A radial-gradient slide background is written as shapes that place its stops where Chromium
paints them (a p:bg path gradient loses the stop positions and the size in LibreOffice)."""

from __future__ import annotations

import io
import math
import zipfile

from lxml import etree

from engine import convert

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525
HTML = (
    "<!DOCTYPE html><html><head><style>body{margin:0}.slide{width:1280px;height:720px;"
    "background:radial-gradient(circle at 80% 20%, #3b2f7a 0%, #16133a 55%, #0d0b24 100%)}"
    '</style></head><body><div class="slide"></div></body></html>'
)
# Chromium 156 screenshot pixels of HTML (x, y) -> RGB.
CHROMIUM = {
    (1024, 144): (58, 46, 121),
    (700, 300): (38, 31, 86),
    (400, 500): (20, 18, 55),
    (100, 650): (15, 12, 41),
    (1200, 700): (25, 21, 64),
    (0, 0): (15, 13, 41),
}


def _rgb(value: str) -> tuple[int, int, int]:
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def _written_colour(root: etree._Element, x: float, y: float) -> tuple[float, ...]:
    """The colour the written shapes give at (x, y): the topmost shape containing the point;
    a centred path gradient on an ellipse runs from its centre (0) to its box corners (100%)."""
    colour: tuple[float, ...] | None = None
    for sp in root.iterfind(".//p:sp", NS):
        off = sp.find("p:spPr/a:xfrm/a:off", NS)
        ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
        x0, y0 = int(off.get("x")) / EMU, int(off.get("y")) / EMU
        w, h = int(ext.get("cx")) / EMU, int(ext.get("cy")) / EMU
        if not (x0 <= x <= x0 + w and y0 <= y <= y0 + h):
            continue
        solid = sp.find("p:spPr/a:solidFill/a:srgbClr", NS)
        if solid is not None:
            colour = _rgb(solid.get("val"))
            continue
        stops = [
            (int(gs.get("pos")) / 100000, _rgb(gs.find("a:srgbClr", NS).get("val")))
            for gs in sp.iterfind("p:spPr/a:gradFill/a:gsLst/a:gs", NS)
        ]
        cx, cy = x0 + w / 2, y0 + h / 2
        if ((x - cx) / (w / 2)) ** 2 + ((y - cy) / (h / 2)) ** 2 > 1:
            continue  # outside the ellipse
        t = math.hypot(x - cx, y - cy) / math.hypot(w / 2, h / 2)
        colour = stops[-1][1]
        for (p0, c0), (p1, c1) in zip(stops, stops[1:], strict=False):
            if p0 <= t <= p1:
                f = (t - p0) / (p1 - p0) if p1 > p0 else 1.0
                colour = tuple(a + (b - a) * f for a, b in zip(c0, c1, strict=True))
                break
    assert colour is not None
    return colour


def test_radial_slide_background_is_written_as_shapes_with_chromium_colours() -> None:
    data = convert([HTML]).pptx_bytes
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    assert root.find(".//p:bg/p:bgPr/a:gradFill", NS) is None
    paths = root.findall(".//p:sp/p:spPr/a:gradFill/a:path[@path='circle']", NS)
    assert len(paths) == 1
    for (x, y), want in CHROMIUM.items():
        got = _written_colour(root, x, y)
        assert max(abs(a - b) for a, b in zip(got, want, strict=True)) <= 4, (x, y, got, want)
