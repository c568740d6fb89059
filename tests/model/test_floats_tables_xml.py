"""Floats, drop caps and table details in the written PPTX (HTML -> engine -> slide XML):
lines beside floats, ::first-letter text boxes, translucent table borders, rows that cannot grow,
badge backgrounds as highlights, header row fills."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from engine import convert

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525


def _slide(body: str, style: str = "") -> etree._Element:
    html = (
        f"<html><head><style>body{{margin:0}} .slide{{width:1280px;height:720px;"
        f"background:#fff;font-family:'Liberation Sans'}} {style}</style></head>"
        f'<body><div class="slide">{body}</div></body></html>'
    )
    data = convert([html]).pptx_bytes
    return etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))


def _text_boxes(root: etree._Element) -> list[tuple[str, int, int]]:
    """(text, x px, width px) of every text box, in document order."""
    out = []
    for sp in root.iterfind(".//p:sp", NS):
        text = "".join(t.text or "" for t in sp.iterfind(".//a:t", NS))
        off = sp.find("p:spPr/a:xfrm/a:off", NS)
        ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
        if text and off is not None:
            out.append((text, round(int(off.get("x")) / EMU), round(int(ext.get("cx")) / EMU)))
    return out


LOREM = (
    "Every morning before six, the harbour master walks the length of the stone pier and "
    "writes the height of the water on a slate by the door. Nobody asked him to."
)


@pytest.mark.fonts("fonts-liberation")  # the line breaks beside the cap use its metrics
def test_drop_cap_is_its_own_text_box_and_lines_beside_it_start_after_it() -> None:
    root = _slide(
        f"<p style=\"width:520px;margin:20px;font:19px/1.6 'Liberation Serif'\">{LOREM}</p>",
        "p::first-letter{float:left;font-size:3.2em;line-height:.9;margin:6px 10px 0 0}",
    )
    boxes = _text_boxes(root)
    assert boxes[0][0] == "E"
    # Two lines beside the letter (x = 20 + letter + 10 px margin), then full-width lines.
    beside, below = boxes[1], boxes[2]
    assert beside[0].startswith("very morning before six")
    assert beside[1] == 67  # Chromium: 67.14 (tests/layout/expected_floats.json, dropcap_em)
    assert below[1] == 20
    assert sum(1 for b in boxes if b[0].startswith("E") and len(b[0]) == 1) == 1


def test_translucent_row_borders_are_composited_over_the_cell_fill() -> None:
    root = _slide(
        "<table style='border-collapse:collapse'><tr><td style='border-bottom:1px solid "
        "rgba(93,78,66,.1);background:#ffffff;padding:8px'>a</td></tr>"
        "<tr><td style='border-bottom:1px solid rgba(0,0,0,.5);padding:8px'>b</td></tr></table>"
    )
    lines = root.findall(".//a:tc/a:tcPr/a:lnB", NS)
    colours = [ln.find("a:solidFill/a:srgbClr", NS) for ln in lines]
    # 10 % of (93,78,66) over white = (238.8,237.3,236.1); 50 % black over the white slide.
    assert colours[0].get("val") == "EFEDEC"
    assert colours[1].get("val") == "808080"
    assert all(c.find("a:alpha", NS) is None for c in colours)


def test_cells_without_text_have_a_one_point_end_mark() -> None:
    root = _slide(
        "<table style='border-collapse:collapse;font-size:12px'><tr><td style='padding:2px'>"
        "<span style='display:inline-block;width:30px;height:8px;background:#0a0'></span>"
        "</td><td style='padding:2px'>x</td></tr></table>"
    )
    first = root.find(".//a:tc/a:txBody/a:p", NS)
    assert first.find("a:endParaRPr", NS).get("sz") == "100"
    assert first.find("a:pPr/a:lnSpc/a:spcPts", NS).get("val") == "100"


def test_plain_inline_background_stays_in_the_cell_as_a_highlight() -> None:
    root = _slide(
        "<table><tr><td>Status <span style='background:#fefcbf'>At risk</span></td></tr></table>"
    )
    runs = root.findall(".//a:tc//a:r", NS)
    texts = {r.find("a:t", NS).text.strip(): r for r in runs}
    assert texts["At risk"].find("a:rPr/a:highlight/a:srgbClr", NS).get("val") == "FEFCBF"
    assert texts["Status"].find("a:rPr/a:highlight", NS) is None
    assert not [t for t in _text_boxes(root) if "At risk" in t[0]]  # no text box over the table


def test_rounded_pill_keeps_its_own_shape() -> None:
    root = _slide(
        "<table><tr><td>Status <span style='background:#fefcbf;border-radius:9px;"
        "padding:2px 8px'>At risk</span></td></tr></table>"
    )
    assert [t for t in _text_boxes(root) if "At risk" in t[0]]


def test_dark_header_row_gets_one_fill_under_its_cells() -> None:
    root = _slide(
        "<table style='border-collapse:collapse;width:600px'><tr>"
        + "".join(f"<th style='background:#0b3d5c;color:#fff'>H{i}</th>" for i in range(4))
        + "</tr><tr><td>a</td><td>b</td><td>c</td><td>d</td></tr></table>"
    )
    rects = [
        sp
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find("p:spPr/a:solidFill/a:srgbClr[@val='0B3D5C']", NS) is not None
    ]
    assert len(rects) == 1
    ext = rects[0].find("p:spPr/a:xfrm/a:ext", NS)
    assert round(int(ext.get("cx")) / EMU) == 600
    tree = list(root.find(".//p:spTree", NS))
    frame = root.find(".//p:graphicFrame", NS)
    assert tree.index(rects[0]) < tree.index(frame)  # under the table


def test_white_rows_get_no_extra_fill() -> None:
    root = _slide(
        "<table style='border-collapse:collapse;width:600px'><tr>"
        + "".join(f"<td style='background:#fff'>c{i}</td>" for i in range(4))
        + "</tr></table>"
    )
    assert root.findall(".//p:sp", NS) == []  # the white fills stay in the table's cells
    assert root.find(".//p:graphicFrame", NS) is not None


def test_cell_with_text_overflow_ellipsis_writes_the_visible_text() -> None:
    root = _slide(
        "<table style='table-layout:fixed;width:300px;border-collapse:collapse'><tr>"
        "<td style='width:150px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis'>"
        "Northwind Organic Farms Cooperative</td><td>x</td></tr></table>"
    )
    first = root.find(".//a:tc", NS)
    text = "".join(t.text for t in first.iterfind(".//a:t", NS))
    assert text.endswith("…") and "Cooperative" not in text
