"""The library API: request validation, the per-page error policy, deck size, accounting."""

from __future__ import annotations

import io

import pytest
from pptx import Presentation

from engine import AllPagesFailed, Conversion, InvalidRequest, Limits, Options, convert

PAGE = '<div class="slide" style="width:320px;height:180px"><p>Hello {n}</p></div>'
OTHER_SIZE = '<div class="slide" style="width:640px;height:360px"><p>Big</p></div>'
NO_ROOT = "<div><p>no slide root here</p></div>"


def slide_count(conv: Conversion) -> int:
    return len(Presentation(io.BytesIO(conv.pptx_bytes)).slides)


def test_full_success_accounting_and_size():
    conv = convert([PAGE.format(n=1), PAGE.format(n=2)])
    assert (conv.total_pages, conv.success_pages, conv.failed_pages) == (2, 2, 0)
    assert conv.failed_page_details == []
    prs = Presentation(io.BytesIO(conv.pptx_bytes))
    assert (prs.slide_width, prs.slide_height) == (320 * 9525, 180 * 9525)
    texts = [
        " ".join(sh.text_frame.text for sh in s.shapes if sh.has_text_frame) for s in prs.slides
    ]
    assert texts == ["Hello 1", "Hello 2"]


@pytest.mark.parametrize(("mode", "slides"), [("blank", 3), ("skip", 2)])
def test_failed_page_policy(mode: str, slides: int):
    conv = convert([PAGE.format(n=1), NO_ROOT, PAGE.format(n=3)], page_error_mode=mode)
    assert (conv.total_pages, conv.success_pages, conv.failed_pages) == (3, 2, 1)
    (failed,) = conv.failed_page_details
    assert failed.to_dict() == {
        "index": 2,
        "code": 50101,
        "reason": "no element with class 'slide'",
        "finalAction": mode,
    }
    assert slide_count(conv) == slides
    if mode == "blank":
        prs = Presentation(io.BytesIO(conv.pptx_bytes))
        assert len(prs.slides[1].shapes) == 0


def test_size_mismatch_is_50102_naming_both_sizes():
    conv = convert([PAGE.format(n=1), OTHER_SIZE, PAGE.format(n=3)])
    (failed,) = conv.failed_page_details
    assert failed.code == 50102 and failed.index == 2
    assert "640x360" in failed.reason and "320x180" in failed.reason
    assert (conv.slide_width, conv.slide_height) == (320, 180)


def test_deck_size_tie_goes_to_earliest():
    conv = convert([OTHER_SIZE, PAGE.format(n=1)])
    assert (conv.slide_width, conv.slide_height) == (640, 360)
    assert conv.failed_page_details[0].index == 2


def test_unexpected_exception_is_isolated(monkeypatch):
    import engine.api as api

    real = api.convert_page

    def flaky(html, options):
        if "boom" in html:
            raise ZeroDivisionError("secret internals")
        return real(html, options)

    monkeypatch.setattr(api, "convert_page", flaky)
    conv = convert([PAGE.format(n=1), PAGE.format(n="boom")])
    (failed,) = conv.failed_page_details
    assert failed.code == 50100
    assert "ZeroDivisionError" in failed.reason and "secret" not in failed.reason
    assert conv.success_pages == 1


def test_all_pages_failed_names_each_element():
    with pytest.raises(AllPagesFailed) as info:
        convert([NO_ROOT, "", "   "])
    err = info.value
    assert err.code == 50103
    assert [d.field for d in err.details] == ["htmls[0]", "htmls[1]", "htmls[2]"]


@pytest.mark.parametrize(
    ("htmls", "mode", "field"),
    [
        ([], "blank", "htmls"),
        ("not a list", "blank", "htmls"),
        ([PAGE, 3, PAGE], "blank", "htmls[1]"),
        ([PAGE], "explode", "pageErrorMode"),
    ],
)
def test_invalid_requests_are_40010(htmls, mode, field):
    with pytest.raises(InvalidRequest) as info:
        convert(htmls, page_error_mode=mode)
    assert info.value.code == 40010
    assert field in [d.field for d in info.value.details]


def test_limits_pages_and_bytes():
    options = Options(limits=Limits(max_pages=2, max_page_bytes=100))
    with pytest.raises(InvalidRequest) as info:
        convert([PAGE, PAGE, PAGE + " " * 200], options=options)
    fields = {d.field: d.reason for d in info.value.details}
    assert "htmls" in fields and "at most 2" in fields["htmls"]
    assert "htmls[2]" in fields and "100" in fields["htmls[2]"]


def test_dom_depth_over_the_cap_converts_with_siblings():
    deep = (
        '<div class="slide" style="width:320px;height:180px">'
        + "<div>" * 400
        + "x"
        + "</div>" * 400
        + "</div>"
    )
    conv = convert([PAGE.format(n=1), deep], options=Options(limits=Limits(max_dom_depth=100)))
    assert conv.failed_page_details == []  # deeper elements became siblings (Chromium's cap)
    assert any("deeper than 100" in d["message"] for d in conv.diagnostics[1])


def test_to_dict_is_json_and_keeps_geometry():
    import json

    conv = convert([PAGE.format(n=1)])
    data = json.loads(json.dumps(conv.to_dict()))
    (slide,) = data["slides"]
    (text,) = [s for s in slide["shapes"] if s["kind"] == "text"]
    assert text["text"]["paragraphs"][0]["runs"][0]["text"] == "Hello 1"
    assert data["width"] == 320 and data["totalPages"] == 1


def test_remote_image_is_not_fetched_and_reported():
    page = '<div class="slide" style="width:320px;height:180px"><img src="http://127.0.0.1:9/x.png" width="50" height="40"></div>'
    conv = convert([page])
    assert any("not fetched" in d["message"] for d in conv.diagnostics[0])


def test_nesting_up_to_the_default_depth_limit_converts():
    depth = 60  # x2 elements: flex inside grid inside flex ... 120 levels deep
    page = (
        '<div class="slide" style="width:320px;height:180px">'
        + "<div style='display:flex'><div style='display:grid'>" * depth
        + "deep"
        + "</div></div>" * depth
        + "</div>"
    )
    conv = convert([page])
    assert conv.failed_page_details == []


def test_the_stages_one_at_a_time_give_convert_s_slide() -> None:
    """engine.lay_out -> slide_of, draw_page and write_slides (the staged public API) give the
    slide model and slide XML that convert gives for the same page."""
    import io
    import zipfile

    import engine

    html = (
        '<div class="slide" style="width:640px;height:360px;background:#eef">'
        "<h1 style='font:32px Liberation Sans'>Stages</h1><ul><li>one</li><li>two</li></ul></div>"
    )
    whole = engine.convert([html], options=engine.Options(embed_fonts="none"))
    laid = engine.lay_out(html)
    assert laid.layout.width == 640 and laid.layout.boxes
    staged = engine.slide_of(laid)
    drawn = engine.draw_page(html)
    assert staged.slide == drawn.slide == whole.slides[0]
    pptx = engine.write_slides(
        {"width": drawn.width, "height": drawn.height, "slides": [drawn.slide]}, drawn.media
    )

    def slide_xml(data: bytes) -> bytes:
        return zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml")

    assert slide_xml(pptx) == slide_xml(whole.pptx_bytes)
