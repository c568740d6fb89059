"""The viewport a page is laid out in is the slide's own size (as a browser showing the slide
full-size): vw/vh units and @media queries read it; sizes given in vw/vh or out of bounds keep
the default viewport."""

from __future__ import annotations

import pytest

from engine.options import Options
from engine.pipeline import convert_page

CSS = (
    "<style>@media (min-width:1500px){p{color:#ff0000}} "
    ".box{width:50vw;height:10vh;background:#0000ff}</style>"
)


def shapes(slide_style: str) -> dict[str, dict]:
    page = f'{CSS}<div class="slide" style="{slide_style}"><p>Hi</p><div class="box"></div></div>'
    return {s["name"]: s for s in convert_page(page, Options()).slide["shapes"]}


def test_a_1080p_slide_is_its_own_viewport() -> None:
    out = shapes("width:1920px;height:1080px")
    assert (out["div.box"]["w"], out["div.box"]["h"]) == (960.0, 108.0)
    assert out["p text"]["text"]["paragraphs"][0]["runs"][0]["color"] == "FF0000"


@pytest.mark.parametrize(
    "slide_style",
    ["width:1280px;height:720px", "width:100vw;height:100vh", "width:99999999px;height:720px"],
)
def test_default_viewport(slide_style: str) -> None:
    out = shapes(slide_style)
    assert (out["div.box"]["w"], out["div.box"]["h"]) == (640.0, 72.0)
    assert out["p text"]["text"]["paragraphs"][0]["runs"][0]["color"] == "000000"
