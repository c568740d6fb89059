"""Table cell wrapper styles: one derived copy per (cell style object, collapsed borders) on a
page, with exactly the values a StyleView over the cell's style gives."""

from __future__ import annotations

from engine.diagnostics import Diagnostics
from engine.layout.base import LayoutContext
from engine.layout.fragments import Edges
from engine.layout.table.cells import _CELL_OVERRIDES, _wrapper_style
from engine.layout.table.structure import StyleView, anonymous_style
from engine.options import Limits
from engine.parse import parse_page
from engine.style import compute_styles
from engine.style.computed import ComputedStyle


def _cell_styles() -> list[ComputedStyle]:
    html = (
        "<html><head><style>td { padding: 3px; border: 1px solid red; margin: 4px;"
        " min-width: 10px } .x { color: blue }</style></head><body>"
        '<table class="slide"><tr><td>a</td><td>b</td><td class="x">c</td></tr></table>'
        "</body></html>"
    )
    diag = Diagnostics()
    page = parse_page(html, diag, Limits())
    styles = compute_styles(page, diag, (1280.0, 720.0))
    return [styles[el] for el in page.root.iter("td")]


def test_sibling_cells_share_one_wrapper_style_with_the_view_values() -> None:
    a, b, x = _cell_styles()
    ctx = LayoutContext(Diagnostics(), (1280.0, 720.0))
    wa = _wrapper_style(ctx, a, _CELL_OVERRIDES, None)
    assert isinstance(wa, ComputedStyle)
    assert _wrapper_style(ctx, b, _CELL_OVERRIDES, None) is wa  # a and b are one style object
    wx = _wrapper_style(ctx, x, _CELL_OVERRIDES, None)
    assert wx is not wa and wx["color"] != wa["color"]
    view = StyleView(a, _CELL_OVERRIDES)
    assert dict(wa) == {name: view[name] for name in view}
    assert (wa.parent, wa.keyword, wa.logical_align) == (a.parent, a.keyword, a.logical_align)
    assert wa["margin-top"] == 0.0 and wa["min-width"] == "auto"  # the overrides apply
    assert a["margin-top"] == 4.0  # and the cell's own style is untouched


def test_collapsed_borders_key_the_copy_and_anonymous_cells_keep_a_view() -> None:
    a, _, _ = _cell_styles()
    ctx = LayoutContext(Diagnostics(), (1280.0, 720.0))
    thin, thick = Edges(0.5, 0.5, 0.5, 0.5), Edges(1.0, 1.0, 1.0, 1.0)
    over = {**_CELL_OVERRIDES, "border-top-width": 1.0}
    first = _wrapper_style(ctx, a, over, thin)
    assert _wrapper_style(ctx, a, over, thin) is first
    assert _wrapper_style(ctx, a, over, thick) is not first
    anonymous = anonymous_style(a, "table-cell")
    assert isinstance(_wrapper_style(ctx, anonymous, _CELL_OVERRIDES, None), StyleView)
