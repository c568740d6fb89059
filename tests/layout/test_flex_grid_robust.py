"""Flex and grid layout never raise on odd or hostile property values (they degrade and report)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.layout.chromium_boxes import page
from tests.layout.conftest import layout, walk

TRACKS = [
    "none",
    "repeat(0, 1fr)",
    "repeat(-2, 10px)",
    "repeat(99999, 1px)",
    "repeat(auto-fill, 0px)",
    "repeat(auto-fit, minmax(0, 1fr))",
    "minmax()",
    "fit-content()",
    "[a",
    "1fr / 2fr",
    "calc(100% - 20px) 1fr",
    "min(10px, 5%) max-content",
    "subgrid",
    "1e9px 1fr",
    "0.0001fr 0fr",
    "repeat(2, [a] 50% [b])",
]
LINES = ["auto", "-99999", "99999", "span 0", "span -1", "a / b", "span foo 3", "x", "1 / -1", "0"]
FLEX = [
    "display:flex",
    "display:flex;flex-wrap:wrap-reverse",
    "display:flex;flex-direction:column-reverse",
    "display:inline-flex",
]
ITEM = [
    "flex:1e9",
    "flex:0 0 -5px",
    "flex-basis:200%",
    "min-width:100%;max-width:0",
    "margin:auto;width:1e7px",
    "order:-99999",
    "align-self:baseline;height:0",
    "position:absolute",
    "display:none",
    "height:150%",
]


@settings(max_examples=60, deadline=None)
@given(
    columns=st.sampled_from(TRACKS),
    rows=st.sampled_from(TRACKS),
    start=st.sampled_from(LINES),
    end=st.sampled_from(LINES),
    flow=st.sampled_from(["row", "column dense", "dense", "banana"]),
)
def test_grid_survives(columns: str, rows: str, start: str, end: str, flow: str) -> None:
    html = page(
        f'<div style="display:grid;width:300px;grid-template-columns:{columns};grid-template-rows:{rows};grid-auto-flow:{flow}">'
        f'<div style="grid-column-start:{start};grid-row-end:{end}">a</div><div>b</div><div style="grid-area:{start}"></div></div>'
    )
    root = layout(html)
    assert all(frag.width >= 0 for frag, _, _ in walk(root))


@settings(max_examples=60, deadline=None)
@given(container=st.sampled_from(FLEX), a=st.sampled_from(ITEM), b=st.sampled_from(ITEM))
def test_flex_survives(container: str, a: str, b: str) -> None:
    html = page(
        f'<div style="{container};width:300px;gap:10%"><div style="{a}">one two</div><div style="{b}">three</div><div></div></div>'
    )
    root = layout(html)
    assert all(frag.height >= 0 for frag, _, _ in walk(root))
