"""Conditional rules: @media query text + viewport -> bool, @supports condition text -> bool."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from engine.style.syntax import BLOCK, DELIM, DIM, FUNC, IDENT, NUM, Tok, split_commas, tokenize
from engine.style.values import dim_lin

_MATCHING_TYPES = frozenset(("all", "screen"))
_KNOWN_TYPES = frozenset(
    (
        "all",
        "screen",
        "print",
        "speech",
        "tv",
        "handheld",
        "projection",
        "tty",
        "braille",
        "embossed",
        "aural",
    )
)
# Discrete features of a desktop screenshot browser: feature -> matching values.
_DISCRETE = {
    "prefers-color-scheme": ("light",),
    "prefers-reduced-motion": ("no-preference",),
    "prefers-reduced-transparency": ("no-preference",),
    "prefers-contrast": ("no-preference",),
    "forced-colors": ("none",),
    "inverted-colors": ("none",),
    "hover": ("hover",),
    "any-hover": ("hover",),
    "pointer": ("fine",),
    "any-pointer": ("fine",),
    "scripting": ("enabled",),
    "display-mode": ("browser",),
    "update": ("fast",),
    "overflow-block": ("scroll",),
    "overflow-inline": ("scroll",),
    "color-gamut": ("srgb",),
    "dynamic-range": ("standard",),
    "grid": ("0",),
}
_TRUTHY = {
    "color": True,
    "hover": True,
    "pointer": True,
    "any-hover": True,
    "any-pointer": True,
    "monochrome": False,
    "grid": False,
}


def _length_px(toks: list[Tok]) -> float | None:
    if len(toks) != 1:
        return None
    t = toks[0]
    if t.kind == NUM:
        return float(t.value)
    if t.kind == DIM:
        if t.unit in ("em", "rem"):
            return t.value * 16.0
        if t.unit in ("dppx", "x"):
            return t.value
        if t.unit == "dpi":
            return t.value / 96.0
        lin = dim_lin(t.value, t.unit)
        if lin is not None and set(lin) == {"px"}:
            return lin["px"]
    return None


def _ratio(toks: list[Tok]) -> float | None:
    nums = [t.value for t in toks if t.kind == NUM]
    if (
        len(nums) == 2
        and len(toks) == 3
        and toks[1].kind == DELIM
        and toks[1].value == "/"
        and nums[1]
    ):
        return float(nums[0]) / float(nums[1])
    if len(nums) == 1 and len(toks) == 1:
        return float(nums[0])
    return None


def _feature_value(name: str, viewport: tuple[float, float]) -> float | None:
    w, h = viewport
    if name in ("width", "device-width", "inline-size"):
        return w
    if name in ("height", "device-height", "block-size"):
        return h
    if name in ("aspect-ratio", "device-aspect-ratio"):
        return w / h if h else None
    if name == "resolution":
        return 1.0
    if name == "color":
        return 8.0
    if name in ("monochrome", "color-index"):
        return 0.0
    return None


def _compare(actual: float, op: str, value: float) -> bool:
    eps = 1e-9
    if op == "=":
        return abs(actual - value) < eps
    if op == "<":
        return actual < value - eps
    if op == "<=":
        return actual <= value + eps
    if op == ">":
        return actual > value + eps
    return actual >= value - eps


def _parse_value(name: str, toks: list[Tok]) -> float | None:
    if "aspect-ratio" in name:
        return _ratio(toks)
    return _length_px(toks)


def _ops(toks: list[Tok]) -> list[tuple[int, str]]:
    """Positions and text of comparison operators (< <= > >= =) in a range feature."""
    out: list[tuple[int, str]] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == DELIM and t.value in "<>=":
            op = t.value
            if (
                op in "<>"
                and i + 1 < len(toks)
                and toks[i + 1].kind == DELIM
                and toks[i + 1].value == "="
            ):
                out.append((i, op + "="))
                i += 2
                continue
            out.append((i, op))
        i += 1
    return out


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "=": "="}


def _media_feature(toks: list[Tok], viewport: tuple[float, float]) -> bool:
    if len(toks) == 1 and toks[0].kind == IDENT:
        name = toks[0].value
        if name in _TRUTHY:
            return _TRUTHY[name]
        value = _feature_value(name, viewport)
        return bool(value) if value is not None else name in _DISCRETE
    colon = next((i for i, t in enumerate(toks) if t.kind == DELIM and t.value == ":"), None)
    if colon is not None:
        if colon != 1 or toks[0].kind != IDENT:
            return False
        name = toks[0].value
        rest = toks[2:]
        if name == "orientation":
            w, h = viewport
            word = rest[0].value if rest and rest[0].kind == IDENT else ""
            return word == ("portrait" if h >= w else "landscape")
        if name in _DISCRETE:
            word = str(rest[0].value) if rest else ""
            if rest and rest[0].kind == NUM:
                word = str(int(rest[0].value))
            return word in _DISCRETE[name]
        prefix = ""
        if name.startswith("min-") or name.startswith("max-"):
            prefix, name = name[:4], name[4:]
        actual = _feature_value(name, viewport)
        value = _parse_value(name, rest)
        if actual is None or value is None:
            return False
        if prefix == "min-":
            return _compare(actual, ">=", value)
        if prefix == "max-":
            return _compare(actual, "<=", value)
        return _compare(actual, "=", value)
    ops = _ops(toks)
    if not 1 <= len(ops) <= 2:
        return False
    # Range syntax: `name op value`, `value op name` or `v1 op name op v2`.
    bounds: list[tuple[int, int]] = []
    prev = 0
    for pos, op in ops:
        bounds.append((prev, pos))
        prev = pos + (len(op) if op.endswith("=") and len(op) == 2 else 1)
    bounds.append((prev, len(toks)))
    segments = [toks[a:b] for a, b in bounds]
    names = [i for i, s in enumerate(segments) if len(s) == 1 and s[0].kind == IDENT]
    if len(names) != 1:
        return False
    name_i = names[0]
    name = segments[name_i][0].value
    actual = _feature_value(name, viewport)
    if actual is None:
        return False
    for idx, (_, op) in enumerate(ops):
        if idx == name_i:  # name op value
            value = _parse_value(name, segments[idx + 1])
            if value is None or not _compare(actual, op, value):
                return False
        elif idx + 1 == name_i:  # value op name
            value = _parse_value(name, segments[idx])
            if value is None or not _compare(actual, _FLIP[op], value):
                return False
        else:
            return False
    return True


def _condition(toks: list[Tok], leaf: Callable[[list[Tok]], bool]) -> bool:
    """`not c`, `c and c ...`, `c or c ...` where c is a (parenthesised) leaf or nested condition."""
    if not toks:
        return False
    if toks[0].kind == IDENT and toks[0].value == "not":
        return not _condition(toks[1:], leaf)
    results: list[bool] = []
    joiner = ""
    for i, t in enumerate(toks):
        if i % 2:
            if t.kind != IDENT or t.value not in ("and", "or") or (joiner and t.value != joiner):
                return False
            joiner = t.value
            continue
        if t.kind == BLOCK:
            inner = list(t.args)
            nested = bool(inner) and (
                (inner[0].kind == IDENT and inner[0].value == "not") or inner[0].kind == BLOCK
            )
            results.append(_condition(inner, leaf) if nested else leaf(inner))
        elif t.kind == FUNC:
            results.append(leaf([t]))
        else:
            return False
    if len(toks) % 2 == 0:
        return False
    return any(results) if joiner == "or" else all(results)


def _media_query(toks: list[Tok], viewport: tuple[float, float]) -> bool:
    if not toks:
        return False

    def leaf(inner: list[Tok]) -> bool:
        return _media_feature(inner, viewport)

    negate = False
    if (
        toks[0].kind == IDENT
        and toks[0].value in ("not", "only")
        and len(toks) > 1
        and toks[1].kind == IDENT
    ):
        negate = toks[0].value == "not"
        toks = toks[1:]
    if toks[0].kind == IDENT and toks[0].value not in ("not",):
        media_type = toks[0].value
        if media_type not in _KNOWN_TYPES:
            return False
        result = media_type in _MATCHING_TYPES
        rest = toks[1:]
        if rest:
            if rest[0].kind != IDENT or rest[0].value != "and":
                return False
            result = result and _condition(rest[1:], leaf)
        return result != negate
    return _condition(toks, leaf)


@lru_cache(maxsize=1024)
def media_matches(query: str, viewport: tuple[float, float]) -> bool:
    """A media query list (the @media prelude, or a <style media>) against the viewport."""
    query = query.strip()
    if not query:
        return True
    try:
        return any(_media_query(group, viewport) for group in split_commas(tokenize(query)))
    except (RecursionError, ValueError, TypeError, ZeroDivisionError):
        return False


@lru_cache(maxsize=1024)
def supports_matches(condition: str) -> bool:
    """@supports: a declaration is supported when it parses; selector() when it compiles."""
    from engine.style.declarations import parse_declaration
    from engine.style.selectors import compile_selector_list

    def leaf(inner: list[Tok]) -> bool:
        if len(inner) == 1 and inner[0].kind == FUNC and inner[0].value == "selector":
            text = inner[0].raw[inner[0].raw.index("(") + 1 : -1]
            return bool(compile_selector_list(text)[0])
        if (
            len(inner) >= 2
            and inner[0].kind == IDENT
            and inner[1].kind == DELIM
            and inner[1].value == ":"
        ):
            name = inner[0].raw if inner[0].value.startswith("--") else inner[0].value
            value = " ".join(t.raw for t in inner[2:])
            pairs, messages = parse_declaration(name, value)
            return bool(pairs) or not messages
        return False

    try:
        return _condition(list(tokenize(condition.strip())), leaf)
    except (RecursionError, ValueError, TypeError):
        return False
