"""counter(name, <counter-style>) and counters() in generated content: the text Chromium shows
(tools/recorders/boxes_counters.py -> expected_counters.json), e.g. numbered steps with decimal-leading-zero."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import convert
from engine.boxes.lists import counter_text, marker_text
from tests.boxes.chromium_counters import page

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected_counters.json").read_text())


def _runs(shape: dict, out: list[str]) -> None:
    for child in shape.get("shapes") or ():
        _runs(child, out)
    for para in (shape.get("text") or {}).get("paragraphs", ()):
        out.extend(run.get("text", "") for run in para["runs"])


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_generated_text_matches_chromium(name: str) -> None:
    fixture = EXPECTED[name]
    slide = convert([page(fixture["css"])]).to_dict()["slides"][0]
    texts: list[str] = []
    for shape in slide["shapes"]:
        _runs(shape, texts)
    assert "".join("".join(texts).split()) == fixture["text"]


def test_counter_text_styles() -> None:
    assert counter_text("decimal-leading-zero", 7) == "07"
    assert counter_text("upper-roman", 14) == "XIV"
    assert counter_text("lower-alpha", 28) == "ab"
    assert counter_text("square", 3) == "\u25aa"
    assert counter_text("none", 3) == ""
    assert counter_text("decimal", 12) == "12"


MARKERS = json.loads(
    (Path(__file__).resolve().parent / "expected_counter_markers.json").read_text()
)


@pytest.mark.parametrize("kind", sorted(MARKERS["markers"]))
def test_east_asian_marker_text_matches_chromium(kind: str) -> None:
    """cjk-decimal, hiragana, trad-chinese-informal, korean-hangul-formal...: the marker text and
    suffix ('、' or ', ') Chromium shows for each value, negative and large ones included."""
    got = [marker_text(kind, value) for value in MARKERS["values"]]
    assert got == MARKERS["markers"][kind]


def test_east_asian_counter_text_has_no_suffix() -> None:
    assert counter_text("cjk-decimal", 2025) == "二〇二五"
    assert counter_text("trad-chinese-informal", 12) == "十二"
    assert counter_text("katakana", 3) == "ウ"
