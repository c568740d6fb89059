"""Double table borders: two stripes over the table where Chromium draws two lines (XML)."""

from __future__ import annotations

from lxml import etree

from tests.model.slide_xml import slide_root

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525

# Chromium 156 screenshot of this table at the slide's top-left (column x = 50): the 4 px
# double edge is two 1 px black lines at y = 10 and 13 (1 + 2 gap + 1), the 3 px one at
# y = 24 and 26 (1 + 1 + 1); double borders of 5..9 px are round(w / 3) thick lines.
TABLE = (
    "<table style='border-collapse:{model};border-spacing:0;width:100px'>"
    "<tr><td style='border-bottom:4px double #000;height:10px;padding:0'></td></tr>"
    "<tr><td style='border-bottom:3px double #000;height:10px;padding:0'></td></tr></table>"
)


def _slide(body: str) -> etree._Element:
    return slide_root(body)


def _stripes(root: etree._Element) -> list[tuple[float, float]]:
    out = []
    for sp in root.iterfind(".//p:sp", NS):
        if "double border" not in sp.find("p:nvSpPr/p:cNvPr", NS).get("name"):
            continue
        off = sp.find("p:spPr/a:xfrm/a:off", NS)
        ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
        out.append((int(off.get("y")) / EMU, int(ext.get("cy")) / EMU))
    return sorted(out)


def test_collapsed_double_edges_are_two_lines_over_the_table() -> None:
    root = _slide(TABLE.format(model="collapse"))
    stripes = _stripes(root)
    assert len(stripes) == 4
    chromium = [10.0, 13.0, 24.0, 26.0]
    assert all(abs(y - want) <= 0.5 for (y, _h), want in zip(stripes, chromium, strict=True))
    assert [h for _y, h in stripes] == [1.0, 1.0, 1.0, 1.0]
    for tc in root.iterfind(".//a:tc", NS):  # no native line for those edges
        assert tc.find("a:tcPr/a:lnB/a:solidFill", NS) is None
    tree = list(root.find(".//p:spTree", NS))
    frame = tree.index(root.find(".//p:graphicFrame", NS))
    assert all(tree.index(sp) > frame for sp in root.iterfind(".//p:sp", NS))


def test_separated_double_border_stripes_lie_inside_the_cell() -> None:
    stripes = _stripes(_slide(TABLE.format(model="separate")))
    # separated: first cell 0..14 (its 4 px border at 10..14), second 14..27 (border 24..27)
    assert stripes == [(10.0, 1.0), (13.0, 1.0), (24.0, 1.0), (26.0, 1.0)]


def test_thin_double_borders_stay_native_lines() -> None:
    root = _slide(TABLE.format(model="collapse").replace("4px double", "2px double"))
    assert len(_stripes(root)) == 2  # only the 3 px edge
    assert root.find(".//a:tc/a:tcPr/a:lnB/a:solidFill", NS) is not None
