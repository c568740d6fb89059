"""PNG renderer robustness: arbitrary (even malformed) slide models never raise, and the SVG
handed to resvg only ever references data: URIs and local #ids."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from png_helpers import png_bytes, png_image

from engine.render import render_slide_png, slide_svg

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")

numbers = st.one_of(
    st.floats(allow_nan=True, allow_infinity=True, width=32),
    st.integers(-(10**6), 10**6),
    st.floats(-2000, 2000),
    st.none(),
    st.text(max_size=3),
    st.booleans(),
)
colors = st.one_of(
    st.sampled_from(["FF0000", "00ff00", "zzzzzz", "", "12345"]), st.text(max_size=7), st.none()
)
stops = st.lists(
    st.fixed_dictionaries({"pos": numbers, "color": colors, "alpha": numbers}), max_size=4
)
fills = st.one_of(
    st.none(),
    st.fixed_dictionaries({"type": st.just("solid"), "color": colors, "alpha": numbers}),
    st.fixed_dictionaries(
        {
            "type": st.just("gradient"),
            "path": st.sampled_from(["linear", "circle", "rect", "bogus"]),
            "angle": numbers,
            "stops": stops,
            "center": st.one_of(st.none(), st.lists(numbers, max_size=3)),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("image"), "media": st.sampled_from(["m", "nope"]), "crop": st.none()}
    ),
    st.text(max_size=3),
)
lines = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {
            "width": numbers,
            "color": colors,
            "alpha": numbers,
            "dash": st.sampled_from(["solid", "dash", "sysDot", "x", None]),
        }
    ),
)
runs = st.lists(
    st.one_of(
        st.fixed_dictionaries(
            {"text": st.text(max_size=20)},
            optional={
                "size": numbers,
                "font": st.one_of(
                    st.none(),
                    st.sampled_from(["Liberation Sans", "Noto Sans CJK SC", "No Such Font"]),
                    st.integers(),
                    st.text(max_size=8),
                ),
                "ea_font": st.one_of(st.none(), st.just("Noto Sans CJK SC"), st.integers()),
                "bold": st.booleans(),
                "italic": st.booleans(),
                "underline": st.booleans(),
                "color": colors,
                "alpha": numbers,
                "spacing": numbers,
                "baseline": numbers,
                "caps": st.sampled_from(["all", "small", None]),
                "fill": fills,
            },
        ),
        st.just({"break": True}),
        st.text(max_size=3),
    ),
    max_size=5,
)
paragraphs = st.lists(
    st.fixed_dictionaries(
        {"runs": runs},
        optional={
            "align": st.sampled_from(["l", "ctr", "r", "just", None, 3]),
            "line_spacing": st.one_of(
                st.none(),
                st.fixed_dictionaries({"pts": numbers}),
                st.fixed_dictionaries({"pct": numbers}),
            ),
            "space_before": numbers,
            "space_after": numbers,
            "indent": numbers,
            "margin_left": numbers,
            "bullet": st.one_of(
                st.none(),
                st.fixed_dictionaries({"char": st.text(max_size=2), "color": colors}),
                st.fixed_dictionaries(
                    {
                        "autonum": st.sampled_from(
                            ["arabicPeriod", "romanUcPeriod", "alphaLcParenR", "x"]
                        ),
                        "start": numbers,
                    }
                ),
            ),
        },
    ),
    max_size=3,
)
bodies = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"paragraphs": paragraphs},
        optional={
            "anchor": st.sampled_from(["t", "ctr", "b", None]),
            "insets": st.one_of(st.none(), st.lists(numbers, max_size=5)),
            "vertical": st.sampled_from([None, "eaVert", "vert", "vert270"]),
            "wrap": st.booleans(),
        },
    ),
)
geometry = {"x": numbers, "y": numbers, "w": numbers, "h": numbers, "rotation": numbers}
rects = st.fixed_dictionaries(
    {"kind": st.just("rect"), **geometry},
    optional={
        "geom": st.sampled_from(
            ["rect", "roundRect", "ellipse", "custom", "triangle", "star5", None]
        ),
        "radius": numbers,
        "radii": st.lists(numbers, max_size=5),
        "points": st.lists(st.lists(numbers, min_size=2, max_size=2), max_size=6),
        "contours": st.lists(
            st.lists(st.lists(numbers, min_size=2, max_size=2), max_size=5), max_size=3
        ),
        "fill": fills,
        "line": lines,
        "shadow": st.one_of(
            st.none(),
            st.fixed_dictionaries(
                {
                    "blur": numbers,
                    "dist": numbers,
                    "dir": numbers,
                    "color": colors,
                    "alpha": numbers,
                }
            ),
        ),
        "text": bodies,
    },
)
texts = st.fixed_dictionaries({"kind": st.just("text"), "text": bodies, **geometry})
pictures = st.fixed_dictionaries(
    {"kind": st.just("picture"), "media": st.sampled_from(["m", "svg", "bad", "nope"]), **geometry},
    optional={
        "crop": st.one_of(
            st.none(),
            st.fixed_dictionaries({"l": numbers, "t": numbers, "r": numbers, "b": numbers}),
        ),
        "geom": st.sampled_from(["rect", "roundRect", "ellipse"]),
        "alpha": numbers,
        "line": lines,
    },
)
line_shapes = st.fixed_dictionaries(
    {
        "kind": st.just("line"),
        "x1": numbers,
        "y1": numbers,
        "x2": numbers,
        "y2": numbers,
        "line": lines,
    }
)
cells = st.fixed_dictionaries(
    {"text": bodies},
    optional={
        "fill": fills,
        "span": st.lists(numbers, max_size=3),
        "merged": st.booleans(),
        "borders": st.dictionaries(st.sampled_from("lrtbx"), lines, max_size=4),
        "margins": st.lists(numbers, max_size=4),
        "anchor": st.sampled_from(["t", "ctr", "b", None]),
    },
)
tables = st.fixed_dictionaries(
    {
        "kind": st.just("table"),
        "x": numbers,
        "y": numbers,
        "columns": st.lists(numbers, max_size=3),
        "rows": st.lists(
            st.fixed_dictionaries({"h": numbers, "cells": st.lists(cells, max_size=3)}), max_size=3
        ),
    }
)
leaf = st.one_of(rects, texts, pictures, line_shapes, tables, st.none(), st.text(max_size=3))
shapes = st.recursive(
    leaf,
    lambda children: st.fixed_dictionaries(
        {"kind": st.just("group"), "shapes": st.lists(children, max_size=3), **geometry}
    ),
    max_leaves=8,
)
slides = st.fixed_dictionaries({"background": fills, "shapes": st.lists(shapes, max_size=6)})

MEDIA = {
    "m": {"content_type": "image/png", "data": png_bytes((1, 2, 3)), "width": 4, "height": 4},
    "svg": {
        "content_type": "image/svg+xml",
        "data": b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5"/></svg>',
        "width": 5,
        "height": 5,
    },
    "bad": {"content_type": "image/png", "data": b"not a png", "width": 4, "height": 4},
}


def _hrefs(svg: str) -> list[str]:
    root = ElementTree.fromstring(svg)
    return [
        value for el in root.iter() for name, value in el.attrib.items() if name.endswith("href")
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slides)
def test_random_models_never_raise(model: dict) -> None:
    svg, _fonts = slide_svg(model, 96, media=MEDIA, size=(160, 90))
    assert all(h.startswith(("data:", "#")) for h in _hrefs(svg))
    im = png_image(render_slide_png(model, 96, media=MEDIA, size=(160, 90)))
    assert im.size == (96, 54)


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3)),
    st.lists(numbers, max_size=3),
)
def test_garbage_slides_and_sizes_never_raise(model: object, size: list) -> None:
    im = png_image(render_slide_png(model, 50, media=None, size=size))  # type: ignore[arg-type]
    assert im.width == 50 and im.height >= 1  # a blank slide of the asked width


def test_painted_area_is_bounded() -> None:
    from engine.render.document import MAX_PAINTED_SLIDES

    fill = {
        "type": "gradient",
        "path": "circle",
        "stops": [
            {"pos": 0, "color": "FF0000", "alpha": 0.5},
            {"pos": 1, "color": "0000FF", "alpha": 0.5},
        ],
    }
    big = {"kind": "rect", "x": -10, "y": -10, "w": 200, "h": 120, "fill": fill}
    svg, _fonts = slide_svg({"shapes": [big] * 2000}, 160, size=(160, 90))
    drawn = svg.count("<radialGradient")
    assert 1 <= drawn <= MAX_PAINTED_SLIDES / 4 + 1


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_painted_text_is_bounded() -> None:
    from engine.render.text import MAX_TEXT_PAINTED

    run = {"text": "WWWW", "font": "Liberation Sans", "size": 4000, "color": "000000"}
    shape = {
        "kind": "text",
        "x": 0,
        "y": 0,
        "w": 160,
        "h": 90,
        "text": {"paragraphs": [{"runs": [run]}], "insets": [0, 0, 0, 0]},
    }
    svg, _fonts = slide_svg({"shapes": [shape] * 500}, 160, size=(160, 90))
    groups = svg.count("<g fill=")
    assert 1 <= groups <= MAX_TEXT_PAINTED + 1


def test_a_resvg_panic_gives_a_blank_slide_not_an_exception() -> None:
    from engine.render import rasterize

    # tiny-skia panics (index out of range) on this huge rotated geometry
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="54" viewBox="0 0 160 90">'
        '<g transform="rotate(262 213.5 106378.5)">'
        '<rect width="1e9" height="1e9" fill="red"/></g></svg>'
    )
    im = png_image(rasterize(svg, [], 96, 54))
    assert im.size == (96, 54)
    assert im.getpixel((48, 27)) == (255, 255, 255)
