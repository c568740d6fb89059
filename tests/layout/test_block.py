"""Block layout with exact used values (no browser needed to read them); the Chromium-recorded
flow fixtures (flow_fixtures.py, expected_flow.json) run in test_flex_grid_chromium.py."""

from __future__ import annotations

from tests.layout.chromium_boxes import page
from tests.layout.conftest import layout


def test_block_exact_boxes() -> None:
    root = layout(
        page(
            '<div id="a" style="margin:10px 20px 0 30px;padding:5px;border:2px solid;height:10px"></div>'
        )
    )
    (div,) = root.children
    # The top margin collapses through the slide root (no border/padding, not a BFC), as in Chromium.
    assert (div.x, div.y, div.width, div.height) == (30, 0, 1230, 24)
    assert (div.margin.left, div.margin.right, div.padding.top, div.border.left) == (30, 20, 5, 2)


def test_float_shelves_exact() -> None:
    root = layout(
        page(
            '<div style="width:300px"><div style="float:left;width:200px;height:50px"></div><div style="float:left;width:200px;height:30px"></div><p style="margin:0">x</p></div>'
        )
    )
    (container,) = root.children
    a, b, p = container.children
    assert (a.x, a.y, b.x, b.y) == (0, 0, 0, 50)
    # A block beside floats keeps its width (CSS 2.1 9.5); its line box is shortened.
    assert (p.x, p.width) == (0, 300)
    (line,) = p.lines
    assert (line.x, line.width) == (200, 100)


def test_grid_rem_tracks_use_the_root_font_size() -> None:
    from engine.pipeline import layout_html

    root = layout_html(
        '<html style="font-size:20px"><body><div class="slide" style="width:600px;height:300px"><div style="display:grid;grid-template-columns:10rem 1fr"><div>a</div><div>b</div></div></div></body></html>'
    )
    (grid,) = root.children
    assert [(c.x, c.width) for c in grid.children] == [(0, 200), (200, 400)]
