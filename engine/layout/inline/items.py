"""The inline item stream (an inline formatting context's boxes -> pieces: measured words, inline-box edges, atomic inlines, breaks)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from engine.boxes import box as b
from engine.fonts.cache import BoundedCache
from engine.layout.base import LayoutContext, Space, layout_box, length
from engine.layout.fragments import BoxFragment
from engine.layout.inline import smallcaps
from engine.layout.inline.text import (
    BreakRules,
    FontInfo,
    can_break_between_texts,
    font_info,
    split_segments,
    transform_text,
)
from engine.style.types import LP

WRAPPING = frozenset({"normal", "pre-wrap", "pre-line", "break-spaces"})
PRESERVING = frozenset({"pre", "pre-wrap", "break-spaces"})


@dataclass(eq=False, slots=True)
class Piece:
    kind: str  # 'text' | 'atomic' | 'open' | 'close' | 'break' | 'abs' | 'marker'
    box: b.Box
    text: str = ""
    trailing: str = ""
    width: float = 0.0
    trailing_width: float = 0.0
    font: FontInfo | None = None
    shift: float = 0.0
    fragment: BoxFragment | None = None
    break_before: bool = False
    decoration: frozenset[str] = frozenset()
    href: str | None = None
    extent: tuple[float, float] | None = (
        None  # (above, below) for line-height normal with fallback fonts
    )
    ea_family: str | None = None
    static_x: float = 0.0  # 'abs' pieces: where the box would have started on its line
    # The inline box with vertical-align top/bottom this piece sits in (its aligned subtree,
    # placed against the line box once the rest of the line is known), or None.
    aligned: b.Box | None = None
    start: int = -1  # 'text' pieces: offset of `text` in the box's transformed text (-1: unknown)


class Collector:
    """Flattens an inline formatting context into pieces (the item stream of CSS Inline 3)."""

    def __init__(self, ctx: LayoutContext, width: float, cb_height: float | None):
        self.ctx = ctx
        self.width = width
        self.cb_height = cb_height
        self.pieces: list[Piece] = []
        self.pending_break = False
        self.last_char = ""
        self.unit_start = 0  # index of the first piece after the last text/atomic piece
        self.aligned: b.Box | None = None  # the open top/bottom-aligned inline box, if any

    def emit(self, piece: Piece) -> None:
        if piece.kind != "close":
            piece.break_before = self.pending_break
            self.pending_break = False
        piece.aligned = self.aligned
        self.pieces.append(piece)

    def collect(
        self, children: list[b.Box], shift: float, deco: frozenset[str], parent_style: Any
    ) -> None:
        for child in children:
            if child.out_of_flow:
                self.pieces.append(Piece("abs", child))
            elif child.inner == b.TEXT:
                self.text(child, shift, deco)
            elif child.inner == b.BREAK:
                self.emit(Piece("break", child))
                self.last_char = ""
                self.unit_start = len(self.pieces)
            elif child.inner == b.INLINE and _is_wbr(child):
                self._mark_break()  # <wbr>: a break opportunity, nothing else
            elif child.inner == b.INLINE:
                style = child.style
                outer = self.aligned
                if style["vertical-align"] in ("top", "bottom") and outer is None:
                    self.aligned, child_shift = child, 0.0  # shifted later, against the line
                else:
                    child_shift = shift + baseline_shift(style, parent_style)
                child_deco = deco | style["text-decoration-line"]
                bl, pl = style["border-left-width"], length(style["padding-left"], self.width)
                ml = length(style["margin-left"], self.width)
                self.emit(Piece("open", child, width=bl + pl + ml, shift=child_shift))
                self.collect(child.children, child_shift, child_deco, style)
                br, pr = style["border-right-width"], length(style["padding-right"], self.width)
                mr = length(style["margin-right"], self.width)
                close = Piece("close", child, width=br + pr + mr, shift=child_shift)
                close.aligned = self.aligned
                self.pieces.append(close)
                self.aligned = outer
            elif child.style["float"] != "none":
                self.pieces.append(Piece("float", child))  # placed by the line breaker
            else:
                self.atomic(child, shift, parent_style)

    def atomic(self, child: b.Box, shift: float, parent_style: Any) -> None:
        frag = layout_box(child, self.ctx, Space(self.width, self.cb_height, fit_content=True))
        if child.style["vertical-align"] not in ("middle", "text-top", "text-bottom"):
            shift += baseline_shift(child.style, parent_style)  # its own raise (length, sub...)
        self.pending_break = True
        self.emit(Piece("atomic", child, width=frag.margin_box_width, fragment=frag, shift=shift))
        self.pending_break = True
        self.last_char = ""
        self.unit_start = len(self.pieces)

    def text(self, box: b.Box, shift: float, deco: frozenset[str]) -> None:
        text_cache = self.ctx.text_cache
        shaped = text_cache.get(id(box))
        if shaped is None:
            shaped = _shape_text(box, self.ctx.lang)
            text_cache[id(box)] = shaped
        font, wrap, chunks = shaped
        style = box.style
        rules = BreakRules.of(style)
        deco = deco | style["text-decoration-line"]
        for decorating in box.decorations:
            deco = deco | decorating["text-decoration-line"]
        href, aligned, pieces = box.href, self.aligned, self.pieces
        for i, (segments, extent, ea, start) in enumerate(chunks):
            if i:
                self.emit(Piece("break", box))
                self.last_char = ""
                self.unit_start = len(pieces)
            for word, spaces, width, trailing_width in segments:
                if (
                    word
                    and self.last_char
                    and not self.pending_break
                    and can_break_between_texts(self.last_char, word[0], rules)
                ):
                    self._mark_break()
                # What emit() does, for the many words of a text
                pieces.append(
                    Piece(
                        "text",
                        box,
                        word,
                        spaces,
                        width,
                        trailing_width,
                        font,
                        shift,
                        None,
                        self.pending_break,
                        deco,
                        href,
                        extent,
                        ea,
                        aligned=aligned,
                        start=start,
                    )
                )
                if start >= 0:
                    start += len(word) + len(spaces)
                self.pending_break = wrap and bool(spaces)
                self.last_char = (word or spaces)[-1]
                self.unit_start = len(pieces)

    def _mark_break(self) -> None:
        """A break opportunity before the next text: it belongs to the first piece of the new unit."""
        if self.unit_start < len(self.pieces):
            self.pieces[self.unit_start].break_before = True
        else:
            self.pending_break = True


def _is_wbr(box: b.Box) -> bool:
    el = box.element
    return el is not None and isinstance(el.tag, str) and el.tag.lower() == "wbr"


Segment = tuple[str, str, float, float]  # word, trailing spaces, word width, spaces width
# segments, line extent for line-height normal, CJK face, the chunk's offset in the box's
# transformed text (-1 where tabs were expanded)
ShapedChunk = tuple[list[Segment], tuple[float, float] | None, str | None, int]


Shaped = tuple[FontInfo, bool, list[ShapedChunk]]

# Texts shaped by earlier layouts, by text and everything their shaping reads (the used font,
# white-space, text-transform, caps, break rules): the pages of one deck repeat their texts
# (a generator lays a slide out at several sizes and splits). Bounded, short texts only.
_SHAPED: BoundedCache[tuple[Any, ...], Shaped] = BoundedCache(512)
_SHAPED_MAX_CHARS = 1000


def _shape_text(box: b.Box, lang: str) -> Shaped:
    """Break opportunities and widths of a text box, independent of the available width.

    Each chunk (text between preserved newlines) is shaped once, so word edges come from prefix
    sums and kerning across spaces is kept as Chromium keeps it. Cached per layout context, and
    across layouts for short texts (the result is only read).
    """
    style = box.style
    font = font_info(style, lang)
    caps = smallcaps.caps_mode(style)
    rules = BreakRules.of(style)
    mode = style["white-space"]
    if len(box.text) > _SHAPED_MAX_CHARS:
        return _shape(box.text, style["text-transform"], mode, font, caps, rules)
    key = (box.text, style["text-transform"], mode, font, caps, rules)
    shaped = _SHAPED.get(key)
    if shaped is None:
        shaped = _shape(box.text, style["text-transform"], mode, font, caps, rules)
        _SHAPED.put(key, shaped)
    return shaped


def same_shaping(a: b.Box, b2: b.Box, lang: str) -> bool:
    """The texts of `a` and `b2` (boxes of one style) shape alike: the same font, the same words
    and spaces (by length) of the same widths, so a line breaker places them alike."""
    font_a, wrap_a, chunks_a = _shape_text(a, lang)
    font_b, wrap_b, chunks_b = _shape_text(b2, lang)
    if a.style is not b2.style or font_a != font_b or wrap_a != wrap_b:
        return False
    if len(chunks_a) != len(chunks_b):
        return False
    for (seg_a, *rest_a), (seg_b, *rest_b) in zip(chunks_a, chunks_b, strict=True):
        if rest_a != rest_b or len(seg_a) != len(seg_b):
            return False
        for (wa, sa, wwa, swa), (wb, sb, wwb, swb) in zip(seg_a, seg_b, strict=True):
            if len(wa) != len(wb) or sa != sb or wwa != wwb or swa != swb:
                return False
    return True


def _shape(
    raw: str, transform: Any, mode: str, font: FontInfo, caps: str | None, rules: BreakRules
) -> Shaped:
    text = transform_text(raw, transform)
    wrap = mode in WRAPPING
    raw_chunks = (
        text.split("\n") if ("\n" in text and mode in PRESERVING | {"pre-line"}) else [text]
    )
    chunks: list[ShapedChunk] = []
    base = 0
    for chunk in raw_chunks:
        offset, base = base, base + len(chunk) + 1
        if "\t" in chunk:
            chunk = chunk.expandtabs(8)
            offset = -1
        if not chunk:
            chunks.append(([], None, None, offset))
            continue
        advances = font.advances(chunk) if caps is None else smallcaps.advances(font, chunk, caps)
        ascii_only = chunk.isascii()
        extent = font.normal_extent(chunk) if font.normal and not ascii_only else None
        ea = font.ea_family(chunk) if not ascii_only else None
        segments: list[Segment] = []
        pos = 0
        for word, spaces in split_segments(chunk, wrap, rules):
            end_word = pos + len(word)
            end = end_word + len(spaces)
            segments.append(
                (word, spaces, sum(advances[pos:end_word]), sum(advances[end_word:end]))
            )
            pos = end
        chunks.append((segments, extent, ea, offset))
    return font, wrap, chunks


def baseline_shift(style: Any, parent_style: Any) -> float:
    """Blink's baseline shift for vertical-align on inline boxes (positive = up)."""
    value = style["vertical-align"]
    parent_size = (
        float(parent_style["font-size"]) if parent_style is not None else float(style["font-size"])
    )
    if value == "super":
        return math.floor(parent_size / 3 + 1)
    if value == "sub":
        return -math.floor(parent_size / 5 + 1)
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, LP):
        return float(value.resolve(font_info(style).line_height))
    if value in ("text-top", "text-bottom", "middle") and parent_style is not None:
        # The box's line-height extent (its half-leading included, as Blink's box metrics)
        # against the parent's content area (text-top / text-bottom), or its midpoint against
        # the parent's baseline raised by half the x-height (~0.26 em, as for atomic inlines).
        own, parent = font_info(style), font_info(parent_style)
        half = math.floor((own.line_height - (own.ascent + own.descent)) / 2)
        above = own.ascent + half
        below = own.line_height - above
        if value == "text-top":
            return float(parent.ascent - above)
        if value == "text-bottom":
            return float(below - parent.descent)
        return float(parent.size * 0.26 - (above - below) / 2)
    return 0.0
