"""Colour parsing: a CSS <color> token -> RGBA (or CURRENT_COLOR, or a Deferred colour).

tinycss2.color4 parses the absolute colours (named colours, hex, rgb/hsl/hwb, lab/lch,
oklab/oklch, color()); this module adds what it lacks and what Chromium does differently:

- `currentcolor`, CSS system colours (Canvas, LinkText, ...), `light-dark()`, `color-mix()` and
  relative colours (`rgb(from ...)`), the last two in color_mix.py;
- math functions in components: calc()/min()/max()/clamp() are evaluated to the number,
  percentage or angle tinycss2 then reads;
- Chromium's syntax: the legacy comma syntax exists for rgb()/hsl() only, without `none`, and
  legacy hsl() takes percentages; the modern rgb()/hsl() syntax mixes numbers and percentages;
  alpha may be `none` (0);
- Chromium's parse-time clamps (lab/oklab lightness, lch/oklch chroma, hsl saturation and
  lightness, hwb whiteness and blackness) and its per-channel clipping to 8-bit sRGB
  (color_mix.color4_to_rgba).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from tinycss2 import ast
from tinycss2.color4 import Color
from tinycss2.color4 import parse_color as color4_parse

from engine.style.syntax import DELIM, DIM, FUNC, HASH, IDENT, NUM, PCT, Tok
from engine.style.types import RGBA, TRANSPARENT, CurrentColorRGBA
from engine.style.values import Deferred

if TYPE_CHECKING:
    from engine.style.computed import Ctx

# CSS system colours as Chromium paints them in the light colour scheme.
_SYSTEM_HEX = """
canvas ffffff canvastext 000000 linktext 0000ee visitedtext 551a8b activetext ff0000
buttonface efefef buttontext 000000 buttonborder 767676 field ffffff fieldtext 000000
highlight 3390ff highlighttext ffffff selecteditem 3390ff selecteditemtext ffffff
mark ffff00 marktext 000000 graytext 808080 accentcolor 0075ff accentcolortext ffffff
-webkit-link 0000ee -webkit-activelink ff0000
"""
_WORDS = _SYSTEM_HEX.split()
SYSTEM_COLORS: dict[str, RGBA] = {
    name: RGBA(int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 1.0)
    for name, h in zip(_WORDS[::2], _WORDS[1::2], strict=True)
}


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


@lru_cache(maxsize=4096)
def _keyword_or_hex(text: str) -> RGBA | None:
    from engine.style.color_mix import color4_to_rgba

    color = color4_parse(text)
    return color4_to_rgba(color) if isinstance(color, Color) else None


def parse_color(tok: Tok) -> Any:
    """A colour token -> RGBA | CURRENT_COLOR | Deferred (color-mix with currentcolor) | None."""
    kind = tok.kind
    if kind == HASH:
        return _keyword_or_hex("#" + tok.value)
    if kind == IDENT:
        value = tok.value
        if value == "currentcolor":
            return CURRENT_COLOR
        if value == "transparent":
            return TRANSPARENT
        return SYSTEM_COLORS.get(value) or _keyword_or_hex(value)
    if kind == FUNC:
        try:
            return _function_color(tok)
        except (ValueError, OverflowError, ZeroDivisionError, TypeError):
            return None
    return None  # numbers: quirks-mode hashless colours are not supported


def _function_color(tok: Tok) -> Any:
    name = tok.value
    if name == "color-mix":
        from engine.style.color_mix import color_mix

        return color_mix(tok, parse_color)
    if name == "light-dark":
        return _light_dark(tok)
    if tok.args and tok.args[0].kind == IDENT and tok.args[0].value == "from":
        from engine.style.color_mix import relative_color

        return relative_color(tok, parse_color, _function_color)
    return absolute_color(tok)


def _light_dark(tok: Tok) -> Any:
    """`light-dark(<light>, <dark>)`: the light colour (pages render in the light scheme)."""
    toks = list(tok.args)
    if len(toks) != 3 or not (toks[1].kind == DELIM and toks[1].value == ","):
        return None
    if parse_color(toks[2]) is None:
        return None
    return parse_color(toks[0])


# ---------------------------------------------------------------------------------------------
# Absolute colour functions: our tokens -> tinycss2 tokens (Chromium's syntax) -> tinycss2.color4
# ---------------------------------------------------------------------------------------------

_LEGACY = ("rgb", "rgba", "hsl", "hsla")  # the functions with a comma syntax
_MATH = frozenset(("calc", "-webkit-calc", "min", "max", "clamp"))
_WS = ast.WhitespaceToken(0, 0, " ")


@lru_cache(maxsize=4096)
def absolute_color(tok: Tok) -> RGBA | None:
    """rgb()/hsl()/hwb()/lab()/lch()/oklab()/oklch()/color() -> RGBA (None when invalid)."""
    from engine.style.color_mix import color4_to_rgba

    name = tok.value
    args = list(tok.args)
    legacy = any(t.kind == DELIM and t.value == "," for t in args)
    if legacy:
        if name not in _LEGACY or any(t.kind == IDENT and t.value == "none" for t in args):
            return None
        if name.startswith("hsl") and not all(_is_pct(t) for t in args[2:5:2]):
            return None  # legacy hsl(): saturation and lightness are percentages
    else:
        args = _modern(name, args)
    nodes: list[Any] = []
    for arg in args:
        node = _node(arg)
        if node is None:
            return None
        nodes += (node, _WS)
    color = color4_parse(ast.FunctionBlock(0, 0, name, nodes))
    if not isinstance(color, Color):
        return None
    return color4_to_rgba(_clamped(color))


def _modern(name: str, args: list[Tok]) -> list[Tok]:
    """Chromium's modern syntax where tinycss2 is stricter: rgb() and hsl() channels mix numbers
    and percentages (made numbers here), and an alpha of `none` is 0."""
    out = list(args)
    if len(out) >= 2 and out[-2].kind == DELIM and out[-2].value == "/":
        if out[-1].kind == IDENT and out[-1].value == "none":
            out[-1] = Tok(NUM, 0.0, raw="0")
        channels = range(len(out) - 2)
    else:
        channels = range(len(out))
    full = 255.0 if name.startswith("rgb") else 100.0 if name.startswith("hsl") else 0.0
    if full:
        first = 0 if name.startswith("rgb") else 1  # hsl's hue is never a percentage
        for i in channels:
            t = _evaluated(out[i]) if out[i].kind == FUNC else out[i]
            if i >= first and t is not None and t.kind == PCT:
                value = t.value * full / 100.0
                out[i] = Tok(NUM, value, raw=repr(value))
    return out


def _evaluated(tok: Tok) -> Tok | None:
    """A math function -> the number, percentage or angle (degrees) it computes to."""
    if tok.value not in _MATH:
        return None
    from engine.style.values import calc_lin

    lin = calc_lin(tok)
    if not isinstance(lin, dict) or len(lin) > 1:
        return None
    unit, value = next(iter(lin.items()), ("", 0.0))
    if unit == "":
        return Tok(NUM, value, raw=repr(value))
    if unit == "%":
        return Tok(PCT, value, "%", raw=repr(value) + "%")
    if unit == "deg":
        return Tok(DIM, value, "deg", raw=repr(value) + "deg")
    return None


def _is_pct(tok: Tok) -> bool:
    evaluated = _evaluated(tok) if tok.kind == FUNC else tok
    return evaluated is not None and evaluated.kind == PCT


def _node(tok: Tok) -> Any:
    """One of our component tokens -> the tinycss2 token color4 reads (None: not a colour part)."""
    kind = tok.kind
    if kind == FUNC:
        evaluated = _evaluated(tok)
        return None if evaluated is None else _node(evaluated)
    if kind == NUM:
        return ast.NumberToken(0, 0, tok.value, None, tok.raw)
    if kind == PCT:
        return ast.PercentageToken(0, 0, tok.value, None, tok.raw)
    if kind == DIM:
        return ast.DimensionToken(0, 0, tok.value, None, tok.raw, tok.unit)
    if kind == IDENT:
        return ast.IdentToken(0, 0, tok.value)
    if kind == DELIM:
        return ast.LiteralToken(0, 0, tok.value)
    return None


def _clamped(color: Color) -> Color:
    """Chromium's parse-time clamps: lab/oklab lightness to 0..100 / 0..1, lch/oklch chroma at
    0, hsl saturation and lightness to 0..100 %, hwb whiteness and blackness at 0."""
    space = color.space
    c = list(color.coordinates)
    if space in ("lab", "lch", "oklab", "oklch") and c[0] is not None:
        c[0] = min(max(c[0], 0.0), 1.0 if space.startswith("ok") else 100.0)
    if space in ("lch", "oklch") and c[1] is not None:
        c[1] = max(c[1], 0.0)
    if space == "hsl":
        c[1:] = [None if v is None else min(max(v, 0.0), 100.0) for v in c[1:]]
    if space == "hwb":
        c[1:] = [None if v is None else max(v, 0.0) for v in c[1:]]
    return Color(space, c, color.alpha)
