"""Centred and right-aligned lines with an inline-block: the text keeps its place beside it (XML)."""

from __future__ import annotations

from lxml import etree

from tests.model.slide_xml import slide_root

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525
TAG = (
    "<span style='display:inline-block;margin-left:10px;padding:3px 10px;font-size:14px;"
    "background:#fb2;border-radius:6px;vertical-align:middle'>Popular</span>"
)
FONT = "font:700 28px Liberation Sans"
# Chromium 156 (a Range over "Growth"): x = 106.05 in the centred div and the centred cell,
# 212.11 in the right-aligned div; Chromium aligns "Growth " and the badge together.
CHROMIUM_X = {"center": 106.05, "right": 212.11}


def _slide(body: str) -> etree._Element:
    return slide_root(body)


def _growth_box(root: etree._Element) -> tuple[float, str]:
    for sp in root.iterfind(".//p:sp", NS):
        body = sp.find("p:txBody", NS)
        if body is not None and "".join(body.itertext()) == "Growth":
            x = int(sp.find("p:spPr/a:xfrm/a:off", NS).get("x")) / EMU
            return x, body.find("a:p/a:pPr", NS).get("algn")
    raise AssertionError("no text box holds the text")


def test_centred_and_right_aligned_text_beside_an_inline_block() -> None:
    for align, expected in CHROMIUM_X.items():
        root = _slide(f"<div style='text-align:{align};width:400px;{FONT}'>Growth {TAG}</div>")
        x, algn = _growth_box(root)
        assert algn == "l"
        assert abs(x - expected) < 0.5


def test_centred_cell_text_beside_an_inline_block_is_drawn_over_the_table() -> None:
    root = _slide(
        f"<table style='width:400px;border-spacing:0;{FONT}'><tr>"
        f"<td style='text-align:center;padding:0'>Growth {TAG}</td></tr></table>"
    )
    assert "".join(root.find(".//a:tc", NS).itertext()) == ""
    x, _algn = _growth_box(root)
    assert abs(x - CHROMIUM_X["center"]) < 0.5


def test_left_aligned_text_stays_one_box() -> None:
    root = _slide(f"<div style='width:400px;{FONT}'>Growth {TAG}</div>")
    x, algn = _growth_box(root)
    assert (round(x, 2), algn) == (0.0, "l")
