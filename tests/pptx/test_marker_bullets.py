"""::marker styling in the PPTX: the marker colour becomes a:buClr, its font-size a:buSzPct (of
the item's text size), `content` and <string> list-style-types a:buChar with that text; markers
of several characters (cjk-decimal '一、', 'Step 1: ') a hanging first run."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from engine import convert
from tests.layout.chromium_boxes import page
from tests.model.test_list_markers import NS, bullet, paragraphs

FONT = "font:20px 'Liberation Sans';color:#111111"


def _color(ppr) -> str | None:
    clr = ppr.find("{http://schemas.openxmlformats.org/drawingml/2006/main}buClr/*")
    return None if clr is None else clr.get("val")


def _size(ppr) -> str | None:
    sz = ppr.find("{http://schemas.openxmlformats.org/drawingml/2006/main}buSzPct")
    return None if sz is None else sz.get("val")


def test_marker_colour_is_the_bullet_colour() -> None:
    paras = paragraphs(
        "<style>li::marker{color:#0ea5a4}</style>"
        f'<ul style="{FONT}"><li>Teal bullet</li></ul><ol style="{FONT}"><li>Teal number</li></ol>'
    )
    assert bullet(paras["Teal bullet"])[0] == "buChar"
    assert _color(paras["Teal bullet"]) == "0EA5A4"
    assert bullet(paras["Teal number"])[0] == "buAutoNum"
    assert _color(paras["Teal number"]) == "0EA5A4"


def test_item_colour_without_marker_rule() -> None:
    paras = paragraphs(f'<ol style="{FONT}"><li>Plain</li></ol>')
    assert _color(paras["Plain"]) == "111111"
    assert _size(paras["Plain"]) is None  # same size as the text: no buSzPct


def test_marker_font_size_is_relative_bullet_size() -> None:
    paras = paragraphs(
        f'<style>li::marker{{font-size:30px}}</style><ol style="{FONT}"><li>Big number</li></ol>'
    )
    assert _size(paras["Big number"]) == "150000"


def test_marker_content_and_string_type_are_bullet_characters() -> None:
    paras = paragraphs(
        "<style>.c li::marker{content:'\u2713 ';color:#16a34a}</style>"
        f'<ol class="c" style="{FONT}"><li>Checked</li></ol>'
        f"<ul style=\"{FONT};list-style-type:'\u2192 '\"><li>Arrowed</li></ul>"
    )
    assert bullet(paras["Checked"]) == ("buChar", {"char": "\u2713"})
    assert _color(paras["Checked"]) == "16A34A"
    assert bullet(paras["Arrowed"]) == ("buChar", {"char": "\u2192"})


def test_disc_bullet_hangs_where_chromium_paints_it() -> None:
    # Chromium paints a 20px Liberation Sans disc 19px left of the item's content edge
    # (tests/layout/expected_marker_ink.json); the bullet glyph's origin sits that far plus its
    # side bearing (< 1px) left of the text.
    ppr = paragraphs(f'<ul style="{FONT};padding-left:40px"><li>Disc item</li></ul>')["Disc item"]
    assert bullet(ppr) == ("buChar", {"char": "\u2022"})
    font = ppr.find("{http://schemas.openxmlformats.org/drawingml/2006/main}buFont")
    assert font.get("typeface") == "Arial"
    mar_l = int(ppr.get("marL")) / 9525
    assert 19.0 < mar_l < 20.0 and int(ppr.get("indent")) == -int(ppr.get("marL"))
    size = _size(ppr)
    assert size is not None and 100000 < int(size) <= 130000  # glyph scaled toward the 6px disc


def test_inside_disc_bullet_starts_at_the_item() -> None:
    # Chromium starts the text of a 20px inside disc item 27px in (expected_markers.json,
    # text_marker_inside_disc); the bullet stays in the item, not hanging outside it.
    import io
    import zipfile

    from lxml import etree

    from engine import convert
    from tests.layout.chromium_boxes import page

    html = (
        '<ul style="position:absolute;left:100px;top:100px;margin:0;padding:0;'
        f'list-style-position:inside;{FONT}"><li>Inside disc</li></ul>'
    )
    with zipfile.ZipFile(io.BytesIO(convert([page(html)]).pptx_bytes)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    ns = {
        "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
        "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    }
    (sp,) = [s for s in xml.iterfind(".//p:sp", ns) if s.find(".//a:t", ns) is not None]
    x = int(sp.find("p:spPr/a:xfrm/a:off", ns).get("x")) / 9525
    ppr = sp.find(".//a:pPr", ns)
    assert abs(x - 100) < 0.5
    assert abs(int(ppr.get("marL")) / 9525 - 27) < 0.5


def _runs(snippet: str) -> dict[str, tuple[etree._Element, list[str]]]:
    """First-run text -> (its paragraph's a:pPr, the paragraph's run texts)."""
    data = convert([page(snippet)]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    out = {}
    for p in xml.iterfind(".//p:sp//a:p", NS):
        texts = [t.text or "" for t in p.iterfind(".//a:t", NS)]
        if texts:
            out[texts[0]] = (p.find("a:pPr", NS), texts)
    return out


@pytest.mark.fonts("fonts-noto-cjk")
def test_east_asian_markers_are_hanging_runs() -> None:
    # Chromium shows cjk-decimal as '一、', '二、' (expected_counter_markers.json): a:buChar would
    # draw the first character only, so the marker is the paragraph's first run, hanging left
    # of the text by its width (two 20px ideographs: 40px = 381000 EMU), with no bullet.
    paras = _runs(
        "<ol style=\"font:20px 'Noto Sans CJK SC';list-style-type:cjk-decimal\">"
        "<li>深耕华东</li><li>出海提速</li></ol>"
    )
    for marker, text in (("一、", "深耕华东"), ("二、", "出海提速")):
        ppr, texts = paras[marker]
        assert texts == [marker, text]
        assert bullet(ppr) == ("buNone", {})
        assert (ppr.get("marL"), ppr.get("indent")) == ("381000", "-381000")
    run = next(iter(paras["一、"][0].getparent().iterfind("a:r/a:rPr/a:ea", NS)))
    assert run.get("typeface") == "Noto Sans CJK SC"


@pytest.mark.fonts("fonts-liberation")
def test_several_character_marker_content_is_a_run() -> None:
    paras = _runs(
        "<style>li::marker{content:'Step ' counter(list-item) ': ';color:#16a34a}</style>"
        f'<ol style="{FONT}"><li>Plan</li></ol>'
    )
    ppr, texts = paras["Step 1: "]
    assert texts == ["Step 1: ", "Plan"]
    assert bullet(ppr) == ("buNone", {})
    colour = ppr.getparent().find("a:r/a:rPr/a:solidFill/a:srgbClr", NS)
    assert colour.get("val") == "16A34A"


@pytest.mark.fonts("fonts-liberation")
def test_a_marker_run_paragraph_has_no_bullet_in_the_model() -> None:
    """One representation of "no bullet": the paragraph a marker run starts has no bullet key
    (None), not an empty bullet, and keeps the hanging indent of the list's paragraphs."""
    slide = convert(
        [
            page(
                "<style>li::marker{content:'Step ' counter(list-item) ': '}</style>"
                f'<ol style="{FONT}"><li>Plan</li><li>Ship</li></ol>'
            )
        ]
    ).slides[0]
    paras = [
        para
        for shape in slide["shapes"]
        if shape["kind"] == "text"
        for para in shape["text"]["paragraphs"]
    ]
    assert [r["text"] for r in paras[0]["runs"]] == ["Step 1: ", "Plan"]
    for para in paras:
        assert para.get("bullet") is None and "bullet" not in para
        assert para["indent"] == -para["margin_left"] < 0
