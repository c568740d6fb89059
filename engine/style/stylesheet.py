"""Stylesheets: CSS text -> style rules (compiled selectors + declaration blocks + @media context)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from engine.style.declarations import Block, parse_block
from engine.style.fontface import FontFaceRule, parse_font_face
from engine.style.media import supports_matches
from engine.style.selectors import CompiledSelector, compile_selector_list, split_selector_list
from engine.style.syntax import Rule, parse_blocks

Message = tuple[str, str, str]  # (kind, message, where)


class StyleRule(NamedTuple):
    selectors: tuple[CompiledSelector, ...]
    block: Block
    media: tuple[str, ...]  # enclosing @media preludes; all must match the viewport
    where: str


class Sheet(NamedTuple):
    rules: tuple[StyleRule, ...]
    messages: tuple[Message, ...]
    font_faces: tuple[FontFaceRule, ...] = ()


_AT_NAME = re.compile(r"@([-\w]+)\s*(.*)$", re.DOTALL)
_SILENT_AT = frozenset(("charset", "namespace", "layer", "starting-style", "view-transition"))
_KEYFRAMES = frozenset(("keyframes", "-webkit-keyframes"))  # read by engine.style.animations
_IGNORED_AT = frozenset(
    (
        "-moz-keyframes",
        "page",
        "counter-style",
        "property",
        "font-feature-values",
        "font-palette-values",
        "color-profile",
        "position-try",
    )
)


def _nest(parent: str, child: str) -> str:
    """CSS nesting: resolve `&` (or an implicit descendant) against the parent selector."""
    parents = split_selector_list(parent)
    p = parents[0] if len(parents) == 1 else f":is({parent})"
    out = []
    for c in split_selector_list(child):
        out.append(c.replace("&", p) if "&" in c else f"{p} {c}")
    return ", ".join(out)


class _Builder:
    def __init__(self) -> None:
        self.rules: list[StyleRule] = []
        self.messages: list[Message] = []
        self.font_faces: list[FontFaceRule] = []

    def style_rule(self, selector: str, items: list[str | Rule], media: tuple[str, ...]) -> None:
        segments = [i for i in items if isinstance(i, str)]
        compiled, sel_messages = compile_selector_list(selector)
        where = selector[:120]
        for m in sel_messages:
            kind = "unsupported" if "not supported" in m or "dynamic" in m else "css"
            self.messages.append((kind, m, where))
        if segments:
            block, messages = parse_block(segments)
            for kind, m in messages:
                self.messages.append((kind, m, where))
            if compiled and (block.normal or block.important):
                self.rules.append(StyleRule(compiled, block, media, where))
        nested: list[str | Rule] = [i for i in items if isinstance(i, Rule)]
        if nested:
            self.walk(nested, media, selector)

    def at_rule(self, rule: Rule, media: tuple[str, ...], parent: str | None) -> None:
        m = _AT_NAME.match(rule.prelude)
        name = m.group(1).lower() if m else ""
        condition = m.group(2).strip() if m else ""
        if name == "media":
            if condition.lower() in ("", "all", "screen"):
                inner_media = media
            else:
                inner_media = (*media, condition)
            self._descend(rule.items, inner_media, parent)
        elif name == "supports":
            if supports_matches(condition):
                self._descend(rule.items, media, parent)
        elif name in ("layer", "scope", "starting-style", "document", "-moz-document"):
            if name == "layer":
                self._descend(rule.items, media, parent)
            elif name == "scope":
                self.messages.append(
                    ("unsupported", "@scope is not supported (rules dropped)", "@scope")
                )
        elif name == "container":
            self.messages.append(
                (
                    "unsupported",
                    "@container queries are not supported (rules dropped)",
                    "@container",
                )
            )
        elif name in _KEYFRAMES:
            pass
        elif name == "font-face":
            face, messages = parse_font_face(rule.items, media)
            self.messages.extend(messages)
            if face is not None:
                self.font_faces.append(face)
        elif name in _IGNORED_AT:
            self.messages.append(("unsupported", f"@{name} ignored", f"@{name}"))
        else:
            self.messages.append(("css", f"unknown at-rule @{name}", rule.prelude[:80]))

    def _descend(self, items: list[str | Rule], media: tuple[str, ...], parent: str | None) -> None:
        if parent is None:
            self.walk(items, media, None)
        else:
            self.style_rule(parent, items, media)

    def statement(self, text: str) -> None:
        m = _AT_NAME.match(text)
        if m is None:
            self.messages.append(("css", f"stray text in stylesheet: {text[:80]!r}", ""))
            return
        name = m.group(1).lower()
        if name == "import":
            self.messages.append(
                ("resource", f"@import not fetched: {m.group(2)[:200]}", "@import")
            )
        elif name not in _SILENT_AT:
            self.messages.append(("css", f"unknown at-rule @{name}", text[:80]))

    def walk(self, items: list[str | Rule], media: tuple[str, ...], parent: str | None) -> None:
        for item in items:
            if isinstance(item, str):
                if parent is None:
                    self.statement(item)
                continue  # declarations of a nested context are handled by style_rule
            if item.prelude.startswith("@"):
                self.at_rule(item, media, parent)
            elif parent is None:
                self.style_rule(item.prelude, item.items, media)
            else:
                self.style_rule(_nest(parent, item.prelude), item.items, media)


_TOO_DEEP: Message = ("css", "stylesheet nested too deeply (rest ignored)", "")


@lru_cache(maxsize=512)
def parse_stylesheet(css: str) -> Sheet:
    """Parse (and cache) one stylesheet. Never raises: problems become messages."""
    try:
        items = parse_blocks(css)
    except RecursionError:
        return Sheet((), (_TOO_DEEP,))
    return sheet_of_items(items)


def sheet_of_items(items: list[str | Rule]) -> Sheet:
    """The style rules of a stylesheet already split into statements and rules (parse_blocks)."""
    builder = _Builder()
    try:
        builder.walk(items, (), None)
    except RecursionError:
        builder.messages.append(_TOO_DEEP)
    return Sheet(tuple(builder.rules), tuple(builder.messages), tuple(builder.font_faces))
