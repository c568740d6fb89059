"""Shorthand expansion: a shorthand declaration's tokens -> [(longhand, specified value), ...]."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import engine.style.generated as gen  # the modules themselves, not the package: no import cycle
import engine.style.longhands as lh
import engine.style.typography as typo
from engine.style.animation_values import ANIMATION_LONGHANDS, animation_shorthand
from engine.style.backgrounds import background, mask
from engine.style.colors import CURRENT_COLOR, parse_color
from engine.style.grid_shorthands import grid, grid_area, grid_line_pair, grid_template
from engine.style.properties import BACKGROUND_LISTS, MASK_LISTS, PROPERTIES
from engine.style.syntax import FUNC, HASH, IDENT, NUM, STR, Tok, split_slash
from engine.style.types import LP
from engine.style.values import INVALID, finish, is_delim, parse_length, parse_number, warn

Expansion = list[tuple[str, Any]]
Expander = Callable[[tuple[Tok, ...], str], Any]

SIDES = ("top", "right", "bottom", "left")


def _text(toks: list[Tok] | tuple[Tok, ...]) -> str:
    return " ".join(t.raw for t in toks)


def _parse(name: str, toks: list[Tok] | tuple[Tok, ...]) -> Any:
    return PROPERTIES[name].parse(tuple(toks), _text(toks))


def _box4(names: tuple[str, str, str, str]) -> Expander:
    """margin/padding/inset/border-width...: 1-4 values -> top right bottom left."""
    parser = PROPERTIES[names[0]].parse

    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        if not 1 <= len(toks) <= 4:
            return INVALID
        vals = [parser((t,), t.raw) for t in toks]
        if any(v is INVALID for v in vals):
            return INVALID
        if len(toks) == 1:
            vals = [vals[0]] * 4
        elif len(toks) == 2:
            vals = [vals[0], vals[1], vals[0], vals[1]]
        elif len(toks) == 3:
            vals = [vals[0], vals[1], vals[2], vals[1]]
        return list(zip(names, vals, strict=True))

    return expand


def _pair(names: tuple[str, str]) -> Expander:
    """margin-inline / padding-block / inset-inline ...: 1-2 values -> start end."""
    parser = PROPERTIES[names[0]].parse

    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        if not 1 <= len(toks) <= 2:
            return INVALID
        vals = [parser((t,), t.raw) for t in toks]
        if any(v is INVALID for v in vals):
            return INVALID
        return [(names[0], vals[0]), (names[1], vals[-1])]

    return expand


def _border_parts(toks: tuple[Tok, ...] | list[Tok]) -> Any:
    width: Any = None
    style: Any = None
    color: Any = None
    for t in toks:
        if style is None and t.kind == IDENT and t.value in lh.BORDER_STYLES:
            style = t.value
            continue
        if width is None:
            w = lh.border_width((t,), t.raw)
            if w is not INVALID:
                width = w
                continue
        if color is None and t.kind in (IDENT, FUNC, HASH):
            c = parse_color(t)
            if c is not None:
                color = c
                continue
        return INVALID
    if not toks:
        return INVALID
    return (
        3.0 if width is None else width,
        "none" if style is None else style,
        CURRENT_COLOR if color is None else color,
    )


def _border_sides(sides: tuple[str, ...]) -> Expander:
    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        parts = _border_parts(toks)
        if parts is INVALID:
            return INVALID
        out: Expansion = []
        for side in sides:
            out.append((f"border-{side}-width", parts[0]))
            out.append((f"border-{side}-style", parts[1]))
            out.append((f"border-{side}-color", parts[2]))
        return out

    return expand


def _border_radius(toks: tuple[Tok, ...], text: str) -> Any:
    groups = split_slash(toks)
    if len(groups) > 2 or any(not 1 <= len(g) <= 4 for g in groups):
        return INVALID
    expanded = []
    for g in groups:
        vals = [parse_length(t, negative=False) for t in g]
        if any(v is INVALID or isinstance(v, str) for v in vals):
            return INVALID
        if len(vals) == 1:
            vals = vals * 4
        elif len(vals) == 2:
            vals = [vals[0], vals[1], vals[0], vals[1]]
        elif len(vals) == 3:
            vals = [vals[0], vals[1], vals[2], vals[1]]
        expanded.append(vals)
    horizontal = expanded[0]
    vertical = expanded[1] if len(expanded) > 1 else horizontal
    corners = ("top-left", "top-right", "bottom-right", "bottom-left")
    return [
        (f"border-{c}-radius", finish((h, v)))
        for c, h, v in zip(corners, horizontal, vertical, strict=True)
    ]


_FONT_STRETCH = frozenset(
    [
        "ultra-condensed",
        "extra-condensed",
        "condensed",
        "semi-condensed",
        "semi-expanded",
        "expanded",
        "extra-expanded",
        "ultra-expanded",
    ]
)
_SYSTEM_FONTS = frozenset(["caption", "icon", "menu", "message-box", "small-caption", "status-bar"])


def _font(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT and toks[0].value in _SYSTEM_FONTS:
        warn(f"system font {toks[0].value!r} ignored")
        return []
    style: Any = "normal"
    variant = "normal"
    weight: Any = 400
    stretch = "normal"
    i = 0
    n = len(toks)
    size: Any = INVALID
    while i < n and i < 5:
        t = toks[i]
        if t.kind == IDENT:
            v = t.value
            if v == "normal":
                pass
            elif v in ("italic", "oblique"):
                style = v
            elif v == "small-caps":
                variant = v
            elif v in ("bold", "bolder", "lighter"):
                weight = typo.font_weight((t,), t.raw)
            elif v in _FONT_STRETCH:
                stretch = v
            else:
                size = typo.font_size((t,), t.raw)
                if size is INVALID:
                    return INVALID
                i += 1
                break
        elif (
            t.kind == NUM
            and i + 1 < n
            and not is_delim(toks[i + 1], "/")
            and toks[i + 1].kind != STR
        ):
            w = typo.font_weight((t,), t.raw)
            if w is INVALID:
                return INVALID
            weight = w
        else:
            size = typo.font_size((t,), t.raw)
            if size is INVALID:
                return INVALID
            i += 1
            break
        i += 1
    if size is INVALID:
        return INVALID
    line_height: Any = "normal"
    if i < n and is_delim(toks[i], "/"):
        if i + 1 >= n:
            return INVALID
        line_height = typo.line_height((toks[i + 1],), toks[i + 1].raw)
        if line_height is INVALID:
            return INVALID
        i += 2
    family = typo.font_family(toks[i:], _text(toks[i:]))
    if family is INVALID:
        return INVALID
    return [
        ("font-style", style),
        ("font-variant", variant),
        ("font-variant-caps", "normal"),
        ("font-weight", weight),
        ("font-stretch", stretch),
        ("font-size", size),
        ("line-height", line_height),
        ("font-family", family),
    ]


def _flex(toks: tuple[Tok, ...], text: str) -> Any:
    if len(toks) == 1 and toks[0].kind == IDENT:
        keyword = {"none": (0.0, 0.0, "auto"), "auto": (1.0, 1.0, "auto")}.get(toks[0].value)
        if keyword is not None:
            return list(zip(("flex-grow", "flex-shrink", "flex-basis"), keyword, strict=True))
    grow: float | None = None
    shrink: float | None = None
    basis: Any = None
    previous_was_grow = False
    for t in toks:
        num = parse_number(t) if t.kind in (NUM, FUNC) else None
        if num is not None and (grow is None or (previous_was_grow and shrink is None)):
            if num < 0:
                return INVALID
            if grow is None:
                grow = num
                previous_was_grow = True
            else:
                shrink = num
                previous_was_grow = False
            continue
        previous_was_grow = False
        if basis is not None:
            return INVALID
        basis = lh.flex_basis((t,), t.raw)
        if basis is INVALID:
            return INVALID
    if grow is None and basis is None:
        return INVALID
    return [
        ("flex-grow", 1.0 if grow is None else grow),
        ("flex-shrink", 1.0 if shrink is None else shrink),
        ("flex-basis", LP(0.0, 0.0) if basis is None else basis),
    ]


def _flex_flow(toks: tuple[Tok, ...], text: str) -> Any:
    direction: Any = "row"
    wrap: Any = "nowrap"
    for t in toks:
        if t.kind == IDENT and t.value in ("row", "row-reverse", "column", "column-reverse"):
            direction = t.value
        elif t.kind == IDENT and t.value in ("nowrap", "wrap", "wrap-reverse"):
            wrap = t.value
        else:
            return INVALID
    if not 1 <= len(toks) <= 2:
        return INVALID
    return [("flex-direction", direction), ("flex-wrap", wrap)]


def _gap(toks: tuple[Tok, ...], text: str) -> Any:
    if not 1 <= len(toks) <= 2:
        return INVALID
    vals = [lh.gap((t,), t.raw) for t in toks]
    if any(v is INVALID for v in vals):
        return INVALID
    return [("row-gap", vals[0]), ("column-gap", vals[-1])]


def _place(align: str, justify: str) -> Expander:
    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        groups: list[list[Tok]] = []
        for t in toks:  # split into (optional safe/unsafe/first/last prefix +) keyword groups
            if groups and groups[-1][-1].value in ("safe", "unsafe", "first", "last", "legacy"):
                groups[-1].append(t)
            else:
                groups.append([t])
        if not 1 <= len(groups) <= 2:
            return INVALID
        a = lh.self_alignment(tuple(groups[0]), "")
        j = lh.self_alignment(tuple(groups[-1]), "")
        if a is INVALID or j is INVALID:
            return INVALID
        return [(align, a), (justify, j)]

    return expand


def _list_style(toks: tuple[Tok, ...], text: str) -> Any:
    type_: Any = None
    position: Any = None
    image: Any = None
    nones = 0
    for t in toks:
        if t.kind == IDENT and t.value == "none":
            nones += 1
        elif t.kind == IDENT and t.value in ("inside", "outside") and position is None:
            position = t.value
        elif image is None and (t.kind == FUNC or t.kind == "url"):
            image = lh.image_or_none((t,), t.raw)
            if image is INVALID:
                return INVALID
        elif type_ is None and t.kind in (IDENT, STR):
            type_ = gen.list_style_type((t,), t.raw)
            if type_ is INVALID:
                return INVALID
        else:
            return INVALID
    if nones > 2 or (nones == 2 and (type_ is not None or image is not None)):
        return INVALID
    if nones:
        if type_ is None:
            type_ = "none"
            nones -= 1
        if nones and image is None:
            image = "none"
    return [
        ("list-style-type", "disc" if type_ is None else type_),
        ("list-style-position", position or "outside"),
        ("list-style-image", "none" if image is None else image),
    ]


def _overflow(toks: tuple[Tok, ...], text: str) -> Any:
    if not 1 <= len(toks) <= 2:
        return INVALID
    parser = PROPERTIES["overflow-x"].parse
    vals = [parser((t,), t.raw) for t in toks]
    if any(v is INVALID for v in vals):
        return INVALID
    return [("overflow-x", vals[0]), ("overflow-y", vals[-1])]


def _text_decoration(toks: tuple[Tok, ...], text: str) -> Any:
    lines: list[Tok] = []
    style: Any = "solid"
    color: Any = CURRENT_COLOR
    thickness: Any = "auto"
    for t in toks:
        if t.kind == IDENT and (t.value in typo.DECORATION_LINES or t.value == "none"):
            lines.append(t)
        elif t.kind == IDENT and t.value in ("solid", "double", "dotted", "dashed", "wavy"):
            style = t.value
        else:
            c = parse_color(t) if t.kind in (IDENT, FUNC, HASH) else None
            if c is not None:
                color = c
                continue
            th = PROPERTIES["text-decoration-thickness"].parse((t,), t.raw)
            if th is INVALID:
                return INVALID
            thickness = th
    line = typo.text_decoration_line(tuple(lines), "") if lines else frozenset()
    if line is INVALID:
        return INVALID
    return [
        ("text-decoration-line", line),
        ("text-decoration-style", style),
        ("text-decoration-color", color),
        ("text-decoration-thickness", thickness),
    ]


# white-space keyword -> (white-space-collapse, text-wrap-mode) (CSS Text 4).
_WHITE_SPACE = {
    "normal": ("collapse", "wrap"),
    "nowrap": ("collapse", "nowrap"),
    "pre": ("preserve", "nowrap"),
    "pre-wrap": ("preserve", "wrap"),
    "pre-line": ("preserve-breaks", "wrap"),
    "break-spaces": ("break-spaces", "wrap"),
}


def _white_space(toks: tuple[Tok, ...], text: str) -> Any:
    value = _parse("white-space", toks)
    if value is INVALID:
        return INVALID
    collapse, mode = _WHITE_SPACE[value]
    return [("white-space", value), ("white-space-collapse", collapse), ("text-wrap-mode", mode)]


def _text_wrap(toks: tuple[Tok, ...], text: str) -> Any:
    """text-wrap: <'text-wrap-mode'> || <'text-wrap-style'> (CSS Text 4), omitted parts initial."""
    mode: Any = None
    style: Any = None
    for t in toks:
        if mode is None and (value := _parse("text-wrap-mode", (t,))) is not INVALID:
            mode = value
        elif style is None and (value := _parse("text-wrap-style", (t,))) is not INVALID:
            style = value
        else:
            return INVALID
    if not toks:
        return INVALID
    return [("text-wrap-mode", mode or "wrap"), ("text-wrap-style", style or "auto")]


def _outline(toks: tuple[Tok, ...], text: str) -> Any:
    parts = (
        _border_parts(toks)
        if not (len(toks) == 1 and toks[0].value == "auto")
        else (3.0, "auto", CURRENT_COLOR)
    )
    if parts is INVALID:
        # 'auto' is an outline-only style
        return INVALID
    return [("outline-width", parts[0]), ("outline-style", parts[1]), ("outline-color", parts[2])]


def _text_stroke(toks: tuple[Tok, ...], text: str) -> Any:
    width: Any = 0.0
    color: Any = CURRENT_COLOR
    for t in toks:
        w = lh.border_width((t,), t.raw)
        if w is not INVALID:
            width = w
            continue
        c = parse_color(t)
        if c is None:
            return INVALID
        color = c
    return [("-webkit-text-stroke-width", width), ("-webkit-text-stroke-color", color)]


def _columns(toks: tuple[Tok, ...], text: str) -> Any:
    """`columns: <column-width> || <column-count>` (either order, `auto` for either)."""
    if not 1 <= len(toks) <= 2:
        return INVALID
    width: Any = None
    count: Any = None
    autos = 0
    for t in toks:
        if t.kind == IDENT and t.value == "auto":
            autos += 1
            continue
        n = lh.column_count((t,), t.raw)
        if n is not INVALID and count is None and t.kind == NUM:
            count = n
            continue
        w = lh.length(pct=False, negative=False)((t,), t.raw)
        if w is INVALID or width is not None:
            return INVALID
        width = w
    if autos + (width is not None) + (count is not None) != len(toks):
        return INVALID
    return [
        ("column-width", "auto" if width is None else width),
        ("column-count", "auto" if count is None else count),
    ]


def _column_rule(toks: tuple[Tok, ...], text: str) -> Any:
    parts = _border_parts(toks)
    if parts is INVALID:
        return INVALID
    return [
        ("column-rule-width", parts[0]),
        ("column-rule-style", parts[1]),
        ("column-rule-color", parts[2]),
    ]


def _legacy_break(target: str, always: str) -> Expander:
    """page-break-before/after and -webkit-column-break-before/after: `always` means a page
    (resp. column) break; the other values as break-before/after."""

    def expand(toks: tuple[Tok, ...], text: str) -> Any:
        if len(toks) != 1 or toks[0].kind != IDENT:
            return INVALID
        value = toks[0].value
        if value == "always":
            return [(target, always)]
        if value in ("auto", "avoid", "left", "right"):
            return [(target, value)]
        return INVALID

    return expand


SHORTHANDS: dict[str, tuple[Expander, tuple[str, ...]]] = {}


def _sh(name: str, expander: Expander, longhands: tuple[str, ...]) -> None:
    SHORTHANDS[name] = (expander, longhands)


def _sides(fmt: str) -> tuple[str, str, str, str]:
    a, b, c, d = (fmt.format(s) for s in SIDES)
    return (a, b, c, d)


_sh("margin", _box4(_sides("margin-{}")), _sides("margin-{}"))
_sh("padding", _box4(_sides("padding-{}")), _sides("padding-{}"))
_sh("inset", _box4(("top", "right", "bottom", "left")), ("top", "right", "bottom", "left"))
_sh("border-width", _box4(_sides("border-{}-width")), _sides("border-{}-width"))
_sh("border-style", _box4(_sides("border-{}-style")), _sides("border-{}-style"))
_sh("border-color", _box4(_sides("border-{}-color")), _sides("border-{}-color"))
for _a, _b, _axis in (("left", "right", "inline"), ("top", "bottom", "block")):
    _sh(
        f"margin-{_axis}", _pair((f"margin-{_a}", f"margin-{_b}")), (f"margin-{_a}", f"margin-{_b}")
    )
    _sh(
        f"padding-{_axis}",
        _pair((f"padding-{_a}", f"padding-{_b}")),
        (f"padding-{_a}", f"padding-{_b}"),
    )
    _sh(f"inset-{_axis}", _pair((_a, _b)), (_a, _b))
    for _part in ("width", "style", "color"):
        _names = (f"border-{_a}-{_part}", f"border-{_b}-{_part}")
        _sh(f"border-{_axis}-{_part}", _pair(_names), _names)
    _sh(
        f"border-{_axis}",
        _border_sides((_a, _b)),
        tuple(f"border-{s}-{p}" for s in (_a, _b) for p in ("width", "style", "color")),
    )
_ALL_BORDER = tuple(f"border-{s}-{p}" for s in SIDES for p in ("width", "style", "color"))
_sh("border", _border_sides(SIDES), _ALL_BORDER)
for _side in SIDES:
    _sh(
        f"border-{_side}",
        _border_sides((_side,)),
        tuple(f"border-{_side}-{p}" for p in ("width", "style", "color")),
    )
_sh(
    "border-radius",
    _border_radius,
    tuple(f"border-{c}-radius" for c in ("top-left", "top-right", "bottom-right", "bottom-left")),
)
_sh("background", background, (*BACKGROUND_LISTS, "background-color"))
_sh("mask", mask, MASK_LISTS)
_sh(
    "font",
    _font,
    (
        "font-style",
        "font-variant",
        "font-variant-caps",
        "font-weight",
        "font-stretch",
        "font-size",
        "line-height",
        "font-family",
    ),
)
_sh("flex", _flex, ("flex-grow", "flex-shrink", "flex-basis"))
_sh("flex-flow", _flex_flow, ("flex-direction", "flex-wrap"))
_sh("gap", _gap, ("row-gap", "column-gap"))
_sh("place-items", _place("align-items", "justify-items"), ("align-items", "justify-items"))
_sh("place-self", _place("align-self", "justify-self"), ("align-self", "justify-self"))
_sh(
    "place-content",
    _place("align-content", "justify-content"),
    ("align-content", "justify-content"),
)
_sh("list-style", _list_style, ("list-style-type", "list-style-position", "list-style-image"))
_sh("overflow", _overflow, ("overflow-x", "overflow-y"))
_sh(
    "text-decoration",
    _text_decoration,
    (
        "text-decoration-line",
        "text-decoration-style",
        "text-decoration-color",
        "text-decoration-thickness",
    ),
)
_sh(
    "grid-column",
    grid_line_pair("grid-column-start", "grid-column-end"),
    ("grid-column-start", "grid-column-end"),
)
_sh(
    "grid-row",
    grid_line_pair("grid-row-start", "grid-row-end"),
    ("grid-row-start", "grid-row-end"),
)
_sh(
    "grid-area",
    grid_area,
    ("grid-row-start", "grid-column-start", "grid-row-end", "grid-column-end"),
)
_sh(
    "grid-template",
    grid_template,
    ("grid-template-rows", "grid-template-columns", "grid-template-areas"),
)
_sh(
    "grid",
    grid,
    (
        "grid-template-rows",
        "grid-template-columns",
        "grid-template-areas",
        "grid-auto-rows",
        "grid-auto-columns",
        "grid-auto-flow",
    ),
)
for _edge in ("before", "after"):
    _sh(f"page-break-{_edge}", _legacy_break(f"break-{_edge}", "page"), (f"break-{_edge}",))
    _sh(
        f"-webkit-column-break-{_edge}",
        _legacy_break(f"break-{_edge}", "column"),
        (f"break-{_edge}",),
    )
_sh("columns", _columns, ("column-width", "column-count"))
_sh("-webkit-columns", _columns, ("column-width", "column-count"))
_RULE = ("column-rule-width", "column-rule-style", "column-rule-color")
_sh("column-rule", _column_rule, _RULE)
_sh("-webkit-column-rule", _column_rule, _RULE)
_sh("animation", animation_shorthand, ANIMATION_LONGHANDS)
_sh("white-space", _white_space, ("white-space", "white-space-collapse", "text-wrap-mode"))
_sh("text-wrap", _text_wrap, ("text-wrap-mode", "text-wrap-style"))
_sh("outline", _outline, ("outline-width", "outline-style", "outline-color"))
_sh("-webkit-text-stroke", _text_stroke, ("-webkit-text-stroke-width", "-webkit-text-stroke-color"))
_ALL_EXCLUDED = frozenset(("direction", "unicode-bidi"))
_sh("all", lambda toks, text: INVALID, tuple(n for n in PROPERTIES if n not in _ALL_EXCLUDED))
