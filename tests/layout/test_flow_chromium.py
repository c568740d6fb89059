"""Block, inline and positioned layout against boxes recorded from headless Chromium.

Fixtures: flow_fixtures.py; expected boxes: expected_flow.json (regenerate with
`/work/shared/tools/fidelity/.venv/bin/python tests/layout/chromium_boxes.py`, suite "flow").
Inline elements (spans) are compared through their first line fragment, as
getBoundingClientRect reports them for one-line spans.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.layout.fragments import InlineBoxFragment
from tests.layout.chromium_boxes import page
from tests.layout.conftest import boxes_by_id, layout, walk
from tests.layout.flow_fixtures import FIXTURES

EXPECTED = json.loads((Path(__file__).parent / "expected_flow.json").read_text())


def all_boxes(root):
    out = boxes_by_id(root)
    for frag, x, y in walk(root):
        for line in frag.lines:
            for item in line.items:
                if isinstance(item, InlineBoxFragment) and item.first:
                    ident = item.box.element.get("id") if item.box.element is not None else None
                    if ident and ident not in out:
                        out[ident] = (
                            x + line.x + item.x,
                            y + line.y + item.y,
                            item.width,
                            item.height,
                        )
    return out


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_flow_matches_chromium(name: str) -> None:
    recorded = EXPECTED[name]
    assert recorded["html"] == FIXTURES[name], "fixture changed: regenerate expected_flow.json"
    got = all_boxes(layout(page(FIXTURES[name])))
    tolerance = 1.0 if name.startswith("text_") else 1 / 64
    errors = []
    for ident, want in sorted(recorded["boxes"].items()):
        have = got.get(ident)
        if have is None:
            errors.append(f"#{ident}: no fragment")
            continue
        for label, w, h in zip("xywh", want, have, strict=True):
            if abs(w - h) > tolerance:
                errors.append(f"#{ident}.{label}: chromium {w} engine {h:.6g}")
    assert not errors, "; ".join(errors)


def test_block_exact_boxes() -> None:
    """A tiny fixture with exact used values (no browser needed to read it)."""
    root = layout(
        page(
            '<div id="a" style="margin:10px 20px 0 30px;padding:5px;border:2px solid;height:10px"></div>'
        )
    )
    (div,) = root.children
    # The top margin collapses through the slide root (no border/padding, not a BFC), as in Chromium.
    assert (div.x, div.y, div.width, div.height) == (30, 0, 1230, 24)
    assert (div.margin.left, div.margin.right, div.padding.top, div.border.left) == (30, 20, 5, 2)
