"""Typography in text boxes: pre-wrap blank lines, decoration styles, negative indents, word-spacing."""

from __future__ import annotations

import pytest

from engine.options import Options
from engine.pipeline import convert_page

FONT = "font-family:'DejaVu Serif'"


def text_boxes(body: str) -> list[dict]:
    html = f'<div class="slide" style="width:640px;height:360px;{FONT}">{body}</div>'
    slide = convert_page(html, Options()).slide
    return [s for s in slide["shapes"] if s["kind"] == "text"]


@pytest.mark.fonts("fonts-dejavu-core")
def test_pre_wrap_blank_lines_stay_empty_lines_of_the_same_pitch():
    # Chromium keeps "second" and "third" 2 x 24 px apart: the blank line is a line box.
    (box,) = text_boxes(
        '<div style="white-space:pre-wrap;font-size:20px;line-height:24px">'
        "first\n  second\n\n\nthird</div>"
    )
    (para,) = box["text"]["paragraphs"]
    kinds = ["br" if r.get("break") else r["text"] for r in para["runs"]]
    assert kinds == ["first", "br", "  second", "br", "br", "br", "third"]
    assert box["h"] == pytest.approx(5 * 24, abs=1.5)  # 5 lines (the box starts ~1 px above)


@pytest.mark.fonts("fonts-dejavu-core")
def test_lines_apart_by_other_than_whole_lines_become_paragraphs():
    # An image-only line of 50 px between two text lines: not an empty text line.
    (box,) = text_boxes(
        '<div style="font-size:20px;line-height:24px;width:200px">one<br>'
        '<span style="display:inline-block;width:40px;height:50px"></span><br>two</div>'
    )
    paras = box["text"]["paragraphs"]
    assert [[r.get("text") for r in p["runs"]] for p in paras] == [["one"], ["two"]]
    assert paras[1]["space_before"] > 0


def runs_by_text(body: str) -> dict[str, dict]:
    return {
        r["text"].strip(): r
        for box in text_boxes(body)
        for p in box["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("text", "").strip()
    }


@pytest.mark.fonts("fonts-dejavu-core")
def test_block_decorations_reach_inline_descendants_but_not_atomic_inlines():
    runs = runs_by_text(
        '<div style="text-decoration:underline"><p style="margin:0">a <b>b</b>'
        '<span style="display:inline-block">c</span>'
        '<span style="float:left">d</span></p></div>'
    )
    assert runs["a"]["underline"] is True and runs["b"]["underline"] is True
    assert "underline" not in runs["c"] and "underline" not in runs["d"]


@pytest.mark.fonts("fonts-dejavu-core")
@pytest.mark.parametrize(
    ("style", "expected"),
    [
        ("solid", True),
        ("double", "dbl"),
        ("dotted", "dotted"),
        ("dashed", "dash"),
        ("wavy", "wavy"),
    ],
)
def test_underline_style_and_colour_come_from_the_decorating_box(style: str, expected: object):
    runs = runs_by_text(
        f'<p style="margin:0;color:#112233;text-decoration:underline {style} #a1442c">'
        'x <span style="color:#00ff00">y</span></p>'
    )
    for key in ("x", "y"):  # y keeps the decorating <p>'s style and colour, not its own
        assert runs[key]["underline"] == expected
        assert runs[key]["underline_color"] == "A1442C"


@pytest.mark.fonts("fonts-dejavu-core")
def test_underline_in_the_text_colour_writes_no_underline_fill():
    runs = runs_by_text('<p style="margin:0;color:#123456"><u>x</u> <s>y</s></p>')
    assert runs["x"]["underline"] is True and "underline_color" not in runs["x"]
    assert runs["y"]["strike"] is True


@pytest.mark.fonts("fonts-dejavu-core")
def test_innermost_decorating_box_draws_its_line_and_double_strike():
    runs = runs_by_text(
        '<p style="margin:0;text-decoration:underline dotted red">a '
        '<span style="text-decoration:underline wavy blue">b</span> '
        '<del style="text-decoration-style:double">c</del></p>'
    )
    assert (runs["a"]["underline"], runs["a"]["underline_color"]) == ("dotted", "FF0000")
    assert (runs["b"]["underline"], runs["b"]["underline_color"]) == ("wavy", "0000FF")
    assert runs["c"]["strike"] == "dbl" and runs["c"]["underline"] == "dotted"


def test_pptx_writes_underline_type_and_fill():
    from lxml import etree

    from engine.pptx.text import add_rpr

    parent = etree.Element(
        "{http://schemas.openxmlformats.org/drawingml/2006/main}r",
        nsmap={"a": "http://schemas.openxmlformats.org/drawingml/2006/main"},
    )
    run = {
        "text": "x",
        "underline": "wavy",
        "underline_color": "A1442C",
        "strike": "dbl",
        "color": "112233",
        "font": "DejaVu Serif",
    }
    rpr = add_rpr(parent, "{http://schemas.openxmlformats.org/drawingml/2006/main}rPr", run)
    xml = etree.tostring(rpr).decode()
    assert 'u="wavy"' in xml and 'strike="dblStrike"' in xml
    assert (
        '<a:uFill><a:solidFill><a:srgbClr val="A1442C"/></a:solidFill></a:uFill>'
        '<a:latin typeface="DejaVu Serif"'  # + panose, pitchFamily, charset when installed
    ) in xml


@pytest.mark.fonts("fonts-dejavu-core")
@pytest.mark.parametrize("align", ["left", "justify"])
def test_negative_text_indent_hangs_the_first_line_out_of_the_box(align: str):
    # padding-left 12 px, text-indent -12 px: the first line starts at the border edge (x 80),
    # the later lines at the content edge (x 92), as Chromium lays them out.
    (box,) = text_boxes(
        f'<p style="margin:0;position:absolute;left:80px;top:0;width:300px;font-size:16px;'
        f'padding-left:12px;text-indent:-12px;text-align:{align}">'
        "A hanging first line with enough words to wrap onto a second and third line.</p>"
    )
    paras = box["text"]["paragraphs"]
    assert box["x"] == pytest.approx(80.0, abs=0.01)
    assert all(p["margin_left"] == pytest.approx(12.0) for p in paras)
    assert paras[0]["indent"] == pytest.approx(-12.0)


@pytest.mark.fonts("fonts-noto-core")
def test_rtl_blocks_write_rtl_paragraphs_with_complex_script_fonts():
    (box,) = text_boxes(
        '<p dir="rtl" style="margin:0;width:400px;font:20px \'Noto Sans Hebrew\'">'
        "תוכנית העבודה לשנת 2026</p>"
    )
    (para,) = box["text"]["paragraphs"]
    assert para["rtl"] is True and para["align"] == "r"  # text-align: start is the right edge
    # every run, digits included (Noto Sans Hebrew has none: they fall back), names its a:cs face
    assert all(r["cs_font"] == r["font"] for r in para["runs"])
    assert para["runs"][0]["cs_font"] == "Noto Sans Hebrew"


@pytest.mark.fonts("fonts-noto-core")
def test_arabic_in_ltr_text_names_its_complex_script_font():
    runs = runs_by_text("<p style=\"margin:0;font:20px 'Noto Sans Arabic'\">abc <b>عربي</b></p>")
    assert "cs_font" not in runs["abc"] and runs["عربي"]["cs_font"] == "Noto Sans Arabic"
    assert "rtl" not in text_boxes('<p style="margin:0">abc</p>')[0]["text"]["paragraphs"][0]
