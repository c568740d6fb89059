"""Rounded tables (a separated-borders table with border-radius and overflow clipping + its
native table shape -> corner cell fills moved to rounded shapes behind the table)."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment
from engine.layout.table_grid import TableGrid
from engine.model.decor import radius_px
from engine.model.geometry import geom_for

__all__ = ["rounded_corners"]


def _cell_boxes(
    shape: dict[str, Any],
) -> list[tuple[dict[str, Any], int, float, float, float, float]]:
    out = []
    y = shape["y"]
    for r, row in enumerate(shape["rows"]):
        x = shape["x"]
        for c, cell in enumerate(row["cells"]):
            rows, cols = (max(1, int(v)) for v in cell.get("span", [1, 1]))
            height = sum(other["h"] for other in shape["rows"][r : r + rows])
            out.append((cell, r, x, y, sum(shape["columns"][c : c + cols]), height))
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
    frag: BoxFragment, grid: TableGrid, shape: dict[str, Any], underlays: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """A table cell cannot be rounded: the fill of a cell in a rounded corner moves to a shape
    behind the table with that corner rounded (or rounds the row fill under it), and the cell
    itself becomes transparent, so the corner shows as Chromium paints it."""
    radii = _clip_radii(frag, grid)
    if radii is None:
        return []
    x0, y0 = shape["x"], shape["y"]
    x1, y1 = x0 + sum(shape["columns"]), y0 + sum(row["h"] for row in shape["rows"])
    out: list[dict[str, Any]] = []
    for cell, _r, x, y, w, h in _cell_boxes(shape):
        fill = cell.get("fill")
        if cell.get("merged") or not isinstance(fill, dict):
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
                under.update(geom_for(tuple(merged), under["w"], under["h"]))  # type: ignore[arg-type]
                under["radii"] = [round(v, 3) for v in merged]
                break
        else:
            corner = {
                "kind": "rect",
                "x": x,
                "y": y,
                "w": right - x,
                "h": h,
                "fill": dict(fill),
                "line": None,
                "name": f"{shape.get('name', 'table')} corner cell",
            }
            corner.update(geom_for(tuple(own), right - x, h))  # type: ignore[arg-type]
            corner["radii"] = [round(v, 3) for v in own]
            out.append(corner)
    return out
