"""2-D affine geometry for mapping (CSS transforms + fragment offsets -> shape positions and rotations)."""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from engine.style.types import LP


class Matrix(NamedTuple):
    """x' = a*x + c*y + e ; y' = b*x + d*y + f (the CSS/SVG matrix(a, b, c, d, e, f))."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def multiply(self, o: Matrix) -> Matrix:
        """self x o (apply o first, then self)."""
        return Matrix(
            self.a * o.a + self.c * o.b,
            self.b * o.a + self.d * o.b,
            self.a * o.c + self.c * o.d,
            self.b * o.c + self.d * o.d,
            self.a * o.e + self.c * o.f + self.e,
            self.b * o.e + self.d * o.f + self.f,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.c * y + self.e, self.b * x + self.d * y + self.f

    @property
    def is_translation(self) -> bool:
        return self.a == 1.0 and self.b == 0.0 and self.c == 0.0 and self.d == 1.0

    @property
    def rotation(self) -> float:
        """Clockwise rotation in degrees (y axis points down)."""
        return math.degrees(math.atan2(self.b, self.a)) % 360.0

    @property
    def scale_x(self) -> float:
        return math.hypot(self.a, self.b)

    @property
    def scale_y(self) -> float:
        return math.hypot(self.c, self.d)


IDENTITY = Matrix()


def translate(x: float, y: float) -> Matrix:
    return Matrix(1.0, 0.0, 0.0, 1.0, x, y)


def _len(value: Any, basis: float) -> float:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


def css_transform(functions: Any, width: float, height: float, origin: Any) -> Matrix:
    """The transform of an element's box in its own coordinates (origin = border-box top-left)."""
    if not functions:
        return IDENTITY
    ox = _len(origin[0], width) if origin else width / 2
    oy = _len(origin[1], height) if origin else height / 2
    m = translate(ox, oy)
    for fn in functions:
        m = m.multiply(_function(fn.name.lower(), fn.args, width, height))
    return m.multiply(translate(-ox, -oy))


def _function(name: str, args: tuple[Any, ...], width: float, height: float) -> Matrix:
    if name in ("translate", "translate3d"):
        tx = _len(args[0], width) if args else 0.0
        ty = _len(args[1], height) if len(args) > 1 else 0.0
        return translate(tx, ty)
    if name == "translatex":
        return translate(_len(args[0], width), 0.0)
    if name == "translatey":
        return translate(0.0, _len(args[0], height))
    if name in ("rotate", "rotatez"):
        r = math.radians(float(args[0]))
        return Matrix(math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0)
    if name in ("scale", "scale3d"):
        sx = float(args[0])
        sy = float(args[1]) if len(args) > 1 else sx
        return Matrix(sx, 0.0, 0.0, sy, 0.0, 0.0)
    if name == "scalex":
        return Matrix(float(args[0]), 0.0, 0.0, 1.0, 0.0, 0.0)
    if name == "scaley":
        return Matrix(1.0, 0.0, 0.0, float(args[0]), 0.0, 0.0)
    if name == "skewx":
        return Matrix(1.0, 0.0, math.tan(math.radians(float(args[0]))), 1.0, 0.0, 0.0)
    if name == "skewy":
        return Matrix(1.0, math.tan(math.radians(float(args[0]))), 0.0, 1.0, 0.0, 0.0)
    if name == "matrix" and len(args) == 6:
        return Matrix(*(float(a) for a in args))
    return IDENTITY


def place_rect(m: Matrix, x: float, y: float, w: float, h: float) -> dict[str, float]:
    """Shape geometry (unrotated box + clockwise rotation about its centre) for a local rect under m."""
    cx, cy = m.apply(x + w / 2, y + h / 2)
    sw, sh = w * m.scale_x, h * m.scale_y
    out = {"x": cx - sw / 2, "y": cy - sh / 2, "w": sw, "h": sh}
    rot = m.rotation
    if abs(rot) > 0.01 and abs(rot - 360.0) > 0.01:
        out["rotation"] = rot
    return out
