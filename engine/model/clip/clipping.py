"""Clipping (a shape or a block's lines + the clip rectangle in force -> what is visible at all).

Chromium paints nothing of a box outside its `overflow: hidden` ancestors' padding boxes, nor
outside the slide: such shapes are not written, and the lines of a text block that lie entirely
outside the clip are dropped (a line partly inside stays whole: a text box cannot be cut, and
the fidelity harness, like a reader, still counts its words).  A clip with rounded corners
(border-radius + overflow: hidden) rounds the corners of the boxes and pictures that reach
into them, as Chromium's clip does (a card's cover image gets the card's top corners)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Generic, Literal, TypeVar

from engine.layout.fragments import BoxFragment, LineFragment, TextFragment
from engine.model.geometry import (
    Matrix,
    Outlined,
    Placement,
    clip_convex,
    custom_geom,
    geom_for,
    local_box,
    round_crop,
    rounded_rect_polygon,
    set_box,
    set_geom,
)
from engine.model.schema.fills import Crop
from engine.model.schema.shapes import BoxShape, PictureShape, Shape

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in slide px


@dataclass(frozen=True)
class EdgeFit:
    """How far a text box may narrow where it crosses the slide's left or right edge
    (fit_slide_edge): to `used` px (its lines without the anti-rewrap slack), keeping the
    edge its alignment `align` holds; `soft`: its paragraphs wrap softly (it keeps wrapping)."""

    used: float
    align: Literal["l", "ctr", "r"]
    soft: bool


S_co = TypeVar("S_co", bound=Shape, covariant=True)


@dataclass(frozen=True)
class Painted(Generic[S_co]):
    """A shape as a shape builder hands it to the painter, with what only the painter uses
    (a text box's EdgeFit), kept beside the shape and out of the slide model."""

    shape: S_co
    fit: EdgeFit | None = None


def shape_bounds(shape: Shape) -> Rect | None:
    """A shape's box in slide px (a rotated shape: the square any rotation stays inside);
    None for a line."""
    return None if shape["kind"] == "line" else box_bounds(shape)


def box_bounds(box: Placement | BoxShape) -> Rect:
    """A placed box in slide px (rotated: the square any rotation stays inside)."""
    x, y, w, h = box["x"], box["y"], box["w"], box["h"]
    if box.get("rotation"):
        r = max(w, h) / 2 * 1.4143  # any rotation stays inside the circumscribed square
        cx, cy = x + w / 2, y + h / 2
        return (cx - r, cy - r, cx + r, cy + r)
    return (x, y, x + w, y + h)


def outside(shape: Shape, clip: Rect | None) -> bool:
    """True when nothing of the shape's box lies inside the clip rectangle."""
    if clip is None:
        return False
    b = shape_bounds(shape)
    return b is not None and apart(b, clip)


def apart(b: Rect, clip: Rect) -> bool:
    """True when the two rectangles do not overlap."""
    return b[2] <= clip[0] or b[0] >= clip[2] or b[3] <= clip[1] or b[1] >= clip[3]


def visible_lines(frag: BoxFragment, m: Matrix, clip: Rect | None) -> BoxFragment:
    """The block with only the lines that reach into the clip (the block itself when all do).
    Only for untransformed blocks: a transformed one keeps its lines."""
    if clip is None or not frag.lines or not m.is_translation:
        return frag
    x0, y0 = m.e, m.f
    kept = []
    for line in frag.lines:
        top = y0 + line.y
        bottom = top + line.height
        left = x0 + line.x
        right = left + max(line.width, line.content_width)
        if bottom <= clip[1] or top >= clip[3] or right <= clip[0] or left >= clip[2]:
            continue
        kept.append(_visible_text(line, left, clip))
    if len(kept) == len(frag.lines) and all(a is b for a, b in zip(kept, frag.lines, strict=True)):
        return frag
    return replace(frag, lines=kept)


def _visible_text(line: LineFragment, left: float, clip: Rect) -> LineFragment:
    """The line without the text pieces lying wholly left or right of the clip (the end of a
    code line running out of an overflow:hidden block); a piece partly inside stays whole."""
    items = [
        item
        for item in line.items
        if not isinstance(item, TextFragment)
        or item.marker
        or (left + item.x < clip[2] and left + item.x + item.width > clip[0])
    ]
    if len(items) == len(line.items):
        return line
    if not any(isinstance(item, TextFragment) and item.text.strip() for item in items):
        items = [item for item in items if not isinstance(item, TextFragment)]
    return replace(line, items=items)


def visible_items(items: list[BoxFragment], m: Matrix, clip: Rect | None) -> list[BoxFragment]:
    """The list items (children of the list at `m`) that reach into the clip."""
    if clip is None or not m.is_translation:
        return items
    out = []
    for li in items:
        top = m.f + li.y
        left = m.e + li.x
        if top + li.height <= clip[1] or top >= clip[3]:
            continue
        if left + li.width <= clip[0] or left >= clip[2]:
            continue
        out.append(li)
    return out


def fit_slide_edge(shape: Shape, fit: EdgeFit | None, slide: Rect | None) -> None:
    """A text box whose anti-rewrap slack (not its text) crosses the slide's left or right edge
    is narrowed to the slide, keeping the edge its alignment holds (a centred box its centre),
    and stops wrapping so that no renderer breaks its lines differently; a box whose paragraphs
    wrap softly keeps wrapping, narrowed no further than its lines stay whole."""
    if fit is None or slide is None or shape["kind"] != "text":
        return
    used, align, soft = fit.used, fit.align, fit.soft
    x0, x1 = shape["x"], shape["x"] + shape["w"]
    if x0 >= slide[0] - 0.01 and x1 <= slide[2] + 0.01:
        return
    if align == "l":
        x1 = max(x0 + used, min(x1, slide[2]))
    elif align == "r":
        x0 = min(x1 - used, max(x0, slide[0]))
    else:
        centre = (x0 + x1) / 2
        half = max(used / 2, min(centre - slide[0], slide[2] - centre, (x1 - x0) / 2))
        x0, x1 = centre - half, centre + half
    if x1 - x0 < shape["w"] - 0.01:
        shape["x"], shape["w"] = x0, x1 - x0
        shape["text"]["wrap"] = soft


def clip_radii(frag: BoxFragment) -> tuple[float, float, float, float] | None:
    """The inner corner radii (tl, tr, br, bl) of a clipping box's padding box, or None when
    its corners are square."""
    from engine.model.decor.borders import radius_px

    radii = radius_px(frag.box.style, frag.width, frag.height)
    if max(radii) <= 0.5:
        return None
    b = frag.border
    inner = (
        max(0.0, radii[0] - max(b.left, b.top)),
        max(0.0, radii[1] - max(b.right, b.top)),
        max(0.0, radii[2] - max(b.right, b.bottom)),
        max(0.0, radii[3] - max(b.left, b.bottom)),
    )
    return inner if max(inner) > 0.5 else None


def round_to_clip(
    shape: Outlined, clip: Rect, radii: tuple[float, float, float, float]
) -> Outlined:
    """A square box or picture (already cut to the clip rectangle) whose corners lie on the
    clip's rounded corners, with those corners rounded (a new dict; the shape itself when no
    corner of it is on a rounded one, or when it has a geometry of its own)."""
    if shape.get("rotation") or shape.get("geom") not in (None, "rect"):
        return shape
    x0, y0 = shape["x"], shape["y"]
    x1, y1 = x0 + shape["w"], y0 + shape["h"]
    corners = ((x0, y0, 0, 1), (x1, y0, 2, 1), (x1, y1, 2, 3), (x0, y1, 0, 3))
    own = [
        r if abs(cx - clip[ix]) < 1.0 and abs(cy - clip[iy]) < 1.0 else 0.0
        for r, (cx, cy, ix, iy) in zip(radii, corners, strict=True)
    ]
    if max(own) <= 0.5:
        return shape
    out = shape.copy()
    if max(own) > min(shape["w"], shape["h"]) / 2 + 0.01:
        # A box narrower than the clip's corner (an accent bar along a card's edge): its outline
        # is the rectangle cut by the clip's rounded outline, not a rectangle with round corners.
        rounded = rounded_rect_polygon(clip[0], clip[1], clip[2], clip[3], radii)
        cut = clip_convex([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], rounded)
        if len(cut) < 3:
            return shape
        set_geom(out, custom_geom([cut], (x0, y0, shape["w"], shape["h"])))
        return out
    set_geom(out, geom_for((own[0], own[1], own[2], own[3]), shape["w"], shape["h"]))
    out["radii"] = [round(r, 3) for r in own]
    return out


def recrop(shape: PictureShape, part: tuple[float, float, float, float]) -> PictureShape:
    """A picture shown only over `part` (x, y, w, h in slide px, inside its box): that box,
    with its srcRect crop fractions grown to match (a new dict)."""
    x0, y0, w, h = shape["x"], shape["y"], shape["w"], shape["h"]
    px, py, pw, ph = part
    crop: Crop = (shape["crop"] or {"l": 0.0, "t": 0.0, "r": 0.0, "b": 0.0}).copy()
    span_x = 1.0 - crop["l"] - crop["r"]
    span_y = 1.0 - crop["t"] - crop["b"]
    crop["l"] += (px - x0) / w * span_x
    crop["r"] += (x0 + w - px - pw) / w * span_x
    crop["t"] += (py - y0) / h * span_y
    crop["b"] += (y0 + h - py - ph) / h * span_y
    out = shape.copy()
    out["crop"] = round_crop(crop)
    set_box(out, local_box(part))
    return out
