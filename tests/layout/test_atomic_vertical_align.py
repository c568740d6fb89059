"""An atomic inline's own vertical-align (a length, sub, super) raises or lowers it on the line
(numbers recorded from Chromium 156: getBoundingClientRect of each inline-block)."""

from __future__ import annotations

import pytest

from engine.layout.fragments import BoxFragment
from engine.options import Options
from engine.pipeline import layout_html

PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0}.slide{width:640px;height:360px;"
    "font:16px Arial}i{display:inline-block;width:12px;height:12px;background:red}</style>"
    '</head><body><div class="slide"><p style="margin:0">a<i id=a style="vertical-align:-2px">'
    '</i>b<i id=b style="vertical-align:5px"></i>c<i id=c></i>'
    '<i id=d style="vertical-align:super"></i></p></div></body></html>'
)
CHROMIUM = {"a": 8.328125, "b": 1.328125, "c": 6.328125, "d": 0.0}  # border-box tops


def test_own_vertical_align_shifts_inline_blocks() -> None:
    root = layout_html(PAGE, Options(viewport=(640, 360)))
    (para,) = root.children
    tops = {}
    for line in para.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                tops[item.box.element.get("id")] = para.y + line.y + item.y
    assert tops == pytest.approx(CHROMIUM, abs=0.5)
