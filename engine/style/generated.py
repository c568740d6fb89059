"""Generated-content longhands: content, counters, quotes and list-style-type tokens -> values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.style.longhands import INVALID, Parser
from engine.style.syntax import FUNC, IDENT, NUM, STR, URL, Tok, split_commas, split_slash
from engine.style.values import (
    Fn,
    warn,
)

if TYPE_CHECKING:
    from engine.style.computed import Ctx


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
            # the mark depends on the quote depth in document order: the box builder draws it
            out.append(("quote", p[1], quotes))
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
            style = (
                args[-1][0].value if len(args) > (2 if t.value == "counters" else 1) else "decimal"
            )
            if t.value == "counter":
                pieces.append(("counter", cname, style))
            else:
                if len(args) < 2 or not args[1] or args[1][0].kind != STR:
                    return INVALID
                pieces.append(("counters", cname, args[1][0].value, style))
        elif t.kind == IDENT and t.value in (
            "open-quote",
            "close-quote",
            "no-open-quote",
            "no-close-quote",
        ):
            pieces.append(("quote", t.value))
            dynamic = True
        elif t.kind == URL or (
            t.kind == FUNC and t.value in ("url", "image-set", "linear-gradient")
        ):
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
    [
        "disc",
        "circle",
        "square",
        "decimal",
        "decimal-leading-zero",
        "lower-roman",
        "upper-roman",
        "lower-greek",
        "lower-alpha",
        "lower-latin",
        "upper-alpha",
        "upper-latin",
        "none",
        "disclosure-open",
        "disclosure-closed",
        "cjk-decimal",
        "cjk-ideographic",
        "simp-chinese-informal",
        "simp-chinese-formal",
        "trad-chinese-informal",
        "trad-chinese-formal",
        "hiragana",
        "katakana",
        "hiragana-iroha",
        "katakana-iroha",
        "armenian",
        "georgian",
        "hebrew",
        "arabic-indic",
        "persian",
        "devanagari",
        "thai",
        "korean-hangul-formal",
    ]
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
