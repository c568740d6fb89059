"""Clipping, justified text, super/subscripts and the slide's own box, against Chromium's
recordings (tests/layout/expected_text.json) and in the written PPTX."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from lxml import etree

from engine import convert
from engine.diagnostics import Diagnostics
from engine.layout.fragments import TextFragment
from engine.model.schema import problems
from engine.model.text.runs import escaped_size
from engine.options import LineBreaks, Options
from engine.pipeline import convert_page
from tests.layout.chromium_boxes import page
from tests.layout.chromium_text import EXPECTED
from tests.layout.conftest import boxes_by_id, find_fragment, layout

RECORDED = json.loads(EXPECTED.read_text())
NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525


def slide_xml(html: str, line_breaks: LineBreaks = "soft") -> etree._Element:
    data = convert([html], options=Options(line_breaks=line_breaks)).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return etree.fromstring(z.read("ppt/slides/slide1.xml"))


def text_shapes(xml: etree._Element) -> list[tuple[str, etree._Element]]:
    out = []
    for sp in xml.iterfind(".//p:sp", NS):
        text = "".join(t.text or "" for t in sp.iterfind(".//a:t", NS))
        if text:
            out.append((text, sp))
    return out


def ext(sp: etree._Element) -> tuple[float, float, float, float]:
    off = sp.find(".//a:xfrm/a:off", NS)
    size = sp.find(".//a:xfrm/a:ext", NS)
    return (
        int(off.get("x")) / EMU,
        int(off.get("y")) / EMU,
        int(size.get("cx")) / EMU,
        int(size.get("cy")) / EMU,
    )


def line_texts(name: str) -> list[str]:
    frag, _x, _y = find_fragment(layout(page(RECORDED[name]["html"])), id="a")
    out = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        out.append("".join(i.text for i in items))
    return out


# -- justified text ------------------------------------------------------------------------


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", ["justify_latin", "justify_sans", "justify_cjk"])
def test_justified_lines_break_where_chromium_breaks(name: str) -> None:
    want = [text.rstrip(" ") for text, _right in RECORDED[name]["lines"]["a"]]
    assert [t.rstrip(" ") for t in line_texts(name)] == want


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", ["justify_latin", "justify_sans"])
def test_justified_lines_end_where_chromium_ends(name: str) -> None:
    frag, _x, _y = find_fragment(layout(page(RECORDED[name]["html"])), id="a")
    for line, (_text, right) in zip(frag.lines, RECORDED[name]["lines"]["a"], strict=True):
        items = [i for i in line.items if isinstance(i, TextFragment)]
        end = max(i.x + i.width for i in items)
        if not line.last:
            assert end == pytest.approx(right, abs=0.5)


@pytest.mark.fonts("fonts-liberation")
def test_justified_box_is_the_css_width_not_widened() -> None:
    xml = slide_xml(page(RECORDED["justify_latin"]["html"]))
    ((_text, sp),) = text_shapes(xml)
    assert sp.find(".//a:pPr", NS).get("algn") == "just"
    _x, _y, w, _h = ext(sp)
    assert w == pytest.approx(420.0, abs=1.0)  # was 420 x 1.01 + 0.25 em = 429 px


@pytest.mark.fonts("fonts-liberation")
def test_justified_line_ending_a_pptx_paragraph_gets_its_spacing() -> None:
    # A taller line (a sup with normal line-height) starts a new PPTX paragraph; the line before
    # it would be left-aligned there: its spaces carry the justification instead.
    html = page(
        '<p id="a" style="width:420px;margin:0;font:19px/1.2 \'Liberation Serif\';text-align:justify">'
        "The idea that warming tracks cumulative emissions rather than annual ones was formalised"
        ' in 2009.<sup style="font-size:30px">4</sup> It turned an abstract temperature target'
        " into an accountable quantity of tonnes.</p>"
    )
    model = convert_page(html, Options(line_breaks="exact")).slide
    paras = [p for s in model["shapes"] if s["kind"] == "text" for p in s["text"]["paragraphs"]]
    assert len(paras) >= 2
    spaced = [r for r in paras[0]["runs"] if r.get("text", "").strip() == "" and r.get("spacing")]
    assert spaced and all(r["spacing"] > 0 for r in spaced)
    # Wrapping in its box, the paragraph stays one paragraph (the taller line keeps the pitch
    # of the first) and no line is spread by hand: the renderer justifies it.
    model = convert_page(html, Options()).slide
    paras = [p for s in model["shapes"] if s["kind"] == "text" for p in s["text"]["paragraphs"]]
    assert len(paras) == 1 and paras[0]["align"] == "just"
    assert not any(r.get("break") or r.get("spacing") for r in paras[0]["runs"])


@pytest.mark.fonts("fonts-liberation")
def test_text_box_slack_stops_at_the_slide_edge() -> None:
    html = page(
        '<p style="position:absolute;left:1000px;top:10px;width:280px;margin:0;'
        "font:20px 'Liberation Sans'\">A line that fills the box</p>"
    )
    ((_text, sp),) = text_shapes(slide_xml(html))
    x, _y, w, _h = ext(sp)
    assert x + w <= 1280.01
    assert sp.find(".//a:bodyPr", NS).get("wrap") == "none"


@pytest.mark.fonts("fonts-liberation")
def test_centred_full_width_title_stays_on_the_slide_and_centred() -> None:
    html = page(
        "<h1 style=\"margin:0;width:1280px;text-align:center;font:60px 'Liberation Sans'\">"
        "Scaling support with AI agents across every channel</h1>"
    )
    ((_text, sp),) = text_shapes(slide_xml(html, "exact"))
    x, _y, w, _h = ext(sp)
    assert x >= -0.01 and x + w <= 1280.01
    assert x + w / 2 == pytest.approx(640.0, abs=0.5)
    assert sp.find(".//a:bodyPr", NS).get("wrap") == "none"
    # Wrapping in its box, the two-line title is narrowed the same way but keeps wrapping (its
    # lines stay whole: the box is no narrower than they need).
    ((_text, sp),) = text_shapes(slide_xml(html))
    x, _y, w, _h = ext(sp)
    assert x >= -0.01 and x + w <= 1280.01
    assert x + w / 2 == pytest.approx(640.0, abs=0.5)
    assert sp.find(".//a:bodyPr", NS).get("wrap") == "square"
    assert not sp.findall(".//a:br", NS)


# -- super/subscripts ----------------------------------------------------------------------


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", ["sup_footnote", "sup_smaller_line_height_zero", "sub_chemistry"])
def test_sup_sub_boxes_match_chromium(name: str) -> None:
    got = boxes_by_id(layout(page(RECORDED[name]["html"])))
    for ident, want in RECORDED[name]["boxes"].items():
        assert got[ident] == pytest.approx(want, abs=1.0), ident


@pytest.mark.fonts("fonts-liberation")
def test_sup_run_is_written_at_chromiums_glyph_size() -> None:
    xml = slide_xml(page(RECORDED["sup_footnote"]["html"]))
    runs = xml.findall(".//a:r", NS)
    sup = [r for r in runs if r.find("a:rPr", NS).get("baseline")]
    assert len(sup) == 1 and sup[0].find("a:t", NS).text == "1"
    rpr = sup[0].find("a:rPr", NS)
    chromium_px = RECORDED["sup_footnote"]["boxes"]["s"][3] / 17 * 19 * 5 / 6  # 5/6 of 19 px
    assert int(rpr.get("sz")) / 100 == pytest.approx(escaped_size(chromium_px) * 0.75, abs=0.01)
    assert int(rpr.get("baseline")) > 0
    # LibreOffice draws it at 58 % of sz: Chromium's 15.83 px, not the 11 px of the parent's sz.
    assert int(rpr.get("sz")) / 100 * 0.58 / 0.75 == pytest.approx(19 * 5 / 6, abs=0.05)


# -- clipping --------------------------------------------------------------------------------


@pytest.mark.fonts("fonts-liberation")
def test_lines_below_a_clipping_edge_are_not_written() -> None:
    html = page(
        "<div style=\"width:300px;height:40px;overflow:hidden;font:16px/20px 'Liberation Sans'\">"
        '<p style="margin:0">one two three four five six seven eight nine ten eleven twelve'
        " thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty</p></div>"
        '<div style="position:absolute;left:0;top:900px;width:100px;height:50px;background:red">'
        "far below</div>"
    )
    diag = Diagnostics()
    from engine.model.slide import build_slide
    from engine.pipeline import layout_page

    laid = layout_page(html, Options(), diag)
    model = build_slide(laid.root, laid.media, diag, Options(), laid.lang)
    texts = [
        "".join(r.get("text", "") for p in s["text"]["paragraphs"] for r in p["runs"])
        for s in model["shapes"]
        if s["kind"] == "text"
    ]
    assert len(texts) == 1 and "one two" in texts[0] and "twenty" not in texts[0]
    assert not any(s.get("fill") and s["y"] >= 720 for s in model["shapes"])
    assert any("not written" in d.message for d in diag.items)


@pytest.mark.fonts("fonts-liberation")
def test_list_items_below_a_clipping_edge_are_not_written() -> None:
    items = "".join(f"<li>item number {i}</li>" for i in range(1, 41))
    html = page(
        "<div style=\"height:100px;overflow:hidden;font:16px/20px 'Liberation Sans'\">"
        f'<ul style="margin:0">{items}</ul></div>'
    )
    shapes = convert_page(html, Options()).slide["shapes"]
    text = " ".join(
        r.get("text", "")
        for s in shapes
        if s["kind"] == "text"
        for p in s["text"]["paragraphs"]
        for r in p["runs"]
    )
    assert "item number 5" in text and "item number 6" not in text


@pytest.mark.fonts("fonts-liberation")
def test_partly_clipped_picture_is_cropped() -> None:
    import base64

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (100, 100), (200, 30, 30)).save(buf, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()
    html = page(
        f'<div style="width:200px;height:50px;overflow:hidden"><img src="{uri}" '
        'style="display:block;width:200px;height:200px"></div>'
    )
    pics = [s for s in convert_page(html, Options()).slide["shapes"] if s["kind"] == "picture"]
    assert len(pics) == 1 and pics[0]["h"] == pytest.approx(50.0)
    assert pics[0]["crop"]["b"] == pytest.approx(0.75)


# -- the slide's own box -------------------------------------------------------------------


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", ["page_html2pptx_pt", "page_centred_slide"])
def test_slide_box_is_the_slide(name: str) -> None:
    record = RECORDED[name]
    result = convert([record["html"]])
    assert (result.slide_width, result.slide_height) == tuple(record["slide"])
    got = boxes_by_id(layout(record["html"]))
    for ident, want in record["boxes"].items():
        assert got[ident] == pytest.approx(want, abs=1.0), ident


@pytest.mark.fonts("fonts-liberation")
def test_nothing_outside_the_centred_slide_counts() -> None:
    html = RECORDED["page_centred_slide"]["html"].replace(
        "<body>", '<body><p style="position:absolute;left:0;top:0">outside the slide</p>'
    )
    xml = slide_xml(html)
    texts = [text for text, _sp in text_shapes(xml)]
    assert "outside the slide" not in " ".join(texts)
    assert "Six months in: the results" in texts
    bg = xml.find(".//p:bg//a:srgbClr", NS)
    assert bg is not None and bg.get("val") == "FFFFFF"  # the slide's white, not the body's


@pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core")
def test_the_slide_leaving_the_model_stage_is_exactly_the_slide_model() -> None:
    """A text box narrowed at the slide edge and runs split by fallback face: what the builders
    keep for themselves rides beside the shapes, so the engine's own slide (not only its
    to_dict()) has no key the slide model does not know."""
    html = page(
        '<p style="position:absolute;left:1000px;top:10px;width:280px;margin:0;'
        "font:20px 'Liberation Sans'\">\u2699 A line that fills the box</p>"
    )
    conversion = convert([html])
    (slide,) = conversion.slides
    assert problems(slide, "Slide") == []
    (shape,) = [s for s in slide["shapes"] if s["kind"] == "text"]
    assert shape["x"] + shape["w"] <= 1280.01 and shape["text"]["wrap"] is False
    fonts = [r.get("font") for p in shape["text"]["paragraphs"] for r in p["runs"]]
    assert fonts[0] != fonts[-1]  # the gear (U+2699) in its fallback face
