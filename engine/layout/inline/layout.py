"""Inline formatting context (a block container's inline-level boxes + available width -> line fragments)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b
from engine.budget import check
from engine.layout.base import LayoutContext, border_edges, length, padding_edges
from engine.layout.block.floats import (
    FloatContext,
    LineFloats,
    float_fragments,
    lines_beside_floats,
)
from engine.layout.fragments import (
    AbsPlaceholder,
    BoxFragment,
    Edges,
    InlineBoxFragment,
    Intrinsic,
    LineFragment,
    TextFragment,
)
from engine.layout.inline.balance import REWRAPPED, Block, rewrap
from engine.layout.inline.firstline import first_line_pieces
from engine.layout.inline.items import PRESERVING, WRAPPING, Collector, Piece
from engine.layout.inline.linebreak import (
    LinePosition,
    breaks_anywhere,
    ceil_lu,
    fits,
    hyphen_width,
    round_lu,
    shown_hyphen,
    split_anywhere,
)
from engine.layout.inline.markers import add_font_extent, add_outside_marker, marker_piece
from engine.layout.inline.text import SHY, FontInfo, font_info
from engine.layout.inline.truncate import line_clamp, truncate_lines
from engine.layout.intrinsic import outer_intrinsic


@dataclass(slots=True)
class InlineLayout:
    lines: list[LineFragment]
    height: float
    placeholders: list[AbsPlaceholder] = field(default_factory=list)
    floats: list[BoxFragment] = field(default_factory=list)  # floats met inside the lines


def layout_inline(
    container: b.Box,
    ctx: LayoutContext,
    width: float,
    cb_height: float | None,
    origin_x: float,
    origin_y: float,
    floats: LineFloats | None = None,
) -> InlineLayout:
    """Lay out the inline content of `container` in lines `width` wide starting at (origin_x, origin_y)
    (lines beside `floats` are shortened and moved as Chromium does)."""
    style = container.style
    collector = Collector(ctx, width, cb_height)
    markers = marker_piece(container, ctx)
    outside_marker = None
    if markers is not None:
        if style["list-style-position"] == "inside":
            collector.emit(markers)
            collector.pending_break = False
        else:
            outside_marker = markers
    collector.collect(container.children, 0.0, frozenset(), style)
    indent = length(style["text-indent"], width)
    pieces = collector.pieces
    first_end = None
    if container.first_line:
        first_width = width if floats is None else floats.band(0.0, 0.0).width
        pieces, first_end = first_line_pieces(
            container,
            ctx,
            Collector,
            width,
            first_width,
            cb_height,
            pieces,
            pieces[:1] if markers and style["list-style-position"] == "inside" else [],
            indent,
            style["white-space"] in WRAPPING,
        )
    strut = font_info(style, ctx.lang)
    wrap = style["white-space"] in WRAPPING
    bands = None
    placed: list[BoxFragment] = []
    if any(p.kind == "float" for p in pieces):
        floats = floats or LineFloats(FloatContext(), 0.0, 0.0, width)
        placed = float_fragments(
            floats, pieces, (width, indent, wrap, first_end), strut, style, ctx, cb_height
        )
        for frag in placed:
            frag.x += origin_x
            frag.y += origin_y
    if floats is None:
        lines_pieces = break_lines(pieces, width, indent, wrap, None, first_end)
        if wrap and len(lines_pieces) > 1 and style["text-wrap-style"] in REWRAPPED:
            inside = markers and style["list-style-position"] == "inside"
            prefix = collector.pieces[:1] if inside else []
            rewrapping = (collector.pieces, prefix, width, indent, cb_height)
            lines_pieces = _rewrapped(container, ctx, lines_pieces, rewrapping, strut)
    else:
        lines_pieces, bands = lines_beside_floats(
            floats, pieces, width, indent, wrap, strut, style, first_end
        )
    lines: list[LineFragment] = []
    placeholders: list[AbsPlaceholder] = []
    y = origin_y
    for i, (pieces, forced) in enumerate(lines_pieces):
        check("layout")
        first = i == 0
        line_x, line_w = 0.0, width
        if bands is not None:
            line_x, line_w, drop = bands[i]
            y += drop
        line = build_line(
            pieces,
            strut,
            line_w,
            indent if first else 0.0,
            style,
            forced,
            i == len(lines_pieces) - 1,
        )
        if first and outside_marker is not None:
            add_outside_marker(line, outside_marker, strut)
        line.x, line.y = origin_x + line_x, y
        for item in pieces:
            if item.kind == "abs":
                placeholders.append(AbsPlaceholder(item.box, origin_x + item.static_x, y))
        if line_is_empty(pieces) and not forced and outside_marker is None:
            continue
        lines.append(line)
        y += line.height
    if not lines and outside_marker is not None:
        line = build_line([], strut, width, 0.0, style, False, True)
        add_outside_marker(line, outside_marker, strut)
        line.x, line.y = origin_x, y
        lines.append(line)
        y += line.height
    if lines:
        lines[-1].last = True
        total = len(lines)
        lines, counted = truncate_lines(lines, style, width, ctx.lang)
        if counted < total:  # -webkit-line-clamp: the block is `counted` lines tall
            y = lines[counted - 1].y + lines[counted - 1].height
    return InlineLayout(lines, y - origin_y, placeholders, placed)


def _rewrapped(
    container: b.Box,
    ctx: LayoutContext,
    lines: list[tuple[list[Piece], bool]],
    rewrapping: tuple[list[Piece], list[Piece], float, float, float | None],
    strut: FontInfo,
) -> list[tuple[list[Piece], bool]]:
    """The greedy `lines` of a text-wrap: balance | pretty block rewrapped as Chromium does
    (`rewrapping`: the block's pieces before ::first-line styling, the inside marker's, the
    width, text-indent and containing block height)."""
    style = container.style
    base, prefix, width, indent, cb_height = rewrapping

    def rebreak(at: float) -> list[tuple[list[Piece], bool]]:
        pieces, first_end = base, None
        if container.first_line:
            pieces, first_end = first_line_pieces(
                container, ctx, Collector, width, at, cb_height, base, prefix, indent, True
            )
        return break_lines(pieces, at, indent, True, None, first_end)

    texts = {id(p.box): p.box.text for p in base if p.kind == "text"}  # each text box once
    tabs = style["white-space"] in PRESERVING and any("\t" in text for text in texts.values())
    block = Block(
        width,
        indent,
        float(style["font-size"]),
        strut.stack.measure(" ", strut.size, 0.0, 0.0),
        style["text-align"] == "justify",
        not tabs and not container.first_line,
        not any(p.kind == "break" for p in base),
        line_clamp(style),
    )
    return rewrap(style["text-wrap-style"], lines, block, rebreak)


def line_is_empty(pieces: list[Piece]) -> bool:
    for p in pieces:
        if p.kind in ("atomic", "marker") or (
            p.kind == "text"
            and (
                p.text
                or p.trailing.strip(" ")
                or p.text == ""
                and p.trailing
                and p.box.style["white-space"] in PRESERVING
            )
        ):
            return False
        if p.kind in ("open", "close") and p.width > 0:
            return False
    return True


def break_lines(
    pieces: list[Piece],
    width: float,
    indent: float,
    wrap: bool,
    widths: Callable[[int], float] | None = None,
    first_end: int | None = None,
) -> list[tuple[list[Piece], bool]]:
    """Greedy line breaking over breakable units (CSS Text 3 line breaking, no hyphenation)."""
    lines: list[tuple[list[Piece], bool]] = []
    current: list[Piece] = []
    content = False  # whether `current` holds text, an atomic inline or a marker
    pos = LinePosition.start(indent)
    unit: list[Piece] = []
    anywhere = wrap and breaks_anywhere(pieces)  # overflow-wrap can break some word
    shy = wrap and any(SHY in p.text for p in pieces)  # a soft hyphen may end a line

    # No closure here calls itself: a self-referencing closure is a reference cycle that would
    # keep every piece of the block alive until the next garbage collection.
    def fit(part: list[Piece]) -> tuple[LinePosition, float, float]:
        """Break the line before `part` when it does not fit: (position after it, width it
        needs or -1, the line's available width)."""
        nonlocal pos, current, content
        limit = width if widths is None else widths(len(lines))
        need = -1.0
        after = pos.add(part, False)  # one walk per unit: its trailing spaces are added below
        if current:
            need = after.used + (hyphen_width(part) if shy else 0.0)
            if not fits(need, limit) and content:
                lines.append((current, False))
                current = []
                content = False
                pos = LinePosition.start(0.0)
                after = pos.add(part, False)
                need = -1.0
        return after, need, limit

    def commit(part: list[Piece], after: LinePosition) -> None:
        nonlocal pos, content
        current.extend(part)
        if not content:
            content = _has_content(part)
        last = part[-1] if part else None
        if last is not None and last.kind == "text":  # what pos.add(part, True) gives
            after.open_width += last.trailing_width
        pos = after

    def place(part: list[Piece]) -> None:
        if not wrap:
            current.extend(part)
            return  # (`content` is only read when wrapping)
        after, need, limit = fit(part)
        if anywhere and not content and breaks_anywhere(part):
            if need < 0:
                need = after.used + (hyphen_width(part) if shy else 0.0)
            if not fits(need, limit):
                for piece in split_anywhere(part):  # overflow-wrap: break-word | anywhere
                    commit(piece, fit(piece)[0])
                return
        commit(part, after)

    def place_unit() -> None:
        nonlocal unit
        if unit:
            place(unit)
            unit = []

    for index, piece in enumerate(pieces):
        if index == first_end and not lines:  # the ::first-line ends here
            place_unit()
            if current:
                lines.append((current, False))
                current = []
                content = False
                pos = LinePosition.start(0.0)
        if piece.kind == "break":
            place_unit()
            current.append(piece)
            lines.append((current, True))
            current = []
            content = False
            pos = LinePosition.start(0.0)
            continue
        if piece.break_before and unit:
            place_unit()
        unit.append(piece)
    place_unit()
    if current or not lines:
        lines.append((current, False))
    return lines


def _has_content(pieces: list[Piece]) -> bool:
    return any(p.kind in ("text", "atomic", "marker") for p in pieces)


def build_line(
    pieces: list[Piece],
    strut: FontInfo,
    width: float,
    indent: float,
    style: Any,
    forced: bool,
    last: bool,
) -> LineFragment:
    # Trailing white space hangs: drop it from the last text piece on the line.
    last_text = None
    for p in reversed(pieces):
        if p.kind in ("text", "atomic"):
            last_text = p if p.kind == "text" else None
            break
    collapsible = style["white-space"] not in PRESERVING
    hang = ""
    x = indent
    items: list[Any] = []
    open_boxes: dict[int, tuple[Piece, float]] = {}
    tops: list[float] = []
    bottoms: list[float] = []
    add_font_extent(strut, 0.0, tops, bottoms)
    aligned = _Aligned()  # vertical-align top/bottom subtrees, placed once the line is known
    shifts: dict[int, float] = {}  # atomic inlines -> their baseline shift
    # The last text piece's font, shift, extent and top/bottom-aligned box.
    last_font: FontInfo | None = None
    last_shift = 0.0
    last_extent: tuple[float, float] | None = None
    last_aligned: b.Box | None = None
    for p in pieces:
        if p.kind == "text":
            font = p.font
            assert font is not None
            trailing, text, piece_width = p.trailing, p.text, p.width
            if p is last_text:
                if collapsible:
                    hang, trailing = (trailing[:1], "") if not (forced or last) else ("", "")
                if not (forced or last) and (hyphen := shown_hyphen(p)):
                    text = text[:-1] + hyphen  # the soft hyphen this line broke at shows
                    piece_width += font.measure(hyphen)
                    hang = SHY
                    trailing = ""  # (a word that ends in a soft hyphen has no trailing spaces)
            spaces_width = 0.0
            if trailing:
                text += trailing
                spaces_width = p.trailing_width
            if SHY in text:  # invisible: renderers must not find break opportunities there
                text = text.replace(SHY, "")
            prev = items[-1] if items else None
            if isinstance(prev, TextFragment) and prev.box is p.box and not prev.marker:
                prev.text += text
                prev.ea_family = prev.ea_family or p.ea_family
                prev.width = x + piece_width + spaces_width - prev.x
            else:
                frag = TextFragment(
                    p.box,
                    text,
                    x,
                    piece_width + spaces_width,
                    0.0,
                    font.size,
                    font.ascent,
                    font.descent,
                    font.family,
                    ea_family=p.ea_family,
                    shift=p.shift,
                    decoration=p.decoration,
                    href=p.href,
                    start=p.start,
                )
                items.append(frag)
                if p.aligned is not None:
                    aligned.owner[id(frag)] = p.aligned
            x += piece_width + spaces_width
            if (  # the words of one run add the same extent again (only max() reads them)
                font is not last_font
                or p.shift != last_shift
                or p.extent is not last_extent
                or p.aligned is not last_aligned
            ):
                last_font, last_shift, last_extent, last_aligned = (
                    font,
                    p.shift,
                    p.extent,
                    p.aligned,
                )
                above, below = (tops, bottoms) if p.aligned is None else aligned.lists(p.aligned)
                if p.extent is not None:
                    above.append(p.extent[0] + p.shift)
                    below.append(p.extent[1] - p.shift)
                else:
                    add_font_extent(font, p.shift, above, below)
        elif p.kind == "marker":
            assert p.font is not None
            items.append(
                TextFragment(
                    p.box,
                    p.text,
                    x,
                    p.width,
                    0.0,
                    p.font.size,
                    p.font.ascent,
                    p.font.descent,
                    p.font.family,
                    marker=True,
                )
            )
            x += p.width
            add_font_extent(p.font, 0.0, tops, bottoms)
        elif p.kind == "atomic":
            atomic = p.fragment
            assert atomic is not None
            atomic.x = x + atomic.margin.left
            items.append(atomic)
            x += p.width
            base = _atomic_baseline(atomic)
            shifts[id(atomic)] = p.shift
            valign = atomic.box.style["vertical-align"]
            if valign == "middle":
                half = strut.size * 0.26
                tops.append(atomic.margin_box_height / 2 + half)
                bottoms.append(atomic.margin_box_height / 2 - half)
            elif valign in ("top", "text-top"):
                tops.append(strut.ascent)
                bottoms.append(atomic.margin_box_height - strut.ascent)
            else:
                tops.append(base + p.shift)
                bottoms.append(atomic.margin_box_height - base - p.shift)
        elif p.kind == "abs":
            p.static_x = x  # CSS 2.1 10.3.7: the static position is where the box would be
        elif p.kind == "open":
            open_boxes[id(p.box)] = (p, x)
            x += p.width
        elif p.kind == "close":
            x += p.width
            start = open_boxes.pop(id(p.box), None)
            items.append(
                _inline_box_fragment(
                    p.box, start[1] if start else 0.0, x, start is not None, True, p.shift
                )
            )
            if p.aligned is not None:
                aligned.owner[id(items[-1])] = p.aligned
    for piece, start_x in open_boxes.values():
        items.append(_inline_box_fragment(piece.box, start_x, x, True, False, piece.shift))
    top = max(tops)
    height = top + max(bottoms)
    if aligned.subtrees:
        top, height = aligned.place(top, height, items)
    content_width = x
    line = LineFragment(0.0, 0.0, width, height, top, items, content_width, forced, last, hang)
    for item in items:
        if isinstance(item, TextFragment):
            item.baseline = top - item.shift
        elif isinstance(item, BoxFragment):
            base = _atomic_baseline(item)
            valign = item.box.style["vertical-align"]
            if valign == "middle":
                item.y = top - strut.size * 0.26 - item.margin_box_height / 2 + item.margin.top
            elif valign in ("top", "text-top"):
                item.y = item.margin.top
            else:  # raised by its shift (vertical-align: <length>, sub, super...)
                item.y = top - base - shifts.get(id(item), 0.0) + item.margin.top
        elif isinstance(item, InlineBoxFragment):
            font = font_info(item.box.style)
            item.y = top - item.shift - font.ascent - item.border.top - item.padding.top
            item.height = font.ascent + font.descent + item.border.vertical + item.padding.vertical
    _align(line, style, width, indent)
    return line


class _Aligned:
    """Inline boxes with vertical-align top / bottom on one line (CSS 2.1 10.8: the aligned
    subtree's top at the line box's top, or its bottom at the bottom), measured apart from the
    rest of the line; a subtree taller than the line makes it taller (at the bottom for `top`,
    at the top for `bottom`)."""

    def __init__(self) -> None:
        self.subtrees: dict[int, tuple[b.Box, list[float], list[float]]] = {}
        self.owner: dict[int, b.Box] = {}  # id(item) -> the aligned box it belongs to

    def lists(self, box: b.Box) -> tuple[list[float], list[float]]:
        entry = self.subtrees.setdefault(id(box), (box, [], []))
        return entry[1], entry[2]

    def place(self, top: float, height: float, items: list[Any]) -> tuple[float, float]:
        """Grow the line for the subtrees, shift their items; the line's (baseline, height)."""
        extents = []
        for box, above, below in self.subtrees.values():
            if not above:
                continue
            up, down = max(above), max(below)
            at_top = box.style["vertical-align"] == "top"
            if up + down > height:
                top += 0.0 if at_top else up + down - height
                height = up + down
            extents.append((box, up, down, at_top))
        deltas: dict[int, float] = {}
        for box, up, down, at_top in extents:
            deltas[id(box)] = top - (up if at_top else height - down)
        for item in items:
            owner = self.owner.get(id(item))
            if owner is not None and isinstance(item, (TextFragment, InlineBoxFragment)):
                item.shift += deltas.get(id(owner), 0.0)
        return top, height


def _inline_box_fragment(
    box: b.Box, x0: float, x1: float, first: bool, last: bool, shift: float
) -> InlineBoxFragment:
    style = box.style
    border = border_edges(style)
    padding = padding_edges(style, 0.0)
    ml = length(style["margin-left"], 0.0) if first else 0.0
    mr = length(style["margin-right"], 0.0) if last else 0.0
    return InlineBoxFragment(
        box, x0 + ml, 0.0, max(0.0, x1 - x0 - ml - mr), 0.0, border, padding, first, last, shift
    )


def _atomic_baseline(frag: BoxFragment) -> float:
    """Baseline of an atomic inline from its margin-box top (CSS 2.1 10.8.1)."""
    style = frag.box.style
    if frag.box.control is not None and frag.box.inner == b.REPLACED:
        return frag.margin.top + frag.height  # themed controls: the border-box bottom (Blink)
    if frag.box.inner == b.REPLACED or frag.baseline is None or style["overflow-x"] != "visible":
        return frag.margin_box_height
    if frag.box.button and len(frag.children) == 1:  # a <button>: its content's last line
        last = _last_baseline(frag.children[0])
        if last is not None:
            return frag.margin.top + frag.children[0].y + last
    return frag.margin.top + frag.baseline


def _last_baseline(frag: BoxFragment) -> float | None:
    """The baseline of a block's last line box, from its border-box top."""
    if frag.lines:
        line = frag.lines[-1]
        return line.y + line.baseline
    for child in reversed(frag.children):
        found = _last_baseline(child)
        if found is not None:
            return child.y + found
    return None


def _align(line: LineFragment, style: Any, width: float, indent: float) -> None:
    align = style["text-align"]
    if align == "justify" and (line.forced_break or line.last):
        align = (
            style["text-align-last"]
            if style["text-align-last"] not in ("auto", "start", "justify")
            else "left"
        )
    free = width - line.content_width
    if align == "justify":
        if free > 0:
            _justify(line, free)
        return
    offset = 0.0
    if align in ("right", "end"):
        offset = free
    elif align == "center":
        offset = free / 2
    if offset and (offset > 0 or align != "left"):
        for item in line.items:
            if isinstance(item, (TextFragment, BoxFragment, InlineBoxFragment)) and not getattr(
                item, "marker", False
            ):
                item.x += offset


def _justify(line: LineFragment, free: float) -> None:
    texts = [i for i in line.items if isinstance(i, TextFragment) and not i.marker]
    if not texts:
        return
    end = max(texts, key=lambda t: t.x)  # only the line's own trailing spaces hang

    def spaces(t: TextFragment) -> int:
        return (t.text.rstrip(" ") if t is end else t.text).count(" ")

    count = sum(spaces(t) for t in texts)
    if count == 0:
        return
    per = free / count
    shift = 0.0
    for item in line.items:
        if isinstance(item, TextFragment) and not item.marker:
            item.x += shift
            inner = spaces(item)
            item.width += inner * per
            shift += inner * per
        elif isinstance(item, (BoxFragment, InlineBoxFragment)):
            item.x += shift
    # content_width stays the natural (unjustified) width: the text box is sized from it.


def inline_intrinsic(container: b.Box, ctx: LayoutContext) -> Intrinsic:
    """(min-content, max-content) inline sizes of an inline formatting context."""
    collector = Collector(ctx, 0.0, None)
    collector.collect(container.children, 0.0, frozenset(), container.style)
    min_w = 0.0
    max_w = 0.0
    line = LinePosition.start(length(container.style["text-indent"], 0.0))
    unit = 0.0
    trailing = 0.0
    for p in collector.pieces:
        if p.kind == "break":
            min_w = max(min_w, unit)
            max_w = max(max_w, line.trimmed(trailing))
            line = LinePosition.start(0.0)
            unit = trailing = 0.0
            continue
        if p.kind in ("abs", "float"):
            continue
        if p.break_before:
            min_w = max(min_w, unit)
            unit = 0.0
        if p.kind == "atomic":
            sizes = outer_intrinsic(p.box, ctx)
            unit += sizes.min_content
            line = LinePosition(line.used + round_lu(sizes.max_content), 0, 0.0)
            trailing = 0.0
            continue
        if p.kind == "text" and p.box.style["overflow-wrap"] == "anywhere" and p.font:
            # every character is a soft wrap opportunity for min-content (CSS Text 3 §5.5)
            chars = p.font.advances(p.text) or [0.0]
            min_w = max(min_w, ceil_lu(unit + chars[0]), ceil_lu(max(chars)))
            unit = chars[-1] if len(chars) > 1 else unit + chars[0]
        else:
            unit += p.width
        line = line.add([p], True)
        trailing = (
            p.trailing_width if p.kind == "text" else (trailing if p.kind == "close" else 0.0)
        )
        if p.trailing:
            min_w = max(min_w, ceil_lu(unit))
            unit = 0.0
    min_w = max(min_w, ceil_lu(unit))
    max_w = max(max_w, line.trimmed(trailing))
    return Intrinsic(min_w, max_w)


__all__ = ["layout_inline", "inline_intrinsic", "InlineLayout", "Edges"]
