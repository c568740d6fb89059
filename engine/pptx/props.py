"""Slide-model Fill / Line / Shadow / geometry dicts -> DrawingML shape properties (fills, a:ln, a:effectLst)."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.model.schema import Crop, Fill, Line, Shadow
from engine.pptx.oxml import (
    Element,
    a,
    alpha_val,
    blip_fill,
    finite,
    grad_fill,
    inner_shdw,
    ln,
    ln_none,
    outer_shdw,
    solid_fill,
    sub,
    token,
)
from engine.units import deg_to_ooxml_angle, px_to_emu

GRADIENT_PATHS = frozenset({"circle", "rect", "shape"})
_MAX_SCALE = 10_000_000  # shadow sx / sy: at most 100x

# (main blip r:id, optional SVG r:id) for a media sha1 (+ optional SVG sha1); None when unknown.
BlipResolver = Callable[[str, str | None], tuple[str, str | None] | None]


def num(value: Any, default: float = 0.0) -> float:
    """A model number as float (missing, boolean, NaN or infinite -> default)."""
    number = finite(value)
    return default if number is None else number


def add_fill(parent: Element, fill: Fill | None, blip_rids: BlipResolver | None = None) -> bool:
    """Fill dict -> solidFill / gradFill / blipFill (image: backgrounds). False if unusable."""
    if fill is None:
        return False
    if fill["type"] == "solid":
        solid_fill(parent, fill["color"], fill["alpha"])
        return True
    if fill["type"] == "gradient":
        stops = []
        for stop in fill["stops"]:
            pos = max(0, min(100000, int(round(num(stop["pos"]) * 100000))))
            stops.append((pos, stop["color"], stop["alpha"]))
        stops.sort(key=lambda s: s[0])
        if not stops:
            return False
        if len(stops) == 1:
            solid_fill(parent, stops[0][1], stops[0][2])
            return True
        path = fill["path"]
        center = fill.get("center") or []
        focus = (50000, 50000)
        if len(center) == 2:
            fx, fy = (max(0, min(100000, int(round(num(c, 0.5) * 100000)))) for c in center)
            focus = (fx, fy)
        grad_fill(
            parent,
            stops,
            token(path, GRADIENT_PATHS),
            deg_to_ooxml_angle(num(fill["angle"])),
            focus,
        )
        return True
    if blip_rids is not None:
        rids = blip_rids(fill["media"], None)
        if rids is None:
            return False
        blip_fill(
            parent,
            a("blipFill"),
            rids[0],
            crop=crop_values(fill["crop"]),
            alpha_amt=alpha_val(fill.get("alpha", 1.0)),
            svg_rid=rids[1],
            attrib={"dpi": "0", "rotWithShape": "1"},
        )
        return True
    return False


def add_line_props(parent: Element, line: Line | None, tag: str | None = None) -> None:
    """Line dict -> a:ln (solid fill + prstDash); None or zero width -> a:ln with noFill."""
    width = px_to_emu(num(line["width"])) if line is not None else 0
    if line is None or width <= 0:
        ln_none(parent, tag)
        return
    ln(parent, width, line["color"], line["alpha"], line["dash"] or "solid", tag)


def add_effects(
    parent: Element, shadow: Shadow | None, cx: int, cy: int, soft_edge: float | None = None
) -> None:
    """Shadow dict -> a:effectLst with one outerShdw (or innerShdw when "inset"), then
    a:softEdge when `soft_edge` (px) is positive."""
    soft = px_to_emu(num(soft_edge))
    if shadow is None and soft <= 0:
        return
    effects = sub(parent, a("effectLst"))
    if shadow is not None:
        _add_shadow(effects, shadow, cx, cy)
    if soft > 0:
        sub(effects, a("softEdge"), {"rad": str(min(soft, 20116800))})


def _add_shadow(effects: Element, shadow: Shadow, cx: int, cy: int) -> None:
    blur = px_to_emu(num(shadow["blur"]))
    dist = px_to_emu(num(shadow["dist"]))
    direction = deg_to_ooxml_angle(num(shadow["dir"]))
    color, alpha = shadow["color"], shadow["alpha"]
    if shadow.get("inset"):
        inner_shdw(effects, blur, dist, direction, color, alpha)
        return
    # CSS spread grows the shadow by `spread` on every side: scale it by (w + 2s) / w. About
    # the centre (algn="ctr") PowerPoint needs no other change, but LibreOffice 7.4 ignores
    # algn and scales about the left edge when the x offset is >= 0, else the right one (the
    # same for y). So, per axis, when the offset can be moved to that edge's side (CSS offset
    # minus / plus the spread keeps its sign), anchor there and shift the offset: both agree.
    spread = px_to_emu(num(shadow.get("spread")))
    sx = sy = 100000
    algn = "ctr"
    if spread and cx > 0 and cy > 0:
        sx = max(0, min(_MAX_SCALE, int(round((cx + 2 * spread) / cx * 100000))))
        sy = max(0, min(_MAX_SCALE, int(round((cy + 2 * spread) / cy * 100000))))
        angle = math.radians(num(shadow["dir"]))
        ox, oy = dist * math.cos(angle), dist * math.sin(angle)
        ox, hor = _anchor(ox, spread, "l", "r")
        oy, ver = _anchor(oy, spread, "t", "b")
        algn = (ver + hor) or "ctr"
        dist = int(round(math.hypot(ox, oy)))
        direction = deg_to_ooxml_angle(math.degrees(math.atan2(oy, ox))) if dist else 0
    outer_shdw(effects, blur, dist, direction, color, alpha, sx, sy, algn)


def _anchor(offset: float, spread: int, low: str, high: str) -> tuple[float, str]:
    """(offset, edge) for a scaled shadow along one axis: the low edge when offset - spread >= 0,
    the high edge when offset + spread < 0, else the centre ("")."""
    if offset - spread >= 0:
        return offset - spread, low
    if offset + spread < 0:
        return offset + spread, high
    return offset, ""


def crop_values(crop: Crop | None) -> tuple[int, int, int, int] | None:
    if crop is None:
        return None
    sides = (crop["l"], crop["t"], crop["r"], crop["b"])
    fractions = [max(-100.0, min(100.0, num(side))) for side in sides]
    values = [int(round(f * 100000)) for f in fractions]
    return (values[0], values[1], values[2], values[3])
