"""text-transform: uppercase is written as cap="all" on the author's characters (PowerPoint and
LibreOffice draw capitals; an edit keeps the author's case); the other transforms have no
PPTX equivalent and keep the transformed characters. The layout measures the capitals."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest
from lxml import etree

from engine import convert
from engine.layout.fragments import TextFragment
from engine.options import Options
from engine.pipeline import convert_page
from tests.layout.chromium_boxes import page
from tests.layout.conftest import layout, walk

pytestmark = pytest.mark.fonts("fonts-liberation")

NS = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}


def runs(style: str, text: str) -> list[dict[str, Any]]:
    html = page(f'<p style="margin:0;font:20px Liberation Sans;{style}">{text}</p>')
    slide = convert_page(html, Options()).slide
    return [
        r
        for s in slide["shapes"]
        if s["kind"] == "text"
        for p in s["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("text")
    ]


def test_uppercase_keeps_the_authors_characters_under_cap_all() -> None:
    got = runs("text-transform:uppercase", "Quarterly <b>Review</b> of sales")
    assert [(r["text"], r.get("caps")) for r in got] == [
        ("Quarterly ", "all"),
        ("Review", "all"),
        (" of sales", "all"),
    ]
    data = convert(
        [page('<p style="text-transform:uppercase;font:20px Liberation Sans">Mixed Case</p>')]
    ).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    (run,) = xml.iterfind(".//a:r", NS)
    assert run.find("a:t", NS).text == "Mixed Case"
    assert run.find("a:rPr", NS).get("cap") == "all"


def test_the_layout_measures_the_capitals() -> None:
    html = page('<p style="margin:0;font:20px Liberation Sans;text-transform:uppercase">Abc</p>')
    (frag,) = [
        i
        for f, _x, _y in walk(layout(html))
        for line in f.lines
        for i in line.items
        if isinstance(i, TextFragment)
    ]
    assert frag.text == "ABC"
    plain = page('<p style="margin:0;font:20px Liberation Sans">ABC</p>')
    (upper,) = [
        i
        for f, _x, _y in walk(layout(plain))
        for line in f.lines
        for i in line.items
        if isinstance(i, TextFragment)
    ]
    assert frag.width == pytest.approx(upper.width)


@pytest.mark.parametrize(
    ("style", "text", "written"),
    [
        ("text-transform:lowercase", "LOWER Case", "lower case"),
        ("text-transform:capitalize", "each word here", "Each Word Here"),
        # synthesised small caps are written as sized capitals (caps_runs), as before
        ("text-transform:uppercase;font-variant:small-caps", "Small Caps", "SMALL CAPS"),
        # a case mapping that changes the length cannot be said with cap="all"
        ("text-transform:uppercase", "Straße", "STRASSE"),
    ],
)
def test_transforms_without_a_pptx_equivalent_keep_the_drawn_characters(
    style: str, text: str, written: str
) -> None:
    got = runs(style, text)
    assert "".join(r["text"] for r in got) == written
    assert not any(r.get("caps") for r in got)


def test_wrapped_uppercase_text_finds_each_lines_characters() -> None:
    got = runs("width:120px;text-transform:uppercase", "alpha beta gamma delta epsilon zeta")
    assert "".join(r["text"] for r in got) == "alpha beta gamma delta epsilon zeta"
    assert all(r.get("caps") == "all" for r in got)
