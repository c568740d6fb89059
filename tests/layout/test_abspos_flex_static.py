"""Static position of absolutely positioned flex children (justify-content, align-self,
reversed and wrap-reverse containers, margins, overflow) against boxes recorded from Chromium
(abspos_flex_fixtures.py -> expected_abspos_flex.json)."""

from __future__ import annotations

import json

import pytest

from tests.layout.abspos_flex_fixtures import EXPECTED, FIXTURES
from tests.layout.chromium_boxes import page
from tests.layout.conftest import boxes_by_id, layout

RECORDED = json.loads(EXPECTED.read_text())


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_matches_chromium(name: str) -> None:
    html = FIXTURES[name]
    assert RECORDED[name]["html"] == html, (
        "fixture changed: record it again (tools/recorders/README.md)"
    )
    got = boxes_by_id(layout(page(html)))
    errors = []
    for ident, want in sorted(RECORDED[name]["boxes"].items()):
        have = got[ident]
        for label, w, h in zip("xywh", want, have, strict=True):
            if abs(w - h) > 1 / 64:
                errors.append(f"#{ident}.{label}: chromium {w} engine {h:.6g}")
    assert not errors, "\n".join(errors)
