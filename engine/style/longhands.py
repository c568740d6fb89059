"""Longhand value parsers: a declaration's tokens -> specified value (final or Deferred) or INVALID."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.style.colors import parse_color
from engine.style.images import parse_image, parse_position
from engine.style.syntax import (
    FUNC,
    IDENT,
    PCT,
    Tok,
    normalize_ws,
)
from engine.style.values import (
    INVALID,
    finish,
    is_delim,
    parse_integer,
    parse_length,
    parse_number,
)

if TYPE_CHECKING:
    pass

Parser = Callable[[tuple[Tok, ...], str], Any]

SIZE_KEYWORDS = (
    "auto",
    "min-content",
    "max-content",
    "fit-content",
    "stretch",
    "-webkit-fill-available",
)


def keywords(*words: str, aliases: dict[str, str] | None = None) -> Parser:
    allowed = frozenset(words) | frozenset(aliases or ())
    mapping = aliases or {}

    def parse(toks: tuple[Tok, ...], text: str) -> Any:
        if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in allowed:
            return mapping.get(toks[0].value, toks[0].value)
        return INVALID

    return parse


def length(
    *, pct: bool = True, negative: bool = True, kw: tuple[str, ...] = (), size_kw: bool = False
) -> Parser:
    allowed = frozenset(kw) | (frozenset(SIZE_KEYWORDS) if size_kw else frozenset())

    def parse(toks: tuple[Tok, ...], text: str) -> Any:
        if len(toks) != 1:
            return INVALID
        tok = toks[0]
        if size_kw and tok.kind == FUNC and tok.value == "fit-content":
            return "fit-content"
        value = parse_length(tok, pct=pct, negative=negative, keywords=allowed)
        if isinstance(value, str) and value in ("-webkit-fill-available", "stretch"):
            return "auto"
        return value

    return parse


def color(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    c = parse_color(toks[0])
    return INVALID if c is None else c


def accent_color(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "auto":
        return "auto"
    return color(toks, text)


# appearance keywords that mean "the element's native look" (CSS UI 4: compat-auto values)
LEGACY_APPEARANCE = (
    "textfield",
    "menulist-button",
    "menulist",
    "button",
    "checkbox",
    "radio",
    "listbox",
    "meter",
    "progress-bar",
    "push-button",
    "searchfield",
    "slider-horizontal",
    "square-button",
    "textarea",
)


def raw(toks: tuple[Tok, ...], text: str) -> Any:
    return normalize_ws(text) if text.strip() else INVALID


def raw_lower(toks: tuple[Tok, ...], text: str) -> Any:
    return normalize_ws(text).lower() if text.strip() else INVALID


def number(minimum: float | None = None, maximum: float | None = None) -> Parser:
    def parse(toks: tuple[Tok, ...], text: str) -> Any:
        if len(toks) != 1:
            return INVALID
        v = parse_number(toks[0])
        if v is None or (minimum is not None and v < minimum):
            return INVALID
        if maximum is not None and v > maximum:
            v = maximum
        return v

    return parse


def integer_or_auto(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    if toks[0].kind == IDENT and toks[0].value == "auto":
        return "auto"
    v = parse_integer(toks[0])
    return INVALID if v is None else v


def column_count(toks: tuple[Tok, ...], text: str) -> Any:
    """`auto` or a positive integer."""
    v = integer_or_auto(toks, text)
    return INVALID if isinstance(v, int) and v < 1 else v


def integer(toks: tuple[Tok, ...], text: str) -> Any:
    v = parse_integer(toks[0]) if len(toks) == 1 else None
    return INVALID if v is None else v


def opacity(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    v = t.value / 100.0 if t.kind == PCT else parse_number(t)
    if v is None:
        return INVALID
    return 0.0 if v < 0 else 1.0 if v > 1 else float(v)


_DISPLAY = frozenset(
    [
        "block",
        "inline",
        "inline-block",
        "flex",
        "inline-flex",
        "grid",
        "inline-grid",
        "table",
        "inline-table",
        "table-row",
        "table-cell",
        "table-row-group",
        "table-header-group",
        "table-footer-group",
        "table-column",
        "table-column-group",
        "table-caption",
        "list-item",
        "none",
        "contents",
        "flow-root",
        "-webkit-box",
        "-webkit-inline-box",
        "ruby",
        "ruby-text",
    ]
)
_DISPLAY_PAIRS = {
    ("block", "flow"): "block",
    ("inline", "flow"): "inline",
    ("inline", "flow-root"): "inline-block",
    ("block", "flow-root"): "flow-root",
    ("block", "flex"): "flex",
    ("inline", "flex"): "inline-flex",
    ("block", "grid"): "grid",
    ("inline", "grid"): "inline-grid",
    ("block", "table"): "table",
    ("inline", "table"): "inline-table",
    ("block", "list-item"): "list-item",
    ("flow", "list-item"): "list-item",
    ("list-item", "block"): "list-item",
    ("list-item", "flow"): "list-item",
}


def display(toks: tuple[Tok, ...], text: str) -> Any:
    words = tuple(t.value for t in toks if t.kind == IDENT)
    if len(words) != len(toks) or not words:
        return INVALID
    if len(words) == 1:
        if words[0] in _DISPLAY:
            return words[0]
        if words[0] in ("-webkit-flex", "-ms-flexbox"):
            return "flex"
        if words[0] in ("-webkit-inline-flex", "-ms-inline-flexbox"):
            return "inline-flex"
        return INVALID
    return _DISPLAY_PAIRS.get(words, INVALID)  # type: ignore[arg-type]


def z_index(toks: tuple[Tok, ...], text: str) -> Any:
    return integer_or_auto(toks, text)


def border_width(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == IDENT:
        return {"thin": 1.0, "medium": 3.0, "thick": 5.0}.get(t.value, INVALID)
    return parse_length(t, pct=False, negative=False)


BORDER_STYLES = frozenset(
    ["none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset"]
)


def radius(toks: tuple[Tok, ...], text: str) -> Any:
    if not 1 <= len(toks) <= 2:
        return INVALID
    vals = [parse_length(t, negative=False) for t in toks]
    if any(v is INVALID or isinstance(v, str) for v in vals):
        return INVALID
    return finish((vals[0], vals[-1]))


def self_alignment(toks: tuple[Tok, ...], text: str) -> Any:
    words = [t.value for t in toks if t.kind == IDENT and t.value not in ("safe", "unsafe")]
    if any(t.kind != IDENT for t in toks) or not words:
        return INVALID
    if words == ["first", "baseline"]:
        return "baseline"
    if words[0] == "legacy" and len(words) == 2:
        return words[1]
    return " ".join(words)


def gap(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    return parse_length(toks[0], negative=False, keywords=("normal",))


def flex_basis(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    return parse_length(
        toks[0],
        negative=False,
        keywords=("auto", "content", "min-content", "max-content", "fit-content"),
    )


def aspect_ratio(toks: tuple[Tok, ...], text: str) -> Any:
    rest = [t for t in toks if not (t.kind == IDENT and t.value == "auto")]
    if not rest:
        return "auto" if toks else INVALID
    nums = [parse_number(t) for t in rest if not is_delim(t, "/")]
    if None in nums or not 1 <= len(nums) <= 2:
        return INVALID
    w = nums[0] or 0.0
    h = nums[1] if len(nums) == 2 else 1.0
    if not w or not h or not 1e-6 < w / h < 1e6:  # degenerate ratios behave as auto
        return "auto"
    ratio = float(w) / float(h)
    return ("auto", ratio) if len(rest) != len(toks) else ratio  # `auto && <ratio>`: a tuple


def image_or_none(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    return parse_image(toks[0])


def position_value(toks: tuple[Tok, ...], text: str) -> Any:
    pos = parse_position(list(toks))
    return INVALID if pos is INVALID else finish(pos)


def border_spacing(toks: tuple[Tok, ...], text: str) -> Any:
    if not 1 <= len(toks) <= 2:
        return INVALID
    vals = [parse_length(t, pct=False, negative=False) for t in toks]
    if any(v is INVALID for v in vals):
        return INVALID
    return finish((vals[0], vals[-1]))


def grid_line(toks: tuple[Tok, ...], text: str) -> Any:
    return normalize_ws(text) if toks else INVALID
