"""@font-face rules: descriptor text -> FontFaceRule (family, sources, weight range, style, unicode-range).

Parsed with tinycss2 as CSS Fonts 4 writes the descriptors. A descriptor whose value is not
valid is skipped and reported (the rule keeps its other descriptors, as in browsers); a rule
without a usable `font-family` or `src` is dropped and reported. `font-display`,
`font-stretch`, `font-feature-settings` and the metric overrides are accepted and not used.
Loading the faces is engine/fonts/webfonts.py's work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import tinycss2
from tinycss2 import ast

from engine.style.syntax import Rule

__all__ = ["FontFaceRule", "FontSrc", "parse_font_face", "MAX_SOURCES", "MAX_RANGES"]

Message = tuple[str, str, str]  # (kind, message, where)
SrcKind = Literal["url", "local"]
FaceStyle = Literal["normal", "italic", "oblique"]
MAX_SOURCES = 16  # src entries kept per rule
MAX_RANGES = 256  # unicode-range entries kept per rule
_ACCEPTED = frozenset(
    (
        "font-display",
        "font-stretch",
        "font-feature-settings",
        "font-variation-settings",
        "font-named-instance",
        "ascent-override",
        "descent-override",
        "line-gap-override",
        "size-adjust",
        "font-language-override",
    )
)
_WEIGHT_KEYWORDS = {"normal": 400, "bold": 700}


@dataclass(frozen=True)
class FontSrc:
    """One `src` entry: `url(value) format(format)` or `local(value)`."""

    kind: SrcKind
    value: str
    format: str = ""  # the format() hint, lower case ("" when none)


@dataclass(frozen=True)
class FontFaceRule:
    """One @font-face rule as the page's stylesheets give it."""

    family: str
    sources: tuple[FontSrc, ...]
    weight: tuple[int, int] = (400, 400)  # a range; a single weight is (w, w)
    style: FaceStyle = "normal"
    unicode_range: tuple[tuple[int, int], ...] = ()  # () = every character
    media: tuple[str, ...] = ()  # enclosing @media preludes


def _tokens(value: str) -> list[Any]:
    return [
        t
        for t in tinycss2.parse_component_value_list(value, skip_comments=True)
        if t.type != "whitespace"
    ]


def _family(value: str) -> str | None:
    """A <family-name>: one string, or identifiers joined by spaces (no generic keyword)."""
    tokens = _tokens(value)
    if len(tokens) == 1 and tokens[0].type == "string":
        return tokens[0].value.strip() or None
    if tokens and all(t.type == "ident" for t in tokens):
        name = " ".join(t.value for t in tokens)
        generic = {"serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"}
        if len(tokens) == 1 and name.lower() in generic | {"inherit", "initial", "default"}:
            return None
        return name
    return None


def _split_commas(value: str) -> list[list[Any]]:
    parts: list[list[Any]] = [[]]
    for token in tinycss2.parse_component_value_list(value, skip_comments=True):
        if token.type == "literal" and token.value == ",":
            parts.append([])
        elif token.type != "whitespace":
            parts[-1].append(token)
    return parts


def _one_src(tokens: list[Any]) -> FontSrc | None:
    if not tokens:
        return None
    head = tokens[0]
    if isinstance(head, ast.URLToken):
        url = head.value
    elif isinstance(head, ast.FunctionBlock) and head.lower_name == "url":
        args = [a for a in head.arguments if a.type != "whitespace"]
        if len(args) != 1 or args[0].type != "string":
            return None
        url = args[0].value
    elif isinstance(head, ast.FunctionBlock) and head.lower_name == "local":
        name = _family(tinycss2.serialize(head.arguments))
        return FontSrc("local", name) if name and len(tokens) == 1 else None
    else:
        return None
    fmt = ""
    for extra in tokens[1:]:
        if isinstance(extra, ast.FunctionBlock) and extra.lower_name == "format":
            args = [a for a in extra.arguments if a.type in ("string", "ident")]
            fmt = str(args[0].value).lower() if args else ""
        elif isinstance(extra, ast.FunctionBlock) and extra.lower_name == "tech":
            continue  # technology hints: every listed source is tried anyway
        else:
            return None
    return FontSrc("url", url.strip(), fmt) if url.strip() else None


def _sources(value: str) -> tuple[tuple[FontSrc, ...], int]:
    """The usable src entries (in order) and how many entries were not understood."""
    out: list[FontSrc] = []
    bad = 0
    for part in _split_commas(value):
        src = _one_src(part)
        if src is None:
            bad += 1
        elif len(out) < MAX_SOURCES:
            out.append(src)
    return tuple(out), bad


def _weight_value(token: Any) -> int | None:
    if token.type == "ident" and token.lower_value in _WEIGHT_KEYWORDS:
        return _WEIGHT_KEYWORDS[token.lower_value]
    if token.type == "number" and 1 <= token.value <= 1000:
        return int(round(token.value))
    return None


def _weight(value: str) -> tuple[int, int] | None:
    tokens = _tokens(value)
    if len(tokens) == 1 and tokens[0].type == "ident" and tokens[0].lower_value == "auto":
        return (400, 400)
    weights = [_weight_value(t) for t in tokens]
    if not 1 <= len(weights) <= 2 or any(w is None for w in weights):
        return None
    low, high = int(weights[0] or 400), int(weights[-1] or 400)
    return (min(low, high), max(low, high))


def _style(value: str) -> FaceStyle | None:
    tokens = _tokens(value)
    if not tokens or tokens[0].type != "ident":
        return None
    word = tokens[0].lower_value
    if word in ("normal", "auto") and len(tokens) == 1:
        return "normal"
    if word == "italic" and len(tokens) == 1:
        return "italic"
    if word == "oblique" and all(t.type == "dimension" for t in tokens[1:]):
        return "oblique"
    return None


def _unicode_range(value: str) -> tuple[tuple[int, int], ...] | None:
    """`U+0-7F, U+0100-024F, U+4??` -> code point ranges (tinycss2 reads the tokens)."""
    ranges: list[tuple[int, int]] = []
    for part in _split_commas(value):
        found = _range_of(tinycss2.serialize(part))
        if found is None:
            return None
        if len(ranges) < MAX_RANGES:
            ranges.append(found)
    return tuple(ranges) if ranges else None


def _range_of(text: str) -> tuple[int, int] | None:
    text = text.replace(" ", "").upper()
    if not text.startswith("U+") or len(text) < 3:
        return None
    body = text[2:]
    try:
        if "-" in body:
            low, high = (int(x, 16) for x in body.split("-", 1))
        elif "?" in body:
            if len(body) > 6 or body.rstrip("?").count("?"):
                return None
            low, high = int(body.replace("?", "0"), 16), int(body.replace("?", "F"), 16)
        else:
            low = high = int(body, 16)
    except ValueError:
        return None
    if low > high or high > 0x10FFFF:
        return None
    return (low, high)


def _descriptors(items: list[str | Rule]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for item in items:
        if isinstance(item, str) and ":" in item:
            name, _, value = item.partition(":")
            value = value.strip()
            if value.lower().endswith("!important"):
                value = ""  # !important is invalid in @font-face: the descriptor is dropped
            out.append((name.strip().lower(), value))
    return out


def parse_font_face(
    items: list[str | Rule], media: tuple[str, ...] = ()
) -> tuple[FontFaceRule | None, list[Message]]:
    """One @font-face block's descriptors -> the rule (None when unusable) and messages."""
    messages: list[Message] = []
    family: str | None = None
    sources: tuple[FontSrc, ...] = ()
    weight: tuple[int, int] = (400, 400)
    style: FaceStyle = "normal"
    ranges: tuple[tuple[int, int], ...] = ()
    for name, value in _descriptors(items):
        where = f"@font-face {name}"
        if name == "font-family":
            family = _family(value)
            ok = family is not None
        elif name == "src":
            sources, bad = _sources(value)
            ok = bool(sources)
            if bad and sources:
                messages.append(("css", f"@font-face src: {bad} entries not understood", where))
        elif name == "font-weight":
            found_weight = _weight(value)
            ok = found_weight is not None
            weight = found_weight or weight
        elif name == "font-style":
            found_style = _style(value)
            ok = found_style is not None
            style = found_style or style
        elif name == "unicode-range":
            found_ranges = _unicode_range(value)
            ok = found_ranges is not None
            ranges = found_ranges or ranges
        else:
            ok = name in _ACCEPTED
            if not ok:
                messages.append(("css", f"unknown @font-face descriptor {name}", where))
                continue
        if not ok:
            messages.append(("css", f"invalid @font-face {name}: {value[:80]}", where))
    if family is None or not sources:
        missing = "font-family" if family is None else "src"
        messages.append(("css", f"@font-face without a usable {missing} dropped", "@font-face"))
        return None, messages
    return FontFaceRule(family, sources, weight, style, ranges, media), messages
