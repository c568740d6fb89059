"""::first-letter boxes (a block container's children + the pseudo-element's style -> children with the first letter split into its own box)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Any

from engine.boxes import box as b
from engine.style.computed import ComputedStyle

_WS = " \t\n\r\f"
CONTAINERS = frozenset({b.FLOW, b.FLOW_ROOT, b.TABLE_CELL, b.TABLE_CAPTION})


def split_first_letter(
    style: Any, children: list[b.Box], next_index: Callable[[], int]
) -> list[b.Box]:
    """Wrap the first typographic letter unit of the container's first line (CSS Pseudo 4 2.2:
    preceding punctuation, the letter, following punctuation) in a ::first-letter box: a float
    when the pseudo-element floats, an inline box otherwise. Only text that starts the first
    line directly or inside inline boxes is split (not text inside a nested block)."""
    found = _first_text(children)
    if found is None:
        return children
    siblings, i = found
    text_box = siblings[i]
    text = text_box.text
    start = len(text) - len(text.lstrip(_WS))
    end = _letter_end(text, start)
    if end <= start:
        return children
    floated = style["float"] != "none"
    outer, inner = ("block", b.FLOW) if floated else ("inline", b.INLINE)
    letter = b.Box(
        style,
        outer,
        inner,
        pseudo="first-letter",
        href=text_box.href,
        index=next_index(),
    )
    letter_text = b.Box(
        style, "inline", b.TEXT, text=text[start:end], href=text_box.href, index=next_index()
    )
    decorated = (style,) if style["text-decoration-line"] else ()
    letter_text.decorations = (() if floated else text_box.decorations) + decorated
    letter.children = [letter_text]
    letter.inline_content = floated
    parts: list[b.Box] = []
    if start:
        parts.append(_text_like(text_box, text[:start], next_index))
    parts.append(letter)
    if end < len(text):
        parts.append(_text_like(text_box, text[end:], next_index))
    siblings[i : i + 1] = parts
    return children


def _text_like(box: b.Box, text: str, next_index: Callable[[], int]) -> b.Box:
    like = b.Box(box.style, "inline", b.TEXT, text=text, href=box.href, index=next_index())
    like.decorations = box.decorations
    return like


def _first_text(children: list[b.Box]) -> tuple[list[b.Box], int] | None:
    for i, child in enumerate(children):
        if child.out_of_flow or (child.outer == "block" and child.style["float"] != "none"):
            continue
        if child.inner == b.TEXT:
            if child.text.strip(_WS):
                return children, i
            continue
        if child.inner == b.INLINE and child.pseudo != "marker":
            found = _first_text(child.children)
            if found is not None:
                return found
            if any(c.inner not in (b.TEXT, b.INLINE) for c in child.children):
                return None
            continue
        return None
    return None


def _letter_end(text: str, start: int) -> int:
    n = len(text)
    j = start
    while j < n and unicodedata.category(text[j]).startswith("P"):
        j += 1
    if j < n and text[j] not in _WS:
        j += 1
        while j < n and unicodedata.category(text[j]).startswith("M"):
            j += 1
    while j < n and unicodedata.category(text[j]) in ("Pe", "Pf", "Po"):
        j += 1
    return j


# Properties ::first-line may set (CSS Pseudo 4 2.1) that change how the first line's text looks.
FIRST_LINE_PROPERTIES = frozenset(
    {
        "color",
        "font-family",
        "font-size",
        "font-style",
        "font-weight",
        "font-variant",
        "font-variant-caps",
        "letter-spacing",
        "word-spacing",
        "text-transform",
        "text-decoration-line",
        "text-decoration-color",
        "text-decoration-style",
        "line-height",
    }
)


def first_line_values(el: Any, styles: Any) -> dict[str, Any] | None:
    """The values an element's ::first-line rules set (those that change how text looks)."""
    style = styles.pseudo(el, "first-line")
    if style is None:
        return None
    names = styles.declared(el, "first-line") & FIRST_LINE_PROPERTIES
    return {name: style[name] for name in names if name in style} or None


def first_letter_style(el: Any, styles: Any, line_values: dict[str, Any] | None) -> Any:
    """The ::first-letter style; it sits inside the first line, so it inherits the
    ::first-line values it does not set itself."""
    style = styles.pseudo(el, "first-letter")
    if style is None or not line_values:
        return style
    own = styles.declared(el, "first-letter")
    merged = ComputedStyle(style)
    for slot in ComputedStyle.__slots__:
        if hasattr(style, slot):
            setattr(merged, slot, getattr(style, slot))
    merged.update({k: v for k, v in line_values.items() if k not in own})
    return merged


def set_first_line(box: b.Box, values: dict[str, Any]) -> None:
    """Record the ::first-line values on the block container whose inline content makes the
    element's first line (the element itself, or its first anonymous block)."""
    target = box
    if not box.inline_content:
        first = next(
            (c for c in box.children if not c.out_of_flow and c.style["float"] == "none"), None
        )
        if first is None or not first.anonymous or not first.inline_content:
            return
        target = first
    target.first_line = values


MAX_INLINE_FLOATS = 8  # per block container; further floats start a new block (bounded work)


def inline_floats(children: list[b.Box]) -> None:
    """Floats that follow text in the same run of inline content stay in that inline formatting
    context (CSS 2.1 9.5: such a float is placed beside the line it occurs in, not below the
    paragraph's earlier lines): they are marked inline-level here, and the line breaker places
    them. A float that starts the run already lies at the top of the paragraph."""
    text_before = False
    count = 0
    for child in children:
        if child.out_of_flow:
            continue
        if child.inner == b.TEXT:
            text_before = text_before or bool(child.text.strip(_WS))
        elif child.style["float"] != "none" and child.outer == "block":
            if text_before and count < MAX_INLINE_FLOATS:
                child.outer = "inline"
                count += 1
        elif child.outer == "block":
            text_before = False
        else:
            text_before = True
