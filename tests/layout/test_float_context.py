"""The float context (engine/layout/block/floats.py) on its own: placement rules as properties
(hypothesis), and the bounded active lists that keep thousands of floats about linear."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.layout.block.floats import FloatContext

FLOAT = st.tuples(
    st.sampled_from(["left", "right"]),
    st.floats(0, 300),
    st.floats(0, 120),
    st.sampled_from(["none", "none", "left", "right", "both"]),
    st.floats(0, 200),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(FLOAT, max_size=40))
def test_floats_never_overlap_and_never_rise(floats: list) -> None:
    fc = FloatContext()
    placed = []
    last_top = 0.0
    for side, w, h, clear, y in floats:
        f = fc.place(side, w, h, y, 0.0, 500.0, clear)
        assert f.top >= last_top - 1e-9  # CSS 2.1 9.5.1 rule 5
        assert f.top >= y - 1e-9
        last_top = f.top
        if w <= 500:
            assert f.left >= -1e-6 and f.right <= 500 + 1e-6
        for g in placed:
            separate = (
                f.bottom <= g.top
                or g.bottom <= f.top
                or f.right <= g.left + 1e-6
                or g.right <= f.left + 1e-6
            )
            assert (
                separate
                or w > 500
                or g.right - g.left > 500
                or f.top == f.bottom
                or g.top == g.bottom
            )
        if clear in ("left", "both"):
            assert all(f.top >= g.bottom - 1e-9 for g in placed if g.side == "left")
        placed.append(f)


def test_rows_of_floats_keep_the_active_lists_small() -> None:
    """4,000 floats in rows: earlier rows leave the active lists, so each placement looks at
    a handful of floats instead of all earlier ones."""
    fc = FloatContext()
    for i in range(4000):
        side = "left" if i % 3 else "right"
        fc.place(side, 20 + i % 7 * 5, 10 + i % 5 * 4, 0.0, 0.0, 1280.0, "none")
        assert len(fc.active["left"]) + len(fc.active["right"]) < 80
    assert len(fc.placed) == 4000
    assert fc.bottom > 700  # they went down in rows


def test_band_beside_floats_and_next_edge() -> None:
    fc = FloatContext()
    fc.place("left", 100, 50, 0, 0, 400, "none")
    fc.place("right", 80, 20, 0, 0, 400, "none")
    band = fc.band(0, 10, 0, 400)
    assert (band.left, band.right, band.narrowed) == (100, 320, True)
    assert fc.next_edge(0, 10) == 20
    assert fc.band(30, 10, 0, 400).right == 400
    assert not fc.band(50, 10, 0, 400).narrowed
    assert fc.clearance_y("right") == 20 and fc.clearance_y("both") == 50


BLOCK = st.sampled_from(
    [
        '<div style="float:left;width:{w}px;height:{h}px;margin:{m}px"></div>',
        '<div style="float:right;width:{w}%;height:{h}px;clear:left"></div>',
        '<p style="margin:{m}px 0">Some words beside the floats {w}</p>',
        '<div style="overflow:hidden;width:{w}px">new context {h}</div>',
        '<div style="clear:both;margin-top:{m}px;height:{h}px"></div>',
        '<p class="d">Drop cap paragraph with words {h}</p>',
        '<p>before <span style="float:left;width:{w}px;height:{h}px"></span> after</p>',
    ]
)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(BLOCK, st.integers(0, 900), st.integers(0, 300), st.integers(-60, 60)),
        max_size=12,
    )
)
def test_random_float_pages_lay_out_with_finite_boxes(parts: list) -> None:
    from engine.pipeline import layout_html
    from tests.layout.conftest import walk

    body = "".join(tpl.format(w=w, h=h, m=m) for tpl, w, h, m in parts)
    root = layout_html(
        "<style>.d::first-letter{float:left;font-size:3em;line-height:.9}"
        "p::first-line{letter-spacing:1px}</style>"
        f'<div class="slide" style="width:800px;height:600px;font-family:Liberation Sans">{body}</div>'
    )
    for frag, x, y in walk(root):
        assert all(abs(v) < 1e7 for v in (x, y, frag.width, frag.height))
