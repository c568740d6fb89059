"""Box decorations (a fragment's backgrounds, borders, shadows and replaced content -> rect/picture shapes)."""

from __future__ import annotations

import math
from typing import Any

from engine.diagnostics import Diagnostics
from engine.layout.fragments import BoxFragment
from engine.model.geometry import Matrix, place_rect
from engine.model.paint import fill_for_color, gradient_fill, line_for
from engine.style.types import LP, LinearGradient, RadialGradient, UrlImage


def radius_px(style: Any, width: float, height: float) -> tuple[float, float, float, float]:
    """Used horizontal radii of the four corners (tl, tr, br, bl), scaled down so they fit (CSS 5.5)."""
    radii = []
    for corner in ("top-left", "top-right", "bottom-right", "bottom-left"):
        value = style[f"border-{corner}-radius"]
        rx, ry = (value if isinstance(value, tuple) else (value, value))[:2]
        radii.append((_len(rx, width), _len(ry, height)))
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


def _len(value: Any, basis: float) -> float:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


def _geom(frag: BoxFragment, w: float, h: float) -> dict[str, Any]:
    tl, tr, br, bl = radius_px(frag.box.style, w, h)
    biggest = max(tl, tr, br, bl)
    if biggest <= 0.5:
        return {"geom": "rect"}
    if w > 0 and h > 0 and min(tl, tr, br, bl) >= min(w, h) / 2 - 0.5 and abs(w - h) < 1.0:
        return {"geom": "ellipse"}
    return {"geom": "roundRect", "radius": biggest}


def _uniform_border(style: Any) -> tuple[float, Any, str] | None:
    sides = ("top", "right", "bottom", "left")
    widths = [style[f"border-{s}-width"] for s in sides]
    if max(widths) <= 0:
        return None
    colors = [style[f"border-{s}-color"] for s in sides]
    styles = [style[f"border-{s}-style"] for s in sides]
    if len(set(widths)) == 1 and len(set(colors)) == 1 and len(set(styles)) == 1:
        return widths[0], colors[0], styles[0]
    return None


def decorate(frag: BoxFragment, m: Matrix, alpha: float, diag: Diagnostics, media: dict[str, Any], borders: bool = True) -> list[dict[str, Any]]:
    """Shapes painting one box's background and border (CSS 2.1 Appendix E step 'background, border')."""
    style = frag.box.style
    if style["visibility"] != "visible" or frag.width <= 0 and frag.height <= 0:
        return []
    shapes: list[dict[str, Any]] = []
    w, h = frag.width, frag.height
    geom = _geom(frag, w, h)
    name = frag.box.describe()
    shadow = _shadow(style, alpha)
    bg = style["background-color"]
    layers = [layer for layer in style["background-image"] if layer != "none"]
    uniform = _uniform_border(style) if borders else None
    base_fill = fill_for_color(bg, alpha)
    has_text_clip = "text" in (style["background-clip"] or ())
    if has_text_clip:
        layers = []  # background-clip:text paints the background only through the glyphs (text colours it)
        base_fill = None
    gradient_layers = [layer for layer in layers if isinstance(layer, (LinearGradient, RadialGradient))]
    # The bottom shape: background colour (or the only gradient), border and shadow.
    fill = base_fill
    if fill is None and len(gradient_layers) == 1 and len(layers) == 1:
        fill = gradient_fill(gradient_layers[0], w, h, alpha)
        layers = []
    line = None
    inset = 0.0
    if uniform is not None:
        line = line_for(uniform[0], uniform[1], uniform[2], alpha)
        inset = uniform[0] / 2 if line is not None else 0.0
    if fill is not None or line is not None or shadow is not None:
        shape = {"kind": "rect", **geom, "fill": fill, "line": line, "shadow": shadow, "name": name}
        if inset and geom["geom"] == "roundRect":
            shape["radius"] = max(0.0, shape["radius"] - inset)
        shape.update(place_rect(m, inset, inset, max(0.0, w - 2 * inset), max(0.0, h - 2 * inset)))
        shapes.append(shape)
    # Further background layers, bottom-most first.
    for layer in reversed(layers):
        if isinstance(layer, (LinearGradient, RadialGradient)):
            shape = {"kind": "rect", **geom, "fill": gradient_fill(layer, w, h, alpha), "line": None, "name": name + " gradient"}
            shape.update(place_rect(m, 0.0, 0.0, w, h))
            shapes.append(shape)
        elif isinstance(layer, UrlImage):
            pic = _background_picture(frag, layer, m, alpha, diag, media)
            if pic is not None:
                shapes.append(pic)
    if uniform is None and borders:
        shapes.extend(_side_borders(frag, m, alpha))
    return shapes


def _shadow(style: Any, alpha: float) -> dict[str, Any] | None:
    shadows = [s for s in style["box-shadow"] if not s.inset and s.color.a > 0]
    if not shadows:
        return None
    s = shadows[0]
    dist = math.hypot(s.x, s.y)
    direction = math.degrees(math.atan2(s.y, s.x)) % 360.0 if dist else 0.0
    return {"blur": s.blur, "dist": dist, "dir": direction, "color": s.color.hex, "alpha": s.color.a * alpha}


def _side_borders(frag: BoxFragment, m: Matrix, alpha: float) -> list[dict[str, Any]]:
    """Per-side borders as thin filled rectangles exactly where the browser paints them."""
    style = frag.box.style
    w, h = frag.width, frag.height
    out = []
    b = frag.border
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
    for side, (x, y, rw, rh) in rects.items():
        width = style[f"border-{side}-width"]
        if width <= 0 or rw <= 0 or rh <= 0:
            continue
        fill = fill_for_color(style[f"border-{side}-color"], alpha)
        if fill is None:
            continue
        shape = {"kind": "rect", "geom": "rect", "fill": fill, "line": None, "name": f"{frag.box.describe()} border-{side}"}
        shape.update(place_rect(m, x, y, rw, rh))
        out.append(shape)
    return out


def _background_picture(frag: BoxFragment, layer: UrlImage, m: Matrix, alpha: float, diag: Diagnostics, media: dict[str, Any]) -> dict[str, Any] | None:
    from engine.model.pictures import background_picture

    return background_picture(frag, layer, m, alpha, diag, media)
