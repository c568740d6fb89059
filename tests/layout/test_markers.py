"""::marker styling against Chromium's boxes (expected_markers.json, see chromium_multicol.py):
the marker's font, `content` and string list-style-type change the marker width and line box."""

from __future__ import annotations

import json

import pytest

from engine.layout.fragments import TextFragment
from tests.layout.chromium_boxes import page
from tests.layout.chromium_multicol import SUITES, fixtures
from tests.layout.conftest import layout, walk
from tests.layout.test_multicol import _union_boxes

_EXPECTED = json.loads(SUITES["marker_fixtures"].read_text())
TOLERANCE = 1.0


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", list(fixtures("marker_fixtures")))
def test_matches_chromium(name: str) -> None:
    html = fixtures("marker_fixtures")[name]
    recorded = _EXPECTED.get(name)
    assert recorded is not None and recorded["html"] == html, (
        "fixture changed: record it again (tools/recorders/layout_boxes.py)"
    )
    got = _union_boxes(layout(page(html)))
    errors = []
    for ident, expected in sorted(recorded["boxes"].items()):
        actual = got.get(ident)
        if actual is None:
            errors.append(f"#{ident}: no fragment")
            continue
        for label, want, have in zip("xywh", expected, actual, strict=True):
            if abs(want - have) > TOLERANCE:
                errors.append(f"#{ident}.{label}: chromium {want} engine {have:.6g}")
    assert not errors, "\n".join(errors)


def _markers(html: str) -> list[TextFragment]:
    out = []
    for frag, _x, _y in walk(layout(page(html))):
        for line in frag.lines:
            out.extend(t for t in line.items if isinstance(t, TextFragment) and t.marker)
    return out


def test_marker_runs_carry_the_marker_style() -> None:
    html = (
        "<style>li::marker{color:rgb(225,29,72);font-weight:700;font-size:30px}</style>"
        "<ul style=\"font:20px 'Liberation Sans';color:black\"><li>Alpha</li></ul>"
    )
    (marker,) = _markers(html)
    assert marker.text == "\u2022"
    assert marker.font_size == 30.0
    assert marker.box.pseudo == "marker"
    assert marker.box.style["color"].hex == "E11D48"
    assert marker.box.style["font-weight"] == 700


def test_marker_content_and_string_type() -> None:
    html = (
        "<style>.c li::marker{content:'>> '}</style>"
        '<ul class="c"><li>One</li></ul><ol style=\'list-style-type:"\u2192 "\'><li>Two</li></ol>'
        "<ul style='list-style:none'><li>Three</li></ul>"
    )
    texts = [m.text for m in _markers(html)]
    assert texts == [">>", "\u2192"]


_INK = json.loads(
    (SUITES["marker_fixtures"].parent / "expected_marker_ink.json").read_text()
)  # see chromium_marker_ink.py


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("key", sorted(_INK))
def test_symbol_marker_geometry_matches_chromium_ink(key: str) -> None:
    from engine.boxes.lists import symbol_marker_rect
    from tests.layout.chromium_marker_ink import fixture

    kind, size = key.split("-")
    ink = _INK[key]
    markers = []
    for frag, _x, _y in walk(layout(fixture(kind, int(size)))):
        for line in frag.lines:
            markers.extend(t for t in line.items if isinstance(t, TextFragment) and t.marker)
    (marker,) = markers
    assert marker.x == ink["left"]
    assert marker.x + marker.width == ink["right"]
    _left, top, shape = symbol_marker_rect(round(marker.ascent))
    assert (top, top - shape) == (ink["top"], ink["bottom"])
