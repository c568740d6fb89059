"""Box borders (computed border and border-radius values + a fragment -> used corner radii and
per-side border shapes: rounded rings, strips, dashed lines, inset/outset shading)."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import BoxFragment, InlineBoxFragment
from engine.model.geometry import (
    Matrix,
    Radii,
    custom_geom,
    elliptic_rect_polygon,
    local_box,
    placed,
    rounded_rect_polygon,
)
from engine.model.paint.fills import fill_for_color, line_for, shaded_color
from engine.model.schema.shapes import RectShape, Shape
from engine.style.computed import ROOT_INITIAL
from engine.style.types import resolve_length

_RADIUS_KEYS = tuple(
    f"border-{corner}-radius" for corner in ("top-left", "top-right", "bottom-right", "bottom-left")
)
_SQUARE: Radii = (0.0, 0.0, 0.0, 0.0)
_INITIAL_RADIUS = ROOT_INITIAL["border-top-left-radius"]  # (0.0, 0.0), shared by every style


def radius_px(style: Any, width: float, height: float) -> Radii:
    """Used radii of the four corners (tl, tr, br, bl), the smaller of each corner's two,
    scaled down so they fit (CSS Backgrounds 3, 5.5)."""
    values = [style[key] for key in _RADIUS_KEYS]
    initial = _INITIAL_RADIUS
    if (
        values[0] is initial
        and values[1] is initial
        and values[2] is initial
        and values[3] is initial
    ):
        return _SQUARE  # the common case: no border-radius (the shared initial value)
    radii = []
    for value in values:
        rx, ry = (value if isinstance(value, tuple) else (value, value))[:2]
        radii.append((resolve_length(rx, width), resolve_length(ry, height)))
    factor = 1.0
    for a, b_, total in (
        (radii[0][0], radii[1][0], width),
        (radii[3][0], radii[2][0], width),
        (radii[0][1], radii[3][1], height),
        (radii[1][1], radii[2][1], height),
    ):
        if a + b_ > total > 0:
            factor = min(factor, total / (a + b_))
    return tuple(min(rx, ry) * factor for rx, ry in radii)  # type: ignore[return-value]


SHADED = frozenset(("inset", "outset"))  # sides painted darker or lighter than the colour


def side_color(style: Any, side: str) -> Any:
    """The colour a border side is painted with (inset/outset shade it, as Chromium does)."""
    color = style[f"border-{side}-color"]
    kind = style[f"border-{side}-style"]
    if kind not in SHADED:
        return color
    top_left = side in ("top", "left")
    return shaded_color(color, darker=top_left == (kind == "inset"))


def side_borders(
    frag: BoxFragment | InlineBoxFragment,
    m: Matrix,
    alpha: float,
    gap: tuple[float, float] | None = None,
) -> list[Shape]:
    """Per-side borders exactly where the browser paints them: on a rounded box whose drawn
    sides share one solid colour, the ring between the border and padding edges (following
    the corners); else one thin rectangle per side (a dashed line for dashed/dotted sides).
    `gap`: the x range a fieldset's legend cuts out of the top border."""
    style = frag.box.style
    w, h = frag.width, frag.height
    out: list[Shape] = []
    b = frag.border
    ring = _rounded_ring(frag, alpha) if gap is None else None
    if ring is not None:
        return [placed(ring, m, (0.0, 0.0, w, h))]
    rects = {
        "top": (0.0, 0.0, w, b.top),
        "bottom": (0.0, h - b.bottom, w, b.bottom),
        "left": (0.0, b.top, b.left, h - b.top - b.bottom),
        "right": (w - b.right, b.top, b.right, h - b.top - b.bottom),
    }
    if b.left and b.top == 0 and b.bottom == 0:
        rects["left"] = (0.0, 0.0, b.left, h)
    if b.right and b.top == 0 and b.bottom == 0:
        rects["right"] = (w - b.right, 0.0, b.right, h)
    strips = list(rects.items())
    if gap is not None:  # the top border either side of the legend
        strips[0] = ("top", (0.0, 0.0, max(0.0, gap[0]), b.top))
        strips.insert(1, ("top", (gap[1], 0.0, max(0.0, w - gap[1]), b.top)))
    for side, (x, y, rw, rh) in strips:
        width = style[f"border-{side}-width"]
        if width <= 0 or rw <= 0 or rh <= 0 or style[f"border-{side}-style"] in ("none", "hidden"):
            continue
        kind = style[f"border-{side}-style"]
        if kind in ("dashed", "dotted"):  # a dashed line along the middle of the strip
            line = line_for(width, style[f"border-{side}-color"], kind, alpha)
            if line is None:
                continue
            horizontal = side in ("top", "bottom")
            ends = (
                ((x, y + rh / 2), (x + rw, y + rh / 2))
                if horizontal
                else ((x + rw / 2, y), (x + rw / 2, y + rh))
            )
            (x1, y1), (x2, y2) = (m.apply(*p) for p in ends)
            name = f"{frag.box.describe()} border-{side}"
            out.append(
                {"kind": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "line": line, "name": name}
            )
            continue
        fill = fill_for_color(side_color(style, side), alpha)
        if fill is None:
            continue
        shape: RectShape = {
            "kind": "rect",
            "geom": "rect",
            "fill": fill,
            "line": None,
            "name": f"{frag.box.describe()} border-{side}",
            **local_box((x, y, rw, rh)),
        }
        out.append(placed(shape, m, (x, y, rw, rh)))
    return out


def _rounded_ring(frag: BoxFragment | InlineBoxFragment, alpha: float) -> RectShape | None:
    style = frag.box.style
    w, h = frag.width, frag.height
    radii = radius_px(style, w, h)
    if max(radii) <= 0.5:
        return None
    drawn = {}
    for side in ("top", "right", "bottom", "left"):
        if style[f"border-{side}-width"] > 0 and style[f"border-{side}-style"] not in (
            "none",
            "hidden",
        ):
            drawn[side] = (style[f"border-{side}-color"], style[f"border-{side}-style"])
    if not drawn or len(set(drawn.values())) != 1:
        return None
    color, kind = next(iter(drawn.values()))
    fill = fill_for_color(color, alpha)
    if fill is None or kind not in ("solid", "double", "groove", "ridge"):
        return None
    b = frag.border
    bt, br_, bb, bl = (
        b.top if "top" in drawn else 0.0,
        b.right if "right" in drawn else 0.0,
        b.bottom if "bottom" in drawn else 0.0,
        b.left if "left" in drawn else 0.0,
    )
    tl, tr, br, bl_r = radii
    outer = rounded_rect_polygon(0.0, 0.0, w, h, radii)
    inner_corners = [
        (max(0.0, tl - bl), max(0.0, tl - bt)),
        (max(0.0, tr - br_), max(0.0, tr - bt)),
        (max(0.0, br - br_), max(0.0, br - bb)),
        (max(0.0, bl_r - bl), max(0.0, bl_r - bb)),
    ]
    if w - bl - br_ <= 0 or h - bt - bb <= 0:
        contours = [outer]
    else:
        inner = elliptic_rect_polygon(bl, bt, w - br_, h - bb, inner_corners)
        contours = [outer, inner[::-1]]
    name = f"{frag.box.describe()} border"
    return {
        "kind": "rect",
        **custom_geom(contours, (0.0, 0.0, w, h)),
        "fill": fill,
        "line": None,
        "name": name,
        **local_box((0.0, 0.0, w, h)),
    }
