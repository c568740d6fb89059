"""sRGB conversions for tinycss2.color4 colours, color-mix() and relative colours.

tinycss2.color4 parses colours and converts hsl/hwb to sRGB, lab/lch to XYZ D50 and oklab/oklch
to XYZ D65; this module adds the rest of the way to 8-bit sRGB (XYZ -> sRGB, the predefined
RGB spaces of color(), channel clipping and rounding as Chromium paints), the conversions from
sRGB into the interpolation spaces, color-mix() and relative colours (`rgb(from <color> ...)`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tinycss2.color4 import Color

from engine.style.syntax import DELIM, FUNC, IDENT, NUM, PCT, Tok
from engine.style.types import RGBA
from engine.style.values import Deferred, Fn

if TYPE_CHECKING:
    from engine.style.computed import Ctx

Triple = tuple[float, float, float]
Matrix = tuple[Triple, Triple, Triple]


def _to_lin(c: float) -> float:
    s = math.copysign(1.0, c)
    c = abs(c)
    return c / 12.92 * s if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 * s


def _from_lin(c: float) -> float:
    s = math.copysign(1.0, c)
    c = abs(c)
    return 12.92 * c * s if c <= 0.0031308 else (1.055 * c ** (1 / 2.4) - 0.055) * s


def _mat(m: Matrix, v: Triple) -> Triple:
    return (
        m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
        m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
        m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2],
    )


def _lin3(fn: Callable[[float], float], v: Triple) -> Triple:
    return fn(v[0]), fn(v[1]), fn(v[2])


# The matrices of CSS Color 4's conversion code (linear-light RGB <-> XYZ, Bradford D65 <-> D50).
_LIN_TO_XYZ = (
    (0.41239079926595934, 0.357584339383878, 0.1804807884018343),
    (0.21263900587151027, 0.715168678767756, 0.07219231536073371),
    (0.01933081871559182, 0.11919477979462598, 0.9505321522496607),
)
_XYZ_TO_LIN = (
    (3.2409699419045226, -1.537383177570094, -0.4986107602930034),
    (-0.9692436362808796, 1.8759675015077202, 0.04155505740717559),
    (0.05563007969699366, -0.20397695888897652, 1.0569715142428786),
)
_D65_TO_D50 = (
    (1.0479298208405488, 0.022946793341019088, -0.05019222954313557),
    (0.029627815688159344, 0.990434484573249, -0.01707382502938514),
    (-0.009243058152591178, 0.015055144896577895, 0.7518742899580008),
)
_D50_TO_D65 = (
    (0.9554734527042182, -0.023098536874261423, 0.0632593086610217),
    (-0.028369706963208136, 1.0099954580106629, 0.021041398966943008),
    (0.012314001688319899, -0.020507696433477912, 1.3303659366080753),
)
_P3_TO_XYZ = (
    (0.4865709486482162, 0.26566769316909306, 0.1982172852343625),
    (0.2289745640697488, 0.6917385218365064, 0.079286914093745),
    (0.0, 0.04511338185890264, 1.043944368900976),
)


def _srgb_to_xyz65(v: Triple) -> Triple:
    return _mat(_LIN_TO_XYZ, _lin3(_to_lin, v))


def _xyz65_to_srgb(v: Triple) -> Triple:
    return _lin3(_from_lin, _mat(_XYZ_TO_LIN, v))


def _xyz50_to_srgb(v: Triple) -> Triple:
    return _xyz65_to_srgb(_mat(_D50_TO_D65, v))


_A98_TO_XYZ = (
    (573536 / 994567, 263643 / 1420810, 187206 / 994567),
    (591459 / 1989134, 6239551 / 9945670, 374412 / 4972835),
    (53769 / 1989134, 351524 / 4972835, 4929758 / 4972835),
)
_PROPHOTO_TO_XYZ50 = (
    (0.7977666449006423, 0.13518129740053308, 0.0313477341283922),
    (0.2880748288194013, 0.711835234241873, 0.00008993693872564),
    (0.0, 0.0, 0.8251046025104602),
)
_REC2020_TO_XYZ = (
    (63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314),
    (26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157),
    (0.0, 19567812 / 697040785, 295819943 / 278816314),
)


def _a98_to_lin(c: float) -> float:
    return math.copysign(abs(c) ** (563 / 256), c)


def _prophoto_to_lin(c: float) -> float:
    # A pure 1.8 power, as Chromium (Skia) decodes it: no linear segment near black.
    return math.copysign(abs(c) ** 1.8, c)


def _rec2020_to_lin(c: float) -> float:
    a, b = 1.09929682680944, 0.018053968510807
    if abs(c) < b * 4.5:
        return c / 4.5
    return math.copysign(((abs(c) + a - 1) / a) ** (1 / 0.45), c)


# color() spaces -> sRGB (tinycss2.color4 parses them but does not convert them).
_PREDEFINED: dict[str, Callable[[Triple], Triple]] = {
    "srgb": lambda v: v,
    "srgb-linear": lambda v: _lin3(_from_lin, v),
    "display-p3": lambda v: _xyz65_to_srgb(_mat(_P3_TO_XYZ, _lin3(_to_lin, v))),
    "a98-rgb": lambda v: _xyz65_to_srgb(_mat(_A98_TO_XYZ, _lin3(_a98_to_lin, v))),
    "prophoto-rgb": lambda v: _xyz50_to_srgb(_mat(_PROPHOTO_TO_XYZ50, _lin3(_prophoto_to_lin, v))),
    "rec2020": lambda v: _xyz65_to_srgb(_mat(_REC2020_TO_XYZ, _lin3(_rec2020_to_lin, v))),
    "xyz": _xyz65_to_srgb,
    "xyz-d65": _xyz65_to_srgb,
    "xyz-d50": _xyz50_to_srgb,
}


def _to_srgb(color: Color) -> Triple | None:
    """A tinycss2.color4 colour -> sRGB 0..1 (unclipped); None for a space we do not convert."""
    space = color.space
    if space in ("hsl", "hwb"):
        r, g, b = color.to("srgb").coordinates
    elif space in ("lab", "lch"):
        r, g, b = _xyz50_to_srgb(color.to("xyz-d50").coordinates)  # type: ignore[arg-type]
    elif space in ("oklab", "oklch"):
        r, g, b = _xyz65_to_srgb(color.to("xyz-d65").coordinates)  # type: ignore[arg-type]
    elif space in _PREDEFINED:
        c1, c2, c3 = (c or 0.0 for c in color.coordinates)
        r, g, b = _PREDEFINED[space]((c1, c2, c3))
    else:
        return None
    return r or 0.0, g or 0.0, b or 0.0


def _clamp8(v: float) -> int:
    v = v * 255
    if v != v:
        return 0
    return 0 if v <= 0 else 255 if v >= 255 else int(v + 0.5 + 1e-7)


def _rgba(v: Triple, alpha: float) -> RGBA:
    alpha = 0.0 if alpha != alpha else min(1.0, max(0.0, alpha))
    return RGBA(_clamp8(v[0]), _clamp8(v[1]), _clamp8(v[2]), round(alpha, 4))


def color4_to_rgba(color: Color) -> RGBA | None:
    """A tinycss2.color4 colour -> 8-bit sRGB, each channel clipped to the gamut as Chromium
    paints it (no CSS gamut mapping); None for a colour space we do not convert."""
    v = _to_srgb(color)
    return None if v is None else _rgba(v, color.alpha)


# From sRGB into the interpolation spaces of color-mix() and the channels of relative colours
# (tinycss2.color4 has no conversion out of sRGB).


def _rgb_to_hsl(v: Triple) -> Triple:
    r, g, b = v
    mx, mn = max(v), min(v)
    light = (mx + mn) / 2
    d = mx - mn
    if d == 0:
        return 0.0, 0.0, light * 100
    s = d / (1 - abs(2 * light - 1)) if 0 < light < 1 else 0.0
    if mx == r:
        h = (g - b) / d % 6
    elif mx == g:
        h = (b - r) / d + 2
    else:
        h = (r - g) / d + 4
    return h * 60 % 360, s * 100, light * 100


def _rgb_to_hwb(v: Triple) -> Triple:
    h = _rgb_to_hsl(v)[0]
    return h, min(v) * 100, (1 - max(v)) * 100


def _srgb_to_lab(v: Triple) -> Triple:
    lab = Color("xyz-d50", _mat(_D65_TO_D50, _srgb_to_xyz65(v)), 1.0).to("lab").coordinates
    return lab[0] or 0.0, lab[1] or 0.0, lab[2] or 0.0


def _lin_to_oklab(v: Triple) -> Triple:
    lms = _mat(
        (
            (0.4122214708, 0.5363325363, 0.0514459929),
            (0.2119034982, 0.6806995451, 0.1073969566),
            (0.0883024619, 0.2817188376, 0.6299787005),
        ),
        v,
    )
    lc, mc, sc = (math.copysign(abs(c) ** (1 / 3), c) for c in lms)
    return (
        0.2104542553 * lc + 0.7936177850 * mc - 0.0040720468 * sc,
        1.9779984951 * lc - 2.4285922050 * mc + 0.4505937099 * sc,
        0.0259040371 * lc + 0.7827717662 * mc - 0.8086757660 * sc,
    )


def _to_polar(v: Triple) -> Triple:
    h = math.degrees(math.atan2(v[2], v[1])) % 360.0
    return v[0], math.hypot(v[1], v[2]), h


def _from_space(space: str) -> Callable[[Triple], Triple]:
    def convert(v: Triple) -> Triple:
        return _to_srgb(Color(space, v, 1.0)) or (0.0, 0.0, 0.0)

    return convert


# Each interpolation space: (from sRGB 0..1, to sRGB 0..1, index of the hue or -1).
_SPACES: dict[str, tuple[Callable[[Triple], Triple], Callable[[Triple], Triple], int]] = {
    "srgb": (lambda v: v, _from_space("srgb"), -1),
    "srgb-linear": (lambda v: _lin3(_to_lin, v), _from_space("srgb-linear"), -1),
    "xyz": (_srgb_to_xyz65, _from_space("xyz-d65"), -1),
    "xyz-d65": (_srgb_to_xyz65, _from_space("xyz-d65"), -1),
    "xyz-d50": (lambda v: _mat(_D65_TO_D50, _srgb_to_xyz65(v)), _from_space("xyz-d50"), -1),
    "lab": (_srgb_to_lab, _from_space("lab"), -1),
    "lch": (lambda v: _to_polar(_srgb_to_lab(v)), _from_space("lch"), 2),
    "oklab": (lambda v: _lin_to_oklab(_lin3(_to_lin, v)), _from_space("oklab"), -1),
    "oklch": (lambda v: _to_polar(_lin_to_oklab(_lin3(_to_lin, v))), _from_space("oklch"), 2),
    "hsl": (_rgb_to_hsl, _from_space("hsl"), 0),
    "hwb": (_rgb_to_hwb, _from_space("hwb"), 0),
}
_HUE_METHODS = ("shorter", "longer", "increasing", "decreasing")


# ---------------------------------------------------------------------------------------------
# color-mix()
# ---------------------------------------------------------------------------------------------


def _percentage(tok: Tok) -> float | None:
    """A color-mix percentage: a <percentage> or a calc() of one (clamped to 0..100%)."""
    if tok.kind == PCT:
        return float(tok.value)
    if tok.kind == FUNC:
        from engine.style.values import calc_lin

        lin = calc_lin(tok)
        if isinstance(lin, dict) and set(lin) <= {"%"}:
            return min(100.0, max(0.0, lin.get("%", 0.0)))
    return None


def _split(tok: Tok) -> list[list[Tok]]:
    groups: list[list[Tok]] = [[]]
    for t in tok.args:
        if t.kind == DELIM and t.value == ",":
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


def _interpolation(head: list[Tok]) -> tuple[str, str] | None:
    """`in <space> [<hue-method> hue]` -> (space, hue method)."""
    words = [t.value for t in head if t.kind == IDENT]
    if len(words) != len(head) or len(words) < 2 or words[0] != "in" or words[1] not in _SPACES:
        return None
    method = "shorter"
    if len(words) == 4 and words[3] == "hue" and words[2] in _HUE_METHODS:
        if _SPACES[words[1]][2] < 0:
            return None
        method = words[2]
    elif len(words) != 2:
        return None
    return words[1], method


def color_mix(tok: Tok, parse_color: Callable[[Tok], Any]) -> Any:
    """`color-mix(in <space>, <color> <pct>?, <color> <pct>?)` -> RGBA | Fn (currentcolor) | None."""
    groups = _split(tok)
    if len(groups) != 3:
        return None
    interp = _interpolation(groups[0])
    if interp is None:
        return None
    colors: list[Any] = []
    pcts: list[float | None] = []
    for g in groups[1:]:
        pct_toks = [p for p in (_percentage(t) for t in g) if p is not None]
        rest = [t for t in g if _percentage(t) is None]
        if len(rest) != 1 or len(pct_toks) > 1:
            return None
        c = parse_color(rest[0])
        if c is None:
            return None
        colors.append(c)
        pcts.append(pct_toks[0] if pct_toks else None)
    p1, p2 = pcts
    if p1 is None and p2 is None:
        p1, p2 = 50.0, 50.0
    elif p1 is None:
        p1 = 100.0 - (p2 or 0.0)
    elif p2 is None:
        p2 = 100.0 - p1
    total = (p1 or 0.0) + (p2 or 0.0)
    if total <= 0:
        return None
    data = (interp, colors[0], colors[1], (p1 or 0.0) / total, min(total, 100.0) / 100.0)
    if any(isinstance(c, Deferred) for c in colors):
        return Fn(_mix_deferred, data)
    return _mix(*data)


def _mix_deferred(data: tuple[Any, ...], ctx: Ctx) -> RGBA:
    interp, c1, c2, w1, scale = data
    c1 = c1.compute(ctx, "") if isinstance(c1, Deferred) else c1
    c2 = c2.compute(ctx, "") if isinstance(c2, Deferred) else c2
    return _mix(interp, c1, c2, w1, scale)


def _hue_pair(h1: float, h2: float, method: str) -> tuple[float, float]:
    d = h2 - h1
    if method == "shorter":
        if d > 180:
            h1 += 360
        elif d < -180:
            h2 += 360
    elif method == "longer":
        if 0 < d < 180:
            h1 += 360
        elif -180 < d <= 0:
            h2 += 360
    elif method == "increasing" and d < 0:
        h2 += 360
    elif method == "decreasing" and d > 0:
        h1 += 360
    return h1, h2


def _powerless_hue(space: str, v: Triple) -> bool:
    if space in ("hsl", "hwb"):
        return v[1] <= 1e-6 if space == "hsl" else v[1] + v[2] >= 100 - 1e-6
    return v[1] <= (1e-4 if space == "oklch" else 1e-2)


def _mix(interp: tuple[str, str], c1: RGBA, c2: RGBA, w1: float, scale: float) -> RGBA:
    space, method = interp
    to_space, from_space, hue = _SPACES[space]
    w2 = 1.0 - w1
    alpha = c1.a * w1 + c2.a * w2
    if alpha <= 0:
        return RGBA(0, 0, 0, 0.0)
    v1 = list(to_space((c1.r / 255, c1.g / 255, c1.b / 255)))
    v2 = list(to_space((c2.r / 255, c2.g / 255, c2.b / 255)))
    if hue >= 0:
        # An achromatic colour's hue is missing: it takes the other colour's hue.
        if _powerless_hue(space, tuple(v1)):  # type: ignore[arg-type]
            v1[hue] = v2[hue]
        elif _powerless_hue(space, tuple(v2)):  # type: ignore[arg-type]
            v2[hue] = v1[hue]
        v1[hue], v2[hue] = _hue_pair(v1[hue], v2[hue], method)
    out = [
        (x * w1 + y * w2) if i == hue else (x * c1.a * w1 + y * c2.a * w2) / alpha
        for i, (x, y) in enumerate(zip(v1, v2, strict=True))
    ]
    return _rgba(from_space((out[0], out[1], out[2])), alpha * scale)


# ---------------------------------------------------------------------------------------------
# Relative colours: rgb(from <color> r g b / alpha), hsl(from ...), oklch(from ...), ...
# ---------------------------------------------------------------------------------------------

_CHANNELS: dict[str, tuple[str, Callable[[Triple], Triple]]] = {
    "rgb": ("rgb", lambda v: (v[0] * 255, v[1] * 255, v[2] * 255)),
    "hsl": ("hsl", _rgb_to_hsl),
    "hwb": ("hwb", _rgb_to_hwb),
    "lab": ("lab", _SPACES["lab"][0]),
    "lch": ("lch", _SPACES["lch"][0]),
    "oklab": ("lab", _SPACES["oklab"][0]),
    "oklch": ("lch", _SPACES["oklch"][0]),
}
_MATH = frozenset(("calc", "min", "max", "clamp", "abs", "sign", "round", "mod", "rem"))


def _substitute(toks: tuple[Tok, ...], values: dict[str, float]) -> tuple[Tok, ...]:
    out: list[Tok] = []
    for t in toks:
        if t.kind == IDENT and t.value in values:
            out.append(Tok(NUM, values[t.value], raw=str(values[t.value])))
        elif t.kind == FUNC and t.value in _MATH:
            out.append(t._replace(args=_substitute(t.args, values)))
        else:
            out.append(t)
    return tuple(out)


def relative_color(
    tok: Tok, parse_color: Callable[[Tok], Any], function_color: Callable[[Tok], Any]
) -> Any:
    """`<fn>(from <color> <channel expressions> [/ alpha])` -> RGBA | None: the origin colour's
    channels in <fn>'s space become numbers the expressions use."""
    name = tok.value[:-1] if tok.value in ("rgba", "hsla") else tok.value
    if name not in _CHANNELS or len(tok.args) < 2:
        return None
    origin = parse_color(tok.args[1])
    if not isinstance(origin, RGBA):
        return None
    letters, to_space = _CHANNELS[name]
    v = to_space((origin.r / 255, origin.g / 255, origin.b / 255))
    values = dict(zip(letters, v, strict=True))
    values["alpha"] = origin.a
    args = _substitute(tok.args[2:], values)
    if not any(t.kind == DELIM and t.value == "/" for t in args):  # the origin's alpha
        args += (Tok(DELIM, "/", raw="/"), Tok(NUM, origin.a, raw=repr(origin.a)))
    rebuilt = tok._replace(value=name, args=args)
    return function_color(rebuilt)
