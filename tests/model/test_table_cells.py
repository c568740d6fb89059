"""Separated-borders cells painted as shapes: border-spacing gaps and rounded cells (XML)."""

from __future__ import annotations

from lxml import etree

from tests.model.slide_xml import slide_root

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525

# Chromium 156 (screenshot of this table): the cells' border boxes are (10, 6, 82, 46),
# (102, 6, 82, 46) and (194, 6, 86, 46); the row's green shows inside the first two cells
# only, rounded by their 16 px corners (white at (12, 8) and in the 10 px gaps), over the
# column's blue; the third cell is red with a rounded black 2 px border.
SPACED = (
    "<table style='border-collapse:separate;border-spacing:10px 6px;font:14px Liberation Sans'>"
    "<colgroup><col><col style='background:#00f'></colgroup>"
    "<tr style='background:#0f0'>"
    "<td style='width:80px;height:40px;border-radius:16px'>a</td>"
    "<td style='width:80px;height:40px;border-radius:16px'>b</td>"
    "<td style='width:80px;height:40px;background:#f00;border-radius:16px;"
    "border:2px solid #000'>c</td></tr></table>"
)


def _slide(body: str) -> etree._Element:
    return slide_root(body, "#fff")


def _filled(root: etree._Element, color: str) -> list[etree._Element]:
    return [
        sp
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find(f"p:spPr/a:solidFill/a:srgbClr[@val='{color}']", NS) is not None
    ]


def _box(sp: etree._Element) -> list[float]:
    off = sp.find("p:spPr/a:xfrm/a:off", NS)
    ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
    return [
        round(int(v) / EMU, 1) for v in (off.get("x"), off.get("y"), ext.get("cx"), ext.get("cy"))
    ]


def test_spaced_cells_are_shapes_at_their_own_boxes() -> None:
    root = _slide(SPACED)
    green = _filled(root, "00FF00")
    assert [_box(sp) for sp in green] == [[10.0, 6.0, 82.0, 46.0], [102.0, 6.0, 82.0, 46.0]]
    for sp in green:
        assert sp.find("p:spPr/a:prstGeom", NS).get("prst") == "roundRect"
    red = _filled(root, "FF0000")
    assert len(red) == 1 and _box(red[0]) == [195.0, 7.0, 84.0, 44.0]  # line inset by 1 px
    assert red[0].find("p:spPr/a:ln/a:solidFill/a:srgbClr", NS).get("val") == "000000"
    assert _filled(root, "0000FF") == []  # the row's background is on top of the column's
    tcs = root.findall(".//a:tc", NS)
    assert ["".join(tc.itertext()) for tc in tcs] == ["a", "b", "c"]
    for tc in tcs:  # the native cells keep the text, not the paint
        assert tc.find("a:tcPr/a:solidFill", NS) is None
        assert tc.find("a:tcPr/a:lnB/a:solidFill", NS) is None
    table = root.find(".//p:graphicFrame", NS)
    shapes = list(root.find(".//p:spTree", NS))
    assert shapes.index(table) > shapes.index(red[0])  # drawn behind the table's text


def test_rounded_cell_without_spacing_is_the_only_shape() -> None:
    root = _slide(
        "<table style='border-collapse:separate;border-spacing:0;font:14px Liberation Sans'><tr>"
        "<td style='background:#f00'>a</td>"
        "<td style='background:#00f;border-radius:12px 12px 0 0'>b</td></tr></table>"
    )
    assert _filled(root, "FF0000") == []
    blue = _filled(root, "0000FF")
    assert len(blue) == 1
    geom = blue[0].find("p:spPr/a:prstGeom", NS)
    assert geom is not None and geom.get("prst") == "round2SameRect"  # the two top corners
    fills = [tc.find("a:tcPr/a:solidFill/a:srgbClr", NS) for tc in root.iterfind(".//a:tc", NS)]
    assert [None if f is None else f.get("val") for f in fills] == ["FF0000", None]


def test_collapsed_and_unspaced_square_cells_stay_native() -> None:
    cells = {
        "border-collapse:collapse": "background:#f00;border-radius:8px;border:1px solid #000",
        "border-collapse:separate;border-spacing:0": "background:#f00;border:1px solid #000",
    }
    for table_css, cell_css in cells.items():
        root = _slide(
            f"<table style='{table_css};font:14px Liberation Sans'>"
            f"<tr><td style='{cell_css}'>a</td></tr></table>"
        )
        assert _filled(root, "FF0000") == []
        assert root.find(".//a:tc/a:tcPr/a:solidFill/a:srgbClr", NS).get("val") == "FF0000"


def _cell_fills(xml: etree._Element) -> tuple[int, int]:
    """(native cells with a solid fill, rectangle shapes named after a td)."""
    native = len(xml.findall(".//a:tbl//a:tc/a:tcPr/a:solidFill", NS))
    shapes = sum(
        1
        for nv in xml.iterfind(".//p:sp/p:nvSpPr/p:cNvPr", NS)
        if (nv.get("name") or "").startswith("td")
    )
    return native, shapes


ZEBRA = (
    "<table style='border-spacing:{gap}px;font:14px Liberation Sans'>"
    "<tr style='background:#dde'><td style='border:1px solid #888'>a</td><td>b</td></tr>"
    "<tr><td style='border:1px solid #888'>c</td><td>d</td></tr></table>"
)


def test_default_spacing_keeps_the_native_table_cells() -> None:
    # the UA's 2px gaps (no border-collapse) are not the author's design: fills and borders
    # stay editable in the native table
    native, shapes = _cell_fills(_slide(ZEBRA.format(gap=2)))
    assert (native, shapes) == (2, 0)


def test_wide_spacing_paints_cells_as_shapes() -> None:
    native, shapes = _cell_fills(_slide(ZEBRA.format(gap=8)))
    assert native == 0 and shapes >= 2
