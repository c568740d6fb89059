"""Text mapping (a block container's line fragments -> text-box shapes whose LibreOffice baselines match the browser's)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from engine.boxes.lists import symbol_marker, symbol_marker_rect
from engine.layout import smallcaps
from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.model import textmetrics as tm
from engine.model.fallback_runs import FALLBACK_KEY, fallback_pieces, split_fallback_runs
from engine.model.geometry import IDENTITY, Matrix, place_rect, translate
from engine.model.lowidth import lo_fit_width, lo_line_delta_px, lo_max_natural
from engine.model.paint import fill_for_color, first_color, gradient_fill, line_for
from engine.model.schema import text_body
from engine.style.types import RGBA, resolve_length
from engine.units import px_to_pt

NO_METRICS = tm.FaceMetrics(
    1000, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, False
)  # text boxes ignore them
ALIGN = {"left": "l", "center": "ctr", "right": "r", "justify": "just", "start": "l", "end": "r"}


def _text_gradient(tf: TextFragment, block_style: Any) -> Any:
    """The gradient painted through the glyphs of transparent text (background-clip: text)."""
    style = tf.box.style
    fill = style["-webkit-text-fill-color"]
    color = fill if isinstance(fill, RGBA) else style["color"]
    if color.a > 0:
        return None
    for candidate in (style, block_style):
        if "text" in (candidate["background-clip"] or ()):
            for layer in candidate["background-image"]:
                if first_color(layer) is not None:
                    return layer
    return None


def _run_color(tf: TextFragment, block_style: Any) -> RGBA:
    """The run's solid colour; gradient text falls back to its gradient's first colour."""
    gradient = _text_gradient(tf, block_style)
    if gradient is not None:
        first = first_color(gradient)
        assert first is not None
        return first
    style = tf.box.style
    fill = style["-webkit-text-fill-color"]
    return fill if isinstance(fill, RGBA) else style["color"]


def run_for(
    tf: TextFragment,
    block_style: Any,
    alpha: float,
    line_size: float | None = None,
    box_size: tuple[float, float] = (100.0, 100.0),
) -> dict[str, Any]:
    """One a:r of the slide model. Gradient text gets a gradient fill (PowerPoint draws it;
    LibreOffice 7.4 draws the `color` kept beside it: the gradient's first colour)."""
    style = tf.box.style
    size = tf.font_size
    run: dict[str, Any] = {"text": tf.text, "font": tf.family, "size": round(px_to_pt(size), 2)}
    if tf.ea_family:
        run["ea_font"] = tf.ea_family
    if int(style["font-weight"]) >= 600:
        run["bold"] = True
    if style["font-style"] in ("italic", "oblique"):
        run["italic"] = True
    if "underline" in tf.decoration:
        run["underline"] = True
    if "line-through" in tf.decoration:
        run["strike"] = True
    color = _run_color(tf, block_style)
    run["color"] = color.hex
    gradient = _text_gradient(tf, block_style)
    if gradient is not None:
        run["fill"] = gradient_fill(gradient, box_size[0], box_size[1], alpha)
    stroke = text_stroke(style, alpha)
    if stroke is not None:
        run["outline"] = stroke
    if stroke is not None and color.a <= 0 and gradient is None:
        run["text_fill"] = "none"  # outlined glyphs only (color / text-fill-color transparent)
    elif color.a * alpha < 1.0:
        run["alpha"] = round(color.a * alpha, 4)
    spacing = float(style["letter-spacing"] or 0.0)
    if spacing:
        run["spacing"] = round(px_to_pt(spacing), 2)
    if tf.shift:
        # LibreOffice draws an escaped run at 58 % of sz: write the sz whose 58 % is the size
        # Chromium draws (font-size: smaller = 5/6), raised by Chromium's shift. That line's
        # LibreOffice baseline then sits 0.2 x (sz - the line's size) higher (~2 px at 19 px).
        run_size = escaped_size(size)
        run["size"] = round(px_to_pt(run_size), 2)
        run["baseline"] = tm.escapement_for(tf.shift, run_size)
    if tf.href:
        run["href"] = tf.href
    pieces = fallback_pieces(tf)
    if pieces is not None:
        run[FALLBACK_KEY] = pieces
    return run


def text_stroke(style: Any, alpha: float) -> dict[str, Any] | None:
    """-webkit-text-stroke as the run's glyph outline (a:ln in a:rPr): width in px, centred on
    the glyph contours as Chromium strokes them; None without a visible stroke."""
    width = float(style["-webkit-text-stroke-width"] or 0.0)
    color = style["-webkit-text-stroke-color"]
    if width <= 0 or not isinstance(color, RGBA) or color.a * alpha <= 0:
        return None
    return {"width": width, "color": color.hex, "alpha": round(color.a * alpha, 4)}


def caps_runs(tf: TextFragment, run: dict[str, Any]) -> list[dict[str, Any]]:
    """`run` as written: a small-caps fragment becomes runs of full-size characters and runs of
    uppercased small capitals at Chromium's synthesised size (engine.layout.smallcaps)."""
    mode = smallcaps.caps_mode(tf.box.style)
    text = run.get("text")
    if mode is None or not isinstance(text, str) or not text:
        return [run]
    size = escaped_size(tf.font_size) if tf.shift else tf.font_size
    small_pt = round(px_to_pt(smallcaps.small_size(size)), 2)
    out: list[dict[str, Any]] = []
    for part, small in smallcaps.drawn_runs(text, mode):
        size_pt = small_pt if small else run["size"]
        if out and out[-1]["size"] == size_pt:
            out[-1]["text"] += part
        else:
            out.append({**run, "text": part, "size": size_pt})
    return out


def escaped_size(size: float) -> float:
    """The sz of a super/subscript run drawn at `size` px by LibreOffice (58 % of its sz)."""
    return size / tm.ESCAPEMENT_SIZE


def _lo_size(lines: list[_Line]) -> float:
    """The size LibreOffice places a one-line box's baseline by: its largest sz, escaped runs
    included (their 1.7x sz lifts the baseline by 0.2 x the difference). In a taller box the
    other lines would move instead: the first line's own size."""
    first = lines[0]
    if len(lines) > 1:
        return first.size
    escaped = [escaped_size(t.font_size) for t in first.seg if t.shift and not t.marker]
    return max(first.size, *escaped) if escaped else first.size


GAP_PX = 1.0  # a horizontal gap (inline margins/padding) wider than this splits the text


def _segments(line: LineFragment) -> list[list[TextFragment]]:
    """Runs of text fragments on a line, split where an atomic inline sits between them or
    where inline margins/padding leave a gap that runs in one text box could not keep."""
    out: list[list[TextFragment]] = [[]]
    for item in sorted(line.items, key=lambda i: i.x):
        if isinstance(item, TextFragment):
            prev = out[-1][-1] if out[-1] else None
            if prev is not None and not prev.marker and item.x - (prev.x + prev.width) > GAP_PX:
                out.append([])
            out[-1].append(item)
        elif isinstance(item, BoxFragment) and out[-1]:
            out.append([])
    return [seg for seg in out if seg and any(t.text.strip() for t in seg)]


@dataclass
class _Line:
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
        return _line_size(self.seg)


def text_shapes(
    frag: BoxFragment, m: Matrix, alpha: float, explicit_breaks: bool = True
) -> list[dict[str, Any]]:
    """Text boxes (and inline-box backgrounds) for the lines of one block container."""
    style = frag.box.style
    if style["visibility"] != "visible":
        return []
    shapes = _inline_backgrounds(frag, m, alpha)
    lines = [line for line in frag.lines if _segments(line)]
    if not lines:
        return shapes
    per_line = [_segments(line) for line in lines]
    if all(len(segs) == 1 for segs in per_line) and not any(t.marker for t in per_line[0][0][1:]):
        items = [
            _Line(frag, line, segs[0], 0.0, 0.0) for line, segs in zip(lines, per_line, strict=True)
        ]
        # Lines shortened beside floats: one text box per run of lines with the same extent.
        start = 0
        for k in range(1, len(items) + 1):
            if k == len(items) or _extent(items[k].line) != _extent(items[start].line):
                shapes.append(_text_box(frag, items[start:k], m, alpha, explicit_breaks))
                start = k
    else:
        for line, segs in zip(lines, per_line, strict=True):
            for seg in segs:
                kind = symbol_marker(seg[0].box.style) if seg[0].marker else None
                if len(seg) == 1 and kind is not None:
                    shapes.append(_symbol_shape(frag, line, seg[0], kind, m, alpha))
                else:
                    shapes.append(_segment_text_box(frag, line, seg, m, alpha))
    return shapes


def _symbol_shape(
    frag: BoxFragment, line: LineFragment, marker: TextFragment, kind: str, m: Matrix, alpha: float
) -> dict[str, Any]:
    """A disc/circle/square marker standing alone as the shape Chromium paints (the layout gave
    its left edge and size; its top is RelativeSymbolMarkerRect's, above the baseline)."""
    _left, top, _size = symbol_marker_rect(round(marker.ascent))
    size = marker.width
    x, y = line.x + marker.x, line.y + line.baseline - top
    color = fill_for_color(_run_color(marker, frag.box.style), alpha)
    shape: dict[str, Any] = {"kind": "rect", "geom": "ellipse", "fill": color, "line": None}
    if kind == "square":
        shape["geom"] = "rect"
    elif kind == "circle" and color is not None:
        shape["fill"] = None
        shape["line"] = {"width": 1.0, "color": color["color"], "alpha": color["alpha"]}
        shape["line"]["dash"] = "solid"  # stroked on the rect's edge, as Chromium strokes it
    shape["name"] = frag.box.describe() + " marker"
    shape.update(place_rect(m, x, y, size, size))
    return shape


def _extent(line: LineFragment) -> tuple[int, int]:
    return round(line.x * 4), round(line.width * 4)


def vertical_text_shapes(
    frag: BoxFragment, m: Matrix, alpha: float, explicit_breaks: bool = True
) -> list[dict[str, Any]]:
    """Text of a vertical writing-mode block: laid out in the logical frame (inline axis down),
    written as one text box with bodyPr vert="eaVert" (CJK upright, Latin turned, lines stacked
    right to left), its box turned into the physical frame."""
    vertical = frag.extra.get("vertical")
    style = frag.box.style
    if vertical is None or style["visibility"] != "visible":
        return []
    items = [
        _Line(frag, line, segs[0], 0.0, 0.0) for line in vertical.lines if (segs := _segments(line))
    ]
    if not items:
        return []
    logical = _text_box(frag, items, IDENTITY, alpha, explicit_breaks)
    lx, ly, lw, lh = logical["x"], logical["y"], logical["w"], logical["h"]
    cx, cy = frag.content_x, frag.content_y
    if vertical.mode in ("vertical-rl", "sideways-rl"):
        px = cx + frag.content_width - (ly + lh)
    else:
        px = cx + ly
    shape = {k: v for k, v in logical.items() if k not in ("x", "y", "w", "h", "rotation", "fit_w")}
    shape["text"]["vertical"] = "eaVert"
    shape.update(place_rect(m, px, cy + lx, lh, lw))
    return [shape]


def simple_list_items(frag: BoxFragment) -> list[BoxFragment] | None:
    """The <li> fragments of a list that can be one text box with one paragraph per item:
    every in-flow child is an undecorated list item holding only one-segment lines."""
    if frag.box.tag not in ("ul", "ol") or not frag.children:
        return None
    items = []
    for child in frag.children:
        style = child.box.style
        if (
            child.box.tag != "li"
            or child.children
            or not child.lines
            or style["position"] != "static"
            or style["transform"]
            or style["opacity"] < 1.0
            or style["visibility"] != "visible"
            or style["background-color"].a > 0
            or any(layer != "none" for layer in style["background-image"])
            or max(child.border) > 0
            or any(style["box-shadow"])
            or any(
                isinstance(i, (BoxFragment, InlineBoxFragment))
                for line in child.lines
                for i in line.items
            )
            or any(len(_segments(line)) > 1 for line in child.lines if _segments(line))
        ):
            return None
        items.append(child)
    return items


def list_text_box(
    frag: BoxFragment,
    items: list[BoxFragment],
    m: Matrix,
    alpha: float,
    explicit_breaks: bool = True,
) -> dict[str, Any] | None:
    """One text box for a whole list: a paragraph per item, native bullets or numbering."""
    lines = [
        _Line(li, line, _segments(line)[0], li.x, li.y)
        for li in items
        for line in li.lines
        if _segments(line)
    ]
    if not lines:
        return None
    return _text_box(frag, lines, m, alpha, explicit_breaks)


def _text_indent(item: _Line) -> float:
    """The used text-indent of a block's first line (0 on later lines)."""
    if item.line is not item.block.lines[0]:
        return 0.0
    value = item.block.box.style["text-indent"]
    return resolve_length(value, item.line.width)


def _line_size(seg: list[TextFragment]) -> float:
    return max(t.font_size for t in seg if not t.marker or len(seg) == 1)


def _paragraph_base(style: Any, align: str) -> dict[str, Any]:
    return {"align": align, "runs": [], "space_before": 0.0, "space_after": 0.0}


AUTONUM = {
    "decimal": "arabicPeriod",
    "decimal-leading-zero": "arabicPeriod",
    "lower-alpha": "alphaLcPeriod",
    "lower-latin": "alphaLcPeriod",
    "upper-alpha": "alphaUcPeriod",
    "upper-latin": "alphaUcPeriod",
    "lower-roman": "romanLcPeriod",
    "upper-roman": "romanUcPeriod",
}


# Bullet characters written for Chromium's disc/circle/square shapes, in a face every renderer
# has (LibreOffice maps Arial to the metric-compatible Liberation Sans): the glyph, its left side
# bearing, height and centre height above the baseline, in em (Liberation Sans).
SYMBOL_GLYPHS = {
    "disc": ("\u2022", 0.040, 0.271, 0.3315),
    "circle": ("\u25e6", 0.056, 0.242, 0.311),
    "square": ("\u25aa", 0.053, 0.248, 0.311),
}
SYMBOL_FONT = "Arial"


def _symbol_bullet(marker: TextFragment, kind: str, text_size: float) -> tuple[float, float]:
    """(bullet size relative to the text, distance from the bullet's origin to the text) that
    put the glyph where Chromium paints its shape: the layout gives the shape's left edge
    (marker.x) and size (marker.width); the glyph's scale splits the difference between
    matching the shape's size and matching its centre height."""
    _char, bearing, height, centre = SYMBOL_GLYPHS[kind]
    size = marker.width
    ascent = round(marker.ascent)
    _left, top, _size = symbol_marker_rect(ascent)
    by_size = size / (height * marker.font_size)
    by_centre = (top - size / 2) / (centre * marker.font_size)
    scale = max(0.25, (3 * by_size + by_centre) / 4)
    glyph_px = scale * marker.font_size
    return scale * marker.font_size / text_size, -marker.x + bearing * glyph_px


def _bullet(marker: TextFragment, block_style: Any, text_size: float) -> dict[str, Any]:
    """A native bullet (buChar) or auto-number (buAutoNum) for a list marker; a ::marker
    font-size other than the text's becomes the bullet's size (buSzPct, of the first run)."""
    li = marker.box
    kind = li.style["list-style-type"]
    color = _run_color(marker, block_style).hex
    symbol = symbol_marker(li.style)
    if symbol is not None and text_size > 0:
        rel, _indent = _symbol_bullet(marker, symbol, text_size)
        out_sym: dict[str, Any] = {
            "char": SYMBOL_GLYPHS[symbol][0],
            "color": color,
            "font": SYMBOL_FONT,
        }
        if abs(rel - 1.0) > 0.01:
            out_sym["size"] = rel
        return out_sym
    custom = isinstance(li.style["content"], tuple) and li.pseudo == "marker"
    out: dict[str, Any]
    if kind in AUTONUM and not custom:
        out = {"autonum": AUTONUM[kind], "start": li.ordinal or 1, "color": color}
    else:
        out = {"char": marker.text.strip() or "\u2022", "color": color, "font": marker.family}
    if text_size > 0 and abs(marker.font_size - text_size) > 0.01:
        out["size"] = marker.font_size / text_size
    return out


def _marker_indent(marker: TextFragment, seg: list[TextFragment]) -> float:
    """How far left of the text a marker's bullet starts (its hanging indent)."""
    symbol = symbol_marker(marker.box.style)
    if symbol is None:
        return marker.width
    text_size = next((t.font_size for t in seg if not t.marker), marker.font_size)
    return _symbol_bullet(marker, symbol, text_size)[1] if text_size > 0 else -marker.x


def _text_box(
    owner: BoxFragment, lines: list[_Line], m: Matrix, alpha: float, explicit_breaks: bool
) -> dict[str, Any]:
    """A text box holding `lines`: a new paragraph where the block changes or the line pitch
    changes; a:br between the lines of one paragraph; space before each paragraph chosen so
    LibreOffice's baselines land on Chromium's (textmetrics: a line's bottom is 0.2 x size
    under its baseline)."""
    paragraphs: list[dict[str, Any]] = []
    ends: list[tuple[int, int, _Line]] = []  # (paragraph, first run, line) per line
    last: _Line | None = None
    marker_width = 0.0
    inside = 0.0  # an inside marker sits in its line: the text starts that far in
    for item in lines:
        block_style = item.block.box.style
        size = item.size
        plain = [t.font_size for t in item.seg if not t.marker and not t.shift]
        runs = [
            run
            for t in item.seg
            if not t.marker
            for run in caps_runs(
                t,
                run_for(
                    t,
                    block_style,
                    alpha,
                    max(plain, default=size),
                    (item.block.width, item.block.height),
                ),
            )
        ]
        if block_style["text-align"] == "justify" and not (
            item.line.last or item.line.forced_break
        ):
            # Chromium stretches no-break spaces like spaces; LibreOffice and PowerPoint do not.
            for run in runs:
                run["text"] = run["text"].replace("\u00a0", " ")
        spacing = tm.line_spacing_for(item.line.height, None, size)  # type: ignore[arg-type]
        same = (
            last is not None
            and last.block is item.block
            and abs(last.line.height - item.line.height) < 0.05
            and abs(last.size - size) < 0.05
            and explicit_breaks
        )
        if same:
            paragraphs[-1]["runs"].append({"break": True})
        else:
            para = _paragraph_base(block_style, ALIGN.get(block_style["text-align"], "l"))
            para["line_spacing"] = spacing
            if last is not None:
                # LibreOffice stacks paragraphs: this line's top = previous line's bottom + space.
                ascent, _height = tm.line_box(NO_METRICS, size, spacing)
                prev_ascent, prev_height = tm.line_box(
                    NO_METRICS, last.size, paragraphs[-1]["line_spacing"]
                )
                lo_top = item.baseline - ascent
                lo_prev_bottom = last.baseline - prev_ascent + prev_height
                para["space_before"] = round(px_to_pt(max(0.0, lo_top - lo_prev_bottom)), 2)
            marker = item.seg[0] if item.seg[0].marker else None
            if marker is not None:
                para["bullet"] = _bullet(
                    marker,
                    block_style,
                    next((t.font_size for t in item.seg if not t.marker), size),
                )
                marker_width = max(marker_width, _marker_indent(marker, item.seg))
                if marker.x >= 0:
                    inside = max(inside, marker.x + marker.width)
            paragraphs.append(para)
        ends.append((len(paragraphs) - 1, len(paragraphs[-1]["runs"]), item))
        paragraphs[-1]["runs"].extend(runs)
        last = item
    # Trailing spaces at line ends are dropped (they hang in the browser).
    for para in paragraphs:
        for i, run in enumerate(para["runs"]):
            nxt = para["runs"][i + 1] if i + 1 < len(para["runs"]) else None
            if "text" in run and (nxt is None or nxt.get("break")):
                run["text"] = run["text"].rstrip(" ")
    spread = _spread_paragraph_ends(paragraphs, ends)
    if marker_width:
        for para in paragraphs:
            para["margin_left"] = marker_width
            if "bullet" in para:
                para["indent"] = -marker_width
    first = lines[0]
    align = paragraphs[0]["align"]
    first_spacing = paragraphs[0]["line_spacing"]
    top = tm.box_top_for_baseline(first.baseline, None, _lo_size(lines), first_spacing)
    left = min(i.ox + i.line.x for i in lines) - marker_width + inside
    width = max(i.line.width for i in lines) + marker_width
    content_right = max(
        i.ox + i.line.x + max((t.x + t.width for t in i.seg), default=0.0) for i in lines
    )
    used = max(width, content_right - left)
    autospace = max(tm.cjk_autospace_px("".join(t.text for t in i.seg), i.size) for i in lines)
    slack = tm.box_width_for_line(used, max(i.size for i in lines)) - used + autospace
    if align == "just":
        # Justified lines stretch to the box: the box is the line width Chromium justified to,
        # wider only where a line's own anti-rewrap slack needs it (then by that much alone).
        slack = max(0.0, _justified_width(lines, left, spread) - used)
    # CSS counts the letter-spacing after a line's last character when aligning it; LibreOffice
    # does not, so centred and right-aligned letter-spaced lines land that much further right.
    # A centred first line is also pushed right by half its text-indent, which a centred
    # paragraph in the box does not get (the indent stays unwritten for centred text).
    trailing = float(first.seg[-1].box.style["letter-spacing"] or 0.0)
    if align == "ctr":
        first_indent = _text_indent(first)
        left -= slack / 2 + trailing / 2 - first_indent / 2
    elif align == "r":
        left -= slack + trailing
    bottom = max(i.top + i.line.height for i in lines)
    if not marker_width and align == "l" and first.seg[0].x > 0.5:
        paragraphs[0]["indent"] = first.seg[0].x
    split_fallback_runs(paragraphs)
    body = text_body(paragraphs)
    shape: dict[str, Any] = {"kind": "text", "text": body, "name": owner.box.describe() + " text"}
    shape.update(place_rect(m, left, top, used + slack, max(bottom - top, 1.0)))
    if align in ("l", "ctr", "r") and m.is_translation:
        shape["fit_w"] = (shape["w"] - slack, align)  # it may shrink to this at the slide edge
    return shape


def _spread_paragraph_ends(
    paragraphs: list[dict[str, Any]], ends: list[tuple[int, int, _Line]]
) -> dict[int, float]:
    """A line Chromium justified that ends a PPTX paragraph (which starts where the line pitch
    changes) would be left-aligned there: its spaces get the justification as spacing, as much
    as keeps the line within Chromium's width as LibreOffice draws it (lo_fit_width).
    Returns {id of a spread line: its natural width including the added spacing}."""
    spread: dict[int, float] = {}
    last_of: dict[int, tuple[int, _Line]] = {}
    for para, start, item in ends:
        last_of[para] = (start, item)
    for para, (start, item) in last_of.items():
        line = item.line
        style = item.block.box.style
        free = line.width - line.content_width
        if style["text-align"] != "justify" or line.last or line.forced_break or free <= 0.01:
            continue
        runs = paragraphs[para]["runs"]
        count = sum(r["text"].count(" ") for r in runs[start:] if "text" in r)
        if not count:
            continue
        delta = lo_line_delta_px(item.seg)
        if delta is not None:  # the spread line then ends at (or just short of) Chromium's
            free = max(0.0, min(free, lo_max_natural(line.width, delta) - line.content_width))
        runs[start:] = _spaced_runs(runs[start:], px_to_pt(free / count))
        spread[id(item)] = line.content_width + free
    return spread


def _spaced_runs(runs: list[dict[str, Any]], extra_pt: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for run in runs:
        text = run.get("text")
        if not text or " " not in text:
            out.append(run)
            continue
        for piece in re.split("( +)", text):
            if not piece:
                continue
            part = dict(run, text=piece)
            if piece.startswith(" "):
                part["spacing"] = round(run.get("spacing", 0.0) + extra_pt, 2)
            out.append(part)
    return out


def _justified_width(lines: list[_Line], left: float, spread: dict[int, float]) -> float:
    """The narrowest box width that keeps every line of a justified paragraph on one line in
    LibreOffice: each line's natural (unjustified; spread lines: full) width as LibreOffice
    draws it (lo_fit_width), or plus the generic slack where that cannot be modelled."""
    need = 0.0
    for i in lines:
        natural = i.line.content_width if i.line.content_width > 0 else i.line.width
        natural = spread.get(id(i), natural)
        text = "".join(t.text for t in i.seg)
        fit = lo_fit_width(natural, i.seg)
        if fit is None:
            fit = tm.box_width_for_line(natural, i.size)
        width = fit + tm.cjk_autospace_px(text, i.size)
        need = max(need, i.ox + i.line.x - left + width)
    return need


def _segment_text_box(
    frag: BoxFragment, line: LineFragment, seg: list[TextFragment], m: Matrix, alpha: float
) -> dict[str, Any]:
    """One piece of a line split by an inline background or an atomic inline. A list marker
    leading the piece stays a native bullet (as in a whole list's text box), hanging left of
    the text by the marker's indent, so the text starts where Chromium puts it."""
    style = frag.box.style
    size = _line_size(seg)
    spacing = tm.line_spacing_for(line.height, None, size)  # type: ignore[arg-type]
    text_seg = [t for t in seg if not t.marker]
    marker = seg[0] if seg[0].marker and text_seg else None
    para = _paragraph_base(style, "l")
    hang = 0.0
    if marker is not None:
        para["bullet"] = _bullet(marker, style, text_seg[0].font_size)
        hang = _marker_indent(marker, seg)
        para["margin_left"], para["indent"] = hang, -hang
        seg = text_seg
    runs = [run for t in seg if t.text for run in caps_runs(t, run_for(t, style, alpha))]
    if runs:
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
    para["line_spacing"] = spacing
    para["runs"] = runs
    x0 = line.x + seg[0].x - hang
    width = seg[-1].x + seg[-1].width - seg[0].x + hang
    baseline = line.y + line.baseline
    top = tm.box_top_for_baseline(baseline, None, size, spacing)  # type: ignore[arg-type]
    split_fallback_runs([para])
    body = text_body([para], wrap=False)
    shape: dict[str, Any] = {"kind": "text", "text": body, "name": frag.box.describe() + " text"}
    width = tm.box_width_for_line(width, size) + tm.cjk_autospace_px(
        "".join(t.text for t in seg), size
    )
    shape.update(place_rect(m, x0, top, width, max(line.height, 1.0)))
    return shape


def _inline_backgrounds(frag: BoxFragment, m: Matrix, alpha: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
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
            shape: dict[str, Any] = {
                "kind": "rect",
                "geom": "roundRect" if radius > 0.5 else "rect",
                "fill": fill,
                "line": uniform_line,
                "name": item.box.describe(),
            }
            if radius > 0.5:
                shape["radius"] = radius
            shape.update(place_rect(m, line.x + item.x, line.y + item.y, item.width, item.height))
            out.append(shape)
            out.extend(sides or ())
    return out


def _inline_fill(item: InlineBoxFragment, alpha: float) -> dict[str, Any] | None:
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


def _inline_side_borders(item: InlineBoxFragment, m: Matrix, alpha: float) -> list[dict[str, Any]]:
    """Borders of an inline box whose sides differ (`border-bottom-width: 3px` keys, underlined
    links): drawn per side, or as one ring on a rounded box, as for block boxes."""
    from engine.model.decor import side_borders

    return side_borders(item, m.multiply(translate(item.x, item.y)), alpha)
