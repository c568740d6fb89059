"""Inline SVG painted with what the rest of the document gives it (engine/boxes/svgdefs.py): a
<symbol> of a hidden sprite drawn through <use>, gradients defined in another <svg>, and the
page CSS's fill/stroke on the <svg> element. Colours at sample points against Chromium's
screenshot (tools/recorders/model_svg_pixels.py); XML checks on the standalone SVG part."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from lxml import etree
from PIL import Image

from engine.boxes.svgdefs import MAX_BORROWED, svg_markup
from engine.options import Options
from engine.pipeline import convert_page
from tests.model.chromium_svg_pixels import page
from tests.model.svg_ref_fixtures import FIXTURES

EXPECTED = json.loads((Path(__file__).parent / "expected_svg_pixels.json").read_text())
TOLERANCE = 24  # per channel: anti-aliasing and resvg vs Skia gradient interpolation


def engine_render(snippet: str) -> Image.Image:
    """The slide's SVG pictures (PNG fallbacks) composited on white at their places, slide px."""
    result = convert_page(page(snippet), Options())
    canvas = Image.new("RGBA", (640, 360), (255, 255, 255, 255))
    for shape in result.slide["shapes"]:
        if shape["kind"] != "picture" or shape["w"] < 1 or shape["h"] < 1:
            continue
        png = Image.open(io.BytesIO(result.media[shape["media"]]["data"])).convert("RGBA")
        size = (round(shape["w"]), round(shape["h"]))
        canvas.alpha_composite(
            png.resize(size, Image.Resampling.LANCZOS), (round(shape["x"]), round(shape["y"]))
        )
    return canvas.convert("RGB")


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_colours_match_chromium(name: str) -> None:
    snippet, points = FIXTURES[name]
    recorded = EXPECTED[name]
    assert recorded["html"] == snippet, (
        "fixture changed: record it again (tools/recorders/model_svg_pixels.py)"
    )
    image = engine_render(snippet)
    errors = []
    for (x, y), want in zip(points, recorded["rgb"], strict=True):
        have = _rgb(image, x, y)
        if max(abs(a - b) for a, b in zip(want, have, strict=True)) > TOLERANCE:
            errors.append(f"({x},{y}): chromium {want} engine {have}")
    assert not errors, "\n".join(errors)


def _rgb(image: Image.Image, x: int, y: int) -> list[int]:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    return [int(c) for c in pixel[:3]]


def _svg(html: str, index: int = -1) -> etree._Element:
    from lxml import html as lxml_html

    doc = lxml_html.document_fromstring(html)
    return doc.xpath("//svg")[index]


def test_borrowed_defs_come_first_and_transitively() -> None:
    el = _svg(FIXTURES["gradient_from_other_svg"][0].replace("url(#g)", "url(#g2)"))
    out = etree.fromstring(svg_markup(el))
    defs = out[0]
    assert etree.QName(defs).localname == "defs"
    assert [d.get("id") for d in defs] == ["g2", "g"]  # g2 borrows its stops from g
    assert out[1].get("fill") == "url(#g2)"


def test_only_elements_inside_an_svg_are_borrowed() -> None:
    el = _svg('<div id="x"><p>text</p></div><svg><use href="#x"/></svg>')
    assert "<defs" not in svg_markup(el)


def test_own_ids_are_not_borrowed_again() -> None:
    html = '<svg><circle id="c" r="1"/></svg><svg><circle id="c" r="5"/><use href="#c"/></svg>'
    assert 'r="1"' not in svg_markup(_svg(html))


def test_borrowing_is_bounded() -> None:
    chain = "".join(
        f'<linearGradient id="g{i}" href="#g{i + 1}"/>' for i in range(MAX_BORROWED + 50)
    )
    el = _svg(f'<svg>{chain}</svg><svg><rect fill="url(#g0)"/></svg>')
    out = etree.fromstring(svg_markup(el))
    assert len(out[0]) == MAX_BORROWED


def test_page_css_paint_lands_on_the_root_and_attributes_stay() -> None:
    result = convert_page(page(FIXTURES["own_attribute_wins"][0]), Options())
    (svg,) = [m for m in result.media.values() if m["content_type"] == "image/svg+xml"]
    root = etree.fromstring(svg["data"])
    assert root.get("fill") == "#00a000"
    assert root[1].get("fill") == "#0000c0"
    assert root.get("stroke") is None  # initial values are not written


def test_svg_attribute_beats_inherited_css() -> None:
    snippet = '<div style="fill:red"><svg fill="#123456" width="10" height="10"></svg></div>'
    result = convert_page(page(snippet), Options())
    (svg,) = [m for m in result.media.values() if m["content_type"] == "image/svg+xml"]
    assert etree.fromstring(svg["data"]).get("fill") == "#123456"


def test_rules_on_svg_text_set_its_font_colour_and_anchor() -> None:
    """`svg text { ... }` in the page's stylesheet styles the chart labels (native text boxes),
    over the <svg>'s inherited 24px serif; text-anchor from a rule centres the label on x."""
    snippet = (
        "<style>.slide{font:24px 'Liberation Serif'} svg text{font-family:'Liberation Sans';"
        "font-size:13px;fill:#333333;text-anchor:middle}</style>"
        '<svg width="200" height="60" style="display:block"><text x="100" y="30">Label</text></svg>'
    )
    result = convert_page(page(snippet), Options())
    [label] = [s for s in result.slide["shapes"] if s.get("text")]
    [run] = label["text"]["paragraphs"][0]["runs"]
    assert (run["text"], run["font"], run["size"], run["color"]) == (
        "Label",
        "Liberation Sans",
        9.75,
        "333333",
    )
    assert abs(label["x"] - 84.09) < 0.5  # Chromium's getBoundingClientRect().x of the <text>
