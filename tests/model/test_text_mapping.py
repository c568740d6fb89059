"""Text mapping: text boxes, runs, native lists, translucent text, tables, in the slide model and the written XML."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from engine import convert
from engine.options import Options
from engine.pipeline import convert_page

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
FONT = "font-family:'Liberation Sans'"


def slide_model(
    body: str, size: str = "width:640px;height:360px", options: Options | None = None
) -> dict:
    page = f'<div class="slide" style="{size};{FONT}">{body}</div>'
    return convert_page(page, options or Options()).slide


def slide_xml(body: str) -> etree._Element:
    conv = convert([f'<div class="slide" style="width:640px;height:360px;{FONT}">{body}</div>'])
    with zipfile.ZipFile(io.BytesIO(conv.pptx_bytes)) as z:
        return etree.fromstring(z.read("ppt/slides/slide1.xml"))


def texts(slide: dict) -> list[dict]:
    return [s for s in slide["shapes"] if s["kind"] == "text"]


@pytest.mark.fonts("fonts-liberation")  # ascent/descent of the default sans-serif face
def test_single_line_box_places_first_baseline():
    (box,) = texts(
        slide_model('<p style="margin:0;font-size:20px;line-height:30px">Hello world</p>')
    )
    (para,) = box["text"]["paragraphs"]
    assert para["line_spacing"] == {"pts": 22.5}
    # Chromium baseline: half-leading floor((30 - (18 + 4)) / 2) = 4, + ascent 18 = 22.
    # LibreOffice's first baseline with exact 30 px spacing: 30 - 0.2 x 20 = 26 -> top = -4.
    assert abs(box["y"] - -4.0) < 0.1  # LibreOffice works in 1/100 mm
    assert box["x"] == 0 and box["text"]["insets"] == [0, 0, 0, 0]


@pytest.mark.fonts("fonts-liberation")  # the run's font is the installed family (tests/conftest.py)
def test_runs_carry_style():
    (box,) = texts(
        slide_model(
            '<p style="margin:0;font-size:16px;color:#336699">a <b>bold</b> <i>it</i> <u>un</u> <a href="https://x.example/">link</a> <span style="letter-spacing:2px">sp</span></p>'
        )
    )
    runs = box["text"]["paragraphs"][0]["runs"]
    by_text = {r["text"].strip(): r for r in runs}
    assert by_text["bold"]["bold"] is True and by_text["it"]["italic"] is True
    assert by_text["un"]["underline"] is True
    assert by_text["link"]["href"] == "https://x.example/"
    assert by_text["sp"]["spacing"] == 1.5
    assert (
        by_text["a"]["color"] == "336699"
        and by_text["a"]["size"] == 12.0
        and by_text["a"]["font"] == "Liberation Sans"
    )


def test_wrapped_lines_get_explicit_breaks_with_exact_line_breaks():
    (box,) = texts(
        slide_model(
            '<p style="margin:0;width:120px;font-size:16px">one two three four five six seven</p>',
            options=Options(line_breaks="exact"),
        )
    )
    runs = box["text"]["paragraphs"][0]["runs"]
    breaks = sum(1 for r in runs if r.get("break"))
    assert breaks >= 2
    assert all(
        not r["text"].endswith(" ")
        for i, r in enumerate(runs[:-1])
        if "text" in r and runs[i + 1].get("break")
    )


def test_unordered_list_is_one_box_with_bullets():
    xml = slide_xml(
        '<ul style="margin:0;font-size:18px"><li>First</li><li>Second</li><li>Third</li></ul>'
    )
    (sp,) = [s for s in xml.iter(f"{{{NS['p']}}}sp") if s.find(".//a:t", NS) is not None]
    paras = sp.findall(".//a:p", NS)
    assert len(paras) == 3
    assert [p.find("a:pPr/a:buChar", NS).get("char") for p in paras] == ["\u2022"] * 3
    ppr = paras[0].find("a:pPr", NS)
    assert int(ppr.get("marL")) > 0 and int(ppr.get("indent")) == -int(ppr.get("marL"))


def test_ordered_list_autonumbers_from_start():
    xml = slide_xml(
        '<ol start="3" style="margin:0;list-style-type:lower-roman"><li>a</li><li>b</li></ol>'
    )
    nums = xml.findall(".//a:buAutoNum", NS)
    assert [n.get("type") for n in nums] == ["romanLcPeriod", "romanLcPeriod"]
    assert [n.get("startAt") for n in nums] == ["3", "4"]


def test_translucent_text_is_flattened_over_solid_background():
    (box,) = texts(
        slide_model(
            '<p style="margin:0;color:rgba(255,255,255,.5)">soft</p>',
            "width:640px;height:360px;background:#000000",
        )
    )
    (run,) = box["text"]["paragraphs"][0]["runs"]
    assert run["color"] == "808080" and "alpha" not in run


def test_table_becomes_native_table_with_spans():
    xml = slide_xml(
        '<table style="border-collapse:collapse;font-size:14px"><tr><th colspan="2">Head</th></tr>'
        '<tr><td style="background:#eeeeee;border:1px solid #000">a</td><td>b</td></tr></table>'
    )
    tbl = xml.find(".//a:tbl", NS)
    assert tbl is not None
    assert len(tbl.findall("a:tblGrid/a:gridCol", NS)) == 2
    first_row = tbl.findall("a:tr", NS)[0].findall("a:tc", NS)
    assert first_row[0].get("gridSpan") == "2" and first_row[1].get("hMerge") == "1"
    cell = tbl.findall("a:tr", NS)[1].findall("a:tc", NS)[0]
    assert cell.find("a:tcPr/a:solidFill/a:srgbClr", NS).get("val") == "EEEEEE"
    assert cell.find("a:tcPr/a:lnL", NS) is not None
    assert [t.text for t in tbl.iter(f"{{{NS['a']}}}t")] == ["Head", "a", "b"]


def test_svg_text_becomes_native_text():
    slide = slide_model(
        '<svg width="200" height="100" viewBox="0 0 100 50"><rect width="100" height="50" fill="#eee"/><text x="50" y="30" text-anchor="middle" font-size="10" fill="#123456">Label</text></svg>'
    )
    (pic,) = [s for s in slide["shapes"] if s["kind"] == "picture"]
    (box,) = texts(slide)
    run = box["text"]["paragraphs"][0]["runs"][0]
    assert (
        run["text"] == "Label" and run["color"] == "123456" and run["size"] == 15.0
    )  # 10 user units x 2
    assert pic["svg_media"]


def test_unsupported_css_is_reported_once_per_property():
    conv = convert(
        [
            f'<div class="slide" style="width:320px;height:180px;{FONT}"><p style="clip-path:url(#a)">x</p><p style="clip-path:url(#b);mix-blend-mode:multiply">y</p></div>'
        ]
    )
    messages = [d["message"] for d in conv.diagnostics[0] if d["kind"] == "unsupported"]
    assert sum(m.startswith("clip-path") for m in messages) == 1
    assert any(m.startswith("mix-blend-mode") for m in messages)


def _png_data_uri(w: int, h: int) -> str:
    import base64

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (w, h), (200, 30, 30)).save(buf, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def test_background_image_cover_is_a_cropped_picture():
    uri = _png_data_uri(
        400, 100
    )  # 4:1 image in a 200x100 box: cover scales to 400x100, crops 25 % each side
    slide = slide_model(
        f'<div style="width:200px;height:100px;background:url({uri}) center / cover no-repeat"></div>'
    )
    (pic,) = [s for s in slide["shapes"] if s["kind"] == "picture"]
    assert (pic["x"], pic["y"], pic["w"], pic["h"]) == (0, 0, 200, 100)
    assert pic["crop"] == {"l": 0.25, "t": 0.0, "r": 0.25, "b": 0.0}


def test_background_image_limits_come_from_the_callers_options():
    from engine.options import Limits

    uri = _png_data_uri(400, 100)
    page = f'<div class="slide" style="width:320px;height:180px"><div style="width:200px;height:100px;background-image:url({uri})"></div></div>'
    result = convert_page(page, Options(limits=Limits(max_image_pixels=1000)))
    assert not [s for s in result.slide["shapes"] if s["kind"] == "picture"]
    assert any("pixel limit" in d.message for d in result.diagnostics.items)


def test_slide_root_background_image_is_kept():
    uri = _png_data_uri(64, 36)
    slide = slide_model(
        "",
        f"width:640px;height:360px;background:linear-gradient(rgba(0,0,0,.3),rgba(0,0,0,.3)),url({uri}) center / cover",
    )
    (pic,) = [s for s in slide["shapes"] if s["kind"] == "picture"]
    assert (pic["w"], pic["h"]) == (640, 360)


def test_centred_letter_spacing_and_indent_offsets():
    plain = texts(
        slide_model('<p style="margin:0;width:400px;text-align:center;font-size:20px">WORD</p>')
    )[0]
    spaced = texts(
        slide_model(
            '<p style="margin:0;width:400px;text-align:center;font-size:20px;letter-spacing:10px">WORD</p>'
        )
    )[0]
    indented = texts(
        slide_model(
            '<p style="margin:0;width:400px;text-align:center;font-size:20px;letter-spacing:10px;text-indent:24px">WORD</p>'
        )
    )[0]
    # Box centres: the trailing letter-spacing (10 px) counts in CSS but not when LibreOffice centres.
    centre = lambda s: s["x"] + s["w"] / 2  # noqa: E731
    assert abs(centre(spaced) - (centre(plain) - 5)) < 0.01
    assert abs(centre(indented) - (centre(spaced) + 12)) < 0.01


def test_vertical_writing_mode_is_an_eavert_text_box():
    xml = slide_xml(
        '<div style="writing-mode:vertical-rl;font-size:20px;position:absolute;left:100px;top:20px">Vertical label</div>'
    )
    (body,) = [
        b for b in xml.iter(f"{{{NS['a']}}}bodyPr") if b.getparent().find("a:p/a:r", NS) is not None
    ]
    assert body.get("vert") == "eaVert"
    sp = body.getparent().getparent()
    ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
    assert int(ext.get("cx")) < int(ext.get("cy"))  # a tall, narrow box: the line runs downwards
    assert sp.find("p:spPr/a:xfrm/a:off", NS).get("x") == str(100 * 9525)


@pytest.mark.parametrize(("mode", "vert"), [("sideways-lr", "vert270"), ("sideways-rl", "vert")])
def test_sideways_writing_modes_turn_every_glyph(mode: str, vert: str):
    # sideways-lr reads bottom to top (Chromium starts its line at the block's bottom edge);
    # sideways-rl reads top to bottom with every glyph turned, CJK included
    xml = slide_xml(
        f'<div style="writing-mode:{mode};font-size:20px;height:300px;position:absolute;'
        f'left:100px;top:20px">Side</div>'
    )
    (body,) = [
        b for b in xml.iter(f"{{{NS['a']}}}bodyPr") if b.getparent().find("a:p/a:r", NS) is not None
    ]
    assert body.get("vert") == vert
    xfrm = body.getparent().getparent().find("p:spPr/a:xfrm", NS)
    top = int(xfrm.find("a:off", NS).get("y"))
    bottom = top + int(xfrm.find("a:ext", NS).get("cy"))
    if mode == "sideways-lr":
        assert abs(bottom - 320 * 9525) <= 9525  # the line starts at the bottom
    else:
        assert top == 20 * 9525


def test_centred_vertical_label_is_an_eavert_text_box():
    # text-align:center on a vertical block reads the first line's text-indent from the
    # vertical lines (the fragment's own `lines` are empty): was an IndexError
    xml = slide_xml(
        '<div style="display:grid;grid-template-columns:30px 1fr;width:300px">'
        '<div style="writing-mode:vertical-rl;text-align:center;text-indent:10px">LABEL</div>'
        "<div>cell</div></div>"
    )
    verts = [b.get("vert") for b in xml.iter(f"{{{NS['a']}}}bodyPr")]
    assert "eaVert" in verts


def test_gradient_text_gets_a_run_gradient_with_a_solid_fallback():
    xml = slide_xml(
        '<h1 style="margin:0;font-size:48px;background:linear-gradient(90deg,#7c3aed,#ec4899);-webkit-background-clip:text;background-clip:text;color:transparent">Gradient</h1>'
    )
    rpr = xml.find(".//a:r/a:rPr", NS)
    stops = rpr.findall("a:gradFill/a:gsLst/a:gs/a:srgbClr", NS)
    assert [s.get("val") for s in stops] == ["7C3AED", "EC4899"]
    assert (
        rpr.find("a:solidFill", NS) is None
    )  # one fill per run; the model keeps `color` as the fallback


@pytest.mark.parametrize("align", ["left", "justify"])
def test_text_indent_is_the_first_line_indent_of_left_and_justified_paragraphs(align: str):
    words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron"
    xml = slide_xml(
        f'<p style="margin:0;width:300px;font-size:16px;text-indent:30px;text-align:{align}">'
        f"{words}</p>"
    )
    [ppr] = xml.findall(".//a:p/a:pPr", NS)
    assert ppr.get("indent") == str(30 * 9525)
    assert ppr.get("algn") == ("just" if align == "justify" else "l")
