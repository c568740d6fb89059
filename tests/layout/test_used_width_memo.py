"""used_width's memo across pages: a block's used width is kept per computed style object and
containing block, and a changed style copy, another containing block or a shrink-to-fit or
aspect-ratio width (which read more than the style) are never served from it."""

from __future__ import annotations

from engine.boxes import box as b
from engine.diagnostics import Diagnostics
from engine.layout.base import LayoutContext, Space
from engine.layout.block.sizes import _used_width, used_width
from engine.style.computed import ComputedStyle
from engine.style.types import LP
from tests.layout.conftest import styles_of


def _styles(body: str) -> list[ComputedStyle]:
    html = (
        "<html><head><style>p { margin: 0 10%; padding: 0 4px; border-left: 3px solid }"
        " .narrow { width: 50%; margin: 0 auto }</style></head>"
        f'<body><div class="slide">{body}</div></body></html>'
    )
    return styles_of(html, "p")


def _box(style: ComputedStyle) -> b.Box:
    return b.Box(style, "block", b.FLOW)


def _ctx() -> LayoutContext:
    return LayoutContext(Diagnostics(), (1280.0, 720.0))


def test_a_style_object_gets_the_width_its_values_give_in_each_space() -> None:
    first, second, narrow = _styles("<p>a</p><p>b</p><p class='narrow'>c</p>")
    assert first is second  # siblings with the same rules share one style object
    for space in (Space(1000.0, None), Space(600.0, None), Space(1000.0, None, width=300.0)):
        for style in (first, narrow):
            got = used_width(_box(style), _ctx(), space)
            assert got == _used_width(_box(style), _ctx(), space)
    wide = used_width(_box(first), _ctx(), Space(1000.0, None))
    assert (wide.width, wide.margin_left, wide.margin_right) == (800.0, 100.0, 100.0)
    small = used_width(_box(first), _ctx(), Space(600.0, None))  # another containing block
    assert (small.width, small.margin_left) == (480.0, 60.0)
    centred = used_width(_box(narrow), _ctx(), Space(1000.0, None))
    assert (centred.width, centred.margin_left) == (511.0, 244.5)  # 50 % + padding + border
    shrunk = used_width(_box(first), _ctx(), Space(1000.0, None, available=500.0))
    assert shrunk.width == 300.0  # the width to fill (less the margins) is part of the key


def test_a_changed_copy_is_sized_from_its_own_values() -> None:
    (style,) = _styles("<p>a</p>")
    before = used_width(_box(style), _ctx(), Space(1000.0, None))
    copy = ComputedStyle(style)
    copy["margin-left"] = LP(0.0, 20.0)
    after = used_width(_box(copy), _ctx(), Space(1000.0, None))
    assert (after.width, after.margin_left) == (700.0, 200.0)
    other = ComputedStyle(copy)
    other["margin-top"] = LP(0.0, 5.0)  # vertical margins resolve against the width too
    assert used_width(_box(other), _ctx(), Space(1000.0, None)).margin_top == 50.0
    assert used_width(_box(other), _ctx(), Space(600.0, None)).margin_top == 30.0
    assert used_width(_box(style), _ctx(), Space(1000.0, None)) == before


def test_shrink_to_fit_reads_the_content_each_time() -> None:
    (style,) = _styles("<p>a</p>")
    space = Space(1000.0, None, fit_content=True)
    empty = used_width(_box(style), _ctx(), space)
    wide_child = b.Box(ComputedStyle(style), "block", b.FLOW)
    wide_child.style["width"] = 300.0
    wide_child.style["margin-left"] = wide_child.style["margin-right"] = 0.0
    wide_child.style["padding-left"] = wide_child.style["padding-right"] = 0.0
    wide_child.style["border-left-width"] = 0.0
    holder = b.Box(style, "block", b.FLOW, children=[wide_child])
    assert used_width(holder, _ctx(), space).width == empty.width + 300.0
