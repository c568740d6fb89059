"""Boxes clipped by a rounded overflow:hidden box get its corners (a card's cover block)."""

from __future__ import annotations

import io

from lxml import etree

from tests.model.slide_xml import slide_root

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
    return slide_root(body, "#fff")


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


# Chromium 156 screenshot of BAR, pixels (x, y) relative to the card: the 4 px accent bar follows
# the card's 16 px corner arc: white at (0, 5) (3, 4) and (0, 192), red at (0, 18) (3, 8) (1, 50).
BAR = (
    '<div style="position:absolute;left:100px;top:100px;width:300px;height:200px;'
    'border-radius:16px;overflow:hidden;background:#fff">'
    '<div style="position:absolute;left:0;top:0;bottom:0;width:4px;background:#f00"></div></div>'
)
BAR_PIXELS = {
    (0, 5): False,
    (3, 4): False,
    (0, 192): False,
    (0, 18): True,
    (3, 8): True,
    (1, 50): True,
}


def _inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def test_bar_narrower_than_the_corner_follows_the_clip_arc() -> None:
    path = _cover(_slide(BAR)).find("p:spPr/a:custGeom/a:pathLst/a:path", NS)
    assert path is not None
    sx = 4 / int(path.get("w"))  # path units -> px
    poly = [(int(pt.get("x")) * sx, int(pt.get("y")) * sx) for pt in path.iterfind(".//a:pt", NS)]
    for (x, y), red in BAR_PIXELS.items():
        assert _inside(poly, x + 0.5, y + 0.5) is red, (x, y)


def test_cover_picture_takes_the_clips_top_corners() -> None:
    import base64

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (60, 20), (0, 200, 0)).save(buf, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
    root = _slide(
        '<div style="position:absolute;left:100px;top:100px;width:300px;height:200px;'
        'border-radius:16px;overflow:hidden;background:#eee">'
        f'<img src="{uri}" style="display:block;width:300px;height:100px;object-fit:cover"></div>'
    )
    geom = root.find(".//p:pic/p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "round2SameRect"
    adj = {gd.get("name"): gd.get("fmla") for gd in geom.iterfind("a:avLst/a:gd", NS)}
    assert adj == {"adj1": "val 16000", "adj2": "val 0"}  # 16 px of the 100 px side
