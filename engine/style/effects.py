"""Effect longhands: box-shadow/text-shadow and transform tokens -> Shadow / TransformFunction tuples."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from engine.style.colors import CURRENT_COLOR, parse_color
from engine.style.images import parse_position
from engine.style.longhands import INVALID
from engine.style.syntax import FUNC, IDENT, PCT, Tok, split_commas
from engine.style.types import Shadow, TransformFunction
from engine.style.values import (
    finish,
    is_delim,
    parse_angle,
    parse_length,
    parse_number,
    warn,
)

if TYPE_CHECKING:
    pass


def _shadow(group: list[Tok], allow_inset: bool) -> Any:
    inset = False
    col: Any = CURRENT_COLOR
    lengths: list[Any] = []
    seen_color = False
    for t in group:
        if t.kind == IDENT and t.value == "inset" and allow_inset and not inset:
            inset = True
            continue
        if not seen_color and t.kind in (IDENT, FUNC, "hash"):
            c = parse_color(t)
            if c is not None:
                col = c
                seen_color = True
                continue
        v = parse_length(t, pct=False)
        if v is INVALID or isinstance(v, str):
            return INVALID
        lengths.append(v)
    if not 2 <= len(lengths) <= (4 if allow_inset else 3):
        return INVALID
    while len(lengths) < 4:
        lengths.append(0.0)
    if isinstance(lengths[2], float) and lengths[2] < 0:
        return INVALID
    return Shadow(lengths[0], lengths[1], lengths[2], lengths[3], col, inset)


def _shadows(toks: tuple[Tok, ...], allow_inset: bool) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return ()
    out = []
    for group in split_commas(toks):
        s = _shadow(group, allow_inset)
        if s is INVALID:
            return INVALID
        out.append(s)
    return finish(tuple(out))


def box_shadow(toks: tuple[Tok, ...], text: str) -> Any:
    return _shadows(toks, True)


def text_shadow(toks: tuple[Tok, ...], text: str) -> Any:
    return _shadows(toks, False)


# ----------------------------------------------------------------------------- transforms


def _len_args(args: list[Tok], pct: bool = True) -> list[Any] | None:
    out = []
    for t in args:
        v = parse_length(t, pct=pct)
        if v is INVALID or isinstance(v, str):
            return None
        out.append(v)
    return out


def _scale_args(args: list[Tok]) -> list[float] | None:
    out = []
    for t in args:
        v = t.value / 100.0 if t.kind == PCT else parse_number(t)
        if v is None:
            return None
        out.append(float(v))
    return out


def _transform_fn(tok: Tok) -> Any:
    name = tok.value
    args = [t for t in tok.args if not is_delim(t, ",")]
    n = len(args)
    if name in ("translate", "translate3d"):
        if not 1 <= n <= (3 if name == "translate3d" else 2):
            return INVALID
        vals = _len_args(args[:2])
        if vals is None:
            return INVALID
        return TransformFunction("translate", (vals[0], vals[1] if n > 1 else 0.0))
    if name in ("translatex", "translatey"):
        vals = _len_args(args) if n == 1 else None
        if vals is None:
            return INVALID
        return TransformFunction("translateX" if name.endswith("x") else "translateY", (vals[0],))
    if name in ("translatez", "perspective", "rotatex", "rotatey", "rotate3d"):
        warn(f"3D transform function {name}() ignored")
        return None
    if name in ("rotate", "rotatez"):
        a = parse_angle(args[0]) if n == 1 else None
        return INVALID if a is None else TransformFunction("rotate", (a,))
    if name in ("scale", "scale3d", "scalex", "scaley"):
        vals2 = _scale_args(args)
        if vals2 is None or not 1 <= n <= (3 if name == "scale3d" else 2 if name == "scale" else 1):
            return INVALID
        if name == "scalex":
            return TransformFunction("scaleX", (vals2[0],))
        if name == "scaley":
            return TransformFunction("scaleY", (vals2[0],))
        return TransformFunction("scale", (vals2[0], vals2[1] if n > 1 else vals2[0]))
    if name in ("skew", "skewx", "skewy"):
        angles = [parse_angle(t) for t in args]
        if None in angles or not 1 <= n <= (2 if name == "skew" else 1):
            return INVALID
        ax = angles[0] or 0.0
        if name == "skewx":
            return TransformFunction("skewX", (ax,))
        if name == "skewy":
            return TransformFunction("skewY", (ax,))
        ay = angles[1] or 0.0 if n > 1 else 0.0
        if not ay:
            return TransformFunction("skewX", (ax,))
        return TransformFunction(
            "matrix", (1.0, math.tan(math.radians(ay)), math.tan(math.radians(ax)), 1.0, 0.0, 0.0)
        )
    if name in ("matrix", "matrix3d"):
        nums = [parse_number(t) for t in args]
        if None in nums or n != (6 if name == "matrix" else 16):
            return INVALID
        m = [float(x or 0.0) for x in nums]
        if name == "matrix3d":
            warn("matrix3d() reduced to its 2D part")
            m = [m[0], m[1], m[4], m[5], m[12], m[13]]
        return TransformFunction("matrix", tuple(m))
    return INVALID


def transform(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return ()
    out = []
    for t in toks:
        if t.kind != FUNC:
            return INVALID
        fn = _transform_fn(t)
        if fn is INVALID:
            return INVALID
        if fn is not None:
            out.append(fn)
    return finish(tuple(out))


def transform_origin(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 3:
        toks = toks[:2]  # the z offset does not matter in 2D
    pos = parse_position(list(toks))
    return INVALID if pos is INVALID else finish(pos)


def translate_prop(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return ()
    vals = _len_args(list(toks[:2])) if 1 <= len(toks) <= 3 else None
    if vals is None:
        return INVALID
    return finish((TransformFunction("translate", (vals[0], vals[1] if len(vals) > 1 else 0.0)),))


def rotate_prop(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return ()
    a = parse_angle(toks[-1]) if toks else None
    if a is None or (len(toks) > 1 and not (len(toks) == 2 and toks[0].value == "z")):
        return INVALID
    return (TransformFunction("rotate", (a,)),)


def scale_prop(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return ()
    vals = _scale_args(list(toks[:2])) if 1 <= len(toks) <= 3 else None
    if vals is None:
        return INVALID
    return (TransformFunction("scale", (vals[0], vals[1] if len(vals) > 1 else vals[0])),)
