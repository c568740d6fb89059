"""Box effects (box-shadow lists and filter: blur()/drop-shadow() -> slide-model Shadow dicts and shapes).

What maps where:
  * a shadow without blur is an exact copy of the box, offset and grown by its spread: a plain
    shape under the element (every renderer draws it the same);
  * the first blurred outer shadow becomes the shape's a:outerShdw (blur, distance, direction,
    alpha; spread as a scale about the centre);
  * further blurred shadows go on copies of the shape ("shadow casters") under it, which only
    works when the element's own fill is opaque and hides them;
  * a box painted only by gradient layers (a conic pie, a radial-gradient card) casts its shadow
    from a caster filled with a gradient colour under the layers, since a shape without a fill
    casts none; this needs a layer that covers the box opaquely;
  * inset shadows are not drawn (a diagnostic says so);
  * filter: blur(r) on a round box is drawn as a radial gradient that follows the blurred
    disc's profile (a glow); drop-shadow() becomes a shadow when the box has no box-shadow.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, NamedTuple

from engine.diagnostics import Diagnostics
from engine.layout.fragments import BoxFragment
from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    Radii,
    clip_convex,
    custom_geom,
    geom_for,
    local_box,
    outline_polygon,
    placed,
)
from engine.model.paint.fills import GLOW_SOFT_EDGE, SQRT_HALF, fill_for_color
from engine.model.schema.fills import Fill, GradientStop, Shadow
from engine.model.schema.shapes import RectShape, Shape
from engine.style.colors import parse_color
from engine.style.syntax import DIM, FUNC, NUM, Tok, tokenize
from engine.style.types import RGBA, ConicGradient, LinearGradient, RadialGradient


class ShadowSpec(NamedTuple):
    x: float
    y: float
    blur: float
    spread: float
    color: RGBA


def box_shadows(style: Any, diag: Diagnostics | None = None, where: str = "") -> list[ShadowSpec]:
    """The element's outer shadows, top-most first (CSS order); drop-shadow() when there are none."""
    out = []
    inset = False
    for s in style["box-shadow"] or ():
        if s.inset:
            inset = True
            continue
        if s.color.a > 0:
            out.append(ShadowSpec(s.x, s.y, max(0.0, s.blur), s.spread, s.color))
    if inset and diag is not None:
        diag.add("unsupported", "inset box-shadow not drawn", where)
    if not out:
        out = drop_shadows(style)
    return out


def _filter_functions(style: Any) -> tuple[Tok, ...]:
    text = style["filter"]
    if not isinstance(text, str) or text in ("none", ""):
        return ()
    return tuple(t for t in tokenize(text) if t.kind == FUNC)


def _px(tok: Tok) -> float | None:
    if tok.kind == DIM and tok.unit == "px" or tok.kind == NUM and tok.value == 0:
        return float(tok.value)
    return None


def drop_shadows(style: Any) -> list[ShadowSpec]:
    """filter: drop-shadow(x y [blur] [colour]) -> shadows (the colour defaults to currentColor)."""
    out = []
    for fn in _filter_functions(style):
        if fn.value != "drop-shadow":
            continue
        lengths = [v for v in (_px(t) for t in fn.args) if v is not None]
        colors = [
            c for c in (parse_color(t) for t in fn.args if _px(t) is None) if isinstance(c, RGBA)
        ]
        if len(lengths) < 2:
            continue
        current = style["color"]
        color = (
            colors[0] if colors else current if isinstance(current, RGBA) else RGBA(0, 0, 0, 1.0)
        )
        if color.a > 0:
            blur = lengths[2] if len(lengths) > 2 else 0.0
            out.append(ShadowSpec(lengths[0], lengths[1], blur, 0.0, color))
    return out


def shadow_effect(s: ShadowSpec, alpha: float) -> Shadow:
    """A slide-model Shadow (a:outerShdw) for one blurred shadow."""
    dist = math.hypot(s.x, s.y)
    direction = math.degrees(math.atan2(s.y, s.x)) % 360.0 if dist else 0.0
    out: Shadow = {
        "blur": s.blur,
        "dist": dist,
        "dir": direction,
        "color": s.color.hex,
        "alpha": round(s.color.a * alpha, 4),
    }
    if abs(s.spread) > 0.01:
        out["spread"] = s.spread
    return out


def blur_radius(style: Any) -> float:
    """The px radius of filter: blur() (0 when there is none)."""
    for fn in _filter_functions(style):
        if fn.value == "blur" and fn.args:
            value = _px(fn.args[0])
            return value if value is not None and value > 0 else 0.0
    return 0.0


# -- glow: the profile of a blurred disc -----------------------------------------------------

GLOW_SAMPLES = (0.0, 0.2, 0.4, 0.55, 0.7, 0.85, 1.0)  # stop positions of a glow gradient
GLOW_REACH = 2.5  # the glow ends this many standard deviations outside the disc


@lru_cache(maxsize=256)
def disc_blur(ratio: float, rho: float) -> float:
    """Coverage of a unit disc blurred by a Gaussian of standard deviation 1/ratio, at distance
    rho (in disc radii) from its centre: the Rice CDF, by a 48x48 polar sum."""
    sigma = 1.0 / max(ratio, 1e-6)
    if ratio > 8.0:  # a sharp edge: the disc is locally a half-plane
        return 0.5 * math.erfc((rho - 1.0) / (sigma * math.sqrt(2.0)))
    n_r, n_a = 48, 48
    total = 0.0
    two_s2 = 2.0 * sigma * sigma
    for i in range(n_r):
        r = (i + 0.5) / n_r
        ring = 0.0
        for j in range(n_a):
            a = math.pi * (j + 0.5) / n_a  # half the circle; the profile is symmetric
            dx, dy = r * math.cos(a) - rho, r * math.sin(a)
            ring += math.exp(-(dx * dx + dy * dy) / two_s2)
        total += ring * r
    # area element r dr da over the half circle, doubled; normalised by 2 pi sigma^2
    return min(1.0, total * (1.0 / n_r) * (math.pi / n_a) * 2.0 / (math.pi * two_s2))


def glow_profile(radius: float, sigma: float) -> tuple[float, list[tuple[float, float]]]:
    """(outer radius, [(position 0..1, coverage)]) of a disc of `radius` blurred by `sigma`."""
    reach = radius + GLOW_REACH * sigma
    ratio = round(radius / sigma, 2) if sigma > 0 else 100.0
    stops = []
    for pos in GLOW_SAMPLES:
        rho = round(pos * reach / radius, 3) if radius > 0 else 0.0
        stops.append((pos, 0.0 if pos >= 1.0 else disc_blur(ratio, rho)))
    return reach, stops


# -- shapes ------------------------------------------------------------------------------------


def sharp_shadow(
    s: ShadowSpec,
    geom: GeomKeys,
    box: Box,
    radii: Radii,
    opaque: bool,
    alpha: float,
    m: Matrix,
    name: str,
) -> list[Shape]:
    """A shadow without blur: the box grown by its spread and offset, under the box; a ring
    (with the box cut out) when the box would not hide it."""
    fill = fill_for_color(s.color, alpha)
    if fill is None:
        return []
    x, y, w, h = box
    spread = s.spread
    sbox = (x + s.x - spread, y + s.y - spread, w + 2 * spread, h + 2 * spread)
    if sbox[2] <= 0 or sbox[3] <= 0:
        return []
    if geom["geom"] == "ellipse":
        sgeom: GeomKeys = {"geom": "ellipse"}
    else:
        tl, tr, br, bl = (max(0.0, r + spread) if r > 0 else 0.0 for r in radii)
        sradii: Radii = (tl, tr, br, bl)
        sgeom = geom_for(sradii, sbox[2], sbox[3])
    if not opaque:  # cut the box out, as the browser does
        outer = outline_polygon(sgeom, sbox)
        inner = clip_convex(outline_polygon(geom, box), outer)
        if len(inner) >= 3:
            sgeom = custom_geom([outer, inner[::-1]], sbox)
    shape: RectShape = {
        "kind": "rect",
        **sgeom,
        "fill": fill,
        "line": None,
        "name": name + " shadow",
        **local_box(sbox),
    }
    return [placed(shape, m, sbox)]


def glow(
    frag: BoxFragment,
    boxes: Any,
    geom: GeomKeys,
    fill: Fill | None,
    layers: list[Any],
    sigma: float,
    alpha: float,
    m: Matrix,
    name: str,
    diag: Diagnostics,
) -> list[Shape] | None:
    """A blurred box (filter: blur) as a soft ellipse: a path gradient following the blurred
    profile of a disc with the box's area. None: draw the box as it is (blur too small)."""
    w, h = frag.width, frag.height
    if fill is None or fill["type"] != "solid" or layers:
        diag.add(
            "unsupported", "filter: blur() on a box without a plain colour drawn unblurred", name
        )
        return None
    if sigma < 0.05 * min(w, h):
        return None
    if geom["geom"] == "ellipse":
        ax, ay = w / 2, h / 2
    else:  # the ellipse with the box's area and aspect
        ax, ay = w / math.sqrt(math.pi), h / math.sqrt(math.pi)
    reach, profile = glow_profile(math.sqrt(ax * ay), sigma)
    grow = GLOW_REACH * sigma
    stops: list[GradientStop] = [
        {
            "pos": round(pos * SQRT_HALF, 5),
            "color": fill["color"],
            "alpha": round(fill["alpha"] * cover, 4),
        }
        for pos, cover in profile
    ]
    box = (w / 2 - ax - grow, h / 2 - ay - grow, 2 * (ax + grow), 2 * (ay + grow))
    shape: RectShape = {
        "kind": "rect",
        "geom": "ellipse",
        "fill": {"type": "gradient", "path": "circle", "angle": 0.0, "stops": stops},
        "line": None,
        # LibreOffice 7.4 spreads a path gradient's transparency to the corners of the
        # outline's bounds, leaving ~29% of the centre alpha at the ellipse's edge; a soft
        # edge fades that out (in PowerPoint the gradient has already reached 0 there).
        "soft_edge": round(GLOW_SOFT_EDGE * min(ax, ay) + GLOW_SOFT_EDGE * grow, 2),
        "name": name + " glow",
        **local_box(box),
    }
    return [placed(shape, m, box)]


_GRADIENTS = (LinearGradient, RadialGradient, ConicGradient)


def covering_color(style: Any, layers: list[tuple[int, Any]], clip: str) -> RGBA | None:
    """A colour for the shadow caster of a box with no background colour: the first stop of a
    gradient layer that paints every pixel of the `clip` box opaquely (its size covers the box,
    every stop is opaque), so the caster stays hidden under it; None when no layer does."""

    def value(prop: str, index: int, default: Any) -> Any:
        values = style[prop] or (default,)
        return values[index % len(values)]

    for index, layer in layers:
        if not isinstance(layer, _GRADIENTS) or not layer.stops:
            continue
        if value("background-size", index, ("auto", "auto")) not in (("auto", "auto"), "cover"):
            continue
        if value("background-clip", index, "border-box") != clip:
            continue
        if all(stop.color.a >= 1.0 for stop in layer.stops):
            return layer.stops[0].color
    return None
