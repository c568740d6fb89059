"""Synthesised small capitals (font-variant: small-caps / all-small-caps, ::first-line) against
Chromium's recorded geometry (tests/layout/expected_smallcaps.json), and how the PPTX writes them
(uppercase runs at Chromium's 0.7 x size, not cap="small" which LibreOffice draws at 80 %)."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from engine import convert
from engine.layout.fragments import TextFragment
from engine.layout.inline import smallcaps
from tests.layout.chromium_boxes import page
from tests.layout.chromium_smallcaps import EXPECTED
from tests.layout.conftest import boxes_by_id, find_fragment, layout

RECORDED = json.loads(EXPECTED.read_text())
NS = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
SPANS = sorted(name for name in RECORDED if name.startswith("sc_") and not RECORDED[name]["lines"])
LINES = sorted(name for name in RECORDED if RECORDED[name]["lines"])


def engine_lines(html: str) -> list[tuple[str, float]]:
    frag, x, _y = find_fragment(layout(page(html)), id="a")
    out = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        right = max(i.x + i.width for i in items)
        out.append(("".join(i.text for i in items).strip(), x + line.x + right))
    return out


def slide_runs(html: str) -> list[tuple[str, int]]:
    data = convert([page(html)]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        root = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    return [
        (r.findtext("a:t", namespaces=NS) or "", int(r.find("a:rPr", NS).get("sz")))
        for r in root.iterfind(".//a:r", NS)
    ]


@pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core")
@pytest.mark.parametrize("name", SPANS)
def test_small_caps_width_matches_chromium(name: str) -> None:
    expected = RECORDED[name]["boxes"]["a"][2]
    got = boxes_by_id(layout(page(RECORDED[name]["html"])))["a"][2]
    assert got == pytest.approx(expected, abs=0.02)


@pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core")
@pytest.mark.parametrize("name", LINES)
def test_small_caps_lines_match_chromium(name: str) -> None:
    expected = RECORDED[name]["lines"]["a"]
    got = engine_lines(RECORDED[name]["html"])
    assert [text for text, _ in got] == [text.strip() for text, _ in expected]
    justified = "justify" in RECORDED[name]["html"]
    for (_text, right), (_etext, eright) in zip(
        got[:-1] if justified else got, expected, strict=False
    ):
        assert right == pytest.approx(eright, abs=0.1)


def test_case_runs_and_sizes() -> None:
    assert smallcaps.case_runs("Hello, W1") == [(0, 1, False), (1, 5, True), (5, 9, False)]
    assert smallcaps.drawn_runs("NASA and", "all") == [("NASA ", True), ("AND", True)]
    assert smallcaps.drawn_runs("Straße", "small") == [
        ("S", False),
        ("TRA", True),
        ("ß", False),
        ("E", True),
    ]
    normal = {"font-variant-caps": "normal"}
    assert smallcaps.caps_mode({**normal, "font-variant": "small-caps"}) == "small"
    assert smallcaps.caps_mode({**normal, "font-variant": "all-small-caps"}) == "all"
    assert smallcaps.caps_mode({**normal, "font-variant": "normal"}) is None
    caps = {"font-variant": "normal", "font-variant-caps": "small-caps"}
    assert smallcaps.caps_mode(caps) == "small"
    assert smallcaps.small_size(20.0) == 14.0
    assert smallcaps.small_size(17.0) == 12.0
    assert smallcaps.small_size(18.0) == 13.0  # 12.6 rounds


@pytest.mark.fonts("fonts-liberation")
def test_small_caps_pptx_runs() -> None:
    runs = slide_runs(RECORDED["sc_sans"]["html"])
    assert runs == [("H", 1500), ("ELLO", 1050), (" W", 1500), ("ORLD", 1050)]


@pytest.mark.fonts("fonts-liberation")
def test_all_small_caps_pptx_runs() -> None:
    runs = slide_runs(RECORDED["sc_all_small_caps"]["html"])
    assert runs == [("NASA AND FRIENDS", 1050)]


@pytest.mark.fonts("fonts-dejavu-core")
def test_first_line_small_caps_pptx() -> None:
    """Only the first line is set in small capitals; no run carries cap="small"."""
    data = convert([page(RECORDED["first_line_small_caps"]["html"])]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        root = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    assert root.find(".//a:rPr[@cap]", NS) is None
    runs = slide_runs(RECORDED["first_line_small_caps"]["html"])
    text = "".join(t for t, _ in runs)
    assert text.startswith("PARAGRAPH ONE OF THE TEXT, WHERE THE FIRST LINE")
    assert "is set in small capitals" in text
    sizes = {t: sz for t, sz in runs}
    assert sizes["P"] == 1275 and sizes["ARAGRAPH"] == 900  # 12 px: lroundf(11.9)


@pytest.mark.fonts("fonts-dejavu-core")
def test_libreoffice_width_model_sees_small_capitals() -> None:
    """The justified-box width model (engine.model.text.lowidth) measures the drawn small capitals
    (uppercase at the small size), not the lowercase text at the full size."""
    from engine.model.text import metrics as tm
    from engine.model.text.lowidth import lo_line_delta_px

    html = '<span id="s" style="font:17px \'DejaVu Serif\';font-variant:small-caps">hello</span>'
    frag, _x, _y = find_fragment(layout(page(f'<div id="a">{html}</div>')), id="a")
    seg = [i for i in frag.lines[0].items if isinstance(i, TextFragment)]
    from engine.fonts.measure import font_stack

    face = font_stack(("DejaVu Serif",), 400, "normal").primary
    expected = sum(
        tm.lo_advance_px(face.advance(ch), 12.0) - face.advance(ch) * 12.0 for ch in "HELLO"
    )
    assert lo_line_delta_px(seg) == pytest.approx(expected, abs=1e-9)


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.sampled_from(["small", "all"]))
def test_drawn_text_keeps_its_length(text: str, mode: str) -> None:
    """One advance per character whatever the text (ß, ligatures, dotted İ keep their place),
    so prefix sums and break positions stay aligned with the source text."""
    from engine.layout.inline.text import font_info

    style = {
        "font-family": ("Liberation Sans",),
        "font-weight": 400,
        "font-style": "normal",
        "font-size": 17.0,
        "line-height": "normal",
        "letter-spacing": 0.0,
        "word-spacing": 0.0,
    }
    runs = smallcaps.drawn_runs(text, mode)
    assert sum(len(part) for part, _ in runs) == len(text)
    assert len(smallcaps.advances(font_info(style), text, mode)) == len(text)
