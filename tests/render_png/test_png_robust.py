"""PNG renderer robustness: a slide model from outside is checked against the slide model
(engine.model.schema.ModelError) and a well-typed one, however extreme its numbers, text and
colours, never makes the renderer raise; the SVG handed to resvg only ever references data:
URIs and local #ids."""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from png_helpers import png_bytes, png_image

from engine.model.schema import ModelError, Slide, problems
from engine.model.schema.complete import complete
from engine.render import render_slide_png, slide_svg

pytestmark = pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisWarning")


def _or_junk(loose: bool, values: list[Any], *junk: Any) -> Any:
    """The values a model key may take, with junk of the wrong type when `loose`."""
    return st.sampled_from(values + (list(junk) if loose else []))


def slide_models(loose: bool) -> Any:
    """Slide models with extreme numbers and odd text; `loose`: with values of the wrong type
    too (None, text and booleans for numbers, unknown names, shapes that are not dicts)."""
    numbers = st.one_of(
        st.floats(allow_nan=True, allow_infinity=True, width=32),
        st.integers(-(10**6), 10**6),
        st.floats(-2000, 2000),
        *((st.none(), st.text(max_size=3), st.booleans()) if loose else ()),
    )
    colors = st.one_of(
        st.sampled_from(["FF0000", "00ff00", "zzzzzz", "", "12345"]),
        st.text(max_size=7),
        *((st.none(),) if loose else ()),
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
                "path": _or_junk(loose, ["linear", "circle", "rect"], "bogus"),
                "angle": numbers,
                "stops": stops,
                "center": st.one_of(
                    *((st.none(),) if loose else ()), st.lists(numbers, max_size=3)
                ),
            }
        ),
        st.fixed_dictionaries(
            {"type": st.just("image"), "media": st.sampled_from(["m", "nope"]), "crop": st.none()}
        ),
        *((st.text(max_size=3),) if loose else ()),
    )
    lines = st.one_of(
        st.none(),
        st.fixed_dictionaries(
            {
                "width": numbers,
                "color": colors,
                "alpha": numbers,
                "dash": _or_junk(loose, ["solid", "dash", "sysDot"], "x", None),
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
                        st.sampled_from(["Liberation Sans", "Noto Sans CJK SC", "No Such Font"]),
                        st.text(max_size=8),
                        *((st.integers(),) if loose else ()),
                    ),
                    "ea_font": _or_junk(loose, ["Noto Sans CJK SC"], None, 3),
                    "bold": st.booleans(),
                    "italic": st.booleans(),
                    "underline": st.booleans(),
                    "color": colors,
                    "alpha": numbers,
                    "spacing": numbers,
                    "baseline": numbers,
                    "caps": _or_junk(loose, ["all", "small"], None),
                    "fill": fills.filter(lambda f: isinstance(f, dict) and f["type"] == "gradient")
                    if not loose
                    else fills,
                },
            ),
            st.just({"break": True}),
            *((st.text(max_size=3),) if loose else ()),
        ),
        max_size=5,
    )
    paragraphs = st.lists(
        st.fixed_dictionaries(
            {"runs": runs},
            optional={
                "align": _or_junk(loose, ["l", "ctr", "r", "just"], None, 3),
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
                    st.fixed_dictionaries(
                        {"char": st.text(max_size=2), "color": colors, "font": st.none()}
                    ),
                    st.fixed_dictionaries(
                        {
                            "autonum": st.sampled_from(
                                ["arabicPeriod", "romanUcPeriod", "alphaLcParenR", "x"]
                            ),
                            "start": st.integers(-(10**6), 10**6) if not loose else numbers,
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
                "anchor": _or_junk(loose, ["t", "ctr", "b"], None),
                "insets": st.one_of(
                    st.lists(numbers, max_size=5), *((st.none(),) if loose else ())
                ),
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
                ["rect", "roundRect", "ellipse", "custom", "triangle", "star5"]
                + ([None] if loose else [])
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
    some_body = bodies if loose else bodies.filter(lambda b: b is not None)
    texts = st.fixed_dictionaries({"kind": st.just("text"), "text": some_body, **geometry})
    pictures = st.fixed_dictionaries(
        {
            "kind": st.just("picture"),
            "media": st.sampled_from(["m", "svg", "bad", "nope"]),
            **geometry,
        },
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
            "line": lines if loose else lines.filter(lambda line: line is not None),
        }
    )
    cells = st.fixed_dictionaries(
        {"text": bodies},
        optional={
            "fill": fills,
            "span": st.lists(numbers if loose else st.integers(-(10**6), 10**6), max_size=3),
            "merged": st.booleans(),
            "borders": st.dictionaries(
                st.sampled_from("lrtbx" if loose else "lrtb"), lines, max_size=4
            ),
            "margins": st.lists(numbers, max_size=4),
            "anchor": _or_junk(loose, ["t", "ctr", "b"], None),
        },
    )
    tables = st.fixed_dictionaries(
        {
            "kind": st.just("table"),
            "x": numbers,
            "y": numbers,
            "columns": st.lists(numbers, max_size=3),
            "rows": st.lists(
                st.fixed_dictionaries({"h": numbers, "cells": st.lists(cells, max_size=3)}),
                max_size=3,
            ),
        }
    )
    junk = (st.none(), st.text(max_size=3)) if loose else ()
    leaf = st.one_of(rects, texts, pictures, line_shapes, tables, *junk)
    shapes = st.recursive(
        leaf,
        lambda children: st.fixed_dictionaries(
            {"kind": st.just("group"), "shapes": st.lists(children, max_size=3), **geometry}
        ),
        max_leaves=8,
    )
    slides = st.fixed_dictionaries({"background": fills, "shapes": st.lists(shapes, max_size=6)})
    return slides if loose else slides.map(lambda model: complete(model, Slide))


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
@given(slide_models(loose=False))
def test_typed_models_with_extreme_values_never_raise(model: dict) -> None:
    assert problems(model, "Slide") == []
    svg, _fonts = slide_svg(model, 96, media=MEDIA, size=(160, 90))
    assert all(h.startswith(("data:", "#")) for h in _hrefs(svg))
    im = png_image(render_slide_png(model, 96, media=MEDIA, size=(160, 90)))
    assert im.size == (96, 54)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(slide_models(loose=True))
def test_models_off_the_slide_model_are_refused_with_what_is_wrong(model: dict) -> None:
    found = problems(model, "Slide")
    if not found:  # the draw happened to give a well-typed model
        assert png_image(render_slide_png(model, 96, media=MEDIA, size=(160, 90))).width == 96
        return
    for render in (slide_svg, render_slide_png):
        with pytest.raises(ModelError) as caught:
            render(model, 96, media=MEDIA, size=(160, 90))
        assert caught.value.problems == found


@settings(max_examples=30, deadline=None)
@given(
    st.one_of(st.none(), st.integers(), st.text(max_size=5), st.lists(st.integers(), max_size=3))
)
def test_garbage_slides_are_refused(model: object) -> None:
    with pytest.raises(ModelError, match="the slide does not match the slide model"):
        render_slide_png(model, 50, media=None)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.floats(allow_nan=True, allow_infinity=True), st.integers(), st.none(), st.text()
        ),
        max_size=3,
    )
)
def test_garbage_sizes_give_a_slide_of_the_asked_width(size: list) -> None:
    blank = complete({}, Slide)
    im = png_image(render_slide_png(blank, 50, media=None, size=size))
    assert im.width == 50 and im.height >= 1


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
    svg, _fonts = slide_svg(complete({"shapes": [big] * 2000}, Slide), 160, size=(160, 90))
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
    svg, _fonts = slide_svg(complete({"shapes": [shape] * 500}, Slide), 160, size=(160, 90))
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
