"""CSS syntax: stylesheet text -> nested blocks of rules/declarations, and value text -> tokens."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

# Token kinds.
IDENT = "ident"
NUM = "num"
DIM = "dim"
PCT = "pct"
HASH = "hash"
STR = "str"
FUNC = "func"
URL = "url"
DELIM = "delim"
BLOCK = "block"  # ( ... )
BRACKET = "bracket"  # [ ... ]


class Tok(NamedTuple):
    """One component value. Whitespace is dropped; functions and blocks hold their arguments."""

    kind: str
    value: Any  # ident: lowercased name; num/dim/pct: float; str/url: text; func: lowercased name
    unit: str = ""  # dim: lowercased unit
    args: tuple[Tok, ...] = ()  # func/block/bracket contents
    raw: str = ""  # source text of the token


_NAME = r"[\w\u0080-\U0010ffff-]"
_TOKEN_RE = re.compile(
    r"""
     (?P<ws>\s+)
    |(?P<str>"[^"\\\n]*(?:\\.[^"\\\n]*)*"?|'[^'\\\n]*(?:\\.[^'\\\n]*)*'?)
    |(?P<url>url\(\s*(?P<urlv>[^"'()\s]*)\s*\))
    |(?P<num>[+-]?(?:\d*\.\d+|\d+)(?:[eE][+-]?\d+)?)(?P<unit>%|-?[a-zA-Z_\u0080-\U0010ffff]"""
    + _NAME
    + r"""*)?
    |(?P<hash>\#"""
    + _NAME
    + r"""+)
    |(?P<ident>(?:--|-?(?:[a-zA-Z_\u0080-\U0010ffff]|\\.))(?:"""
    + _NAME
    + r"""|\\.)*)(?P<fn>\()?
    |(?P<open>[(\[])
    |(?P<close>[)\]])
    |(?P<delim>.)
    """,
    re.VERBOSE | re.DOTALL | re.IGNORECASE,
)
_ESCAPE_RE = re.compile(r"\\([0-9a-fA-F]{1,6}\s?|.)", re.DOTALL)


def _unescape_match(m: re.Match[str]) -> str:
    body = m.group(1)
    if len(body) > 0 and body[0] in "0123456789abcdefABCDEF":
        try:
            code = int(body.strip(), 16)
        except ValueError:
            return body
        if code == 0 or code > 0x10FFFF or 0xD800 <= code <= 0xDFFF:
            return "\ufffd"
        return chr(code)
    if body == "\n":
        return ""
    return body


def unescape(text: str) -> str:
    if "\\" not in text:
        return text
    return _ESCAPE_RE.sub(_unescape_match, text)


@lru_cache(maxsize=16384)
def tokenize(text: str) -> tuple[Tok, ...]:
    """Tokenize a declaration value (comments already removed) into a tree of Toks."""
    stack: list[tuple[list[Tok], str, str, int]] = []  # (items, kind, name, start)
    items: list[Tok] = []
    for m in _TOKEN_RE.finditer(text):
        group = m.lastgroup
        if group == "ws":
            continue
        raw = m.group()
        if group == "num" or group == "unit":
            number = float(m.group("num"))
            unit = m.group("unit")
            if unit is None:
                items.append(Tok(NUM, number, "", (), raw))
            elif unit == "%":
                items.append(Tok(PCT, number, "%", (), raw))
            else:
                items.append(Tok(DIM, number, unit.lower(), (), raw))
        elif group == "ident" or group == "fn":
            name = unescape(m.group("ident"))
            if m.group("fn"):
                stack.append((items, FUNC, name.lower(), m.start()))
                items = []
            else:
                items.append(
                    Tok(IDENT, name.lower() if not name.startswith("--") else name, "", (), name)
                )
        elif group == "str":
            body = raw[1:-1] if len(raw) >= 2 and raw[-1] == raw[0] else raw[1:]
            items.append(Tok(STR, unescape(body.replace("\\\n", "")), "", (), raw))
        elif group == "url" or group == "urlv":
            items.append(Tok(URL, unescape(m.group("urlv")), "", (), raw))
        elif group == "hash":
            items.append(Tok(HASH, unescape(raw[1:]), "", (), raw))
        elif group == "open":
            stack.append((items, BLOCK if raw == "(" else BRACKET, raw, m.start()))
            items = []
        elif group == "close":
            if not stack:
                items.append(Tok(DELIM, raw, "", (), raw))
                continue
            outer, kind, name, start = stack.pop()
            outer.append(Tok(kind, name, "", tuple(items), text[start : m.end()]))
            items = outer
        else:
            items.append(Tok(DELIM, raw, "", (), raw))
    while stack:  # unclosed functions/blocks close at the end of input
        outer, kind, name, start = stack.pop()
        outer.append(Tok(kind, name, "", tuple(items), text[start:]))
        items = outer
    return tuple(items)


def split_commas(toks: tuple[Tok, ...] | list[Tok]) -> list[list[Tok]]:
    groups: list[list[Tok]] = [[]]
    for t in toks:
        if t.kind == DELIM and t.value == ",":
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


def split_slash(toks: tuple[Tok, ...] | list[Tok]) -> list[list[Tok]]:
    groups: list[list[Tok]] = [[]]
    for t in toks:
        if t.kind == DELIM and t.value == "/":
            groups.append([])
        else:
            groups[-1].append(t)
    return groups


# ---------------------------------------------------------------------------------------------
# Stylesheet structure
# ---------------------------------------------------------------------------------------------

_COMMENT_OR_STRING = re.compile(
    r"""/\*.*?(?:\*/|\Z)|("[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\\\n]*(?:\\.[^'\\\n]*)*')""", re.DOTALL
)
_SIGNIFICANT = re.compile(
    r""""[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\\\n]*(?:\\.[^'\\\n]*)*'|\\.|[{}();\[\]]""", re.DOTALL
)


def _comment_repl(m: re.Match[str]) -> str:
    return m.group(1) or " "


def strip_comments(css: str) -> str:
    if "/*" not in css:
        return css
    return _COMMENT_OR_STRING.sub(_comment_repl, css)


class Rule(NamedTuple):
    """A rule with a block: `prelude { items }` where items are declaration strings or Rules."""

    prelude: str
    items: list[str | Rule]


def parse_blocks(css: str) -> list[str | Rule]:
    """Split stylesheet (or declaration list) text into statements and nested rule blocks.

    Strings are `;`-terminated segments: declarations inside blocks, at-statements
    (@import, @charset) at the top level.
    """
    css = strip_comments(css)
    root: list[str | Rule] = []
    stack = [root]
    start = 0
    depth = 0
    for m in _SIGNIFICANT.finditer(css):
        c = m.group()[0]
        if c == '"' or c == "'" or c == "\\":
            continue
        if c == "(" or c == "[":
            depth += 1
            continue
        if c == ")" or c == "]":
            if depth:
                depth -= 1
            continue
        if depth:
            continue
        if c == ";":
            seg = css[start : m.start()].strip()
            if seg:
                stack[-1].append(seg)
        elif c == "{":
            block: list[str | Rule] = []
            stack[-1].append(Rule(css[start : m.start()].strip(), block))
            stack.append(block)
        else:  # "}"
            seg = css[start : m.start()].strip()
            if seg:
                stack[-1].append(seg)
            if len(stack) > 1:
                stack.pop()
        start = m.end()
    tail = css[start:].strip()
    if tail:
        stack[-1].append(tail)
    return root


_IMPORTANT_RE = re.compile(r"!\s*important\s*$", re.IGNORECASE)


def split_declaration(seg: str) -> tuple[str, str, bool] | None:
    """'name: value !important' -> (name, value, important); None when there is no colon."""
    name, colon, value = seg.partition(":")
    if not colon:
        return None
    name = name.strip()
    if not name:
        return None
    if not name.startswith("--"):
        name = name.lower()
    important = False
    if "!" in value:
        m = _IMPORTANT_RE.search(value)
        if m:
            important = True
            value = value[: m.start()]
    return name, value.strip(), important


def normalize_ws(text: str) -> str:
    return " ".join(text.split())
