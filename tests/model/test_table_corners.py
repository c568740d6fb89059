"""Rounded tables: cell fills in a corner clipped by the table's border-radius (XML)."""

from __future__ import annotations

import pytest
from lxml import etree

from tests.model.slide_xml import slide_root

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}

# Chromium 156 screenshot of this table (2 px inside each corner): with overflow:hidden the
# top-left, top-right and bottom-left corners show the slide's white, the middle of the top
# edge the header's #0B3D5C; with overflow visible the corners show the header colour and the
# red cell (the cell backgrounds are square, only the table's own background is rounded).
TABLE = (
    "<table id='t' style='border-collapse:separate;border-spacing:0;border:1px solid #ccc;"
    "border-radius:12px;{ov}width:400px;font:14px Liberation Sans'>"
    "<tr><th style='background:#0b3d5c;color:#fff;padding:8px'>A</th>"
    "<th style='background:#0b3d5c;color:#fff;padding:8px'>B</th></tr>"
    "<tr><td style='background:#f00;padding:8px'>1</td><td style='padding:8px'>2</td></tr></table>"
)


def _slide(body: str) -> etree._Element:
    return slide_root(body, "#fff")


def _shapes_filled(root: etree._Element, color: str) -> list[etree._Element]:
    return [
        sp
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find(f"p:spPr/a:solidFill/a:srgbClr[@val='{color}']", NS) is not None
    ]


def _cell_fills(root: etree._Element) -> list[str | None]:
    out = []
    for tc in root.iterfind(".//a:tc", NS):
        clr = tc.find("a:tcPr/a:solidFill/a:srgbClr", NS)
        out.append(None if clr is None else clr.get("val"))
    return out


def test_clipped_corner_cells_move_their_fill_to_rounded_shapes() -> None:
    root = _slide(TABLE.replace("{ov}", "overflow:hidden;"))
    header = _shapes_filled(root, "0B3D5C")
    assert len(header) == 1  # the header row's fill, its top corners rounded
    geom = header[0].find("p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "round2SameRect"
    adj = {gd.get("name"): gd.get("fmla") for gd in geom.iterfind("a:avLst/a:gd", NS)}
    assert adj["adj2"] == "val 0" and adj["adj1"] != "val 0"
    red = _shapes_filled(root, "FF0000")
    assert len(red) == 1  # the bottom-left cell: its own shape, bottom-left corner rounded
    assert red[0].find("p:spPr/a:custGeom", NS) is not None
    fills = _cell_fills(root)
    assert fills[0] is None and fills[1] is None and fills[2] is None  # corner cells
    tree = list(root.find(".//p:spTree", NS))
    assert tree.index(red[0]) < tree.index(root.find(".//p:graphicFrame", NS))


@pytest.mark.parametrize("collapse", [False, True])
def test_unclipped_or_collapsed_tables_keep_square_cell_fills(collapse: bool) -> None:
    html = TABLE.replace("{ov}", "overflow:hidden;" if collapse else "")
    if collapse:
        html = html.replace("border-collapse:separate", "border-collapse:collapse")
    root = _slide(html)
    assert "FF0000" in _cell_fills(root)
    assert not _shapes_filled(root, "FF0000")


# Chromium 156 screenshot: a collapsed table filling a card with border-radius:16px and
# overflow:hidden is clipped to the card's rounded padding box: (4, 4) and (399, 4) show the
# white page (248/249 grey after antialiasing) where the header is #0B3D5C at (200, 4); the
# bottom-left red cell shows pink (221, 173, 173) at (4, 60) and red at (20, 40).
CARD = (
    "<div style='width:400px;border:2px solid #ccc;border-radius:16px;overflow:hidden'>"
    "<table style='border-collapse:collapse;width:100%;font:14px Liberation Sans'>"
    "<tr><th style='background:#0b3d5c;color:#fff;padding:8px'>A</th>"
    "<th style='background:#0b3d5c;color:#fff;padding:8px'>B</th></tr>"
    "<tr><td style='background:#f00;padding:8px'>1</td><td style='padding:8px'>2</td></tr>"
    "</table></div>"
)


def test_cells_in_a_rounded_ancestor_clip_are_rounded_with_it() -> None:
    root = _slide(CARD)
    header = _shapes_filled(root, "0B3D5C")
    assert len(header) == 1  # the header row's fill, its top corners rounded by the card
    geom = header[0].find("p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "round2SameRect"
    red = _shapes_filled(root, "FF0000")
    assert len(red) == 1  # the bottom-left cell's fill, rounded at the bottom left
    assert red[0].find("p:spPr/a:prstGeom", NS) is None  # one rounded corner: a custom outline
    assert red[0].find("p:spPr/a:custGeom", NS) is not None
    assert _cell_fills(root)[:3] == [None, None, None]
    tree = list(root.find(".//p:spTree", NS))
    assert tree.index(red[0]) < tree.index(root.find(".//p:graphicFrame", NS))


def test_cells_in_a_square_ancestor_clip_keep_their_fills() -> None:
    root = _slide(CARD.replace("border-radius:16px;", ""))
    assert _cell_fills(root)[:3] == ["0B3D5C", "0B3D5C", "FF0000"]
    assert not _shapes_filled(root, "FF0000")
