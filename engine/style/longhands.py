"""Longhand value parsers: a declaration's tokens -> specified value (final or Deferred) or INVALID."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.style.colors import CURRENT_COLOR, parse_color
from engine.style.images import CENTER, parse_image, parse_position
from engine.style.syntax import (
    DIM,
    FUNC,
    IDENT,
    NUM,
    PCT,
    STR,
    URL,
    Tok,
    normalize_ws,
    split_commas,
    split_slash,
)
from engine.style.types import LP, Number, Shadow, TransformFunction
from engine.style.values import (
    INVALID,
    Deferred,
    Fn,
    MathLength,
    RelLength,
    finish,
    is_delim,
    parse_angle,
    parse_integer,
    parse_length,
    parse_number,
    warn,
)

if TYPE_CHECKING:
    from engine.style.computed import Ctx

Parser = Callable[[tuple[Tok, ...], str], Any]

SIZE_KEYWORDS = ("auto", "min-content", "max-content", "fit-content", "stretch", "-webkit-fill-available")


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
    "block inline inline-block flex inline-flex grid inline-grid table inline-table table-row "
    "table-cell table-row-group table-header-group table-footer-group table-column "
    "table-column-group table-caption list-item none contents flow-root -webkit-box "
    "-webkit-inline-box ruby ruby-text".split()
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
    "none hidden dotted dashed solid double groove ridge inset outset".split()
)


def radius(toks: tuple[Tok, ...], text: str) -> Any:
    if not 1 <= len(toks) <= 2:
        return INVALID
    vals = [parse_length(t, negative=False) for t in toks]
    if any(v is INVALID or isinstance(v, str) for v in vals):
        return INVALID
    return finish((vals[0], vals[-1]))


# ------------------------------------------------------------------------------------ fonts


GENERIC_FAMILIES = frozenset(
    "serif sans-serif monospace cursive fantasy system-ui ui-serif ui-sans-serif ui-monospace "
    "ui-rounded math emoji fangsong -apple-system blinkmacsystemfont".split()
)


def font_family(toks: tuple[Tok, ...], text: str) -> Any:
    families: list[str] = []
    for group in split_commas(toks):
        if not group:
            return INVALID
        if len(group) == 1 and group[0].kind == STR:
            families.append(group[0].value)
            continue
        if any(t.kind != IDENT for t in group):
            return INVALID
        if len(group) == 1 and group[0].value in GENERIC_FAMILIES:
            families.append(group[0].value)
        elif len(group) == 1 and group[0].value in ("inherit", "initial", "unset", "default"):
            return INVALID
        else:
            families.append(" ".join(t.raw for t in group))
    return tuple(families) if families else INVALID


# Chromium's keyword sizes for a 16px (standard) and 13px (monospace) default font size.
FONT_SIZE_KEYWORDS = ("xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large")
FONT_SIZE_STANDARD = (9.0, 10.0, 13.0, 16.0, 18.0, 24.0, 32.0, 48.0)
FONT_SIZE_MONOSPACE = (9.0, 9.0, 10.0, 13.0, 16.0, 20.0, 26.0, 39.0)


class FontSizeKeyword(Deferred):
    """An absolute-size keyword; its px value depends on the generic family (monospace quirk)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def compute(self, ctx: Ctx, name: str) -> float:
        ctx.cs.keyword = self.index + 1
        table = FONT_SIZE_MONOSPACE if ctx.cs["font-family"] == ("monospace",) else FONT_SIZE_STANDARD
        return table[self.index]


def _font_size_rel(spec: Any, ctx: Ctx) -> float:
    parent_size = ctx.parent_font_size
    if spec == "smaller":
        return parent_size / 1.2
    if spec == "larger":
        return parent_size * 1.2
    if isinstance(spec, LP):
        return spec.px + spec.pct * parent_size / 100.0
    if isinstance(spec, RelLength):
        return spec.to_px(ctx, parent_size) + spec.pct * parent_size / 100.0
    if isinstance(spec, MathLength):
        px, pct = spec.evaluate(ctx, parent_size)
        return px + pct * parent_size / 100.0
    return parent_size


def font_size(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == IDENT:
        if t.value in FONT_SIZE_KEYWORDS:
            return FontSizeKeyword(FONT_SIZE_KEYWORDS.index(t.value))
        if t.value in ("smaller", "larger"):
            return Fn(_font_size_rel, t.value)
        if t.value == "math":
            return Fn(_font_size_rel, "math")
        return INVALID
    v = parse_length(t, negative=False)
    if v is INVALID or isinstance(v, str):
        return INVALID
    if isinstance(v, float):
        return v
    return Fn(_font_size_rel, v)


def _bolder(parent: int) -> int:
    if parent < 350:
        return 400
    if parent < 550:
        return 700
    if parent < 900:
        return 900
    return parent


def _lighter(parent: int) -> int:
    if parent < 100:
        return parent
    if parent < 550:
        return 100
    if parent < 750:
        return 400
    return 700


def _relative_weight(which: str, ctx: Ctx) -> int:
    parent = ctx.parent["font-weight"] if ctx.parent is not None else 400
    return _bolder(parent) if which == "bolder" else _lighter(parent)


def font_weight(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == IDENT:
        if t.value == "normal":
            return 400
        if t.value == "bold":
            return 700
        if t.value in ("bolder", "lighter"):
            return Fn(_relative_weight, t.value)
        return INVALID
    v = parse_number(t)
    if v is None or not 1 <= v <= 1000:
        return INVALID
    return int(round(v))


def font_style(toks: tuple[Tok, ...], text: str) -> Any:
    if not toks or toks[0].kind != IDENT or toks[0].value not in ("normal", "italic", "oblique"):
        return INVALID
    if len(toks) > 1 and (toks[0].value != "oblique" or len(toks) > 2 or parse_angle(toks[1]) is None):
        return INVALID
    return toks[0].value


def _line_height_pct(pct: float, ctx: Ctx) -> float:
    return pct * ctx.cs["font-size"] / 100.0


def line_height(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == IDENT:
        return "normal" if t.value == "normal" else INVALID
    num = parse_number(t)
    if num is not None:
        return INVALID if num < 0 else Number(num)
    v = parse_length(t, negative=False)
    if v is INVALID or isinstance(v, str):
        return INVALID
    if isinstance(v, LP):
        return Fn(_line_height_pct, v.pct) if not v.px else Fn(_lp_of_font_size, v)
    if isinstance(v, (RelLength, MathLength)):
        return Fn(_lp_of_font_size, v)
    return v


def _lp_of_font_size(v: Any, ctx: Ctx) -> float:
    """A length-percentage whose percentage refers to the element's own font size -> px."""
    fs = ctx.cs["font-size"]
    if isinstance(v, LP):
        return v.px + v.pct * fs / 100.0
    if isinstance(v, MathLength):
        px, pct = v.evaluate(ctx, fs)
        return px + pct * fs / 100.0
    return float(v.to_px(ctx, fs) + v.pct * fs / 100.0)


def spacing(toks: tuple[Tok, ...], text: str) -> Any:
    """letter-spacing / word-spacing: normal -> 0; percentages refer to the font size."""
    if len(toks) != 1:
        return INVALID
    if toks[0].kind == IDENT:
        return 0.0 if toks[0].value == "normal" else INVALID
    v = parse_length(toks[0])
    if v is INVALID or isinstance(v, str):
        return INVALID
    if isinstance(v, float):
        return v
    return Fn(_lp_of_font_size, v)


# ------------------------------------------------------------------------------------- text


def _text_align_start(which: str, ctx: Ctx) -> str:
    rtl = ctx.cs["direction"] == "rtl"
    if which == "start":
        ctx.cs.logical_align = 1
        return "right" if rtl else "left"
    if which == "end":
        ctx.cs.logical_align = 2
        return "left" if rtl else "right"
    # match-parent: the parent's value, resolved against the parent's direction
    ctx.cs.logical_align = 0
    if ctx.parent is None:
        return "left"
    parent_value: str = ctx.parent["text-align"]
    return parent_value


_TEXT_ALIGN = {
    "left": "left",
    "right": "right",
    "center": "center",
    "justify": "justify",
    "-webkit-center": "center",
    "-webkit-left": "left",
    "-webkit-right": "right",
    "-internal-center": "center",
    "-moz-center": "center",
}


def text_align(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1 or toks[0].kind != IDENT:
        return INVALID
    v = toks[0].value
    if v in _TEXT_ALIGN:
        return _TEXT_ALIGN[v]
    if v in ("start", "end", "match-parent"):
        return Fn(_text_align_start, v)
    return INVALID


def text_align_last(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "auto":
        return "auto"
    return text_align(toks, text)


def text_indent(toks: tuple[Tok, ...], text: str) -> Any:
    lengths = [t for t in toks if not (t.kind == IDENT and t.value in ("hanging", "each-line"))]
    if len(lengths) != 1:
        return INVALID
    return parse_length(lengths[0])


DECORATION_LINES = frozenset(("underline", "overline", "line-through", "blink"))


def text_decoration_line(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
        return frozenset()
    words = [t.value for t in toks if t.kind == IDENT and t.value in DECORATION_LINES]
    if len(words) != len(toks) or not words or len(set(words)) != len(words):
        return INVALID
    return frozenset(w for w in words if w != "blink")


_VALIGN = frozenset("baseline sub super text-top text-bottom middle top bottom".split())


def vertical_align(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    return parse_length(toks[0], keywords=_VALIGN)


def text_fill_color(toks: tuple[Tok, ...], text: str) -> Any:
    c = color(toks, text)
    return None if c is CURRENT_COLOR else c


def text_overflow(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) in (1, 2) and all(t.kind in (IDENT, STR) for t in toks):
        t = toks[-1] if len(toks) == 2 else toks[0]
        return t.value if t.kind == IDENT else f'"{t.value}"'
    return INVALID


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
        toks[0], negative=False, keywords=("auto", "content", "min-content", "max-content", "fit-content")
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
    if not w or not h:
        return "auto"
    return float(w) / float(h)


# ------------------------------------------------------------------------------- shadows


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
    if len(toks) == 2 and toks[0].kind == IDENT and toks[1].kind == IDENT:
        if toks[0].value in ("top", "bottom") or toks[1].value in ("left", "right"):
            toks = (toks[1], toks[0])
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


# ------------------------------------------------------------------------------- generated


def _content_attr(name: str, ctx: Ctx) -> str:
    el = ctx.element
    value = el.get(name) if el is not None else None
    return value or ""


def _resolve_content(pieces: tuple[Any, ...], ctx: Ctx) -> tuple[Any, ...]:
    out: list[Any] = []
    quotes = ctx.cs["quotes"]
    for p in pieces:
        if isinstance(p, tuple) and p and p[0] == "attr":
            out.append(_content_attr(p[1], ctx))
        elif isinstance(p, tuple) and p and p[0] == "quote":
            if p[1] in ("no-open-quote", "no-close-quote") or quotes == "none":
                continue
            pair = quotes[0] if isinstance(quotes, tuple) and quotes else ("\u201c", "\u201d")
            out.append(pair[0] if p[1] == "open-quote" else pair[1])
        else:
            out.append(p)
    return tuple(out)


def content(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in ("normal", "none"):
        return toks[0].value
    groups = split_slash(toks)
    pieces: list[Any] = []
    dynamic = False
    for t in groups[0]:
        if t.kind == STR:
            pieces.append(t.value)
        elif t.kind == FUNC and t.value == "attr" and t.args and t.args[0].kind == IDENT:
            pieces.append(("attr", t.args[0].raw.lower()))
            dynamic = True
        elif t.kind == FUNC and t.value in ("counter", "counters"):
            args = split_commas(t.args)
            if not args or len(args[0]) != 1 or args[0][0].kind != IDENT:
                return INVALID
            cname = args[0][0].raw
            style = args[-1][0].value if len(args) > (2 if t.value == "counters" else 1) else "decimal"
            if t.value == "counter":
                pieces.append(("counter", cname, style))
            else:
                if len(args) < 2 or not args[1] or args[1][0].kind != STR:
                    return INVALID
                pieces.append(("counters", cname, args[1][0].value, style))
        elif t.kind == IDENT and t.value in ("open-quote", "close-quote", "no-open-quote", "no-close-quote"):
            pieces.append(("quote", t.value))
            dynamic = True
        elif t.kind == URL or (t.kind == FUNC and t.value in ("url", "image-set", "linear-gradient")):
            warn("images in 'content' are not supported (ignored)")
        else:
            return INVALID
    result = tuple(pieces)
    return Fn(_resolve_content, result) if dynamic else result


def counters_list(default: int) -> Parser:
    def parse(toks: tuple[Tok, ...], text: str) -> Any:
        if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value == "none":
            return ()
        out: list[tuple[str, int]] = []
        for t in toks:
            if t.kind == IDENT:
                out.append((t.raw, default))
            elif t.kind == NUM and out and t.value == int(t.value):
                out[-1] = (out[-1][0], int(t.value))
            else:
                return INVALID
        return tuple(out) if out else INVALID

    return parse


def quotes(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in ("auto", "none"):
        return toks[0].value
    if not toks or len(toks) % 2 or any(t.kind != STR for t in toks):
        return INVALID
    return tuple((toks[i].value, toks[i + 1].value) for i in range(0, len(toks), 2))


LIST_STYLE_TYPES = frozenset(
    "disc circle square decimal decimal-leading-zero lower-roman upper-roman lower-greek "
    "lower-alpha lower-latin upper-alpha upper-latin none disclosure-open disclosure-closed "
    "cjk-decimal cjk-ideographic simp-chinese-informal simp-chinese-formal trad-chinese-informal "
    "trad-chinese-formal hiragana katakana hiragana-iroha katakana-iroha armenian georgian "
    "hebrew arabic-indic persian devanagari thai korean-hangul-formal".split()
)


def list_style_type(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == STR:
        return f'"{t.value}"'
    if t.kind == IDENT:
        if t.value not in LIST_STYLE_TYPES:
            warn(f"list-style-type {t.value!r} rendered as decimal")
            return "decimal"
        return t.value
    return INVALID


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

