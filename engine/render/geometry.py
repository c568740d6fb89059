"""Outlines for the PNG renderer (a shape's geom / radius / radii / points / contours -> one SVG element or path)."""

from __future__ import annotations

import math

from engine.model.schema import BoxShape, PictureShape, RectShape, Shadow
from engine.render.paint import f, num

Outlined = RectShape | PictureShape  # the shapes drawn by their outline

MAX_POINTS = 20_000  # points of one custom outline drawn, at most


def box(shape: BoxShape) -> tuple[float, float, float, float]:
    """(x, y, w, h) of a shape, finite and non-negative in size."""
    return (
        num(shape["x"]),
        num(shape["y"]),
        max(0.0, num(shape["w"])),
        max(0.0, num(shape["h"])),
    )


def rotation(shape: BoxShape) -> tuple[float, float, float] | None:
    """(degrees, centre x, centre y) of a rotated shape; None when unrotated."""
    rot = num(shape.get("rotation")) % 360.0
    if abs(rot) < 1e-6:
        return None
    x, y, w, h = box(shape)
    return rot, x + w / 2, y + h / 2


def transform(shape: BoxShape) -> str:
    """transform="rotate(...)" about the box centre ('' when unrotated)."""
    rot = rotation(shape)
    if rot is None:
        return ""
    return f' transform="rotate({f(rot[0])} {f(rot[1])} {f(rot[2])})"'


def _round_rect_path(x: float, y: float, w: float, h: float, radii: list[float]) -> str:
    limit = min(w, h) / 2
    tl, tr, br, bl = (max(0.0, min(r, limit)) for r in radii)
    return (
        f"M{f(x + tl)},{f(y)}H{f(x + w - tr)}"
        + (f"A{f(tr)},{f(tr)} 0 0 1 {f(x + w)},{f(y + tr)}" if tr else "")
        + f"V{f(y + h - br)}"
        + (f"A{f(br)},{f(br)} 0 0 1 {f(x + w - br)},{f(y + h)}" if br else "")
        + f"H{f(x + bl)}"
        + (f"A{f(bl)},{f(bl)} 0 0 1 {f(x)},{f(y + h - bl)}" if bl else "")
        + f"V{f(y + tl)}"
        + (f"A{f(tl)},{f(tl)} 0 0 1 {f(x + tl)},{f(y)}" if tl else "")
        + "Z"
    )


def _contours(shape: Outlined) -> list[list[tuple[float, float]]]:
    raw = shape.get("contours")
    if raw is None:
        points = shape.get("points")
        raw = [points] if points is not None else []
    out: list[list[tuple[float, float]]] = []
    budget = MAX_POINTS
    for contour in raw:
        pts = []
        for p in contour[:budget]:
            if len(p) == 2:
                pts.append((num(p[0]), num(p[1])))
        budget -= len(pts)
        if len(pts) >= 2:
            out.append(pts)
    return out


def _preset(geom: str, x: float, y: float, w: float, h: float) -> str | None:
    if geom == "triangle":
        return f"M{f(x + w / 2)},{f(y)}L{f(x + w)},{f(y + h)}L{f(x)},{f(y + h)}Z"
    if geom == "rtTriangle":
        return f"M{f(x)},{f(y)}L{f(x + w)},{f(y + h)}L{f(x)},{f(y + h)}Z"
    if geom == "diamond":
        return (
            f"M{f(x + w / 2)},{f(y)}L{f(x + w)},{f(y + h / 2)}L{f(x + w / 2)},{f(y + h)}"
            f"L{f(x)},{f(y + h / 2)}Z"
        )
    return None


def outline(shape: Outlined) -> str:
    """The shape's outline as an SVG element without paint attributes (ends in ' ')."""
    x, y, w, h = box(shape)
    geom = shape.get("geom") or "rect"
    if geom == "ellipse":
        return f'<ellipse cx="{f(x + w / 2)}" cy="{f(y + h / 2)}" rx="{f(w / 2)}" ry="{f(h / 2)}" '
    if geom == "roundRect":
        radii = shape.get("radii")
        if radii is not None and len(radii) == 4:
            return f'<path d="{_round_rect_path(x, y, w, h, [num(r) for r in radii])}" '
        r = max(0.0, min(num(shape.get("radius")), min(w, h) / 2))
        return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" rx="{f(r)}" '
    if geom == "custom":
        parts = []
        for pts in _contours(shape):
            parts.append("M" + "L".join(f"{f(x + px)},{f(y + py)}" for px, py in pts) + "Z")
        return f'<path d="{"".join(parts) or "M0,0"}" '
    preset = _preset(str(geom), x, y, w, h)
    if preset is not None:
        return f'<path d="{preset}" '
    return f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}" '


def bounds(shape: BoxShape) -> tuple[float, float, float, float]:
    """The box a gradient fill spans: the shape's box (custom points may lie outside it)."""
    return box(shape)


SHADOW_LAYERS = 4


def grown(shape: Outlined, dx: float, dy: float, grow: float) -> str | None:
    """The outline of a rect / roundRect / ellipse shape moved by (dx, dy) and grown by
    `grow` on every side (None for other outlines)."""
    geom = shape.get("geom") or "rect"
    if geom not in ("rect", "roundRect", "ellipse") or shape.get("radii"):
        return None
    x, y, w, h = box(shape)
    moved = shape.copy()
    moved["x"], moved["y"] = x + dx - grow, y + dy - grow
    moved["w"], moved["h"] = w + 2 * grow, h + 2 * grow
    if geom == "roundRect":
        moved["radius"] = max(0.0, num(shape.get("radius")) + grow)
    return outline(moved)


def shadow(shape: Outlined, spec: Shadow | None, paint: str = "") -> str:
    """An outer shadow drawn without a filter (resvg's blur costs tens of ms per shape): the
    outline moved by the shadow's offset, stacked SHADOW_LAYERS times, growing by up to the
    blur radius with the alpha split between the layers (a ramp like the Gaussian's)."""
    from engine.render.paint import color, unit

    if spec is None or spec.get("inset"):
        return ""
    alpha = unit(spec["alpha"])
    if alpha <= 0.01:
        return ""
    blur = max(0.0, min(200.0, num(spec["blur"])))
    dist = num(spec["dist"])
    direction = math.radians(num(spec["dir"]))
    dx, dy = dist * math.cos(direction), dist * math.sin(direction)
    spread = num(spec.get("spread"))
    fill = f'fill="{color(spec["color"])}"'
    layers = SHADOW_LAYERS if blur > 0.5 else 1
    out = []
    for i in range(layers):
        grow = spread + (blur * (2 * i + 1) / (2 * layers) - blur / 2 if layers > 1 else 0.0)
        el = grown(shape, dx, dy, grow)
        if el is None:
            if i:
                break
            el = f'<g transform="translate({f(dx)} {f(dy)})">{outline(shape)}'
            out.append(f'{el}{fill} fill-opacity="{f(alpha / 2)}"/></g>')
            break
        out.append(f'{el}{fill} fill-opacity="{f(alpha / layers)}"/>')
    return "".join(out)
