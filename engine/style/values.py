"""Value parsing: length/number/angle tokens (incl. calc/min/max/clamp) -> specified values.

A specified value is either final (float px, LP, str, tuple, ...) or a `Deferred` whose
`compute(ctx, name)` gives the computed value once the element's font size, the root font
size and the viewport are known.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.style.syntax import BLOCK, DELIM, DIM, FUNC, IDENT, NUM, PCT, Tok
from engine.style.types import LAYOUT_MAX, LP, RGBA
from engine.units import ABSOLUTE_UNITS

if TYPE_CHECKING:
    from engine.style.computed import Ctx


class _Invalid:
    __slots__ = ()

    def __repr__(self) -> str:
        return "INVALID"


INVALID: Any = _Invalid()

# Chromium lays out in LayoutUnits (1/64 px in a signed 32-bit int): lengths saturate at about
# +-33,554,431 px. Every computed length and number is clamped to that range (NaN -> 0) here, at
# the one place specified values become computed values, so no later stage sees inf or NaN.


def clamp_value(value: Any) -> Any:
    """A specified or computed value with every float (and LP part) in +-LAYOUT_MAX, NaN -> 0.

    Tuples (NamedTuples included) are rebuilt only when something inside them changed.
    """
    kind = type(value)
    if kind is float:
        if -LAYOUT_MAX <= value <= LAYOUT_MAX:
            return value
        return 0.0 if value != value else (LAYOUT_MAX if value > 0 else -LAYOUT_MAX)
    if kind is LP:
        px, pct = value
        if -LAYOUT_MAX <= px <= LAYOUT_MAX and -LAYOUT_MAX <= pct <= LAYOUT_MAX:
            return value
        return LP(clamp_value(float(px)), clamp_value(float(pct)))
    if isinstance(value, tuple) and kind is not RGBA and value:
        items = [clamp_value(v) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return kind(*items) if hasattr(value, "_fields") else kind(items)
    return value


# Parse warnings (not errors) collected by the declaration parser and reported as diagnostics;
# per thread, since pages may be converted concurrently.
_local = threading.local()


def _buffer() -> list[str]:
    buf: list[str] | None = getattr(_local, "warnings", None)
    if buf is None:
        buf = _local.warnings = []
    return buf


def warn(message: str) -> None:
    _buffer().append(message)


def take_warnings() -> list[str]:
    buf = _buffer()
    out = list(buf)
    buf.clear()
    return out


class Deferred:
    """A specified value that needs the element's context to become a computed value."""

    __slots__ = ()

    def compute(self, ctx: Ctx, name: str) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class Fn(Deferred):
    """Generic deferred value: compute = fn(data, ctx)."""

    __slots__ = ("fn", "data")

    def __init__(self, fn: Callable[[Any, Ctx], Any], data: Any) -> None:
        self.fn = fn
        self.data = data

    def compute(self, ctx: Ctx, name: str) -> Any:
        return self.fn(self.data, ctx)

    def __repr__(self) -> str:
        return f"Fn({self.fn.__name__}, {self.data!r})"


class RelLength(Deferred):
    """px + pct% + em/rem/viewport-relative parts; computes to float px or LP."""

    __slots__ = ("px", "pct", "em", "rem", "vw", "vh", "vmin", "vmax")

    def __init__(self, lin: dict[str, float]) -> None:
        get = lin.get
        self.px = get("px", 0.0)
        self.pct = get("%", 0.0)
        self.em = get("em", 0.0)
        self.rem = get("rem", 0.0)
        self.vw = get("vw", 0.0)
        self.vh = get("vh", 0.0)
        self.vmin = get("vmin", 0.0)
        self.vmax = get("vmax", 0.0)

    def to_px(self, ctx: Ctx, font_size: float) -> float:
        px = self.px + self.em * font_size + self.rem * ctx.root_font_size
        if self.vw or self.vh or self.vmin or self.vmax:
            w, h = ctx.viewport
            px += (
                self.vw * w + self.vh * h + self.vmin * min(w, h) + self.vmax * max(w, h)
            ) / 100.0
        return px

    def compute(self, ctx: Ctx, name: str) -> float | LP:
        px = self.to_px(ctx, ctx.cs["font-size"])
        return LP(px, self.pct) if self.pct else px

    def __repr__(self) -> str:
        parts = {k: getattr(self, k) for k in self.__slots__ if getattr(self, k)}
        return f"RelLength({parts})"


Lin = dict[str, float]  # linear combination of canonical units: px % em rem vw vh vmin vmax ''


def lin_value(lin: Lin, ctx: Ctx, font_size: float) -> tuple[float, float]:
    """(px, pct) of a linear length for the element context."""
    return RelLength(lin).to_px(ctx, font_size), lin.get("%", 0.0)


class MathLength(Deferred):
    """min()/max()/clamp() of lengths that cannot be evaluated at parse time."""

    __slots__ = ("op", "args")

    def __init__(self, op: str, args: list[Lin]) -> None:
        self.op = op
        self.args = args

    def evaluate(self, ctx: Ctx, font_size: float) -> tuple[float, float]:
        vals = [lin_value(a, ctx, font_size) for a in self.args]
        if any(pct for _, pct in vals):
            # Cannot compare without the percentage basis: use the preferred argument.
            return vals[1] if self.op == "clamp" else vals[0]
        nums = [px for px, _ in vals]
        if self.op == "min":
            return min(nums), 0.0
        if self.op == "max":
            return max(nums), 0.0
        return max(nums[0], min(nums[1], nums[2])), 0.0

    def compute(self, ctx: Ctx, name: str) -> float | LP:
        px, pct = self.evaluate(ctx, ctx.cs["font-size"])
        return LP(px, pct) if pct else px


# ---------------------------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------------------------

# Relative units folded into canonical ones: unit -> (canonical, factor).
_REL_UNITS: dict[str, tuple[str, float]] = {
    "em": ("em", 1.0),
    "rem": ("rem", 1.0),
    # ex/ch depend on the font; these are typical sans-serif values (Liberation Sans/Arial:
    # x-height 0.53em, "0" advance 0.556em) rather than the spec's 0.5em fallback.
    "ex": ("em", 0.53),
    "ch": ("em", 0.556),
    "cap": ("em", 0.7),
    "ic": ("em", 1.0),
    "lh": ("em", 1.2),
    "rlh": ("rem", 1.2),
    "rex": ("rem", 0.53),
    "rch": ("rem", 0.556),
    "vw": ("vw", 1.0),
    "vh": ("vh", 1.0),
    "vmin": ("vmin", 1.0),
    "vmax": ("vmax", 1.0),
    "svw": ("vw", 1.0),
    "lvw": ("vw", 1.0),
    "dvw": ("vw", 1.0),
    "svh": ("vh", 1.0),
    "lvh": ("vh", 1.0),
    "dvh": ("vh", 1.0),
    "vi": ("vw", 1.0),
    "vb": ("vh", 1.0),
    "cqw": ("vw", 1.0),
    "cqh": ("vh", 1.0),
    "cqi": ("vw", 1.0),
    "cqb": ("vh", 1.0),
    "cqmin": ("vmin", 1.0),
    "cqmax": ("vmax", 1.0),
}
_ANGLE_UNITS = {"deg": 1.0, "rad": 180.0 / math.pi, "grad": 0.9, "turn": 360.0}
_TIME_UNITS = {"s": 1.0, "ms": 0.001}


def dim_lin(value: float, unit: str) -> Lin | None:
    """A dimension -> linear combination in canonical units (lengths, angles in 'deg', times 's')."""
    factor = ABSOLUTE_UNITS.get(unit)
    if factor is not None:
        return {"px": value * factor}
    rel = _REL_UNITS.get(unit)
    if rel is not None:
        return {rel[0]: value * rel[1]}
    factor = _ANGLE_UNITS.get(unit)
    if factor is not None:
        return {"deg": value * factor}
    factor = _TIME_UNITS.get(unit)
    if factor is not None:
        return {"s": value * factor}
    if unit == "fr":
        return {"fr": value}
    if unit in ("x", "dppx"):
        return {"x": value}
    return None


_LENGTH_KEYS = frozenset(("px", "%", "em", "rem", "vw", "vh", "vmin", "vmax"))


# ---------------------------------------------------------------------------------------------
# calc()
# ---------------------------------------------------------------------------------------------

_MATH_FUNCS = frozenset(("calc", "min", "max", "clamp", "-webkit-calc"))
_CONSTANTS = {"pi": math.pi, "e": math.e}


class _CalcError(Exception):
    pass


class MathFunction:
    """A min/max/clamp node inside a calc tree that stays unevaluated (percentages mixed in)."""

    def __init__(self, op: str, args: list[Lin]) -> None:
        self.op = op
        self.args = args


def _calc_term(tok: Tok) -> Lin:
    kind = tok.kind
    if kind == NUM:
        return {"": tok.value}
    if kind == DIM:
        lin = dim_lin(tok.value, tok.unit)
        if lin is None:
            raise _CalcError(tok.unit)
        return lin
    if kind == PCT:
        return {"%": tok.value}
    if kind == BLOCK:
        return _calc_sum(list(tok.args))
    if kind == FUNC:
        name = tok.value
        if name in ("calc", "-webkit-calc"):
            return _calc_sum(list(tok.args))
        if name in ("min", "max", "clamp"):
            result = _math_func(name, tok.args)
            if isinstance(result, MathFunction):
                raise _MathDeferred(result)
            return result
    if kind == IDENT and tok.value in _CONSTANTS:
        return {"": _CONSTANTS[tok.value]}
    raise _CalcError(tok.raw)


class _MathDeferred(Exception):
    def __init__(self, node: MathFunction) -> None:
        super().__init__()
        self.node = node


def _is_op(tok: Tok, ops: str) -> bool:
    return tok.kind == DELIM and tok.value in ops


def _calc_product(toks: list[Tok]) -> Lin:
    if not toks:
        raise _CalcError("empty")
    result = _calc_term(toks[0])
    i = 1
    while i < len(toks):
        op = toks[i]
        if not _is_op(op, "*/") or i + 1 >= len(toks):
            raise _CalcError("operator")
        rhs = _calc_term(toks[i + 1])
        if op.value == "*":
            if set(result) == {""}:
                k = result[""]
                result = {u: v * k for u, v in rhs.items()}
            elif set(rhs) == {""}:
                k = rhs[""]
                result = {u: v * k for u, v in result.items()}
            else:
                raise _CalcError("unit * unit")
        else:
            if set(rhs) != {""} or rhs[""] == 0:
                raise _CalcError("bad divisor")
            k = rhs[""]
            result = {u: v / k for u, v in result.items()}
        i += 2
    return result


def _calc_sum(toks: list[Tok]) -> Lin:
    parts: list[list[Tok]] = []
    signs = [1.0]
    cur: list[Tok] = []
    for t in toks:
        if t.kind == DELIM and (t.value == "+" or t.value == "-"):
            if not cur:
                raise _CalcError("dangling operator")
            parts.append(cur)
            cur = []
            signs.append(1.0 if t.value == "+" else -1.0)
        else:
            cur.append(t)
    if not cur:
        raise _CalcError("dangling operator")
    parts.append(cur)
    total: Lin = {}
    for sign, part in zip(signs, parts, strict=True):
        for u, v in _calc_product(part).items():
            total[u] = total.get(u, 0.0) + sign * v
    if "" in total and len(total) > 1:
        raise _CalcError("number + dimension")
    return total


def _math_func(name: str, args: tuple[Tok, ...]) -> Lin | MathFunction:
    groups: list[list[Tok]] = [[]]
    for t in args:
        if t.kind == DELIM and t.value == ",":
            groups.append([])
        else:
            groups[-1].append(t)
    if name == "clamp" and len(groups) != 3:
        raise _CalcError("clamp arity")
    lins = [_calc_sum(g) for g in groups]
    units: set[str] = set()
    for lin in lins:
        units.update(u for u, v in lin.items() if v or len(lin) == 1)
    if units <= {"px"} or units <= {""} or units <= {"deg"} or units <= {"s"}:
        key = next(iter(units)) if units else "px"
        nums = [lin.get(key, 0.0) for lin in lins]
        if name == "min":
            return {key: min(nums)}
        if name == "max":
            return {key: max(nums)}
        return {key: max(nums[0], min(nums[1], nums[2]))}
    if not units <= _LENGTH_KEYS:
        raise _CalcError("mixed math types")
    return MathFunction(name, lins)


def calc_lin(tok: Tok) -> Lin | MathFunction | None:
    """Evaluate calc()/min()/max()/clamp() to a linear combination (or an unevaluated math node)."""
    try:
        if tok.value in ("calc", "-webkit-calc"):
            return _calc_sum(list(tok.args))
        return _math_func(tok.value, tok.args)
    except _MathDeferred as exc:
        return exc.node
    except (_CalcError, RecursionError, ZeroDivisionError, OverflowError):
        return None


# ---------------------------------------------------------------------------------------------
# Lengths
# ---------------------------------------------------------------------------------------------


def finish_lin(lin: Lin) -> Any:
    """Linear combination -> float px | LP | RelLength."""
    rel = False
    for k, v in lin.items():
        if v and k not in ("px", "%"):
            rel = True
            break
    if rel:
        return RelLength(lin)
    pct = lin.get("%", 0.0)
    px = lin.get("px", 0.0)
    return LP(px, pct) if pct else px


def tok_lin(tok: Tok, *, pct: bool = True) -> Lin | MathFunction | None:
    """A length(-percentage) token -> Lin (or math node); None when it is not one."""
    kind = tok.kind
    if kind == DIM:
        lin = dim_lin(tok.value, tok.unit)
        if lin is None or not lin.keys() <= _LENGTH_KEYS:
            return None
        return lin
    if kind == NUM:
        return {"px": 0.0} if tok.value == 0 else None
    if kind == PCT:
        return {"%": tok.value} if pct else None
    if kind == FUNC and tok.value in _MATH_FUNCS:
        result = calc_lin(tok)
        if result is None:
            return None
        if isinstance(result, MathFunction):
            return result if pct or not any(a.get("%") for a in result.args) else None
        if not result:
            return {"px": 0.0}
        if not result.keys() <= _LENGTH_KEYS:
            return None
        if not pct and result.get("%"):
            return None
        return result
    return None


def parse_length(
    tok: Tok,
    *,
    pct: bool = True,
    negative: bool = True,
    keywords: frozenset[str] | tuple[str, ...] = (),
) -> Any:
    """<length-percentage> | keyword -> float | LP | RelLength | MathLength | str | INVALID."""
    kind = tok.kind
    if kind == IDENT:
        return tok.value if tok.value in keywords else INVALID
    if kind == DIM:
        factor = ABSOLUTE_UNITS.get(tok.unit)
        if factor is not None:
            if tok.value < 0 and not negative:
                return INVALID
            return tok.value * factor
    elif kind == PCT:
        if not pct or (tok.value < 0 and not negative):
            return INVALID
        return LP(0.0, tok.value)
    elif kind == NUM:
        return 0.0 if tok.value == 0 else INVALID
    lin = tok_lin(tok, pct=pct)
    if lin is None:
        return INVALID
    if isinstance(lin, MathFunction):
        return MathLength(lin.op, lin.args)
    if not negative and tok.kind == DIM and tok.value < 0:
        return INVALID
    return finish_lin(lin)


def parse_number(tok: Tok) -> float | None:
    if tok.kind == NUM:
        return float(tok.value)
    if tok.kind == FUNC and tok.value in _MATH_FUNCS:
        lin = calc_lin(tok)
        if isinstance(lin, dict) and set(lin) <= {""}:
            return lin.get("", 0.0)
    return None


def parse_integer(tok: Tok) -> int | None:
    num = parse_number(tok)
    if num is None:
        return None
    if tok.kind == NUM and num != int(num):
        return None
    return int(round(num))


def parse_angle(tok: Tok, *, allow_zero: bool = True) -> float | None:
    """<angle> -> degrees."""
    if tok.kind == DIM:
        factor = _ANGLE_UNITS.get(tok.unit)
        return tok.value * factor if factor is not None else None
    if tok.kind == NUM and tok.value == 0 and allow_zero:
        return 0.0
    if tok.kind == FUNC and tok.value in _MATH_FUNCS:
        lin = calc_lin(tok)
        if isinstance(lin, dict) and set(lin) <= {"deg"}:
            return lin.get("deg", 0.0)
    return None


def needs_context(value: Any) -> bool:
    """True when a (possibly nested) parsed value holds a Deferred part."""
    if isinstance(value, Deferred):
        return True
    if isinstance(value, tuple) and not isinstance(value, RGBA):
        return any(needs_context(v) for v in value)
    return False


def resolve_deep(value: Any, ctx: Ctx) -> Any:
    if isinstance(value, Deferred):
        return value.compute(ctx, "")
    if isinstance(value, tuple) and not isinstance(value, RGBA):
        items = [resolve_deep(v, ctx) for v in value]
        if hasattr(value, "_fields"):
            return type(value)(*items)
        return tuple(items)
    return value


def finish(value: Any) -> Any:
    """Wrap a parsed structure in a deferred resolver when some part needs the context."""
    if needs_context(value) and not isinstance(value, Deferred):
        return Fn(resolve_deep, value)
    return value


def is_delim(tok: Tok, char: str) -> bool:
    return tok.kind == DELIM and tok.value == char
