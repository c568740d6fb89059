"""Computed-value types shared by the style stage and everything after it (CSS values -> typed Python values)."""

from __future__ import annotations

from typing import Any, NamedTuple


class RGBA(NamedTuple):
    """An sRGB colour: r, g, b in 0..255 (ints), a in 0..1."""

    r: int
    g: int
    b: int
    a: float = 1.0

    @property
    def hex(self) -> str:
        return f"{self.r:02X}{self.g:02X}{self.b:02X}"

    @property
    def transparent(self) -> bool:
        return self.a <= 0.0


class CurrentColorRGBA(RGBA):
    """A border colour that computed from `currentcolor`: equal to the plain colour, but Chromium
    paints inset/outset/groove/ridge sides of such a border in fixed greys."""

    __slots__ = ()


TRANSPARENT = RGBA(0, 0, 0, 0.0)
BLACK = RGBA(0, 0, 0, 1.0)


class LP(NamedTuple):
    """A <length-percentage> whose percentage part is not yet resolved: px + pct% of a basis.

    Pure lengths are computed to plain floats (px); anything with a percentage (and calc()
    mixing both) is an LP.
    """

    px: float
    pct: float

    def resolve(self, basis: float | None) -> float:
        """px + pct% of `basis`, saturated to LayoutUnit's range as Chromium resolves it."""
        if basis is None:
            return self.px
        used = self.px + self.pct * basis / 100.0
        return used if -LAYOUT_MAX <= used <= LAYOUT_MAX else _saturate(used)


LAYOUT_MAX = 33_554_431.0  # LayoutUnit's largest value in px (1/64 px units in 31 bits)


def _saturate(used: float) -> float:
    return 0.0 if used != used else (LAYOUT_MAX if used > 0 else -LAYOUT_MAX)


class Number(NamedTuple):
    """A unitless <number> where a length is also possible (line-height: 1.5)."""

    value: float


# A computed <length-percentage>: float px, LP, or a keyword string ('auto', 'none', ...).
Length = float | LP | str


def resolve_length(value: Any, basis: float | None, default: float = 0.0) -> float:
    """Used value of a computed length-percentage; keywords give `default`."""
    if isinstance(value, (int, float)):
        return float(value)
    if isinstance(value, LP):
        if basis is None and value.pct:
            return default
        return value.resolve(basis)
    return default


class ColorStop(NamedTuple):
    color: RGBA
    position: LP | float | None  # None = auto (distributed)


class LinearGradient(NamedTuple):
    angle: float  # CSS degrees: 0deg = to top, 90deg = to right
    stops: tuple[ColorStop, ...]
    repeating: bool = False
    # 'to <corner>' gradients ('top right', 'bottom left', ...): the real angle depends on the
    # box's aspect ratio (the 50% line joins the other two corners); `angle` is then the
    # square-box value (45/135/225/315).
    corner: str | None = None


class RadialGradient(NamedTuple):
    shape: str  # 'circle' | 'ellipse'
    size: str  # 'farthest-corner' | 'closest-side' | ... (or 'explicit')
    center: tuple[LP | float, LP | float]
    stops: tuple[ColorStop, ...]
    radii: tuple[LP | float, LP | float] | None = None
    repeating: bool = False


class ConicGradient(NamedTuple):
    angle: float  # the `from` angle, CSS degrees (0deg = up, clockwise)
    center: tuple[LP | float, LP | float]
    # Stop positions as LP(0, percent of a full turn) (angles are converted: 90deg = 25%).
    stops: tuple[ColorStop, ...]
    repeating: bool = False


class UrlImage(NamedTuple):
    url: str


Image = LinearGradient | RadialGradient | ConicGradient | UrlImage


class Shadow(NamedTuple):
    x: float
    y: float
    blur: float
    spread: float
    color: RGBA
    inset: bool = False


class TransformFunction(NamedTuple):
    """One transform function; args are floats (px or deg for angles, plain numbers for scale) or LP."""

    name: str  # translate, translateX, translateY, rotate, scale, scaleX, scaleY, skewX, skewY, matrix
    args: tuple[Any, ...]
