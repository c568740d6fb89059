"""Any deck dict: the writer either refuses it with ModelError (it does not match the slide
model) or, when it matches, writes a package python-pptx opens, whatever the values."""

from __future__ import annotations

import io
import zipfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree
from pptx import Presentation
from pptx_testkit import NS, media_entry, png_bytes

from engine.model.schema import Deck, ModelError, problems
from engine.model.schema.complete import complete
from engine.pptx import write_deck

PNG_SHA, PNG = media_entry(png_bytes(), "image/png")

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**7), 10**7),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(["FF0000", "#00ff00", "roundRect", "ellipse", "ctr", PNG_SHA, "\x00"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)

COLOR = st.one_of(st.sampled_from(["FF0000", "abcdef", "nothex", ""]), values)
FILL = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"type": st.just("solid"), "color": COLOR},
        optional={"alpha": values},
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("gradient"),
            "stops": st.lists(
                st.fixed_dictionaries({"pos": values, "color": COLOR, "alpha": values}),
                max_size=4,
            ),
        },
        optional={
            "path": st.sampled_from(["linear", "circle", "x"]),
            "angle": values,
            "center": values,
        },
    ),
    st.fixed_dictionaries({"type": st.just("image"), "media": values}),
    values,
)
LINE = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"width": values, "color": COLOR},
        optional={"dash": values, "alpha": values},
    ),
    values,
)
RUN = st.one_of(
    st.fixed_dictionaries(
        {"text": st.one_of(st.text(max_size=10), values)},
        optional={
            k: values
            for k in (
                "font",
                "ea_font",
                "size",
                "bold",
                "italic",
                "underline",
                "strike",
                "color",
                "alpha",
                "spacing",
                "baseline",
                "href",
                "caps",
                "highlight",
            )
        },
    ),
    st.just({"break": True}),
    values,
)
PARAGRAPH = st.fixed_dictionaries(
    {"runs": st.one_of(st.lists(RUN, max_size=4), values)},
    optional={
        k: values
        for k in (
            "align",
            "line_spacing",
            "space_before",
            "space_after",
            "indent",
            "margin_left",
            "bullet",
            "end_run",
        )
    },
)
TEXT = st.one_of(
    st.fixed_dictionaries(
        {"paragraphs": st.one_of(st.lists(PARAGRAPH, max_size=3), values)},
        optional={k: values for k in ("wrap", "anchor", "insets", "vertical")},
    ),
    values,
)
BOX = {k: values for k in ("x", "y", "w", "h", "rotation", "name")}


def _shape(kind: str, **extra) -> st.SearchStrategy:
    return st.fixed_dictionaries({"kind": st.just(kind)}, optional={**BOX, **extra})


CELL = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "text": TEXT,
            "fill": FILL,
            "span": values,
            "merged": values,
            "borders": st.one_of(st.dictionaries(st.sampled_from("lrtb"), LINE), values),
            "margins": values,
            "anchor": values,
        },
    ),
    values,
)
LEAF_SHAPES = st.one_of(
    _shape(
        "rect",
        geom=st.one_of(st.sampled_from(["rect", "roundRect", "ellipse", "custom"]), values),
        radius=values,
        radii=st.one_of(st.lists(values, min_size=4, max_size=4), values),
        points=st.one_of(st.lists(st.lists(values, min_size=2, max_size=2), max_size=5), values),
        contours=values,
        soft_edge=values,
        fill=FILL,
        line=LINE,
        shadow=st.one_of(
            st.fixed_dictionaries(
                {k: values for k in ("blur", "dist", "dir", "color")}, optional={"spread": values}
            ),
            values,
        ),
        text=TEXT,
    ),
    _shape("text", text=TEXT),
    _shape(
        "picture",
        media=st.one_of(st.just(PNG_SHA), values),
        crop=values,
        alpha=values,
        geom=values,
        svg_media=values,
    ),
    _shape("line", x1=values, y1=values, x2=values, y2=values, line=LINE),
    _shape(
        "table",
        columns=st.one_of(st.lists(values, max_size=3), values),
        rows=st.one_of(
            st.lists(
                st.fixed_dictionaries({"h": values, "cells": st.lists(CELL, max_size=3)}),
                max_size=3,
            ),
            values,
        ),
    ),
    values,
)
SHAPES = st.one_of(LEAF_SHAPES, _shape("group", shapes=st.lists(LEAF_SHAPES, max_size=3)))
SLIDE = st.fixed_dictionaries(
    {"shapes": st.lists(SHAPES, max_size=4)},
    optional={"background": FILL, "notes": values, "blank": values},
)


@settings(
    max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(slides=st.lists(SLIDE, min_size=1, max_size=2), width=values, title=values)
def test_any_model_gives_a_package_python_pptx_opens_or_a_model_error(slides, width, title) -> None:
    deck = complete({"width": width, "height": 720, "slides": slides, "title": title}, Deck)
    found = problems(deck)
    if found:  # refused as a whole, naming the first problem's place
        with pytest.raises(ModelError) as refused:
            write_deck(deck, {PNG_SHA: PNG})
        assert found[0] in str(refused.value)
        return
    data = write_deck(deck, {PNG_SHA: PNG})
    prs = Presentation(io.BytesIO(data))
    assert len(prs.slides) == len(slides)
    package = zipfile.ZipFile(io.BytesIO(data))
    for n in range(1, len(slides) + 1):
        slide = etree.fromstring(package.read(f"ppt/slides/slide{n}.xml"))
        ids = [c.get("id") for c in slide.iterfind(".//p:cNvPr", NS)]
        assert len(ids) == len(set(ids))
        for ext in slide.iterfind(".//a:ext", NS):
            if ext.getparent().getparent().tag.endswith("}xfrm"):
                assert int(ext.get("cx")) >= 0 and int(ext.get("cy")) >= 0


def test_huge_numbers_stay_inside_the_schema_types() -> None:
    big = 1e308
    text = {
        "insets": [big] * 4,
        "paragraphs": [
            {
                "indent": big,
                "margin_left": -big,
                "line_spacing": {"pct": big},
                "runs": [{"text": "a", "size": big, "spacing": -big, "baseline": big}],
            }
        ],
    }
    shapes = [
        {
            "kind": "rect",
            "x": big,
            "y": -big,
            "w": big,
            "h": 5,
            "line": {"width": big, "color": "000000"},
            "shadow": {"blur": big, "dist": big, "dir": big, "spread": big, "color": "000000"},
            "text": text,
        },
        {"kind": "picture", "x": 0, "y": 0, "w": 1, "h": 1, "media": PNG_SHA, "crop": {"l": big}},
    ]
    slide = {"shapes": shapes}
    deck = complete({"width": big, "height": 720, "slides": [slide]}, Deck)
    data = write_deck(deck, {PNG_SHA: PNG})
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    int32 = 2**31 - 1
    coordinate = 27273042316900
    for el in root.iter():
        for name, value in el.attrib.items():
            if value.lstrip("-").isdigit():
                limit = coordinate if name in ("x", "y", "cx", "cy", "blurRad", "dist") else int32
                assert abs(int(value)) <= limit, (el.tag, name, value)
    rpr = root.find(".//a:r/a:rPr", NS)
    assert (rpr.get("sz"), rpr.get("spc"), rpr.get("baseline")) == ("400000", "-400000", "100000")
    assert root.find(".//a:ln", NS).get("w") == "20116800"
    sld_sz = zipfile.ZipFile(io.BytesIO(data)).read("ppt/presentation.xml")
    assert b'cx="51206400"' in sld_sz
