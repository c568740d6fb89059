"""Paragraphs that wrap in their box (line_breaks "soft", the default): one PPTX paragraph per
HTML paragraph, a:br only where the HTML breaks, what hung at each break put back, a box width
inside the interval that keeps Chromium's line breaks (engine/model/text/softwrap.py)."""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import pytest
from lxml import etree

from engine import convert
from engine.layout.inline.text import SHY, ZWSP
from engine.model.text import mapping as text_module
from engine.model.text import softwrap
from engine.options import LineBreaks, Options
from engine.pipeline import convert_page
from tests.layout.chromium_boxes import page
from tests.layout.chromium_breaks import EXPECTED

pytestmark = pytest.mark.fonts("fonts-liberation")

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
RECORDED = json.loads(EXPECTED.read_text())
FIT = sorted(name for name in RECORDED if name.startswith("line_fit_"))


def model(html: str, line_breaks: LineBreaks = "soft") -> dict[str, Any]:
    return convert_page(page(html), Options(line_breaks=line_breaks)).slide


def paragraphs(slide: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        p
        for s in slide["shapes"]
        if s["kind"] == "text"
        for p in s["text"]["paragraphs"]
        if any(r.get("text", "").strip() for r in p["runs"])
    ]


def text_of(para: dict[str, Any]) -> str:
    return "".join("\n" if r.get("break") else r.get("text", "") for r in para["runs"])


def test_a_wrapped_paragraph_is_one_paragraph_with_its_spaces() -> None:
    words = "one two three four five six seven eight nine ten"
    html = f'<p style="margin:0;width:120px;font:16px Liberation Sans">{words}</p>'
    (para,) = paragraphs(model(html))
    assert text_of(para) == words
    exact = paragraphs(model(html, "exact"))
    assert sum(r.get("break", False) for p in exact for r in p["runs"]) >= 2


def test_breaks_only_where_the_html_breaks() -> None:
    html = (
        '<p style="margin:0;width:150px;font:16px Liberation Sans">first line that wraps<br>'
        "second line that wraps too<br>third</p>"
    )
    (para,) = paragraphs(model(html))
    assert text_of(para) == "first line that wraps\nsecond line that wraps too\nthird"


def test_justified_text_starts_a_paragraph_at_each_html_break() -> None:
    # LibreOffice would stretch a line ending in a:br under algn="just"; Chromium does not.
    html = (
        '<p style="margin:0;width:150px;font:16px Liberation Sans;text-align:justify">'
        "first line that wraps<br>second line that wraps too</p>"
    )
    paras = paragraphs(model(html))
    assert [text_of(p) for p in paras] == ["first line that wraps", "second line that wraps too"]
    assert all(p["align"] == "just" for p in paras)


@pytest.mark.parametrize(
    ("name", "written"),
    [
        # <wbr>: an invisible opportunity (U+200B) where Chromium broke at one
        ("wbr_breaks", f"Supercali{ZWSP}fragilistic{ZWSP}expialidocious and more{ZWSP}words"),
        # word-break: break-all inside "fox"; overflow-wrap: break-word inside the URL
        ("break_all", f"The quick brown f{ZWSP}ox jumps over the lazy dog"),
        (
            "break_word",
            f"See https://example.com/{ZWSP}a/very/long/path_wit{ZWSP}hout_breaks_at_all for "
            "details",
        ),
        # the soft hyphens Chromium broke at (shown there as hyphens), the others dropped
        ("shy_manual", f"Antidisestab{SHY}lishmentarian{SHY}ism is a word"),
        # the author's U+200B are the opportunities already; spaces hung at the breaks
        ("zwsp_breaks", f"Super{ZWSP}cali{ZWSP}fragilistic{ZWSP}expialidocious"),
        (
            "overflow_visible",
            "See https://example.com/a/very/long/path_without_breaks_at_all for details",
        ),
    ],
)
def test_what_joins_two_lines_lets_the_renderer_break_there(name: str, written: str) -> None:
    (para,) = paragraphs(model(RECORDED[name]["html"]))
    assert text_of(para) == written


def test_hangul_lines_join_with_an_opportunity_chinese_ones_without() -> None:
    korean = model(RECORDED["normal_korean"]["html"])
    chromium = [t for t, _r in RECORDED["normal_korean"]["lines"]["a"]]
    assert text_of(paragraphs(korean)[0]).startswith(chromium[0].rstrip() + ZWSP)
    chinese = (
        '<p style="margin:0;width:120px;font:16px Noto Sans CJK SC">'
        "中文文本需要换行并且继续写下去直到结束。</p>"
    )
    (para,) = paragraphs(model(chinese))
    assert text_of(para) == "中文文本需要换行并且继续写下去直到结束。"
    assert para["hanging_punct"] is False  # no comma or full stop past the line's end
    assert "hanging_punct" not in paragraphs(korean)[0]


@pytest.mark.parametrize("name", FIT)
def test_the_box_keeps_every_line_and_pulls_up_no_word(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chromium's line_fit fixtures fill their lines to the LayoutUnit. The box must hold each
    # of Chromium's lines as LibreOffice draws it, and not the next line's first word too,
    # where the two can be told apart (else it keeps every line).
    needs: list[softwrap.LineNeed] = []
    original = softwrap.wrap_bounds

    def spy(lines: list[softwrap.WrapLine], base: float) -> softwrap.WrapBounds:
        needs.extend(w.lo_need() for w in lines)
        return original(lines, base)

    monkeypatch.setattr(text_module, "wrap_bounds", spy)
    slide = model(RECORDED[name]["html"])
    (box,) = [s for s in slide["shapes"] if s["kind"] == "text"]
    assert len(needs) == len(RECORDED[name]["lines"]["a"])
    widest = max(n.end for n in needs)
    assert box["w"] >= widest
    pulls = [n.pulled for n in needs if n.pulled is not None]
    if pulls and min(pulls) > widest:
        assert box["w"] < min(pulls)
    css_width = float(RECORDED[name]["html"].split("width:")[1].split("px")[0])
    assert abs(box["w"] - css_width) < 0.03 * css_width + 4


def test_list_items_wrap_under_their_hanging_bullet() -> None:
    html = (
        '<ul style="margin:0;padding-left:30px;width:220px;font:18px Liberation Sans">'
        "<li>a first item long enough to wrap onto more lines</li><li>short</li></ul>"
    )
    paras = paragraphs(model(html))
    assert [text_of(p) for p in paras] == [
        "a first item long enough to wrap onto more lines",
        "short",
    ]
    assert all(p["bullet"] and p["margin_left"] > 0 and p["indent"] < 0 for p in paras)


def test_table_cells_wrap_in_the_cell() -> None:
    html = (
        '<table style="border-collapse:collapse;font:16px Liberation Sans"><tr>'
        '<td style="width:120px;padding:4px">a cell text that wraps in its cell</td>'
        '<td style="width:120px;padding:4px">one<br>two</td></tr></table>'
    )
    slide = model(html)
    (table,) = [s for s in slide["shapes"] if s["kind"] == "table"]
    cells = [c["text"]["paragraphs"] for c in table["rows"][0]["cells"]]
    assert [text_of(p) for p in cells[0]] == ["a cell text that wraps in its cell"]
    assert [text_of(p) for p in cells[1]] == ["one\ntwo"]
    exact = model(html, "exact")
    (table,) = [s for s in exact["shapes"] if s["kind"] == "table"]
    assert "\n" in text_of(table["rows"][0]["cells"][0]["text"]["paragraphs"][0])


def test_the_written_deck_has_no_line_break_but_the_html_ones() -> None:
    html = (
        '<div style="margin-left:40px;width:300px;font:18px Liberation Serif">'
        '<p style="margin:0">A paragraph '
        "long enough to wrap over three lines of the narrow column it sits in.</p>"
        '<p style="margin:0;text-align:center">centred and wrapping over two<br>lines</p></div>'
    )
    data = convert([page(html)]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    assert len(xml.findall(".//a:br", NS)) == 1
    assert {b.get("wrap") for b in xml.iterfind(".//a:bodyPr", NS)} == {"square"}


def test_with_libreoffice_widths_the_lines_are_measured_at_chromiums(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Options.libreoffice_widths spaces every run so that LibreOffice draws it as wide as
    # Chromium: the box width then models no reference-device delta.
    seen: dict[bool, list[softwrap.LineNeed]] = {}
    original = softwrap.wrap_bounds

    def spy(lines: list[softwrap.WrapLine], base: float) -> softwrap.WrapBounds:
        seen.setdefault(lines[0].lo_widths, []).extend(w.lo_need() for w in lines)
        return original(lines, base)

    monkeypatch.setattr(text_module, "wrap_bounds", spy)
    html = page(RECORDED["line_fit_3"]["html"])
    for corrected in (False, True):
        convert_page(html, Options(libreoffice_widths=corrected))
    assert all(n.end == pytest.approx(n.natural) for n in seen[True])
    assert any(abs(n.end - n.natural) > 0.2 for n in seen[False])


def test_text_around_an_inline_block_keeps_its_pieces() -> None:
    # The inline-block paints its own content where Chromium put it; text running on around
    # it would drift against it by LibreOffice's width error: each piece keeps its own box.
    block = '<span style="display:inline-block;width:40px;height:10px;background:red"></span>'
    html = (
        '<p style="margin:0;width:200px;font:16px Liberation Sans">some words here '
        f"{block} and more words after the block and then some more text here</p>"
    )
    soft = [text_of(p) for p in paragraphs(model(html))]
    assert soft == [text_of(p) for p in paragraphs(model(html, "exact"))]
    assert soft[:2] == ["some words here", " and"]


def test_an_inline_block_ending_a_line_keeps_its_room_on_the_line() -> None:
    # Text before it runs on; the 40 px it takes at the line's end are spacing after the
    # line's last character, so the renderer pulls no word up into its place.
    block = '<span style="display:inline-block;width:40px;height:10px;background:red"></span>'
    html = (
        '<p style="margin:0;width:170px;font:16px Liberation Sans">some words here '
        f"{block} and more words after the block</p>"
    )
    (para,) = paragraphs(model(html))
    assert text_of(para) == "some words here  and more words after the block"
    assert [r["spacing"] for r in para["runs"] if r.get("spacing")] == [30.0]


def test_a_bigger_piece_across_a_gap_keeps_its_own_box() -> None:
    # A 48 px quotation mark with line-height 0 leaves Chromium's line box alone; in one
    # paragraph LibreOffice would size the line by it and move the baselines.
    html = (
        "<style>q::before{content:open-quote;font-size:48px;line-height:0;margin-right:6px}"
        "</style><p style='margin:0;width:300px;font:24px/1.5 Liberation Sans'><q>We replaced "
        "three internal tools in a month, and our pages dropped</q></p>"
    )
    slide = model(html)
    boxes = [s for s in slide["shapes"] if s["kind"] == "text"]
    quote = [b for b in boxes if text_of(b["text"]["paragraphs"][0]) == "\u201c"]
    assert len(quote) == 1
    assert all(
        r["size"] < 30
        for b in boxes
        if b is not quote[0]
        for p in b["text"]["paragraphs"]
        for r in p["runs"]
        if r.get("text")
    )


def test_centred_text_around_an_inline_block_stays_in_pieces() -> None:
    # Chromium centres a line's text together with the inline-block on it; a centred
    # paragraph holding the text alone would not: each piece keeps its own box, as exact.
    block = '<span style="display:inline-block;width:40px;height:10px;background:red"></span>'
    html = (
        '<p style="margin:0;width:200px;text-align:center;font:16px Liberation Sans">some '
        f"words here {block} and more words after the block and then some more text here</p>"
    )
    soft = [text_of(p) for p in paragraphs(model(html))]
    assert soft == [text_of(p) for p in paragraphs(model(html, "exact"))]
    assert "some words here" in soft and " and" in soft


def test_a_gap_between_cjk_and_latin_text_keeps_its_pieces() -> None:
    # "13.9" and "亿元" in one paragraph would get LibreOffice's CJK autospace (0.24 em of the
    # big number) on top of the margin between them: the pieces keep their own boxes.
    html = (
        '<div style="width:300px;text-align:center;font:20px Noto Sans CJK SC">'
        '<b style="font-size:20px">13.9</b><small style="margin-left:6px;font-size:14px">'
        "亿元</small></div>"
    )
    assert [text_of(p) for p in paragraphs(model(html))] == ["13.9", "亿元"]
    latin = html.replace("亿元", "units")
    assert [text_of(p) for p in paragraphs(model(latin))] == ["13.9units"]
