"""Boxes clipped by a rounded overflow:hidden box get its corners (a card's cover block)."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from engine import convert

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
# Chromium 156 screenshot of CARD: (103, 103), 1 px inside the cover's top-left corner, shows
# the page's white (the clip's 14 px inner radius cuts it off); (110, 110) and both bottom
# corners of the cover, (103, 180) and (396, 180), are red: only the clip's corners round it.
CARD = (
    '<div id="c" style="position:absolute;left:100px;top:100px;width:300px;height:200px;'
    'border-radius:16px;border:2px solid #00f;overflow:{ov};background:#fff">'
    '<div id="k" style="height:80px;background:#f00"></div></div>'
)


def _slide(body: str) -> etree._Element:
    html = (
        "<html><head><style>body{margin:0} .slide{width:1280px;height:720px;background:#fff}"
        f'</style></head><body><div class="slide">{body}</div></body></html>'
    )
    data = convert([html]).pptx_bytes
    return etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))


def _cover(root: etree._Element) -> etree._Element:
    found = [
        sp
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find("p:spPr/a:solidFill/a:srgbClr[@val='FF0000']", NS) is not None
    ]
    assert len(found) == 1
    return found[0]


def test_cover_takes_the_clips_top_corners() -> None:
    geom = _cover(_slide(CARD.replace("{ov}", "hidden"))).find("p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "round2SameRect"
    adj = {gd.get("name"): gd.get("fmla") for gd in geom.iterfind("a:avLst/a:gd", NS)}
    # 14 px (16 px radius - 2 px border) of the 80 px short side; bottom corners square.
    assert adj == {"adj1": "val 17500", "adj2": "val 0"}


def test_without_clipping_the_cover_stays_square() -> None:
    geom = _cover(_slide(CARD.replace("{ov}", "visible"))).find("p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "rect"
