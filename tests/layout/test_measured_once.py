"""A flex or grid item is laid out to measure it, then laid out again where it is placed. The
parts of a measuring layout that hold no flex or grid container (paragraphs, lists, tables) are
complete layouts: they are kept and placed as they are, each laid out once per space. Parts
holding a flex or grid container skip work while measuring (their items are not placed) and
are laid out again."""

from __future__ import annotations

import pytest

from engine.api import layout_boxes


def _page(stack: str) -> str:
    # The generator's content frame: a column flex container centring one auto-height item.
    return (
        "<html><body><div class='slide' style='width:1280px;height:720px;overflow:hidden'>"
        "<div style='height:600px;display:flex;flex-direction:column;justify-content:center'>"
        f"<div class='stack' style='flex:0 0 auto'>{stack}</div></div></div></body></html>"
    )


def test_paragraphs_of_a_measured_item_are_laid_out_once(inline_layouts: list[int]) -> None:
    words = " ".join(f"word{i}" for i in range(40))
    paragraphs = [f"<p style='margin:0 0 8px 0'>{words} {n}</p>" for n in range(5)]
    layout_boxes(_page("".join(paragraphs) + "<ul><li>one item</li><li>two items</li></ul>"))
    assert inline_layouts[0] == len(paragraphs) + 2  # was twice as many (measure, then place)


def test_a_flex_row_inside_a_measured_item_is_placed() -> None:
    row = (
        "<div class='row' style='display:flex;gap:20px'>"
        "<div class='a' style='flex:1 1 0'>left text</div>"
        "<div class='b' style='flex:1 1 0'>right text</div></div>"
    )
    page = layout_boxes(_page("<p>before</p>" + row))
    by_class = {box.attributes.get("class"): box for box in page.boxes if box.kind == "box"}
    a, b = by_class["a"], by_class["b"]
    assert a.width == b.width == pytest.approx((1280 - 20) / 2)
    assert b.x == pytest.approx(a.x + a.width + 20)
    assert a.y == b.y == by_class["row"].y
    lines = [box for box in page.boxes if box.kind == "line"]
    assert [line.text for line in lines] == ["before", "left text", "right text"]
