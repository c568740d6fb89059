"""Inline boxes on lines -> the background and side-border shapes painted behind their text."""

from __future__ import annotations

from engine.layout.fragments import BoxFragment, InlineBoxFragment
from engine.model.geometry import Matrix, place_rect, translate
from engine.model.paint.fills import fill_for_color, gradient_fill, line_for
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import RectShape, Shape


def inline_backgrounds(frag: BoxFragment, m: Matrix, alpha: float) -> list[Shape]:
    out: list[Shape] = []
    for line in frag.lines:
        for item in line.items:
            if not isinstance(item, InlineBoxFragment):
                continue
            style = item.box.style
            fill = _inline_fill(item, alpha)
            b = item.border
            uniform_line = None
            if b.top and b.top == b.bottom == b.left == b.right:
                uniform_line = line_for(
                    b.top, style["border-top-color"], style["border-top-style"], alpha
                )
            sides = None
            if uniform_line is None and (b.top or b.right or b.bottom or b.left):
                sides = _inline_side_borders(item, m.multiply(translate(line.x, line.y)), alpha)
            if fill is None and uniform_line is None:
                out.extend(sides or ())
                continue
            rx = style["border-top-left-radius"]
            radius = rx[0] if isinstance(rx, tuple) else rx
            radius = float(radius) if isinstance(radius, (int, float)) else 0.0
            shape: RectShape = {
                "kind": "rect",
                "geom": "roundRect" if radius > 0.5 else "rect",
                "fill": fill,
                "line": uniform_line,
                "name": item.box.describe(),
                **place_rect(m, line.x + item.x, line.y + item.y, item.width, item.height),
            }
            if radius > 0.5:
                shape["radius"] = radius
            out.append(shape)
            out.extend(sides or ())
    return out


def _inline_fill(item: InlineBoxFragment, alpha: float) -> Fill | None:
    """An inline box's background: its colour, or over a transparent colour one linear-gradient
    layer (highlighter marks: `linear-gradient(transparent 55%, #ffe2a8 55%)`)."""
    style = item.box.style
    fill = fill_for_color(style["background-color"], alpha)
    layers = [layer for layer in style["background-image"] or () if layer != "none"]
    clip_text = "text" in (style["background-clip"] or ())  # painted through the glyphs only
    if (
        fill is None
        and not clip_text
        and len(layers) == 1
        and type(layers[0]).__name__ == "LinearGradient"
    ):
        return gradient_fill(layers[0], item.width, item.height, alpha)
    return fill


def _inline_side_borders(item: InlineBoxFragment, m: Matrix, alpha: float) -> list[Shape]:
    """Borders of an inline box whose sides differ (`border-bottom-width: 3px` keys, underlined
    links): drawn per side, or as one ring on a rounded box, as for block boxes."""
    from engine.model.decor.borders import side_borders

    return side_borders(item, m.multiply(translate(item.x, item.y)), alpha)
