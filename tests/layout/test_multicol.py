"""Multi-column layout against Chromium's boxes (expected_multicol.json, see chromium_multicol.py),
plus the balancing and column-geometry rules on their own."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.layout.fragments import BoxFragment, InlineBoxFragment
from engine.layout.multicol.fragmentation import FlowBreaks, balanced_height, fill_columns
from engine.layout.multicol.layout import column_geometry
from tests.layout.chromium_boxes import page
from tests.layout.chromium_multicol import EXPECTED, fixtures
from tests.layout.conftest import find_fragment, layout, walk

_EXPECTED = json.loads(EXPECTED.read_text())
ARITHMETIC_TOLERANCE = 1 / 64
TEXT_TOLERANCE = 1.0


def _union_boxes(root: BoxFragment) -> dict[str, tuple[float, float, float, float]]:
    """Per id, the union of all its fragments' border boxes (getBoundingClientRect of a box split
    across columns); inline boxes count through their first line fragment."""
    rects: dict[str, list[tuple[float, float, float, float]]] = {}
    for frag, x, y in walk(root):
        el = frag.box.element
        if el is not None and el.get("id"):
            rects.setdefault(el.get("id"), []).append((x, y, x + frag.width, y + frag.height))
        for line in frag.lines:
            for item in line.items:
                if (
                    isinstance(item, InlineBoxFragment)
                    and item.first
                    and item.box.element is not None
                ):
                    ident = item.box.element.get("id")
                    if ident and ident not in rects:
                        x0, y0 = x + line.x + item.x, y + line.y + item.y
                        rects[ident] = [(x0, y0, x0 + item.width, y0 + item.height)]
    out = {}
    for ident, rs in rects.items():
        x0, y0 = min(r[0] for r in rs), min(r[1] for r in rs)
        out[ident] = (x0, y0, max(r[2] for r in rs) - x0, max(r[3] for r in rs) - y0)
    return out


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", list(fixtures()))
def test_matches_chromium(name: str) -> None:
    html = fixtures()[name]
    recorded = _EXPECTED.get(name)
    assert recorded is not None and recorded["html"] == html, (
        "fixture changed: record it again (tools/recorders/layout_boxes.py)"
    )
    got = _union_boxes(layout(page(html)))
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


def _style(**values: object) -> dict[str, object]:
    base: dict[str, object] = {
        "column-count": "auto",
        "column-width": "auto",
        "column-gap": "normal",
        "font-size": 16.0,
    }
    base.update({k.replace("_", "-"): v for k, v in values.items()})
    return base


def test_geometry_count_and_width() -> None:
    geo = column_geometry(_style(column_width=150.0, column_gap=10.0), 700.0)
    assert (geo.count, geo.width, geo.gap) == (4, 167.5, 10.0)
    both = column_geometry(_style(column_count=2, column_width=100.0, column_gap=40.0), 640.0)
    assert (both.count, both.width) == (2, 300.0)
    wide = column_geometry(_style(column_width=900.0), 700.0)  # never fewer than one column
    assert (wide.count, wide.width) == (1, 700.0)
    normal_gap = column_geometry(_style(column_count=2, font_size=20.0), 420.0)
    assert normal_gap.gap == 20.0 and normal_gap.width == 200.0


def test_balancing_skips_unbreakable_spans() -> None:
    # Four 20 px lines of one paragraph: orphans/widows keep two lines together on each side.
    breaks = FlowBreaks(80.0, [(0.0, 40.0), (40.0, 80.0)], [])
    assert balanced_height(breaks, 2, None) == 40.0
    assert balanced_height(breaks, 3, None) == 40.0  # the third column stays empty
    cols = fill_columns(breaks, 40.0)
    assert (cols.starts, cols.ends) == ([0.0, 40.0], [40.0, 80.0])


def test_balancing_continuous_content_rounds_up_to_layout_units() -> None:
    breaks = FlowBreaks(190.0, [], [])
    assert balanced_height(breaks, 3, None) == 63.34375  # 190 / 3 ceiled to 1/64


def test_margin_at_a_break_is_truncated() -> None:
    breaks = FlowBreaks(100.0, [(0.0, 40.0), (60.0, 100.0)], [(40.0, 60.0)])
    cols = fill_columns(breaks, 50.0)
    assert cols.starts == [0.0, 60.0] and cols.ends == [50.0, 100.0]


def test_height_cap_limits_balancing() -> None:
    breaks = FlowBreaks(200.0, [], [])
    assert balanced_height(breaks, 2, 50.0) == 50.0
    cols = fill_columns(breaks, 50.0)
    assert len(cols.starts) == 4  # overflow columns continue in the inline direction


def test_column_rule_centred_in_each_gap() -> None:
    html = (
        '<div id="m" style="column-count:3;column-gap:30px;width:660px;'
        'column-rule:2px dashed rgb(255,0,0)">'
        + "".join('<div style="height:30px"></div>' for _ in range(3))
        + "</div>"
    )
    frag, _, _ = find_fragment(layout(page(html)), id="m")
    rules = [c for c in frag.children if c.border.left > 0]
    assert [(r.x, r.y, r.width, r.height) for r in rules] == [
        (214.0, 0.0, 2.0, 30.0),
        (444.0, 0.0, 2.0, 30.0),
    ]
    assert rules[0].box.style["border-left-style"] == "dashed"
    assert rules[0].box.style["border-left-color"].hex == "FF0000"


def test_paragraph_split_keeps_text_order_per_column() -> None:
    words = " ".join(f"w{i:02d}" for i in range(60))
    html = (
        f'<div id="m" style="column-count:2;width:400px;font:16px/20px Liberation Sans">'
        f"<p style='margin:0'>{words}</p></div>"
    )
    root = layout(page(html))
    frag, mx, _ = find_fragment(root, id="m")
    texts: dict[int, list[str]] = {}
    for f, x, _y in walk(frag):
        for line in f.lines:
            col = 0 if x < mx + 200 else 1
            texts.setdefault(col, []).extend(
                t.text for t in line.items if hasattr(t, "text") and t.text.strip()
            )
    left, right = " ".join(texts[0]).split(), " ".join(texts[1]).split()
    assert left + right == words.split()
    assert abs(len(left) - len(right)) <= 6  # balanced: lines split evenly


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(1, 5),
    gap=st.integers(0, 40),
    heights=st.lists(st.integers(0, 120), min_size=0, max_size=8),
    words=st.integers(0, 60),
    fixed=st.one_of(st.none(), st.integers(0, 200)),
    fill=st.sampled_from(["balance", "auto"]),
)
def test_any_multicol_lays_out_and_keeps_all_content(
    count: int, gap: int, heights: list[int], words: int, fixed: int | None, fill: str
) -> None:
    text = " ".join(f"w{i}" for i in range(words))
    blocks = "".join(f'<div style="height:{h}px;margin:{h % 7}px 0"></div>' for h in heights)
    height = "" if fixed is None else f"height:{fixed}px;"
    html = (
        f'<div id="m" style="column-count:{count};column-gap:{gap}px;column-fill:{fill};'
        f"{height}width:500px;font:16px/20px Liberation Sans\">{blocks}<p style='margin:4px 0'>"
        f"{text}</p>{blocks}</div>"
    )
    root = layout(page(html))
    frag, mx, my = find_fragment(root, id="m")
    seen: list[str] = []
    for f, _x, _y in walk(frag):
        for line in f.lines:
            seen.extend(w for t in line.items if hasattr(t, "text") for w in str(t.text).split())
    assert seen == text.split()
    if fixed is not None:
        assert frag.height == fixed
