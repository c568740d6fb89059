"""Painting order of positioned boxes (CSS 2.1 Appendix E): z-index auto/0 and equal z-indexes in
tree order, wherever layout placed the fragments (an absolutely positioned box sits among its
containing block's fragments after the in-flow children)."""

from __future__ import annotations

import pytest

from engine.options import Options
from engine.pipeline import convert_page

LINE = "position:absolute;left:0;right:0;top:40px;height:4px;background:#ff0000"
DOT = "position:relative;width:50px;height:50px;background:#0000ff"


def fills(body: str) -> list[str]:
    page = f'<div class="slide" style="width:300px;height:200px">{body}</div>'
    shapes = convert_page(page, Options()).slide["shapes"]
    return [s["fill"]["color"] for s in shapes if s.get("fill")]


@pytest.mark.parametrize(
    "body",
    [
        # an absolutely positioned line, then a relatively positioned dot over it
        f'<div style="position:relative;height:100px"><div style="{LINE}"></div><div style="{DOT}"></div></div>',
        # the line as the container's ::before (a timeline): generated before the children
        f'<style>.t::before{{content:"";{LINE}}}</style>'
        f'<div class="t" style="position:relative;height:100px"><div style="{DOT}"></div></div>',
        # in a flex container, and the dot's colour on a non-positioned child
        f'<style>.t::before{{content:"";{LINE}}}</style>'
        '<div class="t" style="position:relative;display:flex;height:100px">'
        '<div style="position:relative"><div style="width:50px;height:50px;background:#0000ff">'
        "</div></div></div>",
        # equal positive z-indexes: tree order too
        f'<div style="position:relative;height:100px"><div style="{LINE};z-index:1"></div>'
        f'<div style="{DOT};z-index:1"></div></div>',
    ],
)
def test_positioned_boxes_paint_in_tree_order(body: str) -> None:
    assert fills(body) == ["FF0000", "0000FF"]


def test_z_index_still_wins_over_tree_order() -> None:
    body = (
        f'<div style="position:relative;height:100px"><div style="{LINE};z-index:2"></div>'
        f'<div style="{DOT};z-index:1"></div></div>'
    )
    assert fills(body) == ["0000FF", "FF0000"]
