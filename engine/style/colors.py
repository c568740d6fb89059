"""Colour parsing: CSS <color> tokens (hex, rgb/hsl/hwb/lab/lch/oklab/oklch, color-mix, names) -> RGBA."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.style.color_mix import space_to_rgba
from engine.style.syntax import DELIM, DIM, FUNC, HASH, IDENT, NUM, PCT, Tok
from engine.style.types import RGBA, TRANSPARENT, CurrentColorRGBA
from engine.style.values import Deferred

if TYPE_CHECKING:
    from engine.style.computed import Ctx

_NAMED_HEX = """
aliceblue f0f8ff antiquewhite faebd7 aqua 00ffff aquamarine 7fffd4 azure f0ffff beige f5f5dc
bisque ffe4c4 black 000000 blanchedalmond ffebcd blue 0000ff blueviolet 8a2be2 brown a52a2a
burlywood deb887 cadetblue 5f9ea0 chartreuse 7fff00 chocolate d2691e coral ff7f50
cornflowerblue 6495ed cornsilk fff8dc crimson dc143c cyan 00ffff darkblue 00008b darkcyan 008b8b
darkgoldenrod b8860b darkgray a9a9a9 darkgreen 006400 darkgrey a9a9a9 darkkhaki bdb76b
darkmagenta 8b008b darkolivegreen 556b2f darkorange ff8c00 darkorchid 9932cc darkred 8b0000
darksalmon e9967a darkseagreen 8fbc8f darkslateblue 483d8b darkslategray 2f4f4f
darkslategrey 2f4f4f darkturquoise 00ced1 darkviolet 9400d3 deeppink ff1493 deepskyblue 00bfff
dimgray 696969 dimgrey 696969 dodgerblue 1e90ff firebrick b22222 floralwhite fffaf0
forestgreen 228b22 fuchsia ff00ff gainsboro dcdcdc ghostwhite f8f8ff gold ffd700
goldenrod daa520 gray 808080 green 008000 greenyellow adff2f grey 808080 honeydew f0fff0
hotpink ff69b4 indianred cd5c5c indigo 4b0082 ivory fffff0 khaki f0e68c lavender e6e6fa
lavenderblush fff0f5 lawngreen 7cfc00 lemonchiffon fffacd lightblue add8e6 lightcoral f08080
lightcyan e0ffff lightgoldenrodyellow fafad2 lightgray d3d3d3 lightgreen 90ee90 lightgrey d3d3d3
lightpink ffb6c1 lightsalmon ffa07a lightseagreen 20b2aa lightskyblue 87cefa
lightslategray 778899 lightslategrey 778899 lightsteelblue b0c4de lightyellow ffffe0 lime 00ff00
limegreen 32cd32 linen faf0e6 magenta ff00ff maroon 800000 mediumaquamarine 66cdaa
mediumblue 0000cd mediumorchid ba55d3 mediumpurple 9370db mediumseagreen 3cb371
mediumslateblue 7b68ee mediumspringgreen 00fa9a mediumturquoise 48d1cc mediumvioletred c71585
midnightblue 191970 mintcream f5fffa mistyrose ffe4e1 moccasin ffe4b5 navajowhite ffdead
navy 000080 oldlace fdf5e6 olive 808000 olivedrab 6b8e23 orange ffa500 orangered ff4500
orchid da70d6 palegoldenrod eee8aa palegreen 98fb98 paleturquoise afeeee palevioletred db7093
papayawhip ffefd5 peachpuff ffdab9 peru cd853f pink ffc0cb plum dda0dd powderblue b0e0e6
purple 800080 rebeccapurple 663399 red ff0000 rosybrown bc8f8f royalblue 4169e1
saddlebrown 8b4513 salmon fa8072 sandybrown f4a460 seagreen 2e8b57 seashell fff5ee
sienna a0522d silver c0c0c0 skyblue 87ceeb slateblue 6a5acd slategray 708090 slategrey 708090
snow fffafa springgreen 00ff7f steelblue 4682b4 tan d2b48c teal 008080 thistle d8bfd8
tomato ff6347 turquoise 40e0d0 violet ee82ee wheat f5deb3 white ffffff whitesmoke f5f5f5
yellow ffff00 yellowgreen 9acd32
canvas ffffff canvastext 000000 linktext 0000ee visitedtext 551a8b activetext ff0000
buttonface efefef buttontext 000000 buttonborder 767676 field ffffff fieldtext 000000
highlight 3390ff highlighttext ffffff selecteditem 3390ff selecteditemtext ffffff
mark ffff00 marktext 000000 graytext 808080 accentcolor 0075ff accentcolortext ffffff
-webkit-link 0000ee -webkit-activelink ff0000
"""


def _build_named() -> dict[str, RGBA]:
    words = _NAMED_HEX.split()
    out: dict[str, RGBA] = {}
    for name, hexv in zip(words[::2], words[1::2], strict=True):
        out[name] = RGBA(int(hexv[0:2], 16), int(hexv[2:4], 16), int(hexv[4:6], 16), 1.0)
    out["transparent"] = TRANSPARENT
    return out


NAMED_COLORS: dict[str, RGBA] = _build_named()


class _CurrentColor(Deferred):
    """The `currentcolor` keyword: computes to the element's `color`."""

    __slots__ = ()

    def compute(self, ctx: Ctx, name: str) -> RGBA:
        color: RGBA = ctx.cs["color"]
        if name.startswith("border-") and name.endswith("-color"):
            return CurrentColorRGBA(*color)
        return color

    def __repr__(self) -> str:
        return "CURRENT_COLOR"


CURRENT_COLOR = _CurrentColor()


def _clamp8(v: float) -> int:
    if v != v:  # NaN
        return 0
    return 0 if v <= 0 else 255 if v >= 255 else int(v + 0.5 + 1e-7)


def _clamp01(v: float) -> float:
    if v != v:
        return 0.0
    return 0.0 if v <= 0 else 1.0 if v >= 1 else float(v)


def _hex(text: str) -> RGBA | None:
    n = len(text)
    try:
        if n in (3, 4):
            vals = [int(c * 2, 16) for c in text]
        elif n in (6, 8):
            vals = [int(text[i : i + 2], 16) for i in range(0, n, 2)]
        else:
            return None
    except ValueError:
        return None
    alpha = vals[3] / 255.0 if len(vals) == 4 else 1.0
    return RGBA(vals[0], vals[1], vals[2], round(alpha, 4))


def _args(tok: Tok) -> tuple[list[Tok], Tok | None] | None:
    """Function arguments in either syntax -> (components, alpha or None)."""
    toks = list(tok.args)
    if any(t.kind == DELIM and t.value == "," for t in toks):
        comps = [t for t in toks if not (t.kind == DELIM and t.value == ",")]
        if len(comps) != len(toks) - (len(comps) - 1):
            return None
        if len(comps) == 4:
            return comps[:3], comps[3]
        return (comps, None) if len(comps) == 3 else None
    alpha = None
    if len(toks) >= 2 and toks[-2].kind == DELIM and toks[-2].value == "/":
        alpha = toks[-1]
        toks = toks[:-2]
    return (toks, alpha) if len(toks) == 3 else None


def _num(tok: Tok, pct_scale: float) -> float | None:
    """A number or percentage component; percentages scale to pct_scale at 100%."""
    if tok.kind == NUM:
        return float(tok.value)
    if tok.kind == PCT:
        return tok.value * pct_scale / 100.0
    if tok.kind == IDENT and tok.value == "none":
        return 0.0
    if tok.kind == FUNC and tok.value == "calc":
        from engine.style.values import calc_lin

        lin = calc_lin(tok)
        if isinstance(lin, dict):
            if set(lin) <= {""}:
                return lin.get("", 0.0)
            if set(lin) <= {"%"}:
                return lin.get("%", 0.0) * pct_scale / 100.0
    return None


def _hue(tok: Tok) -> float | None:
    if tok.kind == DIM:
        from engine.style.values import parse_angle

        return parse_angle(tok)
    return _num(tok, 360.0)


def _alpha(tok: Tok | None) -> float | None:
    if tok is None:
        return 1.0
    v = _num(tok, 1.0)
    return None if v is None else _clamp01(v)


def _function_color(tok: Tok) -> Any:
    name = tok.value
    if name in ("color-mix", "color"):
        from engine.style.color_mix import color_function, color_mix

        return color_mix(tok, parse_color) if name == "color-mix" else color_function(tok)
    if name == "light-dark":
        return _light_dark(tok)
    if tok.args and tok.args[0].kind == IDENT and tok.args[0].value == "from":
        from engine.style.color_mix import relative_color

        return relative_color(tok, parse_color, _function_color)
    parsed = _args(tok)
    if parsed is None:
        return None
    comps, alpha_tok = parsed
    alpha = _alpha(alpha_tok)
    if alpha is None:
        return None
    if name in ("rgb", "rgba"):
        vals = [_num(t, 255.0) for t in comps]
        if None in vals:
            return None
        r, g, b = (v for v in vals if v is not None)
        return RGBA(_clamp8(r), _clamp8(g), _clamp8(b), alpha)
    if name in ("hsl", "hsla", "hwb"):
        h = _hue(comps[0])
        x = _num(comps[1], 100.0)
        y = _num(comps[2], 100.0)
        if h is None or x is None or y is None:
            return None
        if name != "hwb":  # saturation and lightness are clamped to 0..100 %
            x, y = 100.0 * _clamp01(x / 100.0), 100.0 * _clamp01(y / 100.0)
        return space_to_rgba("hwb" if name == "hwb" else "hsl", (h, x, y), alpha)
    if name in ("oklab", "oklch", "lab", "lch"):
        ok = name.startswith("ok")
        lightness = _num(comps[0], 1.0 if ok else 100.0)
        c1 = _num(comps[1], 0.4 if ok else 125.0 if name == "lab" else 150.0)
        if lightness is None or c1 is None:
            return None
        third = _hue(comps[2]) if name.endswith("ch") else _num(comps[2], 0.4 if ok else 125.0)
        if third is None:
            return None
        return space_to_rgba(name, (lightness, c1, third), alpha)
    return None


def _light_dark(tok: Tok) -> Any:
    """`light-dark(<light>, <dark>)`: the light colour (pages render in the light scheme)."""
    toks = [t for t in tok.args]
    if len(toks) != 3 or not (toks[1].kind == DELIM and toks[1].value == ","):
        return None
    if parse_color(toks[2]) is None:
        return None
    return parse_color(toks[0])


def parse_color(tok: Tok) -> Any:
    """A colour token -> RGBA | CURRENT_COLOR | Deferred (color-mix with currentcolor) | None."""
    kind = tok.kind
    if kind == HASH:
        return _hex(tok.value)
    if kind == IDENT:
        value = tok.value
        if value == "currentcolor":
            return CURRENT_COLOR
        return NAMED_COLORS.get(value)
    if kind == FUNC:
        try:
            return _function_color(tok)
        except (ValueError, OverflowError, ZeroDivisionError, TypeError):
            return None
    return None  # numbers: quirks-mode hashless colours are not supported
