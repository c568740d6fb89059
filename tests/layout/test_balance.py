"""text-wrap: balance and pretty break lines where Chromium does (tests/layout/expected_balance.json,
recorded by tools/recorders/layout_text.py): the score search, its bisection fallback, the limits, and the
PPTX paragraph broken with a:br where Chromium breaks."""

from __future__ import annotations

import json

import pytest

from engine.layout.fragments import TextFragment
from engine.layout.inline.balance import Block, Candidate, _scores, rewrap
from engine.layout.inline.items import Piece
from tests.layout.chromium_balance import EXPECTED
from tests.layout.chromium_boxes import page
from tests.layout.conftest import find_fragment, layout
from tests.layout.pptx_lines import slide_texts

RECORDED = json.loads(EXPECTED.read_text())
# Exact or near ties (within 0.03 px) that Chromium's float positions decide the other way: CJK
# characters of one width, and letter-spaced words.
TIES = {"cjk", "letter_spacing"}
CLAMPED = {"line_clamp"}  # lines after the clamp are hidden: the visible text is compared
TABS = {"tab_pre_wrap"}  # tab stops differ (not this feature): texts and breaks only
FONTS = pytest.mark.fonts("fonts-liberation", "fonts-dejavu-core", "fonts-noto-cjk")


def _cases(skip: set[str]) -> list[str]:
    return [name for name in sorted(RECORDED) if name not in skip]


def engine_lines(html: str) -> list[tuple[str, float]]:
    """The engine's lines of #a: text (list markers left out, as the recorder's text walk leaves
    ::marker out), and the right edge of its last text in the slide."""
    frag, x, _y = find_fragment(layout(page(html)), id="a")
    out = []
    for line in frag.lines:
        texts = (i for i in line.items if isinstance(i, TextFragment) and not i.marker)
        items = sorted(texts, key=lambda i: i.x)
        last = items[-1]
        text = "".join(i.text for i in items).strip()
        out.append((text, x + line.x + last.x + last.width))
    return out


def chromium_lines(name: str) -> list[tuple[str, float]]:
    return [(text.strip(), right) for text, right in RECORDED[name]["lines"]["a"]]


@FONTS
@pytest.mark.parametrize("name", _cases(CLAMPED))
def test_lines_break_where_chromium_breaks(name: str) -> None:
    lines = engine_lines(RECORDED[name]["html"])
    want = [text.replace("\t", " ") for text, _right in chromium_lines(name)]
    if name in TIES:  # the same number of lines, balanced to the same width (within 3 px)
        assert len(lines) == len(want)
        widest = max(right for _text, right in chromium_lines(name))
        assert max(right for _text, right in lines) == pytest.approx(widest, abs=3.0)
        return
    assert [text for text, _right in lines] == want


@FONTS
@pytest.mark.parametrize("name", _cases(CLAMPED | TABS | TIES))  # ties: see above
def test_lines_end_where_chromium_ends_them(name: str) -> None:
    # the line boxes keep the block's width: centred and justified lines as in Chromium
    got = [right for _text, right in engine_lines(RECORDED[name]["html"])]
    assert got == pytest.approx([right for _text, right in chromium_lines(name)], abs=0.6)


@pytest.mark.fonts("fonts-liberation")
def test_line_clamp_balances_the_clamped_lines() -> None:
    # with -webkit-line-clamp Chromium bisects for the clamped lines only (the score search
    # stands aside): the two visible lines end where the greedy second line ended
    got = [text for text, _right in engine_lines(RECORDED["line_clamp"]["html"])]
    assert "\n".join(got) == RECORDED["line_clamp"]["visible"]["a"]["text"]


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("name", ["quote_serif_italic", "four_lines_center", "with_br"])
def test_pptx_paragraph_breaks_where_chromium_breaks_with_exact_line_breaks(name: str) -> None:
    texts, breaks = slide_texts(RECORDED[name]["html"])
    assert texts == [text for text, _right in chromium_lines(name)]
    assert breaks == len(texts) - 1


def _words(widths: list[float]) -> list[Piece]:
    box = layout(page("<p>x</p>")).box  # any box: only the widths matter here
    return [Piece("text", box, "w", " ", w, 4.0, break_before=i > 0) for i, w in enumerate(widths)]


def test_score_search_breaks_ties_towards_later_breaks() -> None:
    # ScoreLineBreaker keeps the last of equally good starts (score <= best)
    candidates = [Candidate(i, 28.0 * i, 28.0 * i) for i in range(10)]
    candidates[-2].penalty = 10000.0
    assert _scores(candidates, (200.0, 200.0), 22400.0, True, False) == [5, 9]


def test_balance_needs_three_break_opportunities_for_the_score_search() -> None:
    # three words: the score search does not apply and the bisection finds the width
    pieces = _words([100.0, 100.0, 100.0])
    greedy = [(pieces[:2], False), (pieces[2:], False)]
    block = Block(220.0, 0.0, 16.0, 4.0, False, True, True)
    widths: list[float] = []

    def rebreak(width: float) -> list[tuple[list[Piece], bool]]:
        widths.append(width)
        return greedy if width >= 204.0 else [([p], False) for p in pieces]

    assert rewrap("balance", greedy, block, rebreak) == greedy
    # the lines are broken at the narrowest width (to 1 px) that keeps two lines, found in
    # 1 px steps from 80% of the average line width
    assert 204.0 <= widths[-1] < 205.0
    assert len(widths) <= 9


def test_balance_gives_up_above_six_lines() -> None:
    pieces = _words([100.0] * 14)
    greedy = [(pieces[i : i + 2], False) for i in range(0, 14, 2)]  # seven lines
    block = Block(210.0, 0.0, 16.0, 4.0, False, True, True)
    assert rewrap("balance", greedy, block, lambda width: pytest.fail("no bisection")) == greedy
