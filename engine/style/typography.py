"""Font and text longhands: font-*, line-height, spacing, text-* and vertical-align tokens -> values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.style.colors import CURRENT_COLOR
from engine.style.longhands import INVALID, color
from engine.style.syntax import IDENT, STR, Tok, split_commas
from engine.style.types import LP, Number
from engine.style.values import (
    Deferred,
    Fn,
    MathLength,
    RelLength,
    parse_angle,
    parse_length,
    parse_number,
    warn,
)

if TYPE_CHECKING:
    from engine.style.computed import Ctx


GENERIC_FAMILIES = frozenset(
    [
        "serif",
        "sans-serif",
        "monospace",
        "cursive",
        "fantasy",
        "system-ui",
        "ui-serif",
        "ui-sans-serif",
        "ui-monospace",
        "ui-rounded",
        "math",
        "emoji",
        "fangsong",
        "-apple-system",
        "blinkmacsystemfont",
    ]
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
    if len(families) > MAX_FONT_FAMILIES:  # a bound on font matching work per element
        warn(f"font-family list of {len(families)} entries cut to {MAX_FONT_FAMILIES}")
        last = families[-1]
        families = families[: MAX_FONT_FAMILIES - 1] + [last]
    return tuple(families) if families else INVALID


MAX_FONT_FAMILIES = 64  # entries kept per font-family list (the last one, often generic, kept)


# Chromium's keyword sizes for a 16px (standard) and 13px (monospace) default font size.
FONT_SIZE_KEYWORDS = (
    "xx-small",
    "x-small",
    "small",
    "medium",
    "large",
    "x-large",
    "xx-large",
    "xxx-large",
)
FONT_SIZE_STANDARD = (9.0, 10.0, 13.0, 16.0, 18.0, 24.0, 32.0, 48.0)
FONT_SIZE_MONOSPACE = (9.0, 9.0, 10.0, 13.0, 16.0, 20.0, 26.0, 40.0)  # read back from Chromium


class FontSizeKeyword(Deferred):
    """An absolute-size keyword; its px value depends on the generic family (monospace quirk)."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index

    def compute(self, ctx: Ctx, name: str) -> float:
        ctx.cs.keyword = self.index + 1
        table = (
            FONT_SIZE_MONOSPACE if ctx.cs["font-family"] == ("monospace",) else FONT_SIZE_STANDARD
        )
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
    if len(toks) > 1 and (
        toks[0].value != "oblique" or len(toks) > 2 or parse_angle(toks[1]) is None
    ):
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


_VALIGN = frozenset(
    ["baseline", "sub", "super", "text-top", "text-bottom", "middle", "top", "bottom"]
)


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


def locale(toks: tuple[Tok, ...], text: str) -> Any:
    """-webkit-locale (what a lang attribute sets, as Chromium maps it): a language tag string,
    lowercased, or auto."""
    if len(toks) != 1:
        return INVALID
    t = toks[0]
    if t.kind == STR:
        return str(t.value).strip().lower() or "auto"
    if t.kind == IDENT and str(t.value).lower() == "auto":
        return "auto"
    return INVALID
