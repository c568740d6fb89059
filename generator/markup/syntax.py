"""Conventions of Markdown dialects read before or around parsing: MkDocs content tabs and
definitions without a term, Slidev's line ranges on math blocks, Marp's image keywords."""

from __future__ import annotations

from generator.lazyre import lazy_compile
from generator.markup.sanitize import names

_TAB = lazy_compile(r'^(\s*)===[+!]?\s+"(.*)"\s*$')
_FENCE_LINE = lazy_compile(r"^\s*(`{3,}|~{3,})")
# a definition (`:   text`) whose term is not a paragraph right above it (a comment, a heading)
_DEFINITION = lazy_compile(r"^:\s{1,4}(?=\S)")
_NOT_A_TERM = lazy_compile(r"^\s*(?:<!--.*-->\s*|#{1,6}\s.*)?$")
# Slidev's click ranges after `$$`: `{1|3|all}`
_RANGES = lazy_compile(r"^\s*\{[\w\s,|*+-]*\}[ \t]*(?:\n|$)")


def content_tabs(text: str) -> str:
    """MkDocs content tabs (`=== "Title"` + a 4-space indented body), also inside admonitions
    (indented): the title as a bold line, the body unindented by 4 (so it is not read as an
    indented code block)."""
    if "===" not in text:
        return text
    out: list[str] = []
    body = ""  # the indentation of the current tab's body, "" outside a tab
    fence = ""
    for line in text.split("\n"):
        if body and (line.startswith(body) or not line.strip()):
            out.append(line[4:])
            continue
        body = ""
        m = _FENCE_LINE.match(line)
        if m and (not fence or m.group(1).startswith(fence)):
            fence = "" if fence else m.group(1)
        tab = None if fence else _TAB.match(line)
        if tab:
            out.append(f"{tab.group(1)}**{tab.group(2)}**")
            body = tab.group(1) + "    "
            continue
        out.append(line)
    return "\n".join(out)


def termless_definitions(text: str) -> str:
    """MkDocs definitions written without a term (`:   !!! note` under a comment that the
    site's macros expand): the definition's body as a block of its own, unindented by 4 (an
    admonition inside is then read as one)."""
    if "\n:" not in text:
        return text
    out: list[str] = []
    body = False
    fence = ""
    previous = ""  # the last line that is not blank
    for line in text.split("\n"):
        if body and (line.startswith("    ") or not line.strip()):
            out.append(line[4:])
            continue
        body = False
        m = _FENCE_LINE.match(line)
        if m and (not fence or m.group(1).startswith(fence)):
            fence = "" if fence else m.group(1)
        d = None if fence else _DEFINITION.match(line)
        if d and _NOT_A_TERM.match(previous):
            out.append(line[d.end() :])
            body = True
            continue
        out.append(line)
        if line.strip():
            previous = line
    return "\n".join(out)


def nested_blank_runs(text: str) -> str:
    """Blank lines inside an indented body (an admonition's, a tab's) as one: two blank lines
    would close the admonition (mdit-py-plugins' admon); MkDocs reads on to the indented text."""
    if "\n\n\n" not in text:
        return text
    out: list[str] = []
    blank = 0
    fence = ""
    for line in text.split("\n"):
        if not line.strip() and not fence:
            blank += 1
            continue
        if blank:
            out.extend([""] * (1 if line.startswith("    ") else blank))
            blank = 0
        m = _FENCE_LINE.match(line)
        if m and (not fence or m.group(1).startswith(fence)):
            fence = "" if fence else m.group(1)
        out.append(line)
    out.extend([""] * blank)
    return "\n".join(out)


def slidev_ranges(math: str) -> str:
    """A `$$` block without Slidev's click ranges (`$$ {1|3|all}`): they are not TeX."""
    return _RANGES.sub("", math, count=1)


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
