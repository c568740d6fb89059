"""Computed values: an element's cascaded declarations + its parent's style -> ComputedStyle."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from engine.diagnostics import Diagnostics
from engine.style.colors import CURRENT_COLOR
from engine.style.declarations import INHERIT, INITIAL, UNSET, CssWide, substitute
from engine.style.properties import BACKGROUND_LISTS, BORDER_SIDES, PROPERTIES
from engine.style.types import BLACK, RGBA, CurrentColorRGBA
from engine.style.typography import FONT_SIZE_MONOSPACE, FONT_SIZE_STANDARD
from engine.style.values import Deferred, clamp_value

MAX_FONT_SIZE = 10000.0  # px: Blink clamps computed font sizes to kMaximumAllowedFontSize


class ComputedStyle(dict):  # type: ignore[type-arg]
    """Computed values of one element (or pseudo-element): CSS property name -> value.

    Every longhand of engine.style.properties is present; custom properties ('--x') are
    stored as raw strings. `parent` is the parent element's style (None for the root).
    """

    __slots__ = ("parent", "keyword", "logical_align")

    parent: ComputedStyle | None
    keyword: int  # font-size keyword (1..8, xx-small..xxx-large) when the size came from one
    logical_align: (
        int  # text-align came from start (1) / end (2): re-resolved when direction changes
    )

    def __repr__(self) -> str:
        return f"ComputedStyle({len(self)} properties)"


class Ctx:
    """Per-page computation context; `cs`, `parent` and `element` change per element."""

    __slots__ = (
        "cs",
        "parent",
        "element",
        "root_font_size",
        "parent_font_size",
        "viewport",
        "diag",
        "suffix",
        "_seen",
        "heard",
    )

    def __init__(self, viewport: tuple[float, float], diag: Diagnostics) -> None:
        self.cs: ComputedStyle = ComputedStyle()
        self.parent: ComputedStyle | None = None
        self.element: Any = None
        self.root_font_size = 16.0
        self.parent_font_size = 16.0
        self.viewport = viewport
        self.diag = diag
        self.suffix = ""  # '::before' etc. while computing a pseudo-element
        self._seen: set[str] = set()
        # Every message reported while set (also those already seen on the page): what a
        # computation would report again on another page (engine/style/reuse.py).
        self.heard: list[str] | None = None

    def report(self, message: str) -> None:
        if self.heard is not None:
            self.heard.append(message)
        if message not in self._seen:
            self._seen.add(message)
            self.diag.add("css", message, describe(self.element) + self.suffix)


def describe(el: Any) -> str:
    """A short element description for diagnostics: <tag id=.. class=..>."""
    if el is None:
        return ""
    tag = el.tag if isinstance(el.tag, str) else "?"
    ident = el.get("id")
    cls = el.get("class")
    out = f"<{tag}"
    if ident:
        out += f" id={ident[:40]}"
    if cls:
        out += f" class={' '.join(cls.split())[:60]}"
    return out + ">"


def _initial_all() -> ComputedStyle:
    cs = ComputedStyle()
    for name, prop in PROPERTIES.items():
        cs[name] = BLACK if prop.initial is CURRENT_COLOR else prop.initial
    for side in BORDER_SIDES:
        cs[f"border-{side}-width"] = 0.0  # border-style none -> computed width 0
    cs["outline-width"] = 0.0
    cs.parent = None
    cs.keyword = 4
    cs.logical_align = 1
    return cs


ROOT_INITIAL = _initial_all()
_NON_INHERITED = {
    name: ROOT_INITIAL[name] for name, prop in PROPERTIES.items() if not prop.inherited
}
_CURRENT_COLOR_NON_INHERITED = [
    name
    for name, prop in PROPERTIES.items()
    if prop.initial is CURRENT_COLOR and not prop.inherited
]


@lru_cache(maxsize=256)
def _non_inherited_for(color: RGBA) -> dict[str, Any]:
    values = dict(_NON_INHERITED)
    border = CurrentColorRGBA(*color)  # inset/outset sides shade it differently (paint.py)
    for name in _CURRENT_COLOR_NON_INHERITED:
        values[name] = border if name.startswith("border-") else color
    return values


_EARLY = ("font-family", "font-size", "color", "direction")
_EARLY_SET = frozenset(_EARLY)
_BORDER_KEYS = tuple((f"border-{s}-width", f"border-{s}-style") for s in BORDER_SIDES)
_FIXUP_TRIGGERS = frozenset(
    [k for pair in _BORDER_KEYS for k in pair]
    + ["outline-width", "outline-style", "overflow-x", "overflow-y", "translate", "rotate", "scale"]
    + list(BACKGROUND_LISTS)
)
# (white-space-collapse, text-wrap-mode) -> the white-space keyword layout reads (the two
# combinations without one take the nearest).
_USED_WHITE_SPACE = {
    ("collapse", "wrap"): "normal",
    ("collapse", "nowrap"): "nowrap",
    ("preserve", "wrap"): "pre-wrap",
    ("preserve", "nowrap"): "pre",
    ("preserve-breaks", "wrap"): "pre-line",
    ("preserve-breaks", "nowrap"): "nowrap",
    ("break-spaces", "wrap"): "break-spaces",
    ("break-spaces", "nowrap"): "pre",
}
_BLOCKIFY = {
    "inline": "block",
    "inline-block": "block",
    "inline-flex": "flex",
    "inline-grid": "grid",
    "inline-table": "table",
    "table-row-group": "block",
    "table-header-group": "block",
    "table-footer-group": "block",
    "table-row": "block",
    "table-cell": "block",
    "table-caption": "block",
    "table-column": "block",
    "table-column-group": "block",
    "-webkit-inline-box": "-webkit-box",
    "ruby": "block",
    "ruby-text": "block",
}
_ITEM_PARENTS = frozenset(("flex", "inline-flex", "grid", "inline-grid"))


def snap_border_width(width: Any) -> Any:
    """Chromium snaps border widths to whole device pixels (floor, minimum 1px when non-zero)."""
    if isinstance(width, float):
        if width <= 0.0:
            return 0.0
        if width < 1.0:
            return 1.0
        return float(math.floor(width))
    return width


def _custom_properties(
    cascaded: dict[str, Any], cs: ComputedStyle, parent: ComputedStyle | None, ctx: Ctx
) -> None:
    pending: list[str] = []
    for name, value in cascaded.items():
        if name[:2] != "--":
            continue
        if isinstance(value, CssWide):
            if value is INITIAL or parent is None or (value is not INHERIT and value is not UNSET):
                cs.pop(name, None)
            elif name in parent:
                cs[name] = parent[name]
            else:
                cs.pop(name, None)
        elif "var(" in value or "VAR(" in value.upper():
            cs[name] = value
            pending.append(name)
        else:
            cs[name] = value
    if pending:
        _resolve_custom(pending, cs, ctx)


_VAR_REF = re.compile(r"var\(\s*(--[^\s,)]+)", re.IGNORECASE)


def _resolve_custom(pending: list[str], cs: ComputedStyle, ctx: Ctx) -> None:
    """Substitute var() in custom properties, dependencies first (an iterative depth-first walk,
    linear in the number of references); every property on a cycle is invalid."""
    unresolved = set(pending)
    invalid: set[str] = set()

    def lookup(ref: str) -> str | None:
        if ref in invalid:
            return None
        value = cs.get(ref)
        return value if isinstance(value, str) else None

    def finish(name: str) -> None:
        unresolved.discard(name)
        text = None if name in invalid else substitute(cs[name], lookup)
        if text is None:
            invalid.add(name)
            cs.pop(name, None)
            ctx.report(
                f"custom property {name} is invalid at computed-value time"
                " (cycle, missing var() or over the size limit)"
            )
        else:
            cs[name] = text.strip()

    for start in pending:
        if start not in unresolved:
            continue
        path = [start]
        on_path = {start}
        refs = [iter(_VAR_REF.findall(cs[start]))]
        while path:
            nxt = next((r for r in refs[-1] if r in unresolved), None)
            if nxt is None:
                name = path.pop()
                on_path.discard(name)
                refs.pop()
                finish(name)
            elif nxt in on_path:  # a cycle: every property on it is invalid
                invalid.update(path[path.index(nxt) :])
            else:
                path.append(nxt)
                on_path.add(nxt)
                refs.append(iter(_VAR_REF.findall(cs[nxt])))


def compute_style(
    cascaded: dict[str, Any],
    parent: ComputedStyle | None,
    ctx: Ctx,
    element: Any,
    has_custom: bool = True,
) -> ComputedStyle:
    """Compute one element's style from its cascaded values and its parent's computed style."""
    cs = ComputedStyle(parent if parent is not None else ROOT_INITIAL)
    cs.parent = parent
    if parent is not None:
        cs.keyword = parent.keyword
        cs.logical_align = parent.logical_align
    else:
        cs.keyword = 4
        cs.logical_align = 1
    ctx.cs = cs
    ctx.parent = parent
    ctx.element = element
    ctx.parent_font_size = parent["font-size"] if parent is not None else 16.0
    if not cascaded:
        cs.update(_non_inherited_for(cs["color"]))
        if parent is not None and parent["display"] in _ITEM_PARENTS:
            _blockify(cs)
        return cs

    if has_custom:
        _custom_properties(cascaded, cs, parent, ctx)
    for name in _EARLY:
        spec = cascaded.get(name)
        if spec is None:
            continue
        if name == "font-size":
            cs.keyword = 0
            if spec is INHERIT or spec is UNSET:
                cs.keyword = parent.keyword if parent is not None else 4
            elif spec is INITIAL:
                cs.keyword = 4
        if isinstance(spec, Deferred):
            spec = clamp_value(spec.compute(ctx, name))
        cs[name] = spec
    keyword = cs.keyword
    if keyword and ("font-family" in cascaded or "font-size" in cascaded):
        table = FONT_SIZE_MONOSPACE if cs["font-family"] == ("monospace",) else FONT_SIZE_STANDARD
        cs["font-size"] = table[keyword - 1]
    elif "font-size" in cascaded:
        size = cs["font-size"]
        if not 0.0 <= size <= MAX_FONT_SIZE:  # Blink's kMaximumAllowedFontSize
            cs["font-size"] = MAX_FONT_SIZE if size > MAX_FONT_SIZE else 0.0
    if parent is None:  # rem in the root's other properties refers to its computed font size
        ctx.root_font_size = cs["font-size"]
    cs.update(_non_inherited_for(cs["color"]))
    if "text-align" in cascaded:
        cs.logical_align = 0  # start/end keywords set it again while computing

    if has_custom:
        for name, spec in cascaded.items():
            if name in _EARLY_SET or name[:2] == "--":
                continue
            if isinstance(spec, Deferred):
                spec = clamp_value(spec.compute(ctx, name))
            cs[name] = spec
    else:
        for name, spec in cascaded.items():
            if name in _EARLY_SET:
                continue
            if isinstance(spec, Deferred):
                spec = clamp_value(spec.compute(ctx, name))
            cs[name] = spec

    if "text-align" in cascaded or "direction" in cascaded:
        _logical_text_align(cs, cascaded)
    if not _FIXUP_TRIGGERS.isdisjoint(cascaded):
        _fixups(cs, cascaded)
    if "text-wrap-mode" in cascaded or "white-space-collapse" in cascaded:
        cs["white-space"] = _USED_WHITE_SPACE[cs["white-space-collapse"], cs["text-wrap-mode"]]
    position = cs["position"]
    if position == "absolute" or position == "fixed":
        cs["float"] = "none"
        _blockify(cs)
    elif cs["float"] != "none" or (parent is not None and parent["display"] in _ITEM_PARENTS):
        _blockify(cs)
    return cs


def _logical_text_align(cs: ComputedStyle, cascaded: dict[str, Any]) -> None:
    spec = cascaded.get("text-align")
    if isinstance(spec, CssWide):
        parent = cs.parent
        cs.logical_align = 1 if spec is INITIAL or parent is None else parent.logical_align
    if cs.logical_align:
        rtl = cs["direction"] == "rtl"
        start = "right" if rtl else "left"
        end = "left" if rtl else "right"
        cs["text-align"] = start if cs.logical_align == 1 else end


def _blockify(cs: ComputedStyle) -> None:
    display = cs["display"]
    blockified = _BLOCKIFY.get(display)
    if blockified is not None:
        cs["display"] = blockified


def _fixups(cs: ComputedStyle, cascaded: dict[str, Any]) -> None:
    for width_key, style_key in _BORDER_KEYS:
        if width_key in cascaded or style_key in cascaded:
            style = cs[style_key]
            if style == "none" or style == "hidden":
                cs[width_key] = 0.0
            else:
                cs[width_key] = snap_border_width(cs[width_key] if width_key in cascaded else 3.0)
    if "outline-width" in cascaded or "outline-style" in cascaded:
        if cs["outline-style"] == "none":
            cs["outline-width"] = 0.0
        else:
            cs["outline-width"] = snap_border_width(
                cs["outline-width"] if "outline-width" in cascaded else 3.0
            )
    if "overflow-x" in cascaded or "overflow-y" in cascaded:
        x, y = cs["overflow-x"], cs["overflow-y"]
        x_visible = x in ("visible", "clip")
        y_visible = y in ("visible", "clip")
        if x_visible != y_visible:
            if x_visible:
                cs["overflow-x"] = "auto" if x == "visible" else "hidden"
            else:
                cs["overflow-y"] = "auto" if y == "visible" else "hidden"
    if "translate" in cascaded or "rotate" in cascaded or "scale" in cascaded:
        cs["transform"] = cs["translate"] + cs["rotate"] + cs["scale"] + cs["transform"]
    layers = len(cs["background-image"])
    for name in BACKGROUND_LISTS:
        if name == "background-image":
            continue
        values = cs[name]
        if len(values) != layers and values:
            cs[name] = tuple(values[i % len(values)] for i in range(layers))


def derived_style(style: ComputedStyle, values: Mapping[str, Any]) -> ComputedStyle:
    """A copy of a computed style with some values replaced (the original is never mutated)."""
    cs = ComputedStyle(style)
    cs.update(values)
    for slot in ComputedStyle.__slots__:
        if hasattr(style, slot):
            setattr(cs, slot, getattr(style, slot))
    return cs


def anonymous_style(parent: ComputedStyle, display: str) -> ComputedStyle:
    """The style of an anonymous box: inherited properties from `parent`, the rest initial."""
    cs = ComputedStyle(parent)
    cs.update(_non_inherited_for(parent["color"]))
    cs["display"] = display
    cs.parent = parent
    cs.keyword = parent.keyword
    cs.logical_align = parent.logical_align
    return cs


__all__ = [
    "ComputedStyle",
    "Ctx",
    "anonymous_style",
    "compute_style",
    "derived_style",
    "describe",
]
