"""Form controls (<input>, <select>, <textarea>, <progress>, <meter> + computed style -> boxes laid out and drawn as Chromium does).

Blink gives text fields, input buttons, selects and textareas an inner editor block holding
the value (or the placeholder, or the selected option's label), sized from the font when the
author leaves width / height auto (LayoutTextControlSingleLine / MultiLine, LayoutMenuList).
Here that is a flex box (the editor centred vertically, as Blink centres it) around one
anonymous block. Checkboxes, radios, sliders, progress bars and meters are painted by the
native theme: replaced boxes of their default size carrying a `control` record the slide
model draws (engine/model/controls.py). `appearance: none` leaves a checkbox, radio or slider
an ordinary empty box whose ::before / ::after show (the custom-toggle idiom).

The native look (1px #767676 frame with 2px corners) replaces the UA sheet's 2px inset / outset
border when the author sets no background, border or border-radius (Blink's
LayoutTheme::IsControlStyled); the border-box geometry stays that of the 2px border.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from engine.boxes import box as b
from engine.fonts import font_stack
from engine.style.computed import anonymous_style, derived_style
from engine.style.types import RGBA

CONTROL_TAGS = frozenset({"input", "select", "textarea", "progress", "meter"})
TEXT_TYPES = frozenset(
    {"text", "email", "password", "search", "url", "tel", "number", "date", "time"}
)
BUTTON_LABELS = {"submit": "Submit", "reset": "Reset", "button": ""}
PAINTED_SIZES = {"checkbox": (13.0, 13.0), "radio": (13.0, 13.0), "range": (129.0, 16.0)}
BAR_SIZES = {"progress": (160.0, 16.0), "meter": (80.0, 16.0)}
DEFAULT_ACCENT = RGBA(0, 117, 255, 1.0)  # Chromium's accent-color: auto
FIELD = RGBA(255, 255, 255, 1.0)
BUTTONFACE = RGBA(239, 239, 239, 1.0)
NATIVE_RADIUS = 2.0
SELECT_PADDING = (1.0, 16.0, 1.0, 4.0)  # the menu list's inner padding: top right bottom left
TEXTAREA_EXTRA = 16.0  # px Blink adds to a textarea's cols width (its scrollbar gutter)
_SIDES = ("top", "right", "bottom", "left")
_CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
AUTHOR_STYLED = (
    "background-color",
    "background-image",
    *(f"border-{s}-{part}" for s in _SIDES for part in ("width", "style", "color")),
    *(f"border-{c}-radius" for c in _CORNERS),
)

Pseudos = Callable[[], list[b.Box]]


def control_type(el: Any, tag: str) -> str:
    """What the control is: 'text', 'button', 'select', 'textarea', 'checkbox', 'radio',
    'range', 'progress', 'meter', 'hidden' or 'other' (file, color, image: kept empty)."""
    if tag != "input":
        return tag
    kind = (el.get("type") or "text").strip().lower()
    if kind in TEXT_TYPES or kind == "":
        return "text"
    if kind in BUTTON_LABELS:
        return "button"
    if kind in PAINTED_SIZES or kind == "hidden":
        return kind
    if kind in ("file", "color", "image", "datetime-local", "month", "week"):
        return "other"
    return "text"  # an unknown type is a text field


def build_control(
    el: Any,
    tag: str,
    style: Any,
    outer: str,
    styles: Any,
    next_index: Callable[[], int],
    pseudos: Pseudos,
) -> tuple[b.Box, list[b.Box] | None] | None:
    """The control's box and its children (None: a replaced box, no children), or None when
    the element is not a control this module draws."""
    kind = control_type(el, tag)
    if kind in ("hidden", "other"):
        return None
    native = style["appearance"] != "none"
    if kind in PAINTED_SIZES or kind in BAR_SIZES:
        if not native and kind in PAINTED_SIZES:
            return b.Box(style, outer, b.FLOW_ROOT, element=el, index=next_index()), pseudos()
        w, h = PAINTED_SIZES.get(kind) or BAR_SIZES[kind]
        box = b.Box(
            style,
            outer,
            b.REPLACED,
            element=el,
            replaced=b.Replaced("control", w, h),
            index=next_index(),
        )
        box.control = painted_state(el, kind, style)
        return box, None
    if native:
        style = native_look(el, style, styles, select=kind == "select")
    style = derived_style(style, _frame_values(el, kind, style, outer))
    box = b.Box(style, outer, b.FLOW_ROOT if kind == "textarea" else b.FLEX, element=el)
    box.index = next_index()
    if kind == "select":
        box.control = {"kind": "select", "color": style["color"]}
    return box, [_editor(el, kind, style, styles, next_index)]


BUTTON_FLOWS = frozenset({b.FLOW, b.FLOW_ROOT})


def button_frame(box: b.Box, next_index: Callable[[], int]) -> b.Box | None:
    """A <button> laid out as Chromium lays it out: a flex row around one anonymous block
    whose auto block margins centre the content vertically in a taller button (and leave it
    at the top when it overflows). The returned block is to take the button's children;
    None when the author's display (flex, grid, table...) decides the layout."""
    if box.inner not in BUTTON_FLOWS:
        return None
    style = box.style
    box.style = derived_style(
        style,
        {
            "display": "inline-flex" if box.outer == "inline" else "flex",
            "flex-direction": "row",
            "flex-wrap": "nowrap",
            "align-items": "normal",
            "justify-content": "normal",
        },
    )
    box.inner = b.FLEX
    box.button = True
    values = {
        "flex-grow": 1.0,
        "flex-shrink": 1.0,
        "min-width": 0.0,
        "margin-top": "auto",
        "margin-bottom": "auto",
    }
    inner_style = derived_style(anonymous_style(style, "block"), values)
    return b.Box(inner_style, "block", b.FLOW, anonymous=True, index=next_index())


def native_look(el: Any, style: Any, styles: Any, select: bool = False) -> Any:
    """The style a control is painted with when its native look applies: each border side
    1px (the rest of the UA border width moves into the padding), solid, 2px corners; a
    native select is drawn on the field colour (white)."""
    if style["appearance"] == "none" or styles.author_declares(el, AUTHOR_STYLED):
        return style
    values: dict[str, Any] = {}
    for side in _SIDES:
        width = style[f"border-{side}-width"] if style[f"border-{side}-style"] != "none" else 0.0
        thin = min(width, 1.0)
        values[f"border-{side}-width"] = thin
        values[f"border-{side}-style"] = "solid"
        values[f"padding-{side}"] = style[f"padding-{side}"] + width - thin
    for corner in _CORNERS:
        values[f"border-{corner}-radius"] = (NATIVE_RADIUS, NATIVE_RADIUS)
    if select and style["background-color"] == BUTTONFACE:
        values["background-color"] = FIELD
    return derived_style(style, values)


def _frame_values(el: Any, kind: str, style: Any, outer: str) -> dict[str, Any]:
    """The control box's own overrides: a flex row centring the editor (a block for a
    textarea), no clipping (its baseline is the text's), and the font-derived default size."""
    values: dict[str, Any] = {}
    if kind != "textarea":  # (a textarea scrolls: its baseline is its bottom margin edge)
        values.update(
            {
                "overflow-x": "visible",
                "overflow-y": "visible",
                "display": "inline-flex" if outer == "inline" else "flex",
                "flex-direction": "row",
                "flex-wrap": "nowrap",
                "align-items": "center",
                "justify-content": "normal",
            }
        )
    else:
        values["display"] = "inline-block" if outer == "inline" else "flow-root"
    width, height = _default_size(el, kind, style)
    border_box = style["box-sizing"] == "border-box"
    if width is not None and style["width"] == "auto":
        values["width"] = width + (_chrome(style, ("left", "right")) if border_box else 0.0)
    if height is not None and style["height"] == "auto":
        values["height"] = height + (_chrome(style, ("top", "bottom")) if border_box else 0.0)
    return values


def _chrome(style: Any, sides: tuple[str, str]) -> float:
    total = 0.0
    for side in sides:
        if style[f"border-{side}-style"] not in ("none", "hidden"):
            total += style[f"border-{side}-width"]
        padding = style[f"padding-{side}"]
        total += padding if isinstance(padding, (int, float)) else 0.0
    return total


def _default_size(el: Any, kind: str, style: Any) -> tuple[float | None, float | None]:
    """Blink's content size of a text field (size x the average character width, plus the
    widest glyph's excess) or of a textarea (cols x average width + the gutter, rows lines)."""
    if kind not in ("text", "textarea", "select"):
        return None, None
    size = style["font-size"]
    stack = font_stack(
        tuple(style["font-family"]), int(style["font-weight"]), str(style["font-style"])
    )
    if kind == "select":  # the widest option's label, and the menu list's inner padding
        widest = max((stack.measure(label, size) for label in option_labels(el)), default=0.0)
        return math.ceil(widest) + SELECT_PADDING[1] + SELECT_PADDING[3], None
    face = stack.primary
    avg = face.avg_char_width(size)
    char = float(round(avg)) if avg is not None else face.advance("0") * size
    if kind == "textarea":
        cols = _positive_int(el.get("cols"), 20)
        rows = _positive_int(el.get("rows"), 2)
        return math.ceil(char * cols) + TEXTAREA_EXTRA, line_px(style) * rows
    width = float(math.ceil(char * _positive_int(el.get("size"), 20)))
    if avg is not None:
        width += round(face.max_char_width(size)) - char
    return width, None


def line_px(style: Any) -> float:
    """The used line height of one line of the control's text (line-height: normal from the
    primary font)."""
    line = style["line-height"]
    size = style["font-size"]
    if isinstance(line, (int, float)):
        return float(line)
    value = getattr(line, "value", None)
    if isinstance(value, (int, float)):
        return float(value) * size
    face = font_stack(
        tuple(style["font-family"]), int(style["font-weight"]), str(style["font-style"])
    ).primary
    return face.normal_line_height(size)


def _positive_int(value: str | None, default: int) -> int:
    try:
        n = int((value or "").strip())
    except ValueError:
        return default
    return n if n > 0 else default


def _editor(el: Any, kind: str, style: Any, styles: Any, next_index: Callable[[], int]) -> b.Box:
    """The anonymous inner block holding the shown text (value, placeholder or option)."""
    wrap = kind == "textarea"
    values: dict[str, Any] = {
        "white-space": "pre-wrap" if wrap else "pre",
        "white-space-collapse": "preserve",
        "text-wrap-mode": "wrap" if wrap else "nowrap",
        "flex-grow": 1.0,
        "min-width": 0.0,
    }
    if kind == "select":
        for side, pad in zip(_SIDES, SELECT_PADDING, strict=True):
            values[f"padding-{side}"] = pad
    editor_style = derived_style(anonymous_style(style, "block"), values)
    editor = b.Box(editor_style, "block", b.FLOW, anonymous=True, index=next_index())
    text, placeholder = shown_text(el, kind)
    text_style = editor_style
    if placeholder:
        found = styles.pseudo(el, "placeholder")
        if found is not None:
            white = ("white-space", "white-space-collapse", "text-wrap-mode")
            text_style = derived_style(found, {k: values[k] for k in white})
    # An empty editor still holds a line (Blink's placeholder <br>): a zero-width space keeps
    # its height and baseline.
    run = b.Box(text_style, "inline", b.TEXT, text=text or "\u200b", index=next_index())
    editor.children = [run]
    editor.inline_content = True
    return editor


def shown_text(el: Any, kind: str) -> tuple[str, bool]:
    """The text a control shows and whether it is the placeholder."""
    if kind == "select":
        return _selected_label(el), False
    if kind == "textarea":
        value = "".join(el.itertext())
    elif kind == "button":
        value = el.get("value")
        if value is None:
            value = BUTTON_LABELS.get((el.get("type") or "").strip().lower(), "")
        return value, False
    else:
        value = el.get("value") or ""
        if value and (el.get("type") or "").strip().lower() == "password":
            value = "\u2022" * len(value)
        value = value.replace("\r", "").replace("\n", "")
    if value:
        return value, False
    placeholder = (el.get("placeholder") or "").replace("\r", "").replace("\n", "")
    return placeholder, bool(placeholder)


def _selected_label(el: Any) -> str:
    options = list(el.iter("option"))
    if not options:
        return ""
    chosen = next((o for o in reversed(options) if o.get("selected") is not None), options[0])
    return _label(chosen)


def option_labels(el: Any) -> list[str]:
    return [_label(o) for o in el.iter("option")]


def _label(option: Any) -> str:
    label = option.get("label")
    text = label if label else "".join(option.itertext())
    return " ".join(text.split())


def painted_state(el: Any, kind: str, style: Any) -> dict[str, Any]:
    """What the native theme paints: checked state, value fraction, accent colour."""
    accent = style["accent-color"]
    state: dict[str, Any] = {
        "kind": kind,
        "accent": accent if isinstance(accent, RGBA) else DEFAULT_ACCENT,
        "disabled": el.get("disabled") is not None,
    }
    if kind in ("checkbox", "radio"):
        state["checked"] = el.get("checked") is not None
    elif kind == "range":
        lo, hi = _number(el.get("min"), 0.0), _number(el.get("max"), 100.0)
        hi = max(hi, lo)
        value = _number(el.get("value"), lo + (hi - lo) / 2 if hi >= lo else lo)
        state["fraction"] = (min(max(value, lo), hi) - lo) / (hi - lo) if hi > lo else 0.0
    elif kind == "progress":
        hi = _number(el.get("max"), 1.0)
        hi = hi if hi > 0 else 1.0
        raw = el.get("value")
        value = _number(raw, -1.0)
        state["fraction"] = None if raw is None or value < 0 else min(value, hi) / hi
    else:
        state.update(meter_state(el))
    return state


def meter_state(el: Any) -> dict[str, Any]:
    """HTML's meter algorithm: the value's fraction and its region (optimum, suboptimum or
    even-less-good), from min, max, low, high and optimum."""
    lo = _number(el.get("min"), 0.0)
    hi = max(_number(el.get("max"), 1.0), lo)
    value = min(max(_number(el.get("value"), 0.0), lo), hi)
    low = min(max(_number(el.get("low"), lo), lo), hi)
    high = min(max(_number(el.get("high"), hi), low), hi)
    optimum = min(max(_number(el.get("optimum"), (lo + hi) / 2), lo), hi)
    if optimum < low:
        region = "optimum" if value <= low else "suboptimum" if value <= high else "worst"
    elif optimum > high:
        region = "optimum" if value >= high else "suboptimum" if value >= low else "worst"
    else:
        region = "optimum" if low <= value <= high else "suboptimum"
    return {"fraction": (value - lo) / (hi - lo) if hi > lo else 0.0, "region": region}


def _number(value: str | None, default: float) -> float:
    try:
        n = float((value or "").strip())
    except ValueError:
        return default
    return n if math.isfinite(n) else default
