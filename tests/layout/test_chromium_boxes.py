"""Flex, grid and flow (block, inline, positioned) layout against box positions recorded from headless Chromium (see chromium_boxes.py)."""

from __future__ import annotations

import json

import pytest

from tests.layout.chromium_boxes import SUITES, expected_path, load_fixtures, page
from tests.layout.conftest import boxes_by_id, layout

ARITHMETIC_TOLERANCE = 1 / 64  # one LayoutUnit
TEXT_TOLERANCE = 1.0


def _cases() -> list[tuple[str, str]]:
    return [(suite, name) for suite in SUITES for name in load_fixtures(suite)]


_EXPECTED = {suite: json.loads(expected_path(suite).read_text()) for suite in SUITES}


@pytest.mark.fonts("fonts-liberation")  # Chromium measured Liberation Sans (tests/conftest.py)
@pytest.mark.parametrize(("suite", "name"), _cases())
def test_matches_chromium(suite: str, name: str) -> None:
    html = load_fixtures(suite)[name]
    recorded = _EXPECTED[suite].get(name)
    assert recorded is not None and recorded["html"] == html, (
        "fixture changed: record it again (tools/recorders/layout_boxes.py)"
    )
    got = boxes_by_id(layout(page(html)))
    tolerance = TEXT_TOLERANCE if name.startswith("text_") else ARITHMETIC_TOLERANCE
    errors = []
    for ident, expected in sorted(recorded["boxes"].items()):
        actual = got.get(ident)
        if actual is None:
            errors.append(f"#{ident}: no fragment")
            continue
        for label, want, have in zip("xywh", expected, actual, strict=True):
            if abs(want - have) > tolerance:
                errors.append(f"#{ident}.{label}: chromium {want} engine {have:.6g}")
    assert not errors, "\n".join(errors)
