"""Tables for the PNG renderer (a slide-model table shape -> SVG cell fills, cell borders and cell text)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from engine.model.schema import CellBorders, TableShape
from engine.render.paint import f, fill_attrs, num, stroke_attrs

if TYPE_CHECKING:
    from engine.render.document import SlideSvg

MAX_CELLS = 10_000


def table_svg(shape: TableShape, doc: SlideSvg) -> str:
    columns = [max(0.0, num(c)) for c in shape["columns"]]
    rows = shape["rows"]
    if not columns or not rows:
        return ""
    x0, y0 = num(shape["x"]), num(shape["y"])
    heights = [max(0.0, num(r["h"])) for r in rows]
    col_x = [x0]
    for w in columns:
        col_x.append(col_x[-1] + w)
    row_y = [y0]
    for h in heights:
        row_y.append(row_y[-1] + h)
    fills: list[str] = []
    borders: list[str] = []
    texts: list[str] = []
    count = 0
    for ri, row in enumerate(rows):
        for ci, cell in enumerate(row["cells"][: len(columns)]):
            count += 1
            if count > MAX_CELLS:
                break
            if cell["merged"]:
                continue
            span = cell["span"]
            rs = max(1, min(len(rows), int(num(span[0] if span else 1, 1.0))))
            cs = max(1, min(len(columns), int(num(span[1] if len(span) > 1 else 1, 1.0))))
            x, y = col_x[ci], row_y[ri]
            w = col_x[min(len(columns), ci + cs)] - x
            h = row_y[min(len(rows), ri + rs)] - y
            box = (x, y, w, h)
            paint = fill_attrs(cell["fill"], box, doc.defs)
            if paint != 'fill="none"':
                fills.append(
                    f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" {paint}/>'
                )
            borders.extend(_borders(cell["borders"], box))
            margins = cell["margins"]
            insets = (9.6, 4.8, 9.6, 4.8)
            if len(margins) == 4:
                insets = (num(margins[0]), num(margins[1]), num(margins[2]), num(margins[3]))
            texts.append(
                doc.text.body(
                    cell["text"],
                    box,
                    table_cell=True,
                    insets=insets,
                    anchor=cell["anchor"],
                )
            )
    return "".join(fills) + "".join(borders) + "".join(texts)


def _borders(borders: CellBorders, box: tuple[float, float, float, float]) -> list[str]:
    x, y, w, h = box
    ends: dict[Literal["l", "r", "t", "b"], tuple[float, float, float, float]] = {
        "l": (x, y, x, y + h),
        "r": (x + w, y, x + w, y + h),
        "t": (x, y, x + w, y),
        "b": (x, y + h, x + w, y + h),
    }
    out = []
    for side, (x1, y1, x2, y2) in ends.items():
        stroke = stroke_attrs(borders.get(side))
        if stroke:
            out.append(f'<path d="M{f(x1)},{f(y1)}L{f(x2)},{f(y2)}" {stroke}/>')
    return out
