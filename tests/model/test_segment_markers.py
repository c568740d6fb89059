"""A list item's line split into several text boxes (an inline background or an inline-block
between its words): the piece led by the marker keeps a native bullet hanging left of its text,
and its text starts where Chromium's does (tests/layout/segment_fixtures.py, recorded by
tools/recorders/layout_boxes.py); XML checks on the bullet paragraph."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree

from engine import convert
from engine.options import Options
from engine.pipeline import convert_page
from tests.layout.chromium_boxes import page
from tests.layout.segment_fixtures import FIXTURES

EXPECTED = json.loads(
    (Path(__file__).parent.parent / "layout" / "expected_segments.json").read_text()
)
A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
TOLERANCE = 1.0


def piece_starting(slide: dict[str, Any], word: str) -> tuple[dict[str, Any], dict[str, Any]]:
    for shape in slide["shapes"]:
        if shape["kind"] != "text":
            continue
        for para in shape["text"]["paragraphs"]:
            runs = [r for r in para["runs"] if r.get("text")]
            if runs and runs[0]["text"].lstrip().startswith(word):
                return shape, para
    raise AssertionError(f"no text box starting with {word!r}")


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_marker_piece_text_starts_where_chromium_puts_it(name: str) -> None:
    html = FIXTURES[name]
    recorded = EXPECTED[name]
    assert recorded["html"] == html, (
        "fixture changed: record it again (tools/recorders/layout_boxes.py)"
    )
    slide = convert_page(page(html), Options()).slide
    word = {"text_ul_line_split_by_code": "Six", "text_ol_line_split_by_inline_block": "Read"}
    shape, para = piece_starting(slide, word.get(name, "Arrow"))
    assert "bullet" in para, "the marker must stay a bullet, not a text run"
    assert all(not r.get("text", "").startswith(("•", "→", "2.")) for r in para["runs"])
    text_x = shape["x"] + para.get("margin_left", 0.0)
    assert abs(text_x - recorded["boxes"]["w"][0]) <= TOLERANCE, (text_x, recorded["boxes"]["w"])
    assert para["indent"] == pytest.approx(-para["margin_left"])


def test_ordered_piece_keeps_its_number() -> None:
    slide = convert_page(page(FIXTURES["text_ol_line_split_by_inline_block"]), Options()).slide
    _shape, para = piece_starting(slide, "Read")
    assert para["bullet"]["autonum"] == "arabicPeriod" and para["bullet"]["start"] == 2


def test_bullet_paragraph_xml() -> None:
    deck = convert([page(FIXTURES["text_ul_line_split_by_code"])])
    with zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    paras = [
        p
        for p in xml.iter(f"{A}p")
        if "".join(p.itertext()).startswith("Six services write to the")
    ]
    (p,) = paras
    ppr = p.find(f"{A}pPr")
    assert ppr.find(f"{A}buChar").get("char") == "\u2022"
    assert int(ppr.get("marL")) > 0 and int(ppr.get("indent")) == -int(ppr.get("marL"))
