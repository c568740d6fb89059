"""-webkit-text-stroke on text runs (engine/model/text/mapping.py text_stroke, engine/pptx/text.py):
the glyph outline becomes a:ln in a:rPr (before the fill, schema order), its width in EMU from
CSS px; transparent text with a stroke (Chromium draws only the outline) gets a:noFill."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from engine import convert
from engine.options import Options
from engine.pipeline import convert_page

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def page(body: str) -> str:
    return (
        '<div class="slide" style="width:640px;height:360px;background:#101010;color:#eeeeee;'
        f"font:700 80px 'Liberation Sans'\">{body}</div>"
    )


def run_props(body: str) -> list[etree._Element]:
    deck = convert([page(body)])
    with zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    return [r.find(f"{A}rPr") for r in xml.iter(f"{A}r")]


def model_runs(body: str) -> list[dict]:
    slide = convert_page(page(body), Options()).slide
    return [
        r
        for s in slide["shapes"]
        if s["kind"] == "text"
        for p in s["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("text")
    ]


def test_outlined_transparent_text_is_ln_with_no_fill() -> None:
    (rpr,) = run_props('<div style="color:transparent;-webkit-text-stroke:2px #f4f4f5">18</div>')
    children = [etree.QName(c).localname for c in rpr]
    assert children[:2] == ["ln", "noFill"]
    ln = rpr.find(f"{A}ln")
    assert ln.get("w") == str(2 * 9525)
    assert ln.find(f"{A}solidFill/{A}srgbClr").get("val") == "F4F4F5"


def test_text_fill_color_transparent_counts_as_transparent() -> None:
    body = '<div style="-webkit-text-fill-color:transparent;-webkit-text-stroke:1.5px red">Hi</div>'
    (rpr,) = run_props(body)
    assert rpr.find(f"{A}noFill") is not None
    assert rpr.find(f"{A}ln").get("w") == str(round(1.5 * 9525))


def test_stroke_over_a_visible_fill_keeps_the_fill() -> None:
    (rpr,) = run_props('<div style="color:#ff0000;-webkit-text-stroke:3px #0000ff">A</div>')
    assert [etree.QName(c).localname for c in rpr][:2] == ["ln", "solidFill"]
    assert rpr.find(f"{A}solidFill/{A}srgbClr").get("val") == "FF0000"
    assert rpr.find(f"{A}ln/{A}solidFill/{A}srgbClr").get("val") == "0000FF"


def test_stroke_is_inherited_and_longhands_work() -> None:
    body = (
        '<div style="-webkit-text-stroke-width:4px;-webkit-text-stroke-color:#00ff00">'
        "<span>in</span></div>"
    )
    (run,) = model_runs(body)
    assert run["outline"] == {"width": 4.0, "color": "00FF00", "alpha": 1.0}


def test_no_stroke_no_outline_and_transparent_text_stays_invisible() -> None:
    (plain,) = model_runs("<div>plain</div>")
    assert "outline" not in plain and "text_fill" not in plain
    (hidden,) = model_runs('<div style="color:transparent">gone</div>')
    assert "outline" not in hidden and "text_fill" not in hidden
    (zero,) = model_runs('<div style="color:transparent;-webkit-text-stroke:0 red">z</div>')
    assert "outline" not in zero
