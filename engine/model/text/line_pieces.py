"""Text written piece by piece (a line's pieces around an atomic inline -> one-line text boxes,
a list marker painted as the shape Chromium draws), and the paragraph basics the text boxes share."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.boxes.lists import symbol_marker_rect
from engine.layout.fragments import BoxFragment, LineFragment, TextFragment
from engine.model.geometry import Matrix, place_rect
from engine.model.paint.fills import fill_for_color
from engine.model.schema import text_body
from engine.model.schema.shapes import RectShape, TextShape
from engine.model.schema.text import Align, Paragraph, Run
from engine.model.text import metrics as tm
from engine.model.text.bullets import marker_indent, paragraph_marker
from engine.model.text.fallback_runs import Fallbacks, split_fallback_runs
from engine.model.text.runs import caps_runs, run_color, run_for


def line_size(seg: list[TextFragment]) -> float:
    return max(t.font_size for t in seg if not t.marker or len(seg) == 1)


@dataclass
class MappedLine:
    """One laid-out line that goes into a text box, with its block container's offset."""

    block: BoxFragment
    line: LineFragment
    seg: list[TextFragment]
    ox: float
    oy: float

    @property
    def top(self) -> float:
        return self.oy + self.line.y

    @property
    def baseline(self) -> float:
        return self.oy + self.line.y + self.line.baseline

    @property
    def size(self) -> float:
        return line_size(self.seg)


def paragraph_base(style: Any, align: Align) -> Paragraph:
    para: Paragraph = {"align": align, "runs": [], "space_before": 0.0, "space_after": 0.0}
    if style["direction"] == "rtl":
        para["rtl"] = True  # the bidi paragraph level: runs are ordered right to left
    return para


def symbol_shape(
    frag: BoxFragment, line: LineFragment, marker: TextFragment, kind: str, m: Matrix, alpha: float
) -> RectShape:
    """A disc/circle/square marker standing alone as the shape Chromium paints (the layout gave
    its left edge and size; its top is RelativeSymbolMarkerRect's, above the baseline)."""
    _left, top, _size = symbol_marker_rect(round(marker.ascent))
    size = marker.width
    x, y = line.x + marker.x, line.y + line.baseline - top
    color = fill_for_color(run_color(marker, frag.box.style), alpha)
    shape: RectShape = {
        "kind": "rect",
        "geom": "ellipse",
        "fill": color,
        "line": None,
        "name": frag.box.describe() + " marker",
        **place_rect(m, x, y, size, size),
    }
    if kind == "square":
        shape["geom"] = "rect"
    elif kind == "circle" and color is not None:
        shape["fill"] = None
        # stroked on the rect's edge, as Chromium strokes it
        shape["line"] = {
            "width": 1.0,
            "color": color["color"],
            "alpha": color["alpha"],
            "dash": "solid",
        }
    return shape


def segment_text_box(
    frag: BoxFragment, line: LineFragment, seg: list[TextFragment], m: Matrix, alpha: float
) -> TextShape:
    """One piece of a line split by an inline background or an atomic inline. A list marker
    leading the piece stays a native bullet (as in a whole list's text box), hanging left of
    the text by the marker's indent, so the text starts where Chromium puts it."""
    style = frag.box.style
    size = line_size(seg)
    spacing = tm.line_spacing_for(line.height, None, size)
    text_seg = [t for t in seg if not t.marker]
    marker = seg[0] if seg[0].marker and text_seg else None
    para = paragraph_base(style, "l")
    hang, lead = 0.0, list[Run]()
    fallbacks = Fallbacks()
    if marker is not None:
        bullet, lead = paragraph_marker(marker, style, text_seg[0].font_size, alpha, fallbacks)
        if bullet is not None:
            para["bullet"] = bullet
        hang = marker_indent(marker, seg)
        para["margin_left"], para["indent"] = hang, -hang
        seg = text_seg
    runs = [
        run
        for t in seg
        if t.text
        for run in caps_runs(t, run_for(t, style, alpha, fallbacks), fallbacks)
    ]
    runs = lead + runs
    if runs:
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
    para["line_spacing"] = spacing
    para["runs"] = runs
    x0 = line.x + seg[0].x - hang
    width = seg[-1].x + seg[-1].width - seg[0].x + hang
    baseline = line.y + line.baseline
    top = tm.box_top_for_baseline(baseline, None, size, spacing)
    split_fallback_runs([para], fallbacks)
    body = text_body([para], wrap=False)
    width = tm.box_width_for_line(width, size) + tm.cjk_autospace_px(
        "".join(t.text for t in seg), size
    )
    return {
        "kind": "text",
        "text": body,
        "name": frag.box.describe() + " text",
        **place_rect(m, x0, top, width, max(line.height, 1.0)),
    }
