"""Text mapping (a block container's line fragments -> text-box shapes whose LibreOffice baselines match the browser's)."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.model import textmetrics as tm
from engine.model.geometry import Matrix, place_rect
from engine.model.paint import fill_for_color, first_color, line_for
from engine.style.types import RGBA
from engine.units import px_to_pt

ALIGN = {"left": "l", "center": "ctr", "right": "r", "justify": "just", "start": "l", "end": "r"}


def _run_color(tf: TextFragment, block_style: Any) -> RGBA:
    style = tf.box.style
    fill = style["-webkit-text-fill-color"]
    color = fill if isinstance(fill, RGBA) else style["color"]
    if color.a == 0:
        # Gradient text (background-clip: text): use the gradient's first colour.
        for candidate in (style, block_style):
            if "text" in (candidate["background-clip"] or ()):
                for layer in candidate["background-image"]:
                    first = first_color(layer)
                    if first is not None:
                        return first
    return color


def run_for(tf: TextFragment, block_style: Any, alpha: float) -> dict[str, Any]:
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
    if color.a * alpha < 1.0:
        run["alpha"] = round(color.a * alpha, 4)
    spacing = float(style["letter-spacing"] or 0.0)
    if spacing:
        run["spacing"] = round(px_to_pt(spacing), 2)
    if tf.shift:
        # LibreOffice draws an escaped run at 58 % of sz: scale sz so the glyphs keep their size.
        run_size = size / tm.ESCAPEMENT_SIZE
        run["size"] = round(px_to_pt(run_size), 2)
        run["baseline"] = tm.escapement_for(tf.shift, run_size)
    if tf.href:
        run["href"] = tf.href
    return run


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


def text_shapes(frag: BoxFragment, m: Matrix, alpha: float, explicit_breaks: bool = True) -> list[dict[str, Any]]:
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
        shapes.append(_block_text_box(frag, lines, [segs[0] for segs in per_line], m, alpha, explicit_breaks))
    else:
        for line, segs in zip(lines, per_line, strict=True):
            for seg in segs:
                shapes.append(_segment_text_box(frag, line, seg, m, alpha))
    return shapes


def _line_size(seg: list[TextFragment]) -> float:
    return max(t.font_size for t in seg if not t.marker or len(seg) == 1)


def _paragraph_base(style: Any, align: str) -> dict[str, Any]:
    return {"align": align, "runs": [], "space_before": 0.0, "space_after": 0.0}


def _block_text_box(
    frag: BoxFragment,
    lines: list[LineFragment],
    segs: list[list[TextFragment]],
    m: Matrix,
    alpha: float,
    explicit_breaks: bool,
) -> dict[str, Any]:
    style = frag.box.style
    align = ALIGN.get(style["text-align"], "l")
    pitches = [line.height for line in lines]
    sizes = [_line_size(seg) for seg in segs]
    same_pitch = max(pitches) - min(pitches) < 0.05 and max(sizes) - min(sizes) < 0.05
    paragraphs: list[dict[str, Any]] = []
    bullet_indent = 0.0
    first_seg = segs[0]
    marker = first_seg[0] if first_seg[0].marker else None
    for i, (line, seg) in enumerate(zip(lines, segs, strict=True)):
        runs = [run_for(t, style, alpha) for t in seg if not t.marker]
        if i == len(lines) - 1 or not explicit_breaks or line.forced_break:
            pass
        if runs:
            runs[-1]["text"] = runs[-1]["text"].rstrip(" ") if i < len(lines) - 1 else runs[-1]["text"]
        new_paragraph = i == 0 or not same_pitch
        if not new_paragraph and explicit_breaks:
            paragraphs[-1]["runs"].append({"break": True})
        if new_paragraph:
            para = _paragraph_base(style, align)
            para["line_spacing"] = tm.line_spacing_for(line.height, None, sizes[i])  # type: ignore[arg-type]
            paragraphs.append(para)
        elif not explicit_breaks and paragraphs[-1]["runs"]:
            paragraphs[-1]["runs"][-1]["text"] += " "
        paragraphs[-1]["runs"].extend(runs)
    if marker is not None:
        bullet_indent = marker.width
        para = paragraphs[0]
        para["bullet"] = {"char": marker.text.strip() or "\u2022", "color": _run_color(marker, style).hex}
        para["margin_left"] = bullet_indent
        para["indent"] = -bullet_indent
        for p in paragraphs[1:]:
            p["margin_left"] = bullet_indent
    # Geometry: the box spans the line boxes; its top puts LibreOffice's first baseline on Chromium's.
    first = lines[0]
    baseline = first.y + first.baseline
    top = tm.box_top_for_baseline(baseline, None, sizes[0], paragraphs[0]["line_spacing"])  # type: ignore[arg-type]
    left = min(line.x for line in lines) - bullet_indent
    width = max(line.width for line in lines) + bullet_indent
    content_right = max(line.x + max((t.x + t.width for t in seg), default=0.0) for line, seg in zip(lines, segs, strict=True))
    used = max(width, content_right - left)
    autospace = max(tm.cjk_autospace_px("".join(t.text for t in seg), size) for seg, size in zip(segs, sizes, strict=True))
    slack = tm.box_width_for_line(used, max(sizes)) - used + autospace
    if align == "ctr":
        left -= slack / 2
    elif align == "r":
        left -= slack
    width = used + slack
    bottom = lines[-1].y + lines[-1].height
    height = max(bottom - top, 1.0)
    indent_px = segs[0][0].x if not marker and align == "l" and segs[0][0].x > 0.5 else 0.0
    if indent_px:
        paragraphs[0]["indent"] = indent_px
    body = {"wrap": True, "anchor": "t", "insets": [0, 0, 0, 0], "vertical": None, "paragraphs": paragraphs}
    shape = {"kind": "text", "text": body, "name": frag.box.describe() + " text"}
    shape.update(place_rect(m, left, top, width, height))
    return shape


def _segment_text_box(frag: BoxFragment, line: LineFragment, seg: list[TextFragment], m: Matrix, alpha: float) -> dict[str, Any]:
    style = frag.box.style
    size = _line_size(seg)
    spacing = tm.line_spacing_for(line.height, None, size)  # type: ignore[arg-type]
    runs = [run_for(t, style, alpha) for t in seg if t.text]
    if runs:
        runs[-1]["text"] = runs[-1]["text"].rstrip(" ")
    para = _paragraph_base(style, "l")
    para["line_spacing"] = spacing
    para["runs"] = runs
    x0 = line.x + seg[0].x
    width = seg[-1].x + seg[-1].width - seg[0].x
    baseline = line.y + line.baseline
    top = tm.box_top_for_baseline(baseline, None, size, spacing)  # type: ignore[arg-type]
    body = {"wrap": False, "anchor": "t", "insets": [0, 0, 0, 0], "vertical": None, "paragraphs": [para]}
    shape = {"kind": "text", "text": body, "name": frag.box.describe() + " text"}
    width = tm.box_width_for_line(width, size) + tm.cjk_autospace_px("".join(t.text for t in seg), size)
    shape.update(place_rect(m, x0, top, width, max(line.height, 1.0)))
    return shape


def _inline_backgrounds(frag: BoxFragment, m: Matrix, alpha: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for line in frag.lines:
        for item in line.items:
            if not isinstance(item, InlineBoxFragment):
                continue
            style = item.box.style
            fill = fill_for_color(style["background-color"], alpha)
            b = item.border
            uniform_line = None
            if b.top and b.top == b.bottom == b.left == b.right:
                uniform_line = line_for(b.top, style["border-top-color"], style["border-top-style"], alpha)
            if fill is None and uniform_line is None:
                continue
            rx = style["border-top-left-radius"]
            radius = rx[0] if isinstance(rx, tuple) else rx
            radius = float(radius) if isinstance(radius, (int, float)) else 0.0
            shape = {
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
    return out
