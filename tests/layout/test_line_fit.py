"""Line fitting in Chromium's units (LayoutUnits of 1/64 px), against Chromium's recorded breaks
(tests/layout/expected_breaks.json) and the fit rule itself."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.layout.fragments import TextFragment
from engine.layout.inline.layout import fits
from engine.layout.inline.text import HYPHEN, SHY
from tests.layout.chromium_boxes import page
from tests.layout.chromium_breaks import EXPECTED
from tests.layout.conftest import boxes_by_id, find_fragment, layout
from tests.layout.pptx_lines import slide_texts

RECORDED = json.loads(EXPECTED.read_text())
FIT = sorted(name for name in RECORDED if name.startswith("line_fit_"))
BREAKS = sorted(name for name in RECORDED if not name.startswith("line_fit_"))


def engine_lines(html: str) -> list[str]:
    """The engine's lines as written (soft hyphens dropped, U+2010 where a line broke at one)."""
    frag, _x, _y = find_fragment(layout(page(html)), id="a")
    out = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        out.append("".join(i.text for i in items).strip())
    return out


def chromium_lines(name: str) -> list[str]:
    """Chromium's recorded lines. After a soft-hyphen break the recorder's per-character rect
    of the next line's first character lies on the hyphen (the line's right edge is the
    hyphenated width): that character is moved back to its line."""
    lines = [text for text, _right in RECORDED[name]["lines"]["a"]]
    for i in range(len(lines) - 1):
        if len(lines[i]) > 1 and lines[i][-2] == SHY:
            lines[i + 1] = lines[i][-1] + lines[i + 1]
            lines[i] = lines[i][:-1]
    out = []
    for text in (line.strip() for line in lines[:-1]):
        out.append(
            text[:-1].replace(SHY, "") + HYPHEN if text.endswith(SHY) else text.replace(SHY, "")
        )
    return [*out, lines[-1].strip().replace(SHY, "")]


@pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core")
@pytest.mark.parametrize("name", FIT)
def test_lines_break_where_chromium_breaks(name: str) -> None:
    assert engine_lines(RECORDED[name]["html"]) == chromium_lines(name)


def test_fit_rule_is_in_layout_units() -> None:
    assert fits(300.015625, 300.0)  # one LayoutUnit over still fits (AvailableWidthToFit)
    assert not fits(300.016, 300.0)  # snapped up to 300.03125: two units over
    assert fits(161.453, 161.4375)
    assert not fits(161.45508, 161.4501)  # the box is 161.4375 in LayoutUnits
    assert fits(100.0, 99.99999999)  # float noise in the available width is not a unit


@pytest.mark.fonts("fonts-liberation")
def test_shrink_to_fit_box_keeps_its_items_on_one_line() -> None:
    # max-content adds each inline item's snapped width, as the line breaker does, so a box
    # sized to it never wraps its own text.
    html = page(
        "<div style=\"position:absolute;left:0;top:0;font:14px 'Liberation Sans'\">"
        '<div id="a" style="display:inline-block">brown <span>the</span> jinx <b>region</b>'
        " <i>while</i> dog</div></div>"
    )
    assert engine_lines(html) == ["brown the jinx region while dog"]


@pytest.mark.fonts("fonts-liberation", "fonts-noto-cjk")
@pytest.mark.parametrize("name", BREAKS)
def test_breaking_opportunities_as_chromium(name: str) -> None:
    # overflow-wrap, word-break, <wbr>, U+200B, soft hyphens; unbreakable words overflow
    assert engine_lines(RECORDED[name]["html"]) == chromium_lines(name)


@pytest.mark.fonts("fonts-liberation")
def test_words_broken_by_the_engine_are_forced_breaks_with_exact_line_breaks() -> None:
    texts, breaks = slide_texts(RECORDED["break_word"]["html"])
    assert texts == chromium_lines("break_word")
    assert breaks == 4


@pytest.mark.fonts("fonts-liberation")
def test_soft_hyphen_break_writes_a_hyphen_and_no_soft_hyphens_with_exact_line_breaks() -> None:
    texts, _breaks = slide_texts(RECORDED["shy_manual"]["html"])
    assert texts == ["Antidisestab\u2010", "lishmentarian\u2010", "ism is a word"]
    assert not any(SHY in t for t in texts)


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", sorted(n for n in RECORDED if n.startswith("min_content_")))
def test_min_content_follows_the_breaking_rules(name: str) -> None:
    # overflow-wrap: anywhere and word-break: break-all lower min-content; break-word does not
    got = boxes_by_id(layout(page(RECORDED[name]["html"])))["a"]
    assert got == pytest.approx(tuple(RECORDED[name]["boxes"]["a"]), abs=0.02)


@settings(max_examples=40, deadline=None)
@given(
    text=st.text(alphabet="abcdefgh \u00ad\u200b-", min_size=1, max_size=60),
    rule=st.sampled_from(
        [
            "",
            "overflow-wrap:break-word",
            "overflow-wrap:anywhere",
            "word-break:break-all",
            "word-break:keep-all",
            "hyphens:none",
        ]
    ),
    width=st.integers(min_value=1, max_value=120),
)
def test_breaking_never_loses_or_invents_text(text: str, rule: str, width: int) -> None:
    html = f'<div id="a" style="width:{width}px;font:16px \'Liberation Sans\';{rule}">{text}</div>'
    lines = engine_lines(html)
    joined = "".join(line[:-1] if line.endswith(HYPHEN) else line for line in lines)
    assert joined.replace(" ", "") == text.replace(SHY, "").replace(" ", "")
