"""Paint for the PNG renderer (slide-model Fill / Line / Shadow dicts -> SVG paint attributes and <defs> entries)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

from engine.model.schema import Fill, GradientFill, Line

# OOXML preset dashes as multiples of the line width (dash, gap, dash, gap...).
DASHES: dict[str, tuple[float, ...]] = {
    "dash": (4, 3),
    "dot": (1, 3),
    "lgDash": (8, 3),
    "dashDot": (4, 3, 1, 3),
    "lgDashDot": (8, 3, 1, 3),
    "lgDashDotDot": (8, 3, 1, 3, 1, 3),
    "sysDash": (3, 1),
    "sysDot": (1, 1),
    "sysDashDot": (3, 1, 1, 1),
    "sysDashDotDot": (3, 1, 1, 1, 1, 1),
}
MAX_BLUR = 200.0


MAX_NUMBER = 100_000.0  # |numbers| from the model are clamped (resvg panics on huge ones)


def num(value: object, default: float = 0.0) -> float:
    """A finite float from model data, clamped to +-MAX_NUMBER (anything else -> default): the
    model's types say "number", not "finite" nor "small enough for resvg"."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    v = float(value)
    if not math.isfinite(v):
        return default
    return max(-MAX_NUMBER, min(MAX_NUMBER, v))


def unit(value: object, default: float = 1.0) -> float:
    return max(0.0, min(1.0, num(value, default)))


def color(value: object) -> str:
    """'RRGGBB' -> '#rrggbb' (anything malformed -> black)."""
    if isinstance(value, str) and len(value) == 6:
        try:
            int(value, 16)
            return "#" + value.lower()
        except ValueError:
            pass
    return "#000000"


def f(v: float) -> str:
    """A compact number for SVG attributes."""
    return f"{v:.3f}".rstrip("0").rstrip(".") if math.isfinite(v) else "0"


@dataclass
class Defs:
    """The <defs> of one SVG document, with unique ids."""

    items: list[str] = field(default_factory=list)
    count: int = 0

    def new_id(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def add(self, markup: str) -> None:
        self.items.append(markup)


def _stops(fill: GradientFill) -> list[tuple[float, str, float]]:
    out = [
        (unit(stop["pos"], 0.0), color(stop["color"]), unit(stop["alpha"]))
        for stop in fill["stops"]
    ]
    out.sort(key=lambda s: s[0])
    return out


def _stop_markup(stops: list[tuple[float, str, float]]) -> str:
    return "".join(
        f'<stop offset="{f(p)}" stop-color="{c}"'
        + (f' stop-opacity="{f(a)}"' if a < 1 else "")
        + "/>"
        for p, c, a in stops
    )


def gradient(fill: GradientFill, box: tuple[float, float, float, float], defs: Defs) -> str | None:
    """A <linearGradient>/<radialGradient> in user space over `box` (x, y, w, h); its url."""
    stops = _stops(fill)
    if not stops:
        return None
    x, y, w, h = box
    gid = defs.new_id("g")
    cx, cy = x + w / 2, y + h / 2
    if fill["path"] in ("circle", "rect", "shape"):
        center = fill.get("center")
        if center is not None and len(center) == 2:
            cx, cy = x + unit(center[0], 0.5) * w, y + unit(center[1], 0.5) * h
        r = max(math.hypot(px - cx, py - cy) for px in (x, x + w) for py in (y, y + h))
        defs.add(
            f'<radialGradient id="{gid}" gradientUnits="userSpaceOnUse" cx="{f(cx)}" '
            f'cy="{f(cy)}" r="{f(max(r, 0.01))}">{_stop_markup(stops)}</radialGradient>'
        )
        return f"url(#{gid})"
    angle = math.radians(num(fill["angle"]))
    dx, dy = math.cos(angle), math.sin(angle)
    half = abs(w / 2 * dx) + abs(h / 2 * dy)
    defs.add(
        f'<linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="{f(cx - dx * half)}" '
        f'y1="{f(cy - dy * half)}" x2="{f(cx + dx * half)}" y2="{f(cy + dy * half)}">'
        f"{_stop_markup(stops)}</linearGradient>"
    )
    return f"url(#{gid})"


def fill_attrs(fill: Fill | None, box: tuple[float, float, float, float], defs: Defs) -> str:
    """fill="..." (+ fill-opacity) for a solid or gradient Fill; 'none' otherwise."""
    if fill is None:
        return 'fill="none"'
    if fill["type"] == "solid":
        a = unit(fill["alpha"])
        out = f'fill="{color(fill["color"])}"'
        return out + (f' fill-opacity="{f(a)}"' if a < 1 else "")
    if fill["type"] == "gradient":
        url = gradient(fill, box, defs)
        if url is not None:
            return f'fill="{url}"'
    return 'fill="none"'


def stroke_attrs(line: Line | None) -> str:
    """stroke attributes for a Line (centred on the outline, as OOXML draws it)."""
    if line is None:
        return ""
    width = num(line["width"])
    if width <= 0:
        return ""
    a = unit(line["alpha"])
    out = f'stroke="{color(line["color"])}" stroke-width="{f(width)}"'
    if a < 1:
        out += f' stroke-opacity="{f(a)}"'
    dash = DASHES.get(line["dash"])
    if dash:
        out += ' stroke-dasharray="' + ",".join(f(d * width) for d in dash) + '"'
    return out


def attr(name: str, value: str) -> str:
    return f"{name}={quoteattr(value)}"
