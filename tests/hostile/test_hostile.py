"""Hostile pages (tests/hostile/hostile_pages.py): every family converts, or fails with the
documented page code 50104, in bounded time; the limits behind them are enforced."""

from __future__ import annotations

import base64
import io
import json
import math
import re

import pytest
from PIL import Image

from engine import convert
from engine.errors import PAGE_LIMIT_EXCEEDED
from engine.options import Limits, Options
from tests.hostile import hostile_pages as hp

FIRST = hp.page("", "<p>first page</p>")
# Modest sizes keep the suite fast; benchmarks/bench_hostile.py runs them up to 4,000 items.
TEST_SIZES = {
    "custom-properties": 30,
    "custom-property-cycle": 500,
    "floats": 500,
    "grid-dense": 500,
    "grid-spans": 500,
    "sibling-selectors": 1000,
    "nesting-div": 5000,
    "formatting-reopen": 2000,
    "nesting-grid": 500,
    "nesting-flex": 500,
    "nesting-inline-block": 500,
    "nesting-table": 100,
    "void-elements": 2000,
    "extreme-values": 119,
    "filters": 500,
    "descendant-rules": 500,
    "many-rules": 200,
    "code-points": 200,
    "font-families": 500,
    "attr-content": 2000,
    "pre-lines": 40,
    "flex-items": 500,
    "inline-blocks": 500,
    "absolutes": 500,
    "table-rows": 200,
    "list-items": 500,
}


def _run(html: str, options: Options | None = None):  # type: ignore[no-untyped-def]
    conv = convert([FIRST, html], options=options)
    assert conv.total_pages == 2 and conv.failed_pages <= 1
    assert 1 not in [f.index for f in conv.failed_page_details]  # the other page always converts
    return conv


def _slide_numbers(value: object) -> list[float]:
    """Every number in a slide model (geometry, sizes, colours' alpha ...)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return []
    if isinstance(value, (int, float)):
        return [float(value)]
    items = value.values() if isinstance(value, dict) else value
    return [x for item in items for x in _slide_numbers(item)]  # type: ignore[attr-defined]


def _texts(slide: dict) -> str:  # type: ignore[type-arg]
    return " ".join(re.findall(r'"text": "([^"]*)"', json.dumps(slide, ensure_ascii=False)))


@pytest.mark.parametrize("family", sorted(TEST_SIZES))
def test_family_converts_or_fails_with_the_limit_code(family: str) -> None:
    conv = _run(hp.FAMILIES[family][0](TEST_SIZES[family]))
    for failed in conv.failed_page_details:
        assert failed.code == PAGE_LIMIT_EXCEEDED
    if not conv.failed_page_details:
        assert all(math.isfinite(x) and abs(x) < 1e13 for x in _slide_numbers(conv.slides[1]))


@pytest.mark.parametrize("kind", ["grid", "flex", "inline-block", "table", "div"])
def test_nesting_up_to_the_parser_cap_converts(kind: str) -> None:
    conv = _run(hp.nesting(kind)(508 if kind != "table" else 160))  # table: 3 elements a level
    assert conv.failed_page_details == []
    assert "deep" in _texts(conv.slides[1])


def test_nesting_beyond_the_cap_keeps_the_content() -> None:
    conv = _run(hp.nesting("grid")(3000))
    assert conv.failed_page_details == []
    assert "deep" in _texts(conv.slides[1])
    assert any("deeper than 512" in d["message"] for d in conv.diagnostics[1])


def test_void_elements_do_not_count_as_depth() -> None:
    conv = _run(
        hp.page("", "<p>" + "w<wbr>" * 600 + "end</p>"), Options(limits=Limits(max_dom_depth=40))
    )
    assert conv.failed_page_details == []
    assert not any("deeper than" in d["message"] for d in conv.diagnostics[1])


def test_doubling_custom_properties_are_invalid_past_the_size_cap() -> None:
    conv = _run(hp.custom_properties(40))
    assert conv.failed_page_details == []
    messages = " ".join(d["message"] for d in conv.diagnostics[1])
    assert "invalid at computed-value time" in messages


def test_var_size_cap_is_a_setting() -> None:
    css = ".slide{--a: 0123456789; --b: var(--a) var(--a) var(--a)} p{margin-left: var(--b, 7px)}"
    html = hp.page(css, "<p>x</p>")
    big = convert([html]).diagnostics[0]
    small = convert([html], options=Options(limits=Limits(max_var_bytes=20))).diagnostics[0]
    assert not any("--b is invalid" in d["message"] for d in big)
    assert any("--b is invalid" in d["message"] for d in small)


def test_wide_dense_grid_places_its_items_in_near_linear_time() -> None:
    """60 columns, 3,000 items whose spans leave holes: dense placement resumes each search
    (engine.layout.grid.placement), so the page converts well within the default budget."""
    conv = convert([FIRST, hp.grid_dense_wide(3000)])
    assert conv.failed_page_details == []


def test_page_time_budget_fails_the_page_naming_the_stage() -> None:
    options = Options(limits=Limits(page_time_s=0.02))
    conv = convert([FIRST, hp.grid_dense(1500)], options=options)
    (failed,) = conv.failed_page_details
    assert failed.index == 2 and failed.code == PAGE_LIMIT_EXCEEDED
    assert "time budget of 0.02 s" in failed.reason and "(stage: " in failed.reason
    assert conv.success_pages == 1


def _webp_uri(side: int, salt: int) -> str:
    out = io.BytesIO()
    Image.new("RGB", (side, side), (salt, 20, 30)).save(out, "WEBP", lossless=True)
    return "data:image/webp;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def _png_uri(side: int, salt: int) -> str:
    out = io.BytesIO()
    Image.new("RGB", (side, side), (salt, 20, 30)).save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode("ascii")


def _pictures(slide: dict) -> int:  # type: ignore[type-arg]
    return sum(1 for s in slide["shapes"] if s["kind"] == "picture")


def test_decoded_pixels_are_budgeted_per_page_and_per_deck() -> None:
    def page(*salts: int) -> str:
        return hp.page("", "".join(f"<img src='{_png_uri(100, i)}' width=20>" for i in salts))

    # 100x100 images: the first page keeps two, the second one more (the deck's budget), the
    # third shows one image three times (counted once, and already counted in the deck).
    limits = Limits(max_page_image_pixels=25_000, max_deck_image_pixels=35_000)
    conv = convert([page(0, 1, 2), page(3, 4), page(0, 0, 0)], options=Options(limits=limits))
    assert [_pictures(s) for s in conv.slides] == [2, 1, 3]
    messages = [" ".join(d["message"] for d in diag) for diag in conv.diagnostics]
    assert "images on this page over 25000" in messages[0]
    assert "images in this deck over 35000" in messages[1]


def test_transcoding_is_bounded_by_pixels() -> None:
    page = hp.page("", f"<img src='{_webp_uri(120, 1)}'>")
    assert _pictures(convert([page]).slides[0]) == 1
    small = Options(limits=Limits(max_transcode_pixels=10_000))
    conv = convert([page], options=small)
    assert _pictures(conv.slides[0]) == 0
    assert any("too large to convert" in d["message"] for d in conv.diagnostics[0])


def test_stylesheet_size_and_rule_count_caps() -> None:
    css = "".join(f".c{i}{{color:red}}" for i in range(100)) + "p{font-weight:bold}"
    html = hp.page(css, "<p class='c1'>x</p>")
    conv = convert([html], options=Options(limits=Limits(max_stylesheet_bytes=600)))
    assert any("stylesheets over 600 characters" in d["message"] for d in conv.diagnostics[0])
    conv = convert([html], options=Options(limits=Limits(max_style_rules=50)))
    assert any("style rules over the limit of 50" in d["message"] for d in conv.diagnostics[0])


def test_generated_content_is_cut() -> None:
    conv = _run(hp.attr_content(400))  # 100,000 characters three times
    assert conv.failed_page_details == []
    assert any("generated content cut" in d["message"] for d in conv.diagnostics[1])


def test_font_family_lists_are_cut() -> None:
    conv = _run(hp.font_families(100))
    assert any("font-family list of 501 entries" in d["message"] for d in conv.diagnostics[1])


@pytest.mark.parametrize("prop", hp.EXTREME_PROPERTIES)
def test_extreme_values_stay_finite(prop: str) -> None:
    body = "".join(
        f"<div style='{ctx}'><span style='{prop}:{value}'>a b</span><i>t</i>"
        f"<table><tr><td style='{prop}:{value}'>c</td></tr></table></div>"
        for ctx in ("display:flex", "display:grid", "display:table", "display:block")
        for value in hp.EXTREME_VALUES
    )
    conv = convert([hp.page("", body)])
    assert conv.failed_page_details == []
    assert all(math.isfinite(x) and abs(x) < 1e13 for x in _slide_numbers(conv.slides[0]))
