"""Inline boxes whose border sides differ (keyboard keys with a thicker bottom edge, links
underlined by border-bottom) and list markers on lines split around padded inline boxes.

Expected boxes from Chromium 156 (tools/recorders/layout_boxes.py `render` on HTML below):
#k [85.03125, 3.875, 33.546875, 32.25], #u [126.921875, 0, 45.015625, 35],
#li [40, 34, 1240, 35], #c [105.046875, 34, 129.375, 35].
"""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from engine import convert
from engine.options import Options
from tests.layout.chromium_boxes import page

HTML = (
    '<p style="font-size:30px;margin:0"><span id="w">Press</span> <kbd id="k" style="'
    "font-family:'DejaVu Sans Mono';font-size:.75em;border:1px solid #bbb;border-bottom-width:3px;"
    'border-radius:6px;padding:.05em .4em;background:#eee">Q</kbd> <a id="u" style="'
    'border-bottom:2px solid #c00;color:#c00">link</a></p>'
    '<ul style="font-size:30px;margin:0;padding-left:40px"><li id="li">One <code id="c" style="'
    "font-family:'DejaVu Sans Mono';padding:0 .35em;background:#eee\">String</code> per field"
    "</li></ul>"
)
NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
TOL = 0.05


@pytest.fixture(scope="module")
def shapes() -> list[dict]:
    return convert([page(HTML)]).to_dict()["slides"][0]["shapes"]


def _named(shapes: list[dict], name: str) -> dict:
    found = [s for s in shapes if s.get("name") == name]
    assert len(found) == 1, [s.get("name") for s in shapes]
    return found[0]


def _box(shape: dict) -> list[float]:
    return [shape["x"], shape["y"], shape["w"], shape["h"]]


@pytest.mark.fonts("fonts-dejavu-core")
def test_key_with_thicker_bottom_border_gets_its_ring(shapes: list[dict]) -> None:
    ring = _named(shapes, "kbd#k border")
    assert ring["fill"]["color"] == "BBBBBB" and ring["geom"] == "custom"
    assert _box(ring) == pytest.approx([85.03125, 3.875, 33.546875, 32.25], abs=TOL)
    # The ring's inner edge: 1 px in from the top, 3 px up from the bottom.
    ys = sorted({round(y, 3) for contour in ring["contours"] for _x, y in contour})
    assert ys[0] == 0 and ys[-1] == pytest.approx(32.25)
    assert 1.0 in ys and pytest.approx(29.25) in ys


@pytest.mark.fonts("fonts-dejavu-core")
def test_link_underlined_by_border_bottom(shapes: list[dict]) -> None:
    line = _named(shapes, "a#u border-bottom")
    assert line["fill"]["color"] == "CC0000"
    # Chromium's #u border box, its bottom 2 px.
    assert _box(line) == pytest.approx([126.921875, 33.0, 45.015625, 2.0], abs=TOL)


@pytest.mark.fonts("fonts-dejavu-core")
def test_marker_keeps_its_gap_on_a_split_line() -> None:
    # With exact line breaks a line is cut into one text box per piece around padded inline
    # boxes.
    options = Options(line_breaks="exact")
    shapes = convert([page(HTML)], options=options).to_dict()["slides"][0]["shapes"]
    texts = {
        "".join(r["text"] for p in s["text"]["paragraphs"] for r in p["runs"]): s
        for s in shapes
        if s["kind"] == "text"
    }
    assert "One" in texts and "\u2022One" not in texts, sorted(texts)
    first = texts["One"]
    para = first["text"]["paragraphs"][0]
    assert "bullet" in para  # a native bullet hanging left of the text
    # The text starts at Chromium's #li content edge: the box's left + the hanging indent.
    assert first["x"] + para["margin_left"] == pytest.approx(40.0, abs=TOL)
    assert para["margin_left"] > 0 and para["indent"] == -para["margin_left"]


@pytest.mark.fonts("fonts-dejavu-core")
def test_padded_inline_boxes_stay_in_their_paragraph(shapes: list[dict]) -> None:
    # Text that wraps in its box keeps the line one paragraph: the padding around the code
    # (0.35 em = 10.5 px each side) becomes spacing after the character before each edge.
    (item,) = [s for s in shapes if s["kind"] == "text" and s["name"] == "li#li text"]
    (para,) = item["text"]["paragraphs"]
    assert "".join(r["text"] for r in para["runs"]) == "One String per field"
    assert "bullet" in para
    assert item["x"] + para["margin_left"] == pytest.approx(40.0, abs=TOL)
    spaced = [(r["text"], r["spacing"]) for r in para["runs"] if r.get("spacing")]
    assert [text for text, _pt in spaced] == [" ", "g"]
    assert all(pt == pytest.approx(10.5 * 0.75, abs=0.02) for _text, pt in spaced)


def test_ring_is_written_as_a_custom_path() -> None:
    data = convert([page(HTML)]).pptx_bytes
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    rings = [
        sp
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find("p:nvSpPr/p:cNvPr", NS).get("name") == "kbd#k border"
    ]
    assert len(rings) == 1
    paths = rings[0].findall("p:spPr/a:custGeom/a:pathLst/a:path", NS)
    assert paths and rings[0].find("p:spPr/a:solidFill/a:srgbClr", NS).get("val") == "BBBBBB"


# Chromium 156 boxes: #m [85.53125, 2, 92.4375, 20].
MARK = (
    '<p style="font:20px Carlito;margin:0">Sweden is <mark id="m" style="background:'
    'linear-gradient(transparent 55%,#ffe2a8 55%);padding:0 2px">62% above</mark> the next</p>'
)


@pytest.mark.fonts("fonts-crosextra-carlito")
def test_highlighter_gradient_on_an_inline_box() -> None:
    shapes = convert([page(MARK)]).to_dict()["slides"][0]["shapes"]
    mark = _named(shapes, "mark#m")
    assert _box(mark) == pytest.approx([85.53125, 2, 92.4375, 20], abs=TOL)
    fill = mark["fill"]
    assert fill["type"] == "gradient" and fill["angle"] == 90.0
    visible = [(s["pos"], s["color"]) for s in fill["stops"] if s["alpha"] > 0]
    assert visible == [(0.55, "FFE2A8"), (1.0, "FFE2A8")]
    assert all(s["alpha"] == 0 for s in fill["stops"] if s["pos"] < 0.55)


def test_gradient_clipped_to_text_paints_no_box() -> None:
    html = MARK.replace(";padding:0 2px", ";-webkit-background-clip:text;color:transparent")
    shapes = convert([page(html)]).to_dict()["slides"][0]["shapes"]
    assert not [s for s in shapes if s.get("name") == "mark#m"]


# Chromium 156 screenshot of LIST (red markers): ink boxes [x0, y0, x1, y1] of the disc
# [15, 15, 24, 24], the circle [14, 49, 25, 60] (a 1 px stroke on the 9 px square) and the
# square [15, 85, 24, 94].
LIST = (
    "<ul style=\"font-size:30px;font-family:'DejaVu Sans';margin:0;padding-left:40px;color:#c00\">"
    "<li>One <code style=\"font-family:'DejaVu Sans Mono';padding:0 .35em;background:#eee;"
    'color:#000">String</code> per field</li><li style="list-style-type:circle">Two <code '
    'style="padding:0 .35em;background:#eee;color:#000">x</code></li><li style="'
    'list-style-type:square">Three <code style="padding:0 .35em;background:#eee;color:#000">y'
    "</code></li></ul>"
)


@pytest.mark.fonts("fonts-dejavu-core")
def test_symbol_markers_on_split_lines_are_native_bullets() -> None:
    """A list line split around an inline box keeps its marker as the paragraph's native
    bullet (disc/circle/square characters in the marker colour), the text at Chromium's
    content edge (40 px), as in an unsplit list's text box."""
    shapes = convert([page(LIST)]).to_dict()["slides"][0]["shapes"]
    assert not [s for s in shapes if s.get("name") == "li marker"]
    led = [s for s in shapes if s["kind"] == "text" and "bullet" in s["text"]["paragraphs"][0]]
    bullets = [s["text"]["paragraphs"][0]["bullet"] for s in led]
    assert [(b["char"], b["color"]) for b in bullets] == [
        ("\u2022", "CC0000"),
        ("\u25e6", "CC0000"),
        ("\u25aa", "CC0000"),
    ]
    for s in led:
        para = s["text"]["paragraphs"][0]
        assert s["x"] + para["margin_left"] == pytest.approx(40.0, abs=TOL)
        assert not any("\u2022" in r["text"] for r in para["runs"])
