"""Slide mapping (the slide root's fragment tree -> one slide model in CSS painting order, CSS 2.1 Appendix E)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.boxes import box as b
from engine.budget import check
from engine.diagnostics import Diagnostics, css_text
from engine.layout.fragments import BoxFragment
from engine.model.clip.clipping import (
    EdgeFit,
    Rect,
    clip_radii,
    fit_slide_edge,
    outside,
    recrop,
    round_to_clip,
    visible_items,
    visible_lines,
)
from engine.model.clip.cut import cut_shapes, placed_region
from engine.model.clip.knife import Knife
from engine.model.clip.mask import element_mask, has_mask, masked
from engine.model.clip.path import clip_region, reference_boxes
from engine.model.controls import control_shapes
from engine.model.decor.layers import decorate
from engine.model.decor.outline import has_outline, outline_shape
from engine.model.geometry import (
    IDENTITY,
    Matrix,
    Outlined,
    clip_convex,
    clip_outline,
    css_transform,
    custom_geom,
    dedupe,
    local_box,
    set_box,
    set_geom,
    shape_outline,
    signed_area,
    translate,
)
from engine.model.paint.backdrop import backdrop_at, flatten_runs
from engine.model.paint.colorfilter import color_ops, recolor_shapes
from engine.model.paint.fills import fill_for_color, gradient_fill
from engine.model.pictures import replaced_shapes
from engine.model.reading_order import reading_order
from engine.model.schema.deck import Slide
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import PictureShape, Shape
from engine.model.tables.text import cell_text_outside
from engine.model.text.lowidth import correct_for_libreoffice
from engine.model.text.mapping import (
    list_text_box,
    simple_list_items,
    text_shapes,
    vertical_text_shapes,
)
from engine.options import Options
from engine.style.types import LinearGradient

# Properties without a PPTX equivalent: (property, values that need nothing).
UNSUPPORTED: tuple[tuple[str, tuple[Any, ...]], ...] = (
    ("clip-path", ("none", "", None)),
    ("mix-blend-mode", ("normal", "", None)),
    ("text-shadow", ((), None)),
)
# Reference boxes to tell a clip-path the slide model draws from one it cannot.
_PROBE_BOXES = reference_boxes(100.0, 100.0)


@dataclass
class _Entry:
    frag: BoxFragment
    m: Matrix
    alpha: float
    clip: tuple[float, float, float, float] | None


@dataclass
class _Layers:
    negative: list[tuple[int, int, _Entry]] = field(default_factory=list)
    blocks: list[_Entry] = field(default_factory=list)
    inlines: list[_Entry] = field(default_factory=list)
    positioned: list[_Entry] = field(default_factory=list)  # z-index auto / 0, tree order
    atomics: list[_Entry] = field(default_factory=list)  # inline-blocks inside native table cells
    lists: list[tuple[_Entry, list[BoxFragment]]] = field(default_factory=list)
    positive: list[tuple[int, int, _Entry]] = field(default_factory=list)


def _z(frag: BoxFragment) -> int | None:
    z = frag.box.style["z-index"]
    return z if isinstance(z, int) else None


def _is_positioned(frag: BoxFragment) -> bool:
    return frag.box.style["position"] != "static"


def _creates_context(frag: BoxFragment, parent_is_flex_or_grid: bool) -> bool:
    style = frag.box.style
    z = _z(frag)
    if z is not None and (_is_positioned(frag) or parent_is_flex_or_grid):
        return True
    return (
        style["opacity"] < 1.0
        or bool(style["transform"])
        or style["filter"] not in ("none", "")
        or style["clip-path"] not in ("none", "", None)
        or has_mask(style)
    )


class Painter:
    def __init__(self, diag: Diagnostics, media: dict[str, Any], options: Options, lang: str = ""):
        self.diag = diag
        self.lang = lang
        self.media = media
        self.options = options
        self.lo_widths = options.libreoffice_widths  # runs drawn at Chromium's widths
        self.shapes: list[Shape] = []
        self.order = 0
        self.reported: set[str] = set()
        self.sources: list[int] = []  # document order of the box each shape comes from
        self.source_index = 0
        self.slide_fill: Fill | None = None
        self.slide_size = (0.0, 0.0)
        self.slide_rect: tuple[float, float, float, float] | None = None
        self.clipped = 0  # shapes and text lines not written: entirely clipped or off the slide
        # Clip rectangles of overflow-clipping boxes with rounded corners -> their inner radii.
        self.round_clips: dict[
            tuple[float, float, float, float], tuple[float, float, float, float]
        ] = {}
        self.outlines: list[list[_Entry]] = []  # per open stacking context, painted last
        self.cuts: list[Knife] = []  # the clip-paths of the open stacking contexts

    # -- stacking contexts -------------------------------------------------
    def context(self, entry: _Entry, paint_self: bool = True) -> None:
        ops = color_ops(entry.frag.box.style)
        mask = element_mask(entry.frag, entry.m, self.diag)
        start = len(self.shapes)
        self._context(entry, paint_self)
        if ops:  # filter: grayscale() etc. recolour everything the element painted
            recolor_shapes(self.shapes[start:], ops, self.media)
        if mask is not None:  # mask-image: its alpha folded into everything the element painted
            shapes, sources = self.shapes[start:], self.sources[start:]
            self.shapes[start:], self.sources[start:] = masked(
                shapes, sources, mask, self.media, self.diag
            )

    def _context(self, entry: _Entry, paint_self: bool) -> None:
        frag = entry.frag
        cut = None
        if frag.box.style["clip-path"] not in ("none", "", None):
            cut = placed_region(frag, entry.m, self.diag)  # clips the box and all it paints
            if cut is not None:
                self.cuts.append(cut)
        self.outlines.append([])
        if paint_self:
            self.background(entry)
        layers = _Layers()
        child_clip = self._child_clip(entry)
        self.gather(frag, entry.m, entry.alpha, child_clip, layers)
        for _z, _n, e in sorted(layers.negative, key=lambda t: (t[0], t[2].frag.box.index)):
            self.context(e)
        for e in layers.blocks:
            self.background(e)
        for e in layers.inlines:
            self.inline_content(e)
        for e, items in layers.lists:
            self.source_index = e.frag.box.index
            shown = visible_items(items, e.m, e.clip or self.slide_rect)
            self.clipped += len(items) - len(shown)
            box = list_text_box(
                e.frag, shown, e.m, e.alpha, self.options.line_breaks, self.lo_widths
            )
            if box is not None and e.frag.box.style["visibility"] == "visible":
                self.emit(box.shape, e.clip, box.fit)
        for e in layers.atomics:
            self.atomic_inlines(e)
        # Tree order: absolutely positioned boxes sit among their containing block's fragments
        # after its in-flow children, but paint in document order (CSS 2.1 Appendix E).
        for e in sorted(layers.positioned, key=lambda e: e.frag.box.index):
            self.context(e)
        for _z, _n, e in sorted(layers.positive, key=lambda t: (t[0], t[2].frag.box.index)):
            self.context(e)
        for e in self.outlines.pop():
            self.source_index = e.frag.box.index
            shape = outline_shape(e.frag, e.m, e.alpha)
            if shape is not None:
                self.emit(shape, e.clip)
        if cut is not None:
            self.cuts.pop()

    def gather(
        self,
        frag: BoxFragment,
        m: Matrix,
        alpha: float,
        clip: Any,
        layers: _Layers,
        in_cell: bool = False,
    ) -> None:
        check("slide model")
        if frag.lines or "vertical" in frag.extra:
            # Text inside a native table cell is written into the cell itself.
            (layers.atomics if in_cell else layers.inlines).append(_Entry(frag, m, alpha, clip))
        flex_like = frag.box.inner in (b.FLEX, b.GRID)
        table = frag.extra.get("table")
        cells = {id(c.fragment): c for c in table.cells} if table is not None else {}
        for child in frag.children:
            entry = self._entry(child, m, alpha, clip)
            cell = cells.get(id(child))
            if cell is not None and table is not None:
                # Cell text is written into the native table, unless the cell cannot hold it.
                native = not cell_text_outside(cell, table)
                self.gather(child, entry.m, entry.alpha, clip, layers, in_cell=native)
                continue
            if _creates_context(child, flex_like):
                z = _z(child) or 0
                self.order += 1
                if z < 0:
                    layers.negative.append((z, self.order, entry))
                elif z > 0:
                    layers.positive.append((z, self.order, entry))
                else:
                    layers.positioned.append(entry)
            elif _is_positioned(child):
                layers.positioned.append(entry)
            else:
                layers.blocks.append(entry)
                items = None if in_cell else simple_list_items(child)
                if items is not None:
                    # A plain list becomes one text box with a native bullet per item.
                    layers.lists.append((entry, items))
                    continue
                self.gather(child, entry.m, entry.alpha, self._child_clip(entry), layers, in_cell)

    def _entry(self, child: BoxFragment, m: Matrix, alpha: float, clip: Any) -> _Entry:
        style = child.box.style
        cm = m.multiply(translate(child.x, child.y))
        if style["transform"]:
            cm = cm.multiply(
                css_transform(
                    style["transform"], child.width, child.height, style["transform-origin"]
                )
            )
        return _Entry(child, cm, alpha * float(style["opacity"]), clip)

    def _child_clip(self, entry: _Entry) -> Any:
        frag = entry.frag
        style = frag.box.style
        if style["overflow-x"] == "visible" and style["overflow-y"] == "visible":
            return entry.clip
        if not entry.m.is_translation:
            return entry.clip
        x = entry.m.e + frag.border.left
        y = entry.m.f + frag.border.top
        rect = (
            x,
            y,
            x + frag.width - frag.border.horizontal,
            y + frag.height - frag.border.vertical,
        )
        c = entry.clip
        own = rect
        if c is not None:
            rect = (max(c[0], rect[0]), max(c[1], rect[1]), min(c[2], rect[2]), min(c[3], rect[3]))
        radii = clip_radii(frag)
        if radii is not None:  # the corners an outer clip cuts off are square
            kept = (
                radii[0] if rect[0] == own[0] and rect[1] == own[1] else 0.0,
                radii[1] if rect[2] == own[2] and rect[1] == own[1] else 0.0,
                radii[2] if rect[2] == own[2] and rect[3] == own[3] else 0.0,
                radii[3] if rect[0] == own[0] and rect[3] == own[3] else 0.0,
            )
            if max(kept) > 0.5:
                self.round_clips[rect] = kept
        return rect

    # -- painting ------------------------------------------------------------
    def background(self, entry: _Entry) -> None:
        frag = entry.frag
        self.source_index = frag.box.index
        self.report_unsupported(frag)
        if self.outlines and has_outline(frag):
            self.outlines[-1].append(entry)
        table = frag.extra.get("table")
        collapsed = table is not None and table.collapsed
        for shape in decorate(
            frag, entry.m, entry.alpha, self.diag, self.media, borders=not collapsed
        ):
            self.emit(shape, entry.clip)
        if frag.box.inner == b.REPLACED:
            for shape in replaced_shapes(
                frag, entry.m, entry.alpha, self.diag, self.media, self.lang, self.options.limits
            ):
                self.emit(shape, entry.clip)
        if frag.box.control is not None:
            for shape in control_shapes(frag, entry.m, entry.alpha):
                self.emit(shape, entry.clip)
        table = frag.extra.get("table")
        if table is not None:
            from engine.model.tables.mapping import table_shapes

            clip = entry.clip or self.slide_rect

            def paint(cell: BoxFragment, m: Matrix, alpha: float) -> list[Shape]:
                return decorate(cell, m, alpha, self.diag, self.media)

            radii = self.round_clips.get(clip) if clip is not None else None
            shapes = table_shapes(
                frag,
                table,
                entry.m,
                entry.alpha,
                self.backdrop,
                clip,
                paint,
                radii,
                self.options.line_breaks,
                self.lo_widths,
            )
            for shape in shapes:
                self.emit(shape, entry.clip)

    def report_unsupported(self, frag: BoxFragment) -> None:
        """One diagnostic per page and property for CSS the slide model cannot express."""
        style = frag.box.style
        for prop, ok in UNSUPPORTED:
            value = style[prop]
            if value in ok or (prop in self.reported):
                continue
            if prop == "clip-path" and clip_region(value, _PROBE_BOXES) is not None:
                continue
            self.reported.add(prop)
            self.diag.add(
                "unsupported", f"{prop}: {css_text(value)} is not mapped", frag.box.describe()
            )

    def inline_content(self, entry: _Entry) -> None:
        frag = entry.frag
        self.source_index = frag.box.index
        if "vertical" in frag.extra:
            for shape in vertical_text_shapes(
                frag, entry.m, entry.alpha, self.options.line_breaks, self.lo_widths
            ):
                self.emit(shape, entry.clip)
            return
        visible = visible_lines(frag, entry.m, entry.clip or self.slide_rect)
        if visible is not frag:
            self.clipped += len(frag.lines) - len(visible.lines)
        for painted in text_shapes(
            visible, entry.m, entry.alpha, self.options.line_breaks, self.lo_widths
        ):
            self.emit(painted.shape, entry.clip, painted.fit)
        self.atomic_inlines(entry)

    def atomic_inlines(self, entry: _Entry) -> None:
        """Inline-blocks and inline replaced boxes on the lines, each painted atomically."""
        for line in entry.frag.lines:
            for item in line.items:
                if isinstance(item, BoxFragment):
                    lm = entry.m.multiply(translate(line.x, line.y))
                    self.context(self._entry(item, lm, entry.alpha, entry.clip))

    def backdrop(self, x: float, y: float) -> tuple[float, float, float] | None:
        """The opaque colour painted so far at (x, y) (None under pictures or unknown paint)."""
        return backdrop_at(self.shapes, self.slide_fill, self.slide_size, x, y)

    def emit(self, shape: Shape, clip: Rect | None, fit: EdgeFit | None = None) -> None:
        """Add a painted shape (cut by the open clip-paths, clipped); `fit`: how a text box
        may narrow at the slide edge (fit_slide_edge)."""
        if not self.cuts:
            self._emit(shape, clip, fit)
            return
        pieces = [shape]
        for knife in self.cuts:
            pieces = cut_shapes(pieces, knife)
        if not pieces:
            self.clipped += 1
        for piece in pieces:
            # a text box is kept whole or dropped by a cut: its fit stays its own
            self._emit(piece, clip, fit if piece is shape else None)

    def _emit(self, shape: Shape, clip: Rect | None, fit: EdgeFit | None = None) -> None:
        index = self.source_index
        if outside(shape, clip or self.slide_rect):
            self.clipped += 1  # clipped away by an overflow:hidden box, or off the slide
            return
        fit_slide_edge(shape, fit, self.slide_rect)
        if shape["kind"] == "text":
            flatten_runs(shape, self.shapes, self.slide_fill, self.slide_size)
        if clip is not None and shape["kind"] in ("rect", "picture") and not shape.get("rotation"):
            clipped = _clip_shape(shape, clip)
            if clipped is None:
                return
            shape = clipped
            radii = self.round_clips.get(clip)
            if radii is not None:
                shape = round_to_clip(shape, clip, radii)
        self.shapes.append(shape)
        self.sources.append(index)


def _clip_shape(shape: Outlined, clip: Rect) -> Outlined | None:
    x0, y0 = shape["x"], shape["y"]
    x1, y1 = x0 + shape["w"], y0 + shape["h"]
    cx0, cy0 = max(x0, clip[0]), max(y0, clip[1])
    cx1, cy1 = min(x1, clip[2]), min(y1, clip[3])
    if cx1 - cx0 <= 0.01 or cy1 - cy0 <= 0.01:
        return None
    if (cx0, cy0, cx1, cy1) == (x0, y0, x1, y1):
        return shape
    if shape["kind"] == "picture":
        return _clip_picture(shape, (cx0, cy0, cx1 - cx0, cy1 - cy0))
    if shape.get("geom") not in (None, "rect"):
        return clip_outline(shape, clip)  # engine/model/geometry.py: the outline cut as a polygon
    out = shape.copy()
    set_box(out, local_box((cx0, cy0, cx1 - cx0, cy1 - cy0)))
    return out


def _clip_picture(
    shape: PictureShape, part: tuple[float, float, float, float]
) -> PictureShape | None:
    """A picture cropped to `part`; a custom outline (clip-path) is cut to it and moved."""
    out = recrop(shape, part)
    if shape.get("geom") != "custom":
        return out
    px, py, pw, ph = part
    rect = [(px, py), (px + pw, py), (px + pw, py + ph), (px, py + ph)]
    cut = [dedupe(clip_convex(c, rect)) for c in shape_outline(shape)]
    cut = [c for c in cut if len(c) >= 3 and abs(signed_area(c)) > 1e-6]
    if not cut:
        return None
    out.pop("points", None)
    out.pop("contours", None)
    set_geom(out, custom_geom(cut, part))
    return out


def _slide_background(root: BoxFragment, alpha: float) -> Fill | None:
    style = root.box.style
    layers = [layer for layer in style["background-image"] if layer != "none"]
    # A radial layer is painted as shapes (engine.model.paint.fills.radial_shapes): LibreOffice draws a
    # background path gradient out to half the slide's diagonal whatever the gradient's size,
    # and ignores the stops' positions (a 3-stop farthest-corner glow at 80% 20% came out as a
    # dark slide with a small halo), while the shapes place the stops where Chromium paints them.
    if (
        len(layers) == 1
        and isinstance(layers[0], LinearGradient)
        and style["background-color"].a == 0
    ):
        return gradient_fill(layers[0], root.width, root.height, alpha)
    if not layers:
        color = style["background-color"]
        if color.a >= 1.0:
            return fill_for_color(color, alpha)
    return None


def build_slide(
    root: BoxFragment, media: dict[str, Any], diag: Diagnostics, options: Options, lang: str = ""
) -> Slide:
    """Map the slide root's fragment tree to a slide model (see engine/model/schema.py)."""
    painter = Painter(diag, media, options, lang)
    background = _slide_background(root, 1.0)
    painter.slide_fill = background
    painter.slide_size = (root.width, root.height)
    painter.slide_rect = (0.0, 0.0, root.width, root.height)
    entry = _Entry(root, IDENTITY, 1.0, None)
    painter.context(entry, paint_self=background is None)
    shapes = reading_order(painter.shapes, painter.sources)
    if painter.clipped:
        diag.add(
            "layout",
            f"{painter.clipped} shapes or text lines not written: clipped away or off the slide",
        )
    notes = None
    element = root.box.element
    if options.notes and element is not None:
        notes = element.get("data-notes") or _aside_notes(element)
    if options.libreoffice_widths:
        correct_for_libreoffice(shapes)
    return {"background": background, "shapes": shapes, "notes": notes, "blank": False}


def _aside_notes(element: Any) -> str | None:
    for aside in element.iter("aside"):
        if "notes" in (aside.get("class") or "").split():
            text = " ".join("".join(aside.itertext()).split())
            return text or None
    return None
