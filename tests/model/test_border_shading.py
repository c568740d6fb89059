"""inset/outset border sides shaded as Chromium 156 paints them (pixels read off its screenshots:
4px borders of each colour, and <hr>): Color::Dark() on the shadowed sides, Color::Light() on
the lit ones, black as #545454/#a8a8a8, and a border colour left to currentcolor in fixed greys
#9a9a9a/#eeeeee whatever the colour."""

from __future__ import annotations

import pytest

from engine.model.paint.fills import shaded_color
from engine.options import Options
from engine.pipeline import convert_page
from engine.style.types import RGBA

CHROMIUM = {  # colour -> (dark side, light side)
    (128, 128, 128): ((44, 44, 44), (212, 212, 212)),
    (0, 0, 0): ((84, 84, 84), (168, 168, 168)),
    (255, 255, 255): ((171, 171, 171), (255, 255, 255)),
    (255, 0, 0): ((171, 0, 0), (255, 0, 0)),
    (51, 102, 153): ((23, 46, 69), (79, 158, 238)),
}


@pytest.mark.parametrize("rgb", sorted(CHROMIUM))
def test_dark_and_light_sides(rgb: tuple[int, int, int]) -> None:
    dark, light = CHROMIUM[rgb]
    assert tuple(shaded_color(RGBA(*rgb), darker=True))[:3] == dark
    assert tuple(shaded_color(RGBA(*rgb), darker=False))[:3] == light


def side_fills(body: str) -> dict[str, str]:
    page = f'<div class="slide" style="width:300px;height:200px">{body}</div>'
    shapes = convert_page(page, Options()).slide["shapes"]
    return {s["name"].split()[-1]: s["fill"]["color"] for s in shapes if s.get("fill")}


def test_inset_and_outset_sides() -> None:
    inset = side_fills('<div style="height:20px;border:4px inset #336699"></div>')
    assert inset == {
        "border-top": "172E45",
        "border-left": "172E45",
        "border-bottom": "4F9EEE",
        "border-right": "4F9EEE",
    }
    outset = side_fills('<div style="height:20px;border:4px outset #336699"></div>')
    assert (outset["border-top"], outset["border-bottom"]) == ("4F9EEE", "172E45")


@pytest.mark.parametrize(
    "body",
    [
        "<hr>",
        '<div style="color:black;border:2px inset"></div>',
        '<div style="color:red;border:2px inset;border-color:currentcolor"></div>',
    ],
)
def test_currentcolor_borders_are_fixed_greys(body: str) -> None:
    fills = side_fills(body)
    assert (fills["border-top"], fills["border-bottom"]) == ("9A9A9A", "EEEEEE")


def test_solid_currentcolor_border_is_the_colour() -> None:
    page = '<div class="slide" style="width:300px;height:200px"><div style="color:red;border:2px solid;height:9px"></div></div>'
    [shape] = convert_page(page, Options()).slide["shapes"]
    assert shape["line"]["color"] == "FF0000"
