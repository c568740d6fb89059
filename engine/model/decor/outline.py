"""CSS outlines (a box fragment's outline-width/style/color/offset -> one unfilled rect shape).

An outline is drawn outside the border box, `outline-offset` away from it, and takes no space
(CSS UI 4, 4). Chromium follows the border radius: each rounded corner's radius grows by the
offset and the outline width (square corners stay square). The stroke is centred on a rect
outset by offset + width / 2, so it covers [offset, offset + width] outside the border box.
Outlines are painted after the rest of their stacking context (CSS 2.1 Appendix E, step 10);
engine/model/slide.py collects them per context. `outline-style: auto` draws solid.
"""

from __future__ import annotations

from engine.layout.fragments import BoxFragment
from engine.model.decor.borders import radius_px
from engine.model.geometry import Matrix, geom_for, local_box, placed
from engine.model.paint.fills import line_for
from engine.model.schema.shapes import RectShape


def has_outline(frag: BoxFragment) -> bool:
    style = frag.box.style
    return bool(style["outline-width"] > 0 and style["outline-style"] not in ("none", "hidden"))


def outline_shape(frag: BoxFragment, m: Matrix, alpha: float) -> RectShape | None:
    """The outline of a box as an unfilled rect (None when it draws nothing)."""
    style = frag.box.style
    if style["visibility"] != "visible" or not has_outline(frag):
        return None
    width = float(style["outline-width"])
    kind = "solid" if style["outline-style"] == "auto" else style["outline-style"]
    line = line_for(width, style["outline-color"], kind, alpha)
    if line is None:
        return None
    grow = float(style["outline-offset"]) + width / 2
    w, h = frag.width + 2 * grow, frag.height + 2 * grow
    if w <= 0 or h <= 0:
        return None
    tl, tr, br, bl = (r + grow if r > 0 else 0.0 for r in radius_px(style, frag.width, frag.height))
    box = (-grow, -grow, w, h)
    shape: RectShape = {
        "kind": "rect",
        **geom_for((tl, tr, br, bl), w, h),
        "fill": None,
        "line": line,
        "name": frag.box.describe() + " outline",
        **local_box(box),
    }
    return placed(shape, m, box)
