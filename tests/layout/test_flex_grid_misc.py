"""Flex/grid details the Chromium box comparison does not show: used margins, diagnostics, baselines."""

from __future__ import annotations

from engine.diagnostics import Diagnostics
from engine.pipeline import layout_page
from tests.layout.chromium_boxes import page
from tests.layout.conftest import find_fragment, layout


def test_flex_item_fragment_keeps_used_auto_margins() -> None:
    root = layout(
        page(
            '<div style="display:flex;width:800px;height:100px"><div id="a" style="width:100px;height:40px;margin:auto 0 auto auto"></div></div>'
        )
    )
    frag, x, y = find_fragment(root, id="a")
    assert (x, y) == (700.0, 30.0)
    assert frag.margin.left == 700.0
    assert (frag.margin.top, frag.margin.bottom) == (30.0, 30.0)


def test_grid_item_fragment_keeps_used_margins() -> None:
    root = layout(
        page(
            '<div style="display:grid;grid-template-columns:300px;grid-auto-rows:100px"><div id="a" style="width:100px;height:20px;margin:auto"></div></div>'
        )
    )
    frag, x, y = find_fragment(root, id="a")
    assert (x, y) == (100.0, 40.0)
    assert (frag.margin.left, frag.margin.right, frag.margin.top) == (100.0, 100.0, 40.0)


def test_invalid_grid_template_is_reported_and_ignored() -> None:
    diag = Diagnostics()
    html = page(
        '<div style="display:grid;width:300px;grid-template-columns:1fr banana;grid-auto-rows:10px"><div id="a"></div><div id="b"></div></div>'
    )
    root = layout_page(html, diag=diag).root
    assert any("grid-template-columns" in d.message for d in diag.items)
    _, ax, ay = find_fragment(root, id="a")
    b, bx, by = find_fragment(root, id="b")
    assert (ax, ay, bx, by, b.width) == (0.0, 0.0, 0.0, 10.0, 300.0)  # one implicit column


def test_flex_container_baseline_comes_from_first_item() -> None:
    root = layout(
        page(
            '<div id="f" style="display:flex;align-items:flex-start"><div style="width:10px;height:30px;margin-top:5px"></div><div style="font-size:20px">Tg</div></div>'
        )
    )
    frag, _, _ = find_fragment(root, id="f")
    assert frag.baseline == 35.0  # synthesized from the first item's border-box bottom


def test_empty_containers_have_no_baseline_and_sized_tracks() -> None:
    root = layout(
        page(
            '<div id="f" style="display:flex"></div><div id="g" style="display:grid;grid-template-rows:100px 50px;row-gap:10px"></div>'
        )
    )
    flex, _, _ = find_fragment(root, id="f")
    grid, _, _ = find_fragment(root, id="g")
    assert (flex.height, flex.baseline) == (0.0, None)
    assert (grid.height, grid.baseline) == (160.0, None)
