"""List markers (list-style-type + an item's ordinal -> marker text, as Chromium draws it)."""

from __future__ import annotations

import contextlib
from typing import Any

BULLETS = {"disc": "\u2022", "circle": "\u25e6", "square": "\u25aa"}
ROMAN = [
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
]


def marker_text(list_type: str, ordinal: int) -> str | None:
    """The marker string including its trailing separator ('• ', '3. ')."""
    if list_type in BULLETS:
        return BULLETS[list_type] + " "
    if list_type == "none":
        return None
    if list_type == "decimal":
        return f"{ordinal}. "
    if list_type == "decimal-leading-zero":
        return f"{ordinal:02d}. "
    if list_type in ("lower-alpha", "lower-latin", "upper-alpha", "upper-latin"):
        text = _alpha(ordinal)
        return (text.upper() if list_type.startswith("upper") else text) + ". "
    if list_type in ("lower-roman", "upper-roman"):
        text = _roman(ordinal)
        return (text.upper() if list_type.startswith("upper") else text) + ". "
    return f"{ordinal}. "


def _alpha(n: int) -> str:
    if n <= 0:
        return str(n)
    out = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def _roman(n: int) -> str:
    if not 0 < n < 4000:
        return str(n)
    out = ""
    for value, numeral in ROMAN:
        while n >= value:
            out += numeral
            n -= value
    return out


def ordinal_for(li: Any) -> int:
    """The ordinal of a list item: <ol start>, <ol reversed> and <li value> honoured."""
    parent = li.getparent()
    items: list[Any] = []
    if parent is not None:
        items = [c for c in parent if isinstance(c.tag, str) and c.tag.lower() == "li"]
    reversed_ = parent is not None and parent.get("reversed") is not None
    start_attr = parent.get("start") if parent is not None else None
    try:
        start = int(start_attr) if start_attr is not None else (len(items) if reversed_ else 1)
    except ValueError:
        start = 1
    step = -1 if reversed_ else 1
    value = start
    for item in items:
        explicit = item.get("value")
        if explicit is not None:
            with contextlib.suppress(ValueError):
                value = int(explicit)
        if item is li:
            return value
        value += step
    return value
