"""Floats and ::first-letter against Chromium (expected_floats.json, recorded by tools/recorders/layout_floats.py):
float positions, boxes beside floats, the lines beside them (text, left edge, glyph top)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.layout.fragments import BoxFragment, TextFragment
from tests.layout.chromium_boxes import page
from tests.layout.conftest import boxes_by_id, layout, walk
from tests.layout.float_fixtures import FIXTURES

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "expected_floats.json").read_text(encoding="utf-8")
)


def _segments(frag: BoxFragment, x: float, y: float) -> list[tuple[str, float, float]]:
    """Text of every line under `frag` in reading order, as Chromium's per-character rectangles
    group it: (text, left edge, glyph top); pieces of one line at another height stay apart."""
    out: list[tuple[str, float, float]] = []
    for child, cx, cy in walk(frag, x, y):
        for line in child.lines:
            texts = [i for i in line.items if isinstance(i, TextFragment) and not i.marker]
            current: list[Any] = []
            for t in sorted(texts, key=lambda t: t.x):
                top = cy + line.y + t.baseline - t.ascent
                left = cx + line.x + t.x
                if current and abs(current[2] - top) < 2:
                    current[0] += t.text
                else:
                    if current:
                        out.append((current[0].strip(), current[1], current[2]))
                    current = [t.text, left, top]
            if current:
                out.append((current[0].strip(), current[1], current[2]))
    return [s for s in out if s[0]]


def _fragment_by_id(root: BoxFragment, ident: str) -> tuple[BoxFragment, float, float]:
    for frag, x, y in walk(root):
        el = frag.box.element
        if el is not None and el.get("id") == ident:
            return frag, x - frag.x, y - frag.y
    raise LookupError(ident)


def test_expectations_are_current() -> None:
    assert set(CASES) == set(FIXTURES), "record again: tools/recorders/layout_floats.py"
    for name, html in FIXTURES.items():
        assert CASES[name]["html"] == html, (
            f"{name}: record again (tools/recorders/layout_floats.py)"
        )


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", sorted(CASES))
def test_float_boxes_match_chromium(name: str) -> None:
    case = CASES[name]
    root = layout(page(case["html"]))
    got = boxes_by_id(root)
    for ident, box in case["boxes"].items():
        assert ident in got, f"{name}: no fragment for #{ident}"
        assert got[ident] == pytest.approx(box, abs=1.0), f"{name} #{ident}"


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", sorted(n for n in CASES if CASES[n]["lines"]))
def test_lines_beside_floats_match_chromium(name: str) -> None:
    case = CASES[name]
    root = layout(page(case["html"]))
    for ident, expected in case["lines"].items():
        frag, x, y = _fragment_by_id(root, ident)
        got = _segments(frag, x + frag.x, y + frag.y)
        # Chromium's ranges give the DOM text (before text-transform).
        assert [g[0].lower() for g in got] == [e[0].lower() for e in expected], (
            f"{name} #{ident} line breaks"
        )
        for g, e in zip(got, expected, strict=True):
            assert g[1] == pytest.approx(e[1], abs=1.0), f"{name} #{ident} {e[0]!r} left"
            assert g[2] == pytest.approx(e[2], abs=1.5), f"{name} #{ident} {e[0]!r} top"
