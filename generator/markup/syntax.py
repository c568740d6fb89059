"""Conventions of Markdown dialects read before or around parsing: MkDocs content tabs and
Marp's image keywords."""

from __future__ import annotations

import re

from generator.markup.sanitize import names

_TAB = re.compile(r'^(\s{0,3})===\+?\s+"(.*)"\s*$')
_FENCE_LINE = re.compile(r"^\s{0,3}(`{3,}|~{3,})")


def content_tabs(text: str) -> str:
    """MkDocs content tabs (`=== "Title"` + a 4-space indented body): the title as a bold
    line, the body unindented (so it is not read as an indented code block)."""
    if "===" not in text:
        return text
    out: list[str] = []
    body = ""  # the indentation of the current tab's body, "" outside a tab
    fence = ""
    for line in text.split("\n"):
        if body and (line.startswith(body) or not line.strip()):
            out.append(line[len(body) :])
            continue
        body = ""
        m = _FENCE_LINE.match(line)
        if m:
            fence = "" if fence else m.group(1)
        tab = None if fence else _TAB.match(line)
        if tab:
            out.append(f"{tab.group(1)}**{tab.group(2)}**")
            body = tab.group(1) + "    "
            continue
        out.append(line)
    return "\n".join(out)


def marp_alt(alt: str) -> tuple[str, int, int, str]:
    """Marp image keywords in the alt text (`bg`, `left:40%`, `w:200`, `h:140px`, `70%`...)
    -> (the alt text without them, width, height, kind)."""
    words = alt.split()
    keep: list[str] = []
    width = height = 0
    kind = "picture"
    for word in words:
        lower = word.lower()
        key, _, value = lower.partition(":")
        if lower == "bg":
            kind = "background"
        elif key in ("w", "width") and value:
            width = _px(value)
        elif key in ("h", "height") and value:
            height = _px(value)
        elif (
            lower in _MARP_WORDS
            or key in _MARP_KEYS
            or (lower.endswith("%") and lower[:-1].replace(".", "").isdigit())
        ):
            continue
        else:
            keep.append(word)
    return " ".join(keep), width, height, kind


_MARP_WORDS = names(
    "left right top bottom contain cover fit auto center vertical sepia grayscale invert blur"
)
_MARP_KEYS = names(
    "left right top bottom blur brightness contrast drop-shadow grayscale hue-rotate invert "
    "opacity saturate sepia"
)


def _px(value: str) -> int:
    text = value.removesuffix("px")
    try:
        return max(0, int(float(text)))
    except ValueError:
        return 0
