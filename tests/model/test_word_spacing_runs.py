"""CSS word-spacing in the PPTX text (engine/model/text/runs.py word_spaced_runs): the spaces get it
as character spacing, so the line is as wide as Chromium's (tools/recorders/model_word_spacing.py)."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from engine import convert
from engine.options import Options
from engine.pipeline import convert_page
from engine.units import pt_to_px
from tests.model.chromium_word_spacing import FIXTURES, page

EXPECTED = json.loads((Path(__file__).parent / "expected_word_spacing.json").read_text())
SPACES = re.compile("[ \u00a0]+")


def text_runs(slide: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        r
        for s in slide["shapes"]
        if s.get("kind") == "text"
        for p in s["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("text")
    ]


def spacing_px(runs: list[dict[str, Any]]) -> float:
    """The spacing the runs add (pt per character -> px), over all their characters."""
    return sum(pt_to_px(r.get("spacing", 0.0)) * len(r["text"]) for r in runs)


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_spaces_carry_chromiums_word_spacing(name: str) -> None:
    recorded = EXPECTED[name]
    assert recorded["html"] == FIXTURES[name], "fixture changed: record it again (tools/recorders)"
    options = Options()
    spaced = text_runs(convert_page(page(FIXTURES[name]), options).slide)
    plain_html = re.sub(r"word-spacing:[^;\"]+;?", "", FIXTURES[name])
    plain = text_runs(convert_page(page(plain_html), options).slide)
    assert "".join(r["text"] for r in spaced) == "".join(r["text"] for r in plain)
    for run in spaced:  # words keep their own (letter) spacing; only space runs gain
        assert SPACES.fullmatch(run["text"]) or run.get("spacing", 0.0) == plain[0].get(
            "spacing", 0.0
        )
    extra = spacing_px(spaced) - spacing_px(plain)
    assert extra == pytest.approx(recorded["width"] - recorded["plain_width"], abs=0.05)


def test_word_spacing_is_spc_on_the_space_runs_in_the_xml() -> None:
    deck = convert([page(FIXTURES["px"])])
    with zipfile.ZipFile(io.BytesIO(deck.pptx_bytes)) as z:
        xml = z.read("ppt/slides/slide1.xml").decode()
    spaces = re.findall(r'<a:r><a:rPr[^>]*?spc="(-?\d+)"[^>]*>.*?<a:t> </a:t></a:r>', xml)
    assert spaces == ["600", "600", "600"]  # 8 px = 6 pt
    assert "Quick brown" not in xml


def test_no_word_spacing_keeps_one_run() -> None:
    runs = text_runs(convert_page(page("<p>Quick brown fox</p>"), Options()).slide)
    assert [r["text"] for r in runs] == ["Quick brown fox"]
