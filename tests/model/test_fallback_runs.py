"""Characters the first family lacks are written in runs naming the face Chromium drew them
with (tools/recorders/model_fallback_fonts.py -> expected_fallback_fonts.json: CSS.getPlatformFontsForNode)."""

from __future__ import annotations

import io
import json
import zipfile
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree

from engine import convert
from engine.model.schema.text import Paragraph, Run
from engine.model.text.fallback_runs import Fallbacks, Piece, split_fallback_runs
from engine.model.text.justify import spaced_runs
from engine.model.text.runs import spaced_tail
from tests.model.chromium_fallback_fonts import page

EXPECTED = json.loads(
    (Path(__file__).resolve().parent / "expected_fallback_fonts.json").read_text()
)
NS = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}


def _runs(fixture: dict) -> list[dict]:
    slide = convert([page(fixture["family"], fixture["text"])]).to_dict()["slides"][0]
    return [
        run
        for shape in slide["shapes"]
        if shape["kind"] == "text"
        for para in shape["text"]["paragraphs"]
        for run in para["runs"]
    ]


@pytest.mark.fonts(
    "fonts-liberation", "fonts-noto-core", "fonts-dejavu-core", "fonts-noto-color-emoji"
)
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_characters_per_face_match_chromium(name: str) -> None:
    fixture = EXPECTED[name]
    runs = _runs(fixture)
    assert "".join(r["text"] for r in runs) == fixture["text"]
    per_face: Counter[str] = Counter()
    for run in runs:
        per_face[run["font"]] += len(run["text"])  # one glyph per code point here
    assert dict(per_face) == fixture["fonts"]


def test_fallback_run_names_its_face_for_every_script_in_the_xml() -> None:
    fixture = EXPECTED["triangle_in_noto_stack"]
    data = convert([page(fixture["family"], fixture["text"])]).pptx_bytes
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    tri = [r for r in root.iterfind(".//a:r", NS) if r.findtext("a:t", namespaces=NS) == "\u25b2"]
    assert tri
    rpr = tri[0].find("a:rPr", NS)
    # measured with Liberation Sans, named as its Office twin (engine/pptx/typefaces.py)
    assert [rpr.find(f"a:{k}", NS).get("typeface") for k in ("latin", "ea", "cs")] == ["Arial"] * 3


def test_split_follows_the_current_text_by_length() -> None:
    run: Run = {"text": "\u25b2 ab  ", "font": "A"}
    fallbacks = Fallbacks()
    fallbacks.set(run, [Piece(1, "B"), Piece(6, None)])
    paras: list[Paragraph] = [{"align": "l", "runs": [run]}]
    run["text"] = "\u25b2 ab"  # trailing spaces cut after the pieces were taken
    split_fallback_runs(paras, fallbacks)
    assert paras[0]["runs"] == [
        {"text": "\u25b2", "font": "B", "ea_font": "B", "cs_font": "B"},
        {"text": " ab", "font": "A"},
    ]


def test_pieces_stay_beside_the_runs_and_follow_their_copies() -> None:
    """The pieces are kept beside the runs (the runs hold only slide-model keys); a run split at
    spaces (justified spacing, word-spacing) or a spaced tail gets the pieces of its own text."""
    run: Run = {"text": "\u25b2 a \u25b2", "font": "A"}
    fallbacks = Fallbacks()
    fallbacks.set(run, [Piece(1, "B"), Piece(3, None), Piece(1, "B")])
    parts = spaced_runs([run], 2.0, fallbacks)
    assert [p["text"] for p in parts] == ["\u25b2", " ", "a", " ", "\u25b2"]
    assert all(set(p) <= {"text", "font", "spacing"} for p in parts)
    paras: list[Paragraph] = [{"align": "l", "runs": parts}]
    split_fallback_runs(paras, fallbacks)
    fonts = [(r["text"], r["font"]) for r in paras[0]["runs"]]
    assert fonts == [("\u25b2", "B"), (" ", "A"), ("a", "A"), (" ", "A"), ("\u25b2", "B")]
    tail = spaced_tail({"text": "x\u25b2", "font": "A"}, 1.0, fallbacks)
    assert [fallbacks.get(r) for r in tail] == [None, None]  # no pieces: nothing to follow
    source: Run = {"text": "x\u25b2", "font": "A"}
    fallbacks.set(source, [Piece(1, None), Piece(1, "B")])
    head, last = spaced_tail(source, 1.0, fallbacks)
    assert fallbacks.get(head) == [Piece(1, None)] and fallbacks.get(last) == [Piece(1, "B")]
