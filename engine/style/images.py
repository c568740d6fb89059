"""Image values: url(), linear/radial gradients (incl. repeating) and <position> -> types.Image."""

from __future__ import annotations

from typing import Any

from engine.style.colors import parse_color
from engine.style.syntax import DIM, FUNC, HASH, IDENT, STR, URL, Tok, split_commas
from engine.style.types import (
    LP,
    ColorStop,
    ConicGradient,
    LinearGradient,
    RadialGradient,
    UrlImage,
)
from engine.style.values import (
    INVALID,
    MathFunction,
    finish,
    finish_lin,
    parse_angle,
    parse_length,
    tok_lin,
    warn,
)

_X_KEYWORDS = {"left": 0.0, "center": 50.0, "right": 100.0}
_Y_KEYWORDS = {"top": 0.0, "center": 50.0, "bottom": 100.0}
CENTER = LP(0.0, 50.0)


def _offset(tok: Tok) -> dict[str, float] | None:
    lin = tok_lin(tok)
    if lin is None or isinstance(lin, MathFunction):
        return None
    return lin


def _edge_offset(edge_pct: float, lin: dict[str, float]) -> Any:
    """`right 10px` -> 100% - 10px; `left 10px` -> 10px."""
    if edge_pct == 0.0:
        return finish_lin(lin)
    if edge_pct == 50.0:
        out = dict(lin)
        out["%"] = out.get("%", 0.0) + 50.0
        return finish_lin(out)
    out = {k: -v for k, v in lin.items()}
    out["%"] = out.get("%", 0.0) + 100.0
    return finish_lin(out)


def parse_position(toks: list[Tok]) -> Any:
    """<position> (1-4 values) -> (x, y) with keywords as LP(0, 0/50/100); INVALID if bad."""
    n = len(toks)
    if n == 0 or n > 4:
        return INVALID
    if n <= 2:
        vals: list[tuple[str, Any]] = []
        for t in toks:
            if t.kind == IDENT:
                if t.value in ("left", "right"):
                    vals.append(("x", LP(0.0, _X_KEYWORDS[t.value])))
                elif t.value in ("top", "bottom"):
                    vals.append(("y", LP(0.0, _Y_KEYWORDS[t.value])))
                elif t.value == "center":
                    vals.append(("c", CENTER))
                else:
                    return INVALID
            else:
                v = parse_length(t)
                if v is INVALID or isinstance(v, str):
                    return INVALID
                vals.append(("l", v))
        if n == 1:
            axis, v = vals[0]
            return (CENTER, v) if axis == "y" else (v, CENTER)
        (a1, v1), (a2, v2) = vals
        if a1 == "y" or a2 == "x":
            if a1 == "l" or a2 == "l" or a1 == a2:
                return INVALID
            return (v2, v1)
        if a1 == a2 and a1 in ("x", "y"):
            return INVALID
        return (v1, v2)
    # 3/4-value syntax: keyword [offset] keyword [offset]
    x: Any = None
    y: Any = None
    i = 0
    while i < n:
        t = toks[i]
        if t.kind != IDENT or t.value not in ("left", "right", "top", "bottom", "center"):
            return INVALID
        kw = t.value
        offset = None
        if i + 1 < n and toks[i + 1].kind != IDENT:
            offset = _offset(toks[i + 1])
            if offset is None or kw == "center":
                return INVALID
            i += 1
        i += 1
        if kw in ("left", "right") or (kw == "center" and x is None and y is not None):
            if x is not None:
                return INVALID
            edge = _X_KEYWORDS[kw]
            x = _edge_offset(edge, offset) if offset else LP(0.0, edge)
        else:
            if y is not None:
                return INVALID
            edge = _Y_KEYWORDS.get(kw, 50.0)
            y = _edge_offset(edge, offset) if offset else LP(0.0, edge)
    if x is None:
        x = CENTER
    if y is None:
        y = CENTER
    return (x, y)


def _stops(groups: list[list[Tok]], angular: bool = False) -> tuple[ColorStop, ...] | None:
    """Colour stops; `angular` (conic gradients): positions are angles or percentages, stored
    as LP(0, percent of a full turn)."""
    stops: list[ColorStop] = []
    for g in groups:
        color = None
        positions: list[Any] = []
        for t in g:
            c = parse_color(t) if color is None and t.kind in (IDENT, FUNC, HASH) else None
            if c is not None:
                color = c
                continue
            pos = _angular_position(t) if angular else parse_length(t)
            if pos is INVALID or pos is None or isinstance(pos, str):
                return None
            positions.append(pos)
        if color is None:
            if len(positions) == 1 and stops:
                warn("gradient colour hints are not supported (ignored)")
                continue
            return None
        if len(positions) > 2:
            return None
        if not positions:
            stops.append(ColorStop(color, None))
        for pos in positions:
            stops.append(ColorStop(color, pos))
    if len(stops) < 2:
        if len(stops) == 1:
            return (stops[0], ColorStop(stops[0].color, stops[0].position))
        return None
    return tuple(stops)


_SIDE_ANGLES = {"top": 0.0, "right": 90.0, "bottom": 180.0, "left": 270.0}
_CORNER_ANGLES = {
    frozenset(("top", "right")): 45.0,
    frozenset(("bottom", "right")): 135.0,
    frozenset(("bottom", "left")): 225.0,
    frozenset(("top", "left")): 315.0,
}


def _angular_position(tok: Tok) -> LP | None:
    """An <angle-percentage> as LP(0, percent of a turn): 90deg, 25%, calc(64 * 1%)."""
    if tok.kind == "pct":
        return LP(0.0, float(tok.value))
    deg = parse_angle(tok, allow_zero=True)
    if deg is not None:
        return LP(0.0, deg / 3.6)
    value = parse_length(tok)
    if isinstance(value, LP) and value.px == 0:
        return LP(0.0, value.pct)
    return None


def _conic(tok: Tok, repeating: bool) -> Any:
    """conic-gradient([from <angle>]? [at <position>]?, <angular-color-stop-list>)."""
    groups = split_commas(tok.args)
    angle = 0.0
    center: Any = (CENTER, CENTER)
    first = groups[0] if groups else []
    if first and first[0].kind == IDENT and first[0].value in ("from", "at", "in"):
        toks = list(first)
        if toks[0].value == "in":  # a colour-interpolation method: sRGB is what is drawn
            toks = toks[2:]
        if toks and toks[0].kind == IDENT and toks[0].value == "from":
            a = parse_angle(toks[1], allow_zero=True) if len(toks) > 1 else None
            if a is None:
                return INVALID
            angle = a
            toks = toks[2:]
        if toks and toks[0].kind == IDENT and toks[0].value == "at":
            center = parse_position(toks[1:])
            if center is INVALID:
                return INVALID
            toks = []
        if toks:
            return INVALID
        groups = groups[1:]
    stops = _stops(groups, angular=True)
    if stops is None:
        return INVALID
    return ConicGradient(angle, center, stops, repeating)


def _linear(tok: Tok, repeating: bool) -> Any:
    groups = split_commas(tok.args)
    angle = 180.0
    corner = None
    first = groups[0]
    if first:
        head = first[0]
        a = parse_angle(head, allow_zero=True) if len(first) == 1 else None
        if a is not None:
            angle = a
            groups = groups[1:]
        elif head.kind == IDENT and head.value == "to":
            sides = [t.value for t in first[1:] if t.kind == IDENT]
            if len(sides) != len(first) - 1 or not 1 <= len(sides) <= 2:
                return INVALID
            if len(sides) == 1:
                if sides[0] not in _SIDE_ANGLES:
                    return INVALID
                angle = _SIDE_ANGLES[sides[0]]
            else:
                key = frozenset(sides)
                if key not in _CORNER_ANGLES:
                    return INVALID
                angle = _CORNER_ANGLES[key]
                vertical = "top" if "top" in key else "bottom"
                horizontal = "left" if "left" in key else "right"
                corner = f"{vertical} {horizontal}"
            groups = groups[1:]
    stops = _stops(groups)
    if stops is None:
        return INVALID
    return LinearGradient(angle, stops, repeating, corner)


_RADIAL_SIZES = ("closest-side", "closest-corner", "farthest-side", "farthest-corner")


def _radial(tok: Tok, repeating: bool) -> Any:
    groups = split_commas(tok.args)
    shape = ""
    size = ""
    radii: list[Any] = []
    center: Any = (CENTER, CENTER)
    first = groups[0]
    is_config = bool(first) and (
        first[0].kind == IDENT
        and (first[0].value in ("circle", "ellipse", "at") or first[0].value in _RADIAL_SIZES)
        or (first[0].kind in (DIM, "pct", "num", FUNC) and parse_color(first[0]) is None)
    )
    if is_config:
        toks = first
        if any(t.kind == IDENT and t.value == "at" for t in toks):
            at = next(i for i, t in enumerate(toks) if t.kind == IDENT and t.value == "at")
            center = parse_position(toks[at + 1 :])
            if center is INVALID:
                return INVALID
            toks = toks[:at]
        for t in toks:
            if t.kind == IDENT and t.value in ("circle", "ellipse") and not shape:
                shape = t.value
            elif t.kind == IDENT and t.value in _RADIAL_SIZES and not size:
                size = t.value
            else:
                v = parse_length(t, negative=False)
                if v is INVALID or isinstance(v, str) or len(radii) >= 2:
                    return INVALID
                radii.append(v)
        groups = groups[1:]
    if radii:
        if size:
            return INVALID
        if len(radii) == 1:
            if shape == "ellipse":
                return INVALID
            shape = "circle"
            radii.append(radii[0])
        else:
            if shape == "circle":
                return INVALID
            shape = "ellipse"
        size = "explicit"
    stops = _stops(groups)
    if stops is None:
        return INVALID
    return RadialGradient(
        shape or "ellipse",
        size or "farthest-corner",
        center,
        stops,
        (radii[0], radii[1]) if radii else None,
        repeating,
    )


def parse_image(tok: Tok) -> Any:
    """One <image> token -> LinearGradient | RadialGradient | ConicGradient | UrlImage | 'none' (| Deferred)."""
    kind = tok.kind
    if kind == IDENT and tok.value == "none":
        return "none"
    if kind == URL:
        return UrlImage(tok.value)
    if kind != FUNC:
        return INVALID
    name = tok.value
    if name.startswith("-webkit-") or name.startswith("-moz-"):
        name = name.split("-", 2)[2]
    if name == "url" or name == "src":
        arg = tok.args[0] if tok.args else None
        if arg is not None and arg.kind in (STR, URL):
            return UrlImage(arg.value)
        return INVALID
    if name in ("linear-gradient", "repeating-linear-gradient"):
        result = _linear(tok, name.startswith("repeating"))
    elif name in ("radial-gradient", "repeating-radial-gradient"):
        result = _radial(tok, name.startswith("repeating"))
    elif name in ("image-set", "image"):
        for t in tok.args:
            if t.kind in (URL, STR) or (t.kind == FUNC and t.value == "url"):
                return parse_image(Tok(URL, t.value) if t.kind == STR else t)
        return INVALID
    elif name in ("conic-gradient", "repeating-conic-gradient"):
        result = _conic(tok, name.startswith("repeating"))
    elif name in ("cross-fade", "element", "paint"):
        warn(f"{name}() is not supported (layer dropped)")
        return "none"
    else:
        return INVALID
    return finish(result) if result is not INVALID else INVALID
