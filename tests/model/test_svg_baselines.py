"""SVG dominant-baseline: where Blink puts the glyphs relative to the alphabetic baseline at y
(expected_svg_baselines.json, recorded by tools/recorders/model_svg_baselines.py), and the native text box
of an SVG label following it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.fonts import font_stack
from engine.model.svg.text import baseline_shift
from engine.options import Options
from engine.pipeline import convert_page

CASES = json.loads((Path(__file__).parent / "expected_svg_baselines.json").read_text())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['font']}-{c['size']}-{c['baseline']}")
def test_baseline_shift_matches_chromium(case: dict) -> None:
    face = font_stack((case["font"],), 400, "normal", "").primary
    assert abs(baseline_shift(case["baseline"], face, case["size"]) - case["shift"]) <= 0.51


def _label_top(baseline: str) -> float:
    html = (
        '<div class="slide" style="width:640px;height:360px">'
        '<svg viewBox="0 0 200 100" style="display:block;width:400px;height:200px">'
        '<circle cx="100" cy="50" r="40" fill="#fce7f3"/>'
        f'<text x="100" y="50" text-anchor="middle" dominant-baseline="{baseline}"'
        ' font-family="Liberation Sans" font-size="20">64%</text></svg></div>'
    )
    slide = convert_page(html, Options()).slide
    (box,) = [s for s in slide["shapes"] if s["kind"] == "text"]
    return float(box["y"])


def test_svg_label_centred_by_dominant_baseline_moves_down_with_it() -> None:
    # Liberation Sans: `central` moves the glyphs down (ascent - descent) / 2 = 7 units at
    # 20px, 14 slide px at the 2x viewBox scale; `middle` half the x-height (5.28 -> 10.57 px).
    alphabetic = _label_top("alphabetic")
    assert _label_top("central") - alphabetic == pytest.approx(14.0, abs=0.01)
    assert _label_top("middle") - alphabetic == pytest.approx(10.57, abs=0.01)
