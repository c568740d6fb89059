"""Rounded tables (a separated-borders table with border-radius and overflow clipping + its
native table shape -> corner cell fills moved to rounded shapes behind the table)."""

from __future__ import annotations

from typing import NamedTuple

from engine.layout.fragments import BoxFragment
from engine.layout.table.grid import TableGrid
from engine.model.clip.clipping import Rect
from engine.model.decor.borders import radius_px
from engine.model.geometry import Radii, geom_for, set_geom
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import Cell, RectShape, Shape, TableShape

__all__ = ["CellBox", "clipped_corner_cells", "rounded_corners"]


class CellBox(NamedTuple):
    """A cell of a table shape with its row index and its box in slide px."""

    cell: Cell
    row: int
    x: float
    y: float
    w: float
    h: float


def _cell_boxes(shape: TableShape) -> list[CellBox]:
    """The cells with their boxes, a spanning cell over all its rows and columns."""
    out = []
    y = shape["y"]
    for r, row in enumerate(shape["rows"]):
        x = shape["x"]
        for c, cell in enumerate(row["cells"]):
            rows, cols = (max(1, int(v)) for v in cell.get("span", [1, 1]))
            height = sum(other["h"] for other in shape["rows"][r : r + rows])
            out.append(CellBox(cell, r, x, y, sum(shape["columns"][c : c + cols]), height))
            x += shape["columns"][c]
        y += row["h"]
    return out


def _clip_radii(frag: BoxFragment, grid: TableGrid) -> tuple[float, float, float, float] | None:
    """Inner corner radii (tl, tr, br, bl) that clip the cells of a separated-borders table with
    border-radius and overflow other than visible (Chromium clips the cell backgrounds to the
    table's rounded padding box; without overflow clipping, or with collapsed borders, cell
    backgrounds stay square)."""
    style = frag.box.style
    if grid.collapsed or (style["overflow-x"] == "visible" and style["overflow-y"] == "visible"):
        return None
    radii = radius_px(style, frag.width, frag.height)
    if max(radii) <= 0.5:
        return None
    b = frag.border
    return (
        max(0.0, radii[0] - max(b.left, b.top)),
        max(0.0, radii[1] - max(b.right, b.top)),
        max(0.0, radii[2] - max(b.right, b.bottom)),
        max(0.0, radii[3] - max(b.left, b.bottom)),
    )


def rounded_corners(
    frag: BoxFragment, grid: TableGrid, shape: TableShape, underlays: list[RectShape]
) -> list[RectShape]:
    """A table cell cannot be rounded: the fill of a cell in a rounded corner moves to a shape
    behind the table with that corner rounded (or rounds the row fill under it), and the cell
    itself becomes transparent, so the corner shows as Chromium paints it."""
    radii = _clip_radii(frag, grid)
    if radii is None:
        return []
    x0, y0 = shape["x"], shape["y"]
    x1, y1 = x0 + sum(shape["columns"]), y0 + sum(row["h"] for row in shape["rows"])
    out: list[RectShape] = []
    for cell, _r, x, y, w, h in _cell_boxes(shape):
        fill = cell.get("fill")
        if cell.get("merged") or fill is None:
            continue
        right = x + w
        bottom = y + h
        touches = (
            abs(x - x0) < 1.5 and abs(y - y0) < 1.5,
            abs(right - x1) < 1.5 and abs(y - y0) < 1.5,
            abs(right - x1) < 1.5 and abs(bottom - y1) < 1.5,
            abs(x - x0) < 1.5 and abs(bottom - y1) < 1.5,
        )
        own = [r if t else 0.0 for r, t in zip(radii, touches, strict=True)]
        if max(own) <= 0.5:
            continue
        cell["fill"] = None
        for under in underlays:  # a row fill under this cell: round its corner instead
            if (
                abs(under["y"] - y) < 0.5
                and under["x"] - 0.5 <= x
                and x + w <= under["x"] + under["w"] + 0.5
            ):
                ux0, ux1 = under["x"], under["x"] + under["w"]
                cur = under.get("radii") or [0.0, 0.0, 0.0, 0.0]
                mine = [
                    own[0] if abs(x - ux0) < 1.5 else 0.0,
                    own[1] if abs(right - ux1) < 1.5 else 0.0,
                    own[2] if abs(right - ux1) < 1.5 else 0.0,
                    own[3] if abs(x - ux0) < 1.5 else 0.0,
                ]
                merged = [max(a, b) for a, b in zip(cur, mine, strict=True)]
                corner_radii = (merged[0], merged[1], merged[2], merged[3])
                set_geom(under, geom_for(corner_radii, under["w"], under["h"]))
                under["radii"] = [round(v, 3) for v in merged]
                break
        else:
            corner: RectShape = {
                "kind": "rect",
                "x": x,
                "y": y,
                "w": right - x,
                "h": h,
                "fill": fill.copy(),
                "line": None,
                "name": f"{shape.get('name', 'table')} corner cell",
            }
            set_geom(corner, geom_for((own[0], own[1], own[2], own[3]), right - x, h))
            corner["radii"] = [round(v, 3) for v in own]
            out.append(corner)
    return out


def clipped_corner_cells(
    table: TableShape, shapes: list[RectShape], clip: Rect, radii: Radii
) -> list[RectShape]:
    """A table under an ancestor's rounded overflow clip (a card with overflow: hidden and
    border-radius around it): Chromium clips the cells to the rounded corners. A cell whose
    corner lies on a rounded corner of the clip gives its fill to a square shape behind the
    table, which the clip then rounds as any box (its row's fill shape in `shapes`, when one
    lies under it, is rounded that way already)."""
    clip_corners = ((clip[0], clip[1]), (clip[2], clip[1]), (clip[2], clip[3]), (clip[0], clip[3]))
    out: list[RectShape] = []
    for cell, _r, x, y, w, h in _cell_boxes(table):
        fill = cell.get("fill")
        if cell.get("merged") or fill is None:
            continue
        corners = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
        if not any(
            r > 0.5 and abs(cx - kx) < 1.0 and abs(cy - ky) < 1.0
            for r, (cx, cy), (kx, ky) in zip(radii, corners, clip_corners, strict=True)
        ):
            continue
        cell["fill"] = None
        if any(_covers(under, x, y, w, h, fill) for under in shapes):
            continue
        name = f"{table.get('name', 'table')} corner cell"
        out.append(
            {
                "kind": "rect",
                "x": x,
                "y": y,
                "w": w,
                "h": h,
                "fill": fill.copy(),
                "line": None,
                "name": name,
            }
        )
    return out


def _covers(under: Shape, x: float, y: float, w: float, h: float, fill: Fill) -> bool:
    """Whether a square row-fill shape of the same fill lies under a cell box."""
    return (
        under["kind"] == "rect"
        and under.get("geom", "rect") == "rect"
        and under.get("fill") == fill
        and under["x"] - 0.5 <= x
        and x + w <= under["x"] + under["w"] + 0.5
        and under["y"] - 0.5 <= y
        and y + h <= under["y"] + under["h"] + 0.5
    )
