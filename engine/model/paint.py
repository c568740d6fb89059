"""Paint values (computed colours, gradients and border styles -> slide-model Fill and Line dicts)."""

from __future__ import annotations

import math
from typing import Any

from engine.style.types import LP, RGBA, LinearGradient, RadialGradient

DASHES = {"dashed": "dash", "dotted": "sysDot"}


def fill_for_color(color: Any, alpha: float = 1.0) -> dict[str, Any] | None:
    if not isinstance(color, RGBA) or color.a * alpha <= 0.0:
        return None
    return {"type": "solid", "color": color.hex, "alpha": round(color.a * alpha, 4)}


def line_for(width: float, color: Any, style: str, alpha: float = 1.0) -> dict[str, Any] | None:
    if width <= 0 or style in ("none", "hidden") or not isinstance(color, RGBA) or color.a * alpha <= 0:
        return None
    return {"width": width, "color": color.hex, "alpha": round(color.a * alpha, 4), "dash": DASHES.get(style, "solid")}


def gradient_line_length(angle_deg: float, width: float, height: float) -> float:
    """CSS Images 3: the gradient line length for an angle over a width x height box."""
    a = math.radians(angle_deg)
    return abs(width * math.sin(a)) + abs(height * math.cos(a))


def _stop_positions(stops: Any, length: float) -> list[float | None]:
    out: list[float | None] = []
    for stop in stops:
        pos = stop.position
        if pos is None:
            out.append(None)
        elif isinstance(pos, LP):
            out.append(pos.resolve(length) / length if length else pos.pct / 100.0)
        else:
            out.append(float(pos) / length if length else 0.0)
    if out and out[0] is None:
        out[0] = 0.0
    if out and out[-1] is None:
        out[-1] = 1.0
    # Clamp to be non-decreasing, then distribute the auto positions evenly (CSS Images 3, 3.5.3).
    highest = -math.inf
    for i, p in enumerate(out):
        if p is not None:
            highest = max(highest, p)
            out[i] = highest
    i = 0
    while i < len(out):
        if out[i] is None:
            j = i
            while out[j] is None:
                j += 1
            start, end = out[i - 1], out[j]
            assert start is not None and end is not None
            for k in range(i, j):
                out[k] = start + (end - start) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    return out


def css_angle(gradient: LinearGradient, width: float, height: float) -> float:
    """The used angle of a linear gradient: `to <corner>` depends on the box's aspect ratio
    (the gradient line is perpendicular to the diagonal between the other two corners)."""
    corner = getattr(gradient, "corner", None)
    if not corner or width <= 0 or height <= 0:
        return gradient.angle
    base = math.degrees(math.atan2(height, width))
    words = set(corner.split())
    if words == {"top", "right"}:
        return base
    if words == {"bottom", "right"}:
        return 180.0 - base
    if words == {"bottom", "left"}:
        return 180.0 + base
    if words == {"top", "left"}:
        return 360.0 - base
    return gradient.angle


def gradient_fill(gradient: Any, width: float, height: float, alpha: float = 1.0) -> dict[str, Any]:
    """A slide-model gradient Fill for a CSS linear or radial gradient over a width x height box."""
    if isinstance(gradient, LinearGradient):
        used = css_angle(gradient, width, height)
        length = gradient_line_length(used, width, height)
        positions = _stop_positions(gradient.stops, length)
        angle = (used - 90.0) % 360.0
        path = "linear"
    else:
        assert isinstance(gradient, RadialGradient)
        radius = math.hypot(width, height) / 2 if gradient.size == "farthest-corner" else min(width, height) / 2
        positions = _stop_positions(gradient.stops, radius)
        angle = 0.0
        path = "circle"
    stops = []
    for stop, pos in zip(gradient.stops, positions, strict=True):
        assert pos is not None
        color = stop.color
        stops.append({"pos": min(1.0, max(0.0, pos)), "color": color.hex, "alpha": round(color.a * alpha, 4)})
    return {"type": "gradient", "path": path, "angle": angle, "stops": stops}


def first_color(gradient: Any) -> RGBA | None:
    stops = getattr(gradient, "stops", ())
    return stops[0].color if stops else None
