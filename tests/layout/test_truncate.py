"""Ellipsis and line clamping against Chromium: the visible text (cut where Chromium cuts, read
from its pixels by tools/recorders/layout_text.py), the block's box, and the text written to the PPTX."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from lxml import etree

from engine.api import convert
from engine.layout.fragments import BoxFragment, TextFragment
from tests.layout.chromium_boxes import page
from tests.layout.chromium_text import EXPECTED
from tests.layout.conftest import boxes_by_id, find_fragment, layout

RECORDED = json.loads(EXPECTED.read_text())
VISIBLE = sorted(name for name, rec in RECORDED.items() if rec.get("visible"))
NS = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}


def visible_text(frag: BoxFragment) -> str:
    lines = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        lines.append("".join(i.text for i in items).rstrip(" "))
    for child in frag.children:
        lines.append(visible_text(child))
    return "\n".join(line for line in lines if line)


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", VISIBLE)
def test_visible_text_matches_chromium(name: str) -> None:
    record = RECORDED[name]
    root = layout(page(record["html"]))
    for ident, want in record["visible"].items():
        assert want["diff"] == 0, "the recorded cut did not reproduce Chromium's pixels"
        frag, _x, _y = find_fragment(root, id=ident)
        assert visible_text(frag) == want["text"]


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", VISIBLE)
def test_boxes_match_chromium(name: str) -> None:
    record = RECORDED[name]
    got = boxes_by_id(layout(page(record["html"])))
    for ident, want in record["boxes"].items():
        assert got[ident] == pytest.approx(want, abs=1.0), ident


@pytest.mark.fonts("fonts-liberation")
def test_clamped_lines_end_inside_the_block() -> None:
    root = layout(page(RECORDED["clamp_three_lines"]["html"]))
    frag, _x, _y = find_fragment(root, id="a")
    assert len(frag.lines) == 3 and frag.lines[-1].last
    for line in frag.lines:
        right = max(i.x + i.width for i in line.items if isinstance(i, TextFragment))
        assert right <= frag.width + 0.01


def _slide_texts(html: str) -> list[str]:
    data = convert([page(html)]).pptx_bytes
    xml = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    return [
        "".join(t.text or "" for t in p.iterfind(".//a:t", NS)) for p in xml.iterfind(".//a:p", NS)
    ]


@pytest.mark.fonts("fonts-liberation")
def test_pptx_holds_only_the_visible_text() -> None:
    texts = _slide_texts(RECORDED["ellipsis_title"]["html"])
    assert "The Design of Everyd\u2026" in texts
    assert not any("Revised" in t for t in texts)
    texts = _slide_texts(RECORDED["clamp_three_lines"]["html"])
    joined = " ".join(texts)
    assert "estimates, and\u2026" in joined and "betting" not in joined and "hides" not in joined


def test_ellipsis_needs_clipping_and_clamp_needs_webkit_box() -> None:
    html = (
        '<div id="v" style="width:100px;white-space:nowrap;text-overflow:ellipsis;font:16px'
        " 'Liberation Sans'\">a long unclipped line of text</div>"
        '<p id="c" style="width:100px;-webkit-line-clamp:1;overflow:hidden;font:16px'
        " 'Liberation Sans'\">block without the box display keeps lines</p>"
    )
    root = layout(page(html))
    v, _x, _y = find_fragment(root, id="v")
    assert "\u2026" not in visible_text(v)
    c, _x, _y = find_fragment(root, id="c")
    assert len(c.lines) > 1 and "\u2026" not in visible_text(c)


@pytest.mark.fonts("fonts-liberation")
def test_unprefixed_line_clamp_is_ignored_as_in_chromium() -> None:
    record = RECORDED["clamp_standard_unprefixed"]
    root = layout(page(record["html"]))
    frag, _x, _y = find_fragment(root, id="a")
    assert len(frag.lines) == len(record["lines"]["a"]) == 3
    got = boxes_by_id(root)
    for ident, want in record["boxes"].items():
        assert got[ident] == pytest.approx(want, abs=1.0), ident
