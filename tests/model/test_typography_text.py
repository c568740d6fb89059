"""Typography in text boxes: pre-wrap blank lines, decoration styles, negative indents, word-spacing."""

from __future__ import annotations

import pytest

from engine.options import Options
from engine.pipeline import convert_page

FONT = "font-family:'DejaVu Serif'"


def text_boxes(body: str) -> list[dict]:
    html = f'<div class="slide" style="width:640px;height:360px;{FONT}">{body}</div>'
    slide = convert_page(html, Options()).slide
    return [s for s in slide["shapes"] if s["kind"] == "text"]


@pytest.mark.fonts("fonts-dejavu-core")
def test_pre_wrap_blank_lines_stay_empty_lines_of_the_same_pitch():
    # Chromium keeps "second" and "third" 2 x 24 px apart: the blank line is a line box.
    (box,) = text_boxes(
        '<div style="white-space:pre-wrap;font-size:20px;line-height:24px">'
        "first\n  second\n\n\nthird</div>"
    )
    (para,) = box["text"]["paragraphs"]
    kinds = ["br" if r.get("break") else r["text"] for r in para["runs"]]
    assert kinds == ["first", "br", "  second", "br", "br", "br", "third"]
    assert box["h"] == pytest.approx(5 * 24, abs=1.5)  # 5 lines (the box starts ~1 px above)


@pytest.mark.fonts("fonts-dejavu-core")
def test_lines_apart_by_other_than_whole_lines_become_paragraphs():
    # An image-only line of 50 px between two text lines: not an empty text line.
    (box,) = text_boxes(
        '<div style="font-size:20px;line-height:24px;width:200px">one<br>'
        '<span style="display:inline-block;width:40px;height:50px"></span><br>two</div>'
    )
    paras = box["text"]["paragraphs"]
    assert [[r.get("text") for r in p["runs"]] for p in paras] == [["one"], ["two"]]
    assert paras[1]["space_before"] > 0
