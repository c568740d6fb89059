"""font_info's per-style memo: a style object maps to the FontInfo its values give, and a changed
copy (what later stages make instead of mutating) gets its own."""

from __future__ import annotations

from engine.layout.inline.text import BreakRules, _font_info_of, font_info
from engine.style.computed import ComputedStyle
from tests.layout.conftest import styles_of


def _styles(body: str) -> list[ComputedStyle]:
    html = (
        "<html><head><style>li { font-size: 20px; line-height: 1.5 } .b { font-weight: 700 }"
        f'</style></head><body><ul class="slide">{body}</ul></body></html>'
    )
    return styles_of(html, "li")


def test_shared_style_objects_get_the_same_font_info_as_their_values() -> None:
    first, second, bold = _styles("<li>a</li><li>b</li><li class='b'>c</li>")
    assert first is second  # siblings with the same rules share one style object
    assert font_info(first) is font_info(second)
    assert font_info(first) == _font_info_of(first, "")
    assert font_info(bold) == _font_info_of(bold, "")
    assert font_info(bold).stack is not font_info(first).stack
    assert font_info(first).size == 20.0 and font_info(first).line_height == 30.0
    assert font_info(first, "ja") == _font_info_of(first, "ja")  # per content language


def test_a_changed_copy_is_measured_from_its_own_values() -> None:
    (style,) = _styles("<li>a</li>")
    before = font_info(style)
    copy = ComputedStyle(style)
    copy["font-size"] = 32.0
    assert font_info(copy).size == 32.0
    assert font_info(style) is before


def test_break_rules_follow_word_break_and_hyphens() -> None:
    (style,) = _styles("<li>a</li>")
    assert BreakRules.of(style) == BreakRules(False, False, True)
    copy = ComputedStyle(style)
    copy["word-break"], copy["hyphens"] = "break-all", "none"
    assert BreakRules.of(copy) == BreakRules(True, False, False)
    copy["word-break"] = "keep-all"
    assert BreakRules.of(copy) == BreakRules(False, True, False)
