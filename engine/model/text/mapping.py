"""Text mapping (a block container's line fragments -> text-box shapes whose LibreOffice baselines match the browser's)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from engine.boxes.lists import symbol_marker
from engine.layout.fragments import BoxFragment, InlineBoxFragment, LineFragment, TextFragment
from engine.model.clip.clipping import EdgeFit, Painted
from engine.model.geometry import IDENTITY, Matrix, place_rect
from engine.model.schema import text_body
from engine.model.schema.shapes import Shape, TextShape
from engine.model.schema.text import Align, Paragraph, Run
from engine.model.text import metrics as tm
from engine.model.text.bullets import marker_indent, paragraph_marker
from engine.model.text.decoration_lines import block_decorations
from engine.model.text.fallback_runs import Fallbacks, split_fallback_runs
from engine.model.text.inline_paint import inline_backgrounds
from engine.model.text.justify import justified_width, spread_paragraph_ends
from engine.model.text.line_pieces import (
    MappedLine,
    paragraph_base,
    segment_text_box,
    symbol_shape,
)
from engine.model.text.runs import caps_runs, escaped_size, run_for, spaced_tail
from engine.model.text.softwrap import (
    LineBreaks,
    WrapLine,
    joint,
    keep_punctuation_in,
    soft_text,
    wrap_bounds,
)
from engine.style.types import resolve_length
from engine.units import px_to_pt

NO_METRICS = tm.FaceMetrics(
    1000, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, False
)  # text boxes ignore them
ALIGN: dict[str, Align] = {
    "left": "l",
    "center": "ctr",
    "right": "r",
    "justify": "just",
    "start": "l",
    "end": "r",
}


def _lo_size(lines: list[MappedLine]) -> float:
    """The size LibreOffice places a one-line box's baseline by: its largest sz, escaped runs
    included (their 1.7x sz lifts the baseline by 0.2 x the difference). In a taller box the
    other lines would move instead: the first line's own size."""
    first = lines[0]
    if len(lines) > 1:
        return first.size
    escaped = [escaped_size(t.font_size) for t in first.seg if t.shift and not t.marker]
    return max(first.size, *escaped) if escaped else first.size


GAP_PX = 1.0  # a horizontal gap (inline margins/padding) wider than this splits the text


def _segments(
    line: LineFragment, keep_gaps: bool = False, size: float = float("inf")
) -> list[list[TextFragment]]:
    """Runs of text fragments on a line, split where an atomic inline sits between them or
    where inline margins/padding leave a gap (unless `keep_gaps`: the runs then carry the
    gap as spacing, see _line_runs; not next to text larger than `size`, the
    block's font size, which would set LibreOffice's line box where Chromium's did not: a
    big quotation mark with line-height 0; nor where the gap lies between CJK and other text,
    which LibreOffice would pad with its autospace: "13.9" and "亿元")."""
    out: list[list[TextFragment]] = [[]]
    for item in sorted(line.items, key=lambda i: i.x):
        if isinstance(item, TextFragment):
            prev = out[-1][-1] if out[-1] else None
            gap = item.x - (prev.x + prev.width) if prev is not None else 0.0
            keep = keep_gaps and prev is not None and _joinable(prev, item, size)
            if prev is not None and not prev.marker and gap > GAP_PX and not keep:
                out.append([])
            out[-1].append(item)
        elif isinstance(item, BoxFragment) and out[-1]:
            out.append([])
    return [seg for seg in out if seg and any(t.text.strip().strip("\u200b") for t in seg)]


def _joinable(prev: TextFragment, item: TextFragment, size: float) -> bool:
    """Whether two pieces a gap separates can run on in one paragraph (see _segments)."""
    if max(item.font_size, prev.font_size) > size:
        return False
    edge = prev.text.rstrip()[-1:] + item.text.lstrip()[:1]
    return tm.cjk_autospace_count(edge) == 0


def _starts_with_atomic(line: LineFragment) -> bool:
    """Whether an inline-block or image stands before the line's text (a wrapped line that
    starts with one cannot run on in a paragraph: a line's start cannot be indented)."""
    texts = [i.x for i in line.items if isinstance(i, TextFragment) and not i.marker]
    start = min(texts, default=0.0)
    return any(isinstance(i, BoxFragment) and i.width > 0.5 and i.x < start for i in line.items)


def has_atomic(line: LineFragment) -> bool:
    """Whether an inline-block or replaced box with a width sits on the line."""
    return any(isinstance(i, BoxFragment) and i.width > 0.5 for i in line.items)


def centred_or_right(style: Any) -> bool:
    """Centred or right-aligned text: Chromium aligns a line's text together with the atomic
    inlines on it, which a paragraph aligned in a text box (holding the text alone) would not."""
    return ALIGN.get(style["text-align"], "l") in ("ctr", "r")


def text_shapes(
    frag: BoxFragment,
    m: Matrix,
    alpha: float,
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> list[Painted[Shape]]:
    """Text boxes (and inline-box backgrounds) for the lines of one block container."""
    style = frag.box.style
    if style["visibility"] != "visible":
        return []
    shapes: list[Painted[Shape]] = [Painted(s) for s in inline_backgrounds(frag, m, alpha)]
    under, over = block_decorations(frag, m, alpha)
    shapes.extend(Painted(s) for s in under)
    after = [Painted(s) for s in over]
    lines = [line for line in frag.lines if _segments(line)]
    if not lines:
        return shapes + after
    soft = line_breaks == "soft"
    size = float(style["font-size"]) + 0.5
    per_line = [_segments(line, soft, size) for line in lines]
    if (
        all(len(segs) == 1 for segs in per_line)
        and not (soft and any(_starts_with_atomic(line) for line in lines[1:]))
        and not any(t.marker for t in per_line[0][0][1:])
        and not (centred_or_right(style) and any(has_atomic(line) for line in lines))
    ):
        items = [
            MappedLine(frag, line, segs[0], 0.0, 0.0)
            for line, segs in zip(lines, per_line, strict=True)
        ]
        # Lines shortened beside floats: one text box per run of lines with the same extent.
        start = 0
        for k in range(1, len(items) + 1):
            if k == len(items) or _extent(items[k].line) != _extent(items[start].line):
                shapes.append(_text_box(frag, items[start:k], m, alpha, line_breaks, lo_widths))
                start = k
    else:
        # piece by piece: the pieces as they stand on the line, gaps and atomics between them
        for line in lines:
            for seg in _segments(line):
                kind = symbol_marker(seg[0].box.style) if seg[0].marker else None
                if len(seg) == 1 and kind is not None:
                    shapes.append(Painted(symbol_shape(frag, line, seg[0], kind, m, alpha)))
                else:
                    shapes.append(Painted(segment_text_box(frag, line, seg, m, alpha)))
    return shapes + after


def _extent(line: LineFragment) -> tuple[int, int]:
    return round(line.x * 4), round(line.width * 4)


def vertical_text_shapes(
    frag: BoxFragment,
    m: Matrix,
    alpha: float,
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> list[Shape]:
    """Text of a vertical writing-mode block: laid out in the logical frame (inline axis down),
    written as one text box with bodyPr vert="eaVert" (CJK upright, Latin turned, lines stacked
    right to left), its box turned into the physical frame."""
    vertical = frag.extra.get("vertical")
    style = frag.box.style
    if vertical is None or style["visibility"] != "visible":
        return []
    items = [
        MappedLine(frag, line, segs[0], 0.0, 0.0)
        for line in vertical.lines
        if (segs := _segments(line))
    ]
    if not items:
        return []
    logical = _text_box(frag, items, IDENTITY, alpha, line_breaks, lo_widths).shape
    lx, ly, lw, lh = logical["x"], logical["y"], logical["w"], logical["h"]
    cx, cy = frag.content_x, frag.content_y
    if vertical.mode in ("vertical-rl", "sideways-rl"):
        px = cx + frag.content_width - (ly + lh)
    else:
        px = cx + ly
    py = cy + lx
    body = logical["text"]
    if vertical.mode == "sideways-lr":
        # every glyph turned anticlockwise: the lines run up the page from its bottom
        body["vertical"] = "vert270"
        py = cy + vertical.inline_size - (lx + lw)
    elif vertical.mode == "sideways-rl":
        body["vertical"] = "vert"  # every glyph turned clockwise, CJK too
    else:
        body["vertical"] = "eaVert"
    shape: TextShape = {
        "kind": "text",
        "text": body,
        "name": logical["name"],
        **place_rect(m, px, py, lh, lw),
    }
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
    line_breaks: LineBreaks = "soft",
    lo_widths: bool = False,
) -> Painted[TextShape] | None:
    """One text box for a whole list: a paragraph per item, native bullets or numbering."""
    lines = [
        MappedLine(li, line, _segments(line)[0], li.x, li.y)
        for li in items
        for line in li.lines
        if _segments(line)
    ]
    if not lines:
        return None
    return _text_box(frag, lines, m, alpha, line_breaks, lo_widths)


def _text_indent(item: MappedLine) -> float:
    """The used text-indent of a block's first line (0 on later lines); a vertical block keeps
    its lines in `extra["vertical"]`."""
    vertical = item.block.extra.get("vertical")
    lines = vertical.lines if vertical is not None and not item.block.lines else item.block.lines
    if not lines or item.line is not lines[0]:
        return 0.0
    value = item.block.box.style["text-indent"]
    return resolve_length(value, item.line.width)


def _skipped_lines(last: MappedLine | None, item: MappedLine) -> int:
    """How many empty lines of `last`'s pitch lie between it and `item` (0 when adjacent),
    -1 when the gap between them is not a whole number of such lines."""
    assert last is not None
    pitch = last.line.height
    gap = item.top - (last.top + pitch)
    if abs(gap) < 0.05:
        return 0
    count = round(gap / pitch) if pitch > 0 else 0
    return count if count >= 1 and abs(gap - count * pitch) < 0.05 else -1


@dataclass
class _Paragraphs:
    """A text box's paragraphs as built from its lines, with what the geometry needs."""

    paragraphs: list[Paragraph]
    fallbacks: Fallbacks  # the runs' fallback pieces (split_fallback_runs)
    listed: set[int]  # indices of the paragraphs a list marker starts (a bullet or a run)
    ends: list[tuple[int, int, MappedLine]]  # (paragraph, first run, line) per line
    soft: set[int]  # indices of lines the next line continues in the same paragraph
    marker_width: float
    inside: float  # an inside marker sits in its line: the text starts that far in


def _line_runs(item: MappedLine, alpha: float, soft: bool, fallbacks: Fallbacks) -> list[Run]:
    block_style = item.block.box.style
    size = item.size
    plain = [t.font_size for t in item.seg if not t.marker and not t.shift]
    texts = [t for t in item.seg if not t.marker]
    runs: list[Run] = []
    for k, t in enumerate(texts):
        box_size = (item.block.width, item.block.height)
        run = run_for(t, block_style, alpha, fallbacks, max(plain, default=size), box_size)
        part = caps_runs(t, run, fallbacks)
        gap = texts[k + 1].x - (t.x + t.width) if k + 1 < len(texts) else 0.0
        if soft and k + 1 == len(texts):
            gap = _trailing_gap(item.line, t)
        if gap > GAP_PX and part:
            # inline padding, borders or margins between two runs (a code pill), or what ends a
            # line after its text (an inline-block, a pill's right padding): the gap as spacing
            # after the last character before it, so the text stays one paragraph and the
            # line as long as Chromium's
            part[-1:] = spaced_tail(part[-1], px_to_pt(gap), fallbacks)
        runs.extend(part)
    justified = block_style["text-align"] == "justify"
    if justified and not (soft or item.line.last or item.line.forced_break):
        # Chromium stretches no-break spaces like spaces; LibreOffice and PowerPoint do not.
        # (Text that wraps in its box keeps them: they are the author's, and no renderer may
        # break there.)
        for run in runs:
            run["text"] = run["text"].replace("\u00a0", " ")
    return runs


def _trailing_gap(line: LineFragment, last: TextFragment) -> float:
    """How far an inline-block or an inline box's end reaches past the line's last text
    (0 when nothing does, or the line runs right to left)."""
    if last.box.style["direction"] == "rtl":
        return 0.0
    end = last.x + last.width
    reach = end
    for i in line.items:
        if isinstance(i, BoxFragment) and i.x >= end - 0.5:
            reach = max(reach, i.x + i.width + i.margin.right)
        elif isinstance(i, InlineBoxFragment) and i.x + i.width > end + 0.5:
            reach = max(reach, i.x + i.width)
    return reach - end


def _continues(last: MappedLine | None, item: MappedLine, soft: bool) -> bool:
    """Whether `item` goes on `last`'s paragraph after a soft wrap (no a:br): soft line breaks,
    the same block, and no <br> or preserved newline between them."""
    return soft and last is not None and last.block is item.block and not last.line.forced_break


def _br_follows(last: MappedLine | None, item: MappedLine, soft: bool) -> bool:
    """Whether `item` follows `last` after an a:br in one paragraph: the same block and line
    pitch; with soft line breaks only where the HTML breaks the line, and not in justified
    text (a line ending in a:br would be stretched there, Chromium leaves it alone)."""
    if last is None or last.block is not item.block:
        return False
    if abs(last.line.height - item.line.height) >= 0.05 or abs(last.size - item.size) >= 0.05:
        return False
    if soft:
        return last.line.forced_break and item.block.box.style["text-align"] != "justify"
    return True


def _build_paragraphs(lines: list[MappedLine], alpha: float, soft: bool) -> _Paragraphs:
    """The paragraphs of a text box: a new one where the block changes or the line pitch
    changes; a:br between the lines of one paragraph (soft line breaks: only where the HTML
    breaks them, other lines run on); space before each paragraph chosen so LibreOffice's
    baselines land on Chromium's (textmetrics: a line's bottom is 0.2 x size under its
    baseline)."""
    out = _Paragraphs([], Fallbacks(), set(), [], set(), 0.0, 0.0)
    paragraphs = out.paragraphs
    last: MappedLine | None = None
    for index, item in enumerate(lines):
        block_style = item.block.box.style
        size = item.size
        runs = _line_runs(item, alpha, soft, out.fallbacks)
        spacing = tm.line_spacing_for(item.line.height, None, size)
        same = _br_follows(last, item, soft)
        skipped = _skipped_lines(last, item) if same else 0
        if skipped < 0:
            same = False  # a gap that is not whole empty lines: a paragraph with space before
        if _continues(last, item, soft):
            assert last is not None
            out.soft.add(index - 1)
            tail = next((r for r in reversed(paragraphs[-1]["runs"]) if "text" in r), None)
            if tail is not None:
                tail["text"] = soft_text(tail["text"], joint(last.line, last.seg, item.seg))
        elif same:
            # Lines with no text between (pre-wrap blank lines) become empty lines of the same
            # pitch, as the browser leaves them.
            paragraphs[-1]["runs"].extend({"break": True} for _ in range(skipped + 1))
        else:
            para = paragraph_base(block_style, ALIGN.get(block_style["text-align"], "l"))
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
                out.listed.add(len(paragraphs))
                bullet, para["runs"] = paragraph_marker(
                    marker,
                    block_style,
                    next((t.font_size for t in item.seg if not t.marker), size),
                    alpha,
                    out.fallbacks,
                )
                if bullet is not None:
                    para["bullet"] = bullet
                out.marker_width = max(out.marker_width, marker_indent(marker, item.seg))
                # LibreOffice draws an rtl paragraph's autonumber without its digits: list
                # items keep left-to-right paragraphs (and their marker on the left) for now
                para.pop("rtl", None)
                if marker.x >= 0:
                    out.inside = max(out.inside, marker.x + marker.width)
            paragraphs.append(para)
        out.ends.append((len(paragraphs) - 1, len(paragraphs[-1]["runs"]), item))
        paragraphs[-1]["runs"].extend(runs)
        last = item
    # Trailing spaces at line ends are dropped (they hang in the browser).
    for para in paragraphs:
        for i, run in enumerate(para["runs"]):
            nxt = para["runs"][i + 1] if i + 1 < len(para["runs"]) else None
            if "text" in run and (nxt is None or nxt.get("break")):
                run["text"] = run["text"].rstrip(" ")
    return out


def _wrap_extra(
    built: _Paragraphs,
    lines: list[MappedLine],
    base: float,
    spread: dict[int, float],
    left: float,
    lo_widths: bool,
) -> tuple[float, float] | None:
    """For a box whose paragraphs wrap softly: (the extra width over `base`, the text's width
    in Chromium, and the least extra width that keeps every line whole); None otherwise."""
    if not built.soft:
        return None
    wrap_lines = [
        WrapLine(
            item.line,
            item.seg,
            item.size,
            k in built.soft,
            lines[k + 1].seg if k in built.soft else (),
            lo_widths,
        )
        for k, item in enumerate(lines)
    ]
    bounds = wrap_bounds(wrap_lines, base)
    justified = built.paragraphs[0]["align"] == "just"
    if justified and spread:
        low = max(bounds.low, justified_width(lines, left, spread) - base)
        bounds = dataclasses.replace(bounds, low=low)
    return bounds.choose(justified), bounds.low


def _text_box(
    owner: BoxFragment,
    lines: list[MappedLine],
    m: Matrix,
    alpha: float,
    line_breaks: LineBreaks,
    lo_widths: bool = False,
) -> Painted[TextShape]:
    """A text box holding `lines` (_build_paragraphs), as wide as Chromium's line boxes plus
    the slack that keeps LibreOffice's lines whole (soft-wrapped paragraphs: the extra width
    at which it breaks them where Chromium did, softwrap.wrap_bounds)."""
    built = _build_paragraphs(lines, alpha, line_breaks == "soft")
    paragraphs, marker_width = built.paragraphs, built.marker_width
    if built.soft:
        keep_punctuation_in(paragraphs)
    spread = spread_paragraph_ends(paragraphs, built.ends, built.fallbacks)
    if marker_width:
        for index, para in enumerate(paragraphs):
            para["margin_left"] = marker_width
            if index in built.listed:
                para["indent"] = -marker_width
    first = lines[0]
    align = paragraphs[0]["align"]
    first_spacing = paragraphs[0]["line_spacing"]
    top = tm.box_top_for_baseline(first.baseline, None, _lo_size(lines), first_spacing)
    left = min(i.ox + i.line.x for i in lines) - marker_width + built.inside
    width = max(i.line.width for i in lines) + marker_width
    # A negative text-indent pulls the first line out of the block: the box starts there and
    # the later lines keep their place with a left margin (a hanging first line).
    outdent = 0.0
    if not marker_width and align in ("l", "just") and first.seg[0].x < -0.5:
        outdent = -first.seg[0].x
        left -= outdent
        width += outdent
    content_right = max(
        i.ox + i.line.x + max((t.x + t.width for t in i.seg), default=0.0) for i in lines
    )
    used = max(width, content_right - left)
    soft = _wrap_extra(built, lines, used - marker_width - outdent, spread, left, lo_widths)
    autospace = max(tm.cjk_autospace_px("".join(t.text for t in i.seg), i.size) for i in lines)
    slack = tm.box_width_for_line(used, max(i.size for i in lines)) - used + autospace
    if soft is not None:
        slack = soft[0]
    elif align == "just":
        # Justified lines stretch to the box: the box is the line width Chromium justified to,
        # wider only where a line's own anti-rewrap slack needs it (then by that much alone).
        slack = max(0.0, justified_width(lines, left, spread) - used)
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
    if not marker_width and align in ("l", "just") and first.seg[0].x > 0.5:
        paragraphs[0]["indent"] = first.seg[0].x
    if outdent:
        for para in paragraphs:
            para["margin_left"] = outdent
        paragraphs[0]["indent"] = -outdent
    split_fallback_runs(paragraphs, built.fallbacks)
    shape: TextShape = {
        "kind": "text",
        "text": text_body(paragraphs),
        "name": owner.box.describe() + " text",
        **place_rect(m, left, top, used + slack, max(bottom - top, 1.0)),
    }
    if align == "just" or not m.is_translation:
        return Painted(shape)
    # it may shrink to this at the slide edge (soft-wrapped text: as far as its lines stay)
    if soft is None:
        return Painted(shape, EdgeFit(shape["w"] - slack, align, False))
    return Painted(shape, EdgeFit(shape["w"] - slack + max(soft[1], 0.0), align, True))
