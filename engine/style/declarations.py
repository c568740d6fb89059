"""Declarations: `name: value` text -> longhand specified values (shorthands, keywords, var())."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.budget import current_limits
from engine.style.colors import CURRENT_COLOR
from engine.style.properties import ALIASES, IGNORED, PROPERTIES
from engine.style.shorthands import SHORTHANDS
from engine.style.syntax import split_declaration, tokenize
from engine.style.values import INVALID, Deferred, clamp_value, take_warnings

if TYPE_CHECKING:
    from engine.style.computed import Ctx

Message = tuple[str, str]  # (diagnostic kind, message)


def initial_value(name: str, ctx: Ctx) -> Any:
    value = PROPERTIES[name].initial
    if value is CURRENT_COLOR:
        return ctx.cs["color"]
    return value


class CssWide(Deferred):
    """inherit / initial / unset (revert and revert-layer behave as unset)."""

    __slots__ = ("keyword",)

    def __init__(self, keyword: str) -> None:
        self.keyword = keyword

    def compute(self, ctx: Ctx, name: str) -> Any:
        keyword = self.keyword
        if keyword == "inherit" or (keyword == "unset" and PROPERTIES[name].inherited):
            if ctx.parent is None:
                return initial_value(name, ctx)
            return ctx.parent[name]
        return initial_value(name, ctx)

    def __repr__(self) -> str:
        return self.keyword.upper()


INHERIT = CssWide("inherit")
INITIAL = CssWide("initial")
UNSET = CssWide("unset")
CSS_WIDE = {
    "inherit": INHERIT,
    "initial": INITIAL,
    "unset": UNSET,
    "revert": UNSET,
    "revert-layer": UNSET,
}

_VAR_RE = re.compile(r"var\(", re.IGNORECASE)


def substitute(text: str, lookup: Callable[[str], str | None], depth: int = 0) -> str | None:
    """Replace var(--x[, fallback]) references; None when a reference is invalid or the result
    is longer than Limits.max_var_bytes (browsers cap substitutions the same way)."""
    if depth > 32:
        return None
    limit = current_limits().max_var_bytes
    size = 0
    out: list[str] = []
    i = 0
    n = len(text)
    while True:
        m = _VAR_RE.search(text, i)
        if m is None:
            out.append(text[i:])
            break
        out.append(text[i : m.start()])
        k = m.end()
        level = 1
        while k < n and level:
            c = text[k]
            if c == "(":
                level += 1
            elif c == ")":
                level -= 1
            k += 1
        inner = text[m.end() : k - 1] if level == 0 else text[m.end() :]
        name, comma, fallback = inner.partition(",")
        name = name.strip()
        if not name.startswith("--"):
            return None
        value = lookup(name)
        if value is None:
            if not comma:
                return None
            value = substitute(fallback.strip(), lookup, depth + 1)
            if value is None:
                return None
        out.append(value)
        size += len(value) + m.start() - i
        if size > limit:
            return None
        i = k
    return "".join(out)


class Pending(Deferred):
    """A value containing var(): substituted and parsed at computed-value time."""

    __slots__ = ("declared", "text", "longhand")

    def __init__(self, declared: str, text: str, longhand: str) -> None:
        self.declared = declared
        self.text = text
        self.longhand = longhand

    def compute(self, ctx: Ctx, name: str) -> Any:
        cs = ctx.cs
        text = substitute(self.text, cs.get)
        value: Any = INVALID
        if text is not None:
            pairs, _ = parse_declaration(self.declared, text)
            for longhand, spec in pairs:
                if longhand == self.longhand:
                    value = spec
                    break
        if value is INVALID or isinstance(value, Pending):
            ctx.report(f"invalid at computed-value time: {self.declared}: {self.text}"[:300])
            value = UNSET
        if isinstance(value, Deferred):
            return value.compute(ctx, name)
        return value

    def __repr__(self) -> str:
        return f"Pending({self.declared!r}, {self.text!r})"


def _longhands_of(name: str) -> tuple[str, ...]:
    if name in SHORTHANDS:
        return SHORTHANDS[name][1]
    return (name,)


def _parse_uncached(
    name: str, value: str
) -> tuple[tuple[tuple[str, Any], ...], tuple[Message, ...]]:
    name = ALIASES.get(name, name)
    if name.startswith("--"):
        keyword = CSS_WIDE.get(value.strip().lower())
        return ((name, keyword if keyword is not None else value.strip()),), ()
    if name in IGNORED:
        return (), ()
    known = name in PROPERTIES or name in SHORTHANDS
    if not known:
        return (), (("css", f"unknown property {name!r}"),)
    lowered = value.strip().lower()
    if not lowered:
        return (), (("css", f"empty value for {name!r}"),)
    keyword = CSS_WIDE.get(lowered)
    if keyword is not None:
        return tuple((lh, keyword) for lh in _longhands_of(name)), ()
    if "var(" in lowered:
        return tuple((lh, Pending(name, value, lh)) for lh in _longhands_of(name)), ()
    if name == "all":
        return (), (("css", f"invalid value for 'all': {value!r}"),)
    toks = tokenize(value)
    take_warnings()
    if name in SHORTHANDS:
        result = SHORTHANDS[name][0](toks, value)
        invalid = result is INVALID
        pairs = () if invalid else tuple(result)
    else:
        spec = PROPERTIES[name].parse(toks, value)
        invalid = spec is INVALID
        pairs = () if invalid else ((name, spec),)
    messages = tuple(("unsupported", w) for w in take_warnings())
    if invalid:
        return (), (("css", f"invalid value for {name!r}: {value.strip()!r}"[:300]), *messages)
    return tuple((longhand, clamp_value(spec)) for longhand, spec in pairs), messages


@lru_cache(maxsize=32768)
def parse_declaration(
    name: str, value: str
) -> tuple[tuple[tuple[str, Any], ...], tuple[Message, ...]]:
    """(name, value) -> ((longhand, specified), ...), (diagnostic messages)). Never raises."""
    try:
        return _parse_uncached(name, value)
    except Exception as exc:  # a parser bug must not break the page
        take_warnings()
        return (), (("css", f"could not parse {name!r}: {value[:100]!r} ({type(exc).__name__})"),)


class Block(NamedTuple):
    """A declaration block split by importance; dict order = declaration order."""

    normal: dict[str, Any]
    important: dict[str, Any]
    custom: bool = False  # declares custom properties (--x)
    rtl: Block | None = None  # the block for right-to-left content (inline-start = right)


def parse_block(segments: list[str]) -> tuple[Block, list[Message]]:
    """A declaration block; when it sets inline-start / inline-end properties, its `rtl`
    variant holds the same declarations with those mapped for right-to-left content."""
    normal: dict[str, Any] = {}
    important: dict[str, Any] = {}
    rtl: tuple[dict[str, Any], dict[str, Any]] | None = None
    messages: list[Message] = []
    for seg in segments:
        parts = split_declaration(seg)
        if parts is None:
            messages.append(("css", f"malformed declaration {seg[:100]!r}"))
            continue
        name, value, is_important = parts
        pairs, msgs = parse_declaration(name, value)
        if msgs:
            messages.extend(msgs)
        flipped = name.lower() in INLINE_LOGICAL
        if flipped and rtl is None:
            rtl = (dict(normal), dict(important))
        _add_pairs(important if is_important else normal, pairs)
        if rtl is not None:
            rtl_pairs = tuple((swap_sides(k), v) for k, v in pairs) if flipped else pairs
            _add_pairs(rtl[1] if is_important else rtl[0], rtl_pairs)
    custom = any(k[:2] == "--" for k in normal) or any(k[:2] == "--" for k in important)
    variant = Block(rtl[0], rtl[1], custom) if rtl is not None else None
    return Block(normal, important, custom, variant), messages


def for_direction(blocks: list[Block], parent_direction: str) -> list[Block]:
    """An element's matched blocks with its inline-start / inline-end declarations resolved
    against its own direction (the cascaded `direction`, else the inherited one), as
    Chromium's cascade maps logical properties per element."""
    if all(block.rtl is None for block in blocks):
        return blocks
    direction = _cascaded_direction(blocks, parent_direction)
    if direction != "rtl":
        return blocks
    return [block.rtl or block for block in blocks]


def _cascaded_direction(blocks: list[Block], parent_direction: str) -> str:
    for part in ("important", "normal"):
        for block in reversed(blocks):
            value = getattr(block, part).get("direction")
            if value is None:
                continue
            if value is INITIAL:
                return "ltr"
            if isinstance(value, CssWide):  # inherit / unset (an inherited property)
                return parent_direction
            return str(value)
    return parent_direction


def _add_pairs(target: dict[str, Any], pairs: tuple[tuple[str, Any], ...]) -> None:
    for longhand, spec in pairs:
        if longhand in target:
            del target[longhand]  # keep dict order = last declaration order
        target[longhand] = spec


def swap_sides(longhand: str) -> str:
    """margin-left <-> margin-right, border-top-left-radius <-> border-top-right-radius."""
    return "-".join(_SWAP.get(part, part) for part in longhand.split("-"))


_SWAP = {"left": "right", "right": "left"}
# Declared names that follow the inline direction (CSS Logical 1): parsed as their left-to-right
# physical longhands; a right-to-left element takes them with left and right swapped.
INLINE_LOGICAL = frozenset(
    {
        *(n for n in ALIASES if "inline-start" in n or "inline-end" in n),
        *(n for n in SHORTHANDS if n.endswith("-inline") or "-inline-" in n),
        "border-start-start-radius",
        "border-start-end-radius",
        "border-end-start-radius",
        "border-end-end-radius",
    }
)


@lru_cache(maxsize=4096)
def parse_inline_style(text: str) -> tuple[Block, tuple[Message, ...]]:
    from engine.style.syntax import parse_blocks

    segments = [item for item in parse_blocks(text) if isinstance(item, str)]
    block, messages = parse_block(segments)
    return block, tuple(messages)
