"""Layout dispatch (a box -> the formatting context that lays it out or measures it): the one
place where the layout stage reaches its formatting contexts.

Every formatting context (block, inline, flex, grid, table, multicol, replaced) imports
engine.layout.base (Space, LayoutContext, layout_box) and the shared sizing code at the top,
and lays out the boxes it holds with layout_box, whatever context those establish. So the
contexts cannot be imported at the top of base.py or of one another without an import cycle:
the functions here import them when called (lazily, like WeasyPrint's layout dispatch), and the
rest of the layout stage imports this module instead of a sibling context.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.boxes import box as b

if TYPE_CHECKING:
    from engine.layout.base import LayoutContext, Space
    from engine.layout.block.floats import LineFloats
    from engine.layout.block.sizes import BlockFrame
    from engine.layout.fragments import BoxFragment, Intrinsic, LineFragment
    from engine.layout.grid.items import Axis, GridItem
    from engine.layout.grid.placement import GridSetup, ItemPlacement
    from engine.layout.grid.tracks import Track
    from engine.layout.inline.items import Piece
    from engine.layout.inline.layout import InlineLayout
    from engine.layout.inline.text import FontInfo
    from engine.layout.items import ItemLayouts

# Lazy imports below: each formatting context imports this module (or base.py) at its top.


def layout_in_context(box: b.Box, ctx: LayoutContext, space: Space) -> BoxFragment:
    """Lay out a box in the formatting context its `inner` display establishes."""
    inner = box.inner
    if inner == b.FLEX:
        from engine.layout.flex.layout import layout_flex  # lazy: see the module docstring

        return layout_flex(box, ctx, space)
    if inner == b.GRID:
        from engine.layout.grid.layout import layout_grid  # lazy: see the module docstring

        return layout_grid(box, ctx, space)
    if inner == b.TABLE:
        from engine.layout.table.layout import layout_table  # lazy: see the module docstring

        return layout_table(box, ctx, space)
    if inner == b.REPLACED:
        from engine.layout.replaced import layout_replaced  # lazy: see the module docstring

        return layout_replaced(box, ctx, space)
    from engine.layout.block.layout import layout_block  # lazy: see the module docstring

    return layout_block(box, ctx, space)


def context_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic | None:
    """Min-content and max-content widths of the content of a box that establishes a
    multicol, inline, flex, grid or table context (None: a block container, measured by
    engine.layout.intrinsic itself)."""
    from engine.layout.multicol.layout import is_multicol  # lazy: see the module docstring

    if is_multicol(box):
        from engine.layout.multicol.layout import multicol_intrinsic  # lazy: see above

        return multicol_intrinsic(box, ctx)
    if box.inline_content:
        return inline_intrinsic(box, ctx)
    if box.inner == b.FLEX:
        from engine.layout.flex.layout import flex_intrinsic  # lazy: see the module docstring

        return flex_intrinsic(box, ctx)
    if box.inner == b.GRID:
        from engine.layout.grid.layout import grid_intrinsic  # lazy: see the module docstring

        return grid_intrinsic(box, ctx)
    if box.inner == b.TABLE:
        from engine.layout.table.layout import table_intrinsic  # lazy: see the module docstring

        return table_intrinsic(box, ctx)
    return None


def content_intrinsic(box: b.Box, ctx: LayoutContext) -> Intrinsic:
    """engine.layout.intrinsic.content_intrinsic (for multicol, which intrinsic.py imports)."""
    from engine.layout import intrinsic  # lazy: see the module docstring

    return intrinsic.content_intrinsic(box, ctx)


def block_frame(box: b.Box, ctx: LayoutContext, space: Space) -> BlockFrame:
    """engine.layout.block.sizes.block_frame (for multicol, which block containers lay out)."""
    from engine.layout.block import sizes  # lazy: see the module docstring

    return sizes.block_frame(box, ctx, space)


# -- inline formatting contexts ------------------------------------------------------------


def layout_inline(
    container: b.Box,
    ctx: LayoutContext,
    width: float,
    cb_height: float | None,
    origin_x: float,
    origin_y: float,
    floats: LineFloats | None = None,
) -> InlineLayout:
    """engine.layout.inline.layout.layout_inline."""
    from engine.layout.inline import layout  # lazy: see the module docstring

    return layout.layout_inline(container, ctx, width, cb_height, origin_x, origin_y, floats)


def inline_intrinsic(container: b.Box, ctx: LayoutContext) -> Intrinsic:
    """engine.layout.inline.layout.inline_intrinsic."""
    from engine.layout.inline import layout  # lazy: see the module docstring

    return layout.inline_intrinsic(container, ctx)


def break_lines(
    pieces: list[Piece],
    width: float,
    indent: float,
    wrap: bool,
    widths: Callable[[int], float] | None = None,
    first_end: int | None = None,
) -> list[tuple[list[Piece], bool]]:
    """engine.layout.inline.layout.break_lines (for floats and ::first-line)."""
    from engine.layout.inline import layout  # lazy: see the module docstring

    return layout.break_lines(pieces, width, indent, wrap, widths, first_end)


def build_line(
    pieces: list[Piece],
    strut: FontInfo,
    width: float,
    indent: float,
    style: Any,
    forced: bool,
    last: bool,
) -> LineFragment:
    """engine.layout.inline.layout.build_line (for lines beside floats)."""
    from engine.layout.inline import layout  # lazy: see the module docstring

    return layout.build_line(pieces, strut, width, indent, style, forced, last)


def line_is_empty(pieces: list[Piece]) -> bool:
    """engine.layout.inline.layout.line_is_empty (for lines beside floats)."""
    from engine.layout.inline import layout  # lazy: see the module docstring

    return layout.line_is_empty(pieces)


# -- grid ------------------------------------------------------------------------------------


def column_measure(
    child: b.Box, ctx: LayoutContext, tracks: list[Track], p: ItemPlacement, gap: float
) -> Any:
    """engine.layout.grid.layout.column_measure (for subgrids, which grid layout places)."""
    from engine.layout.grid import layout  # lazy: see the module docstring

    return layout.column_measure(child, ctx, tracks, p, gap)


def column_axis(box: b.Box, ctx: LayoutContext, setup: GridSetup, inner_w: float) -> Axis:
    """engine.layout.grid.layout.column_axis (for subgrids)."""
    from engine.layout.grid import layout  # lazy: see the module docstring

    return layout.column_axis(box, ctx, setup, inner_w)


def row_measure(
    item: GridItem, ctx: LayoutContext, measure: ItemLayouts, columns: Axis, rows: list[Track]
) -> Any:
    """engine.layout.grid.layout.row_measure (for subgrids)."""
    from engine.layout.grid import layout  # lazy: see the module docstring

    return layout.row_measure(item, ctx, measure, columns, rows)
