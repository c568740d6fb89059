"""Text decoration lines PPTX runs cannot express (engine.model.text.decoration.drawn_lines) -> thin
rectangles at Chromium's positions over the text of a block's lines."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment, LineFragment, TextFragment
from engine.model.geometry import Matrix, place_rect
from engine.model.paint.fills import fill_for_color
from engine.model.schema.shapes import RectShape, Shape
from engine.model.text.decoration import decoration_rect, drawn_lines
from engine.model.text.runs import run_color
from engine.style.types import RGBA


def line_decorations(
    tf: TextFragment, line: LineFragment, block_style: Any, m: Matrix, alpha: float
) -> tuple[list[Shape], list[Shape]]:
    """(underline and overline shapes painted under the text, line-through shapes over it) for
    one text fragment on a line whose origin is (line.x, line.y) under m."""
    under: list[Shape] = []
    over: list[Shape] = []
    if not tf.decoration or not tf.text.strip() or tf.box.style["visibility"] != "visible":
        return under, over
    color = run_color(tf, block_style)
    baseline = line.y + tf.baseline - tf.shift
    for name in sorted(drawn_lines(tf, color)):
        top, height, style = decoration_rect(tf, name, baseline)
        paint = style["text-decoration-color"]
        fill = fill_for_color(paint if isinstance(paint, RGBA) else color, alpha)
        if fill is None:
            continue
        shape: RectShape = {
            "kind": "rect",
            "geom": "rect",
            "fill": fill,
            "line": None,
            "name": f"{tf.box.describe()} {name}",
            **place_rect(m, line.x + tf.x, top, tf.width, height),
        }
        (over if name == "line-through" else under).append(shape)
    return under, over


def block_decorations(
    frag: BoxFragment, m: Matrix, alpha: float
) -> tuple[list[Shape], list[Shape]]:
    """line_decorations for every text fragment of a block container's lines."""
    under: list[Shape] = []
    over: list[Shape] = []
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, TextFragment) and not item.marker:
                u, o = line_decorations(item, line, frag.box.style, m, alpha)
                under.extend(u)
                over.extend(o)
    return under, over
