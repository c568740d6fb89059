"""CSS syntax: stylesheet text -> nested blocks of rules/declarations, and value text -> tokens."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

import tinycss2

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


@lru_cache(maxsize=16384)
def tokenize(text: str) -> tuple[Tok, ...]:
    """Tokenize a declaration value into a tree of Toks (tinycss2 component values, whitespace
    and comments dropped; functions and blocks hold their arguments)."""
    try:
        return _convert(tinycss2.parse_component_value_list(text, skip_comments=True), 0)
    except _TooDeep:
        return (Tok(DELIM, "?", "", (), "?"),)  # matches no value grammar: the value is invalid


# Functions and blocks nested deeper than this make the value invalid (one token no grammar
# accepts): no real value nests this deep, and each level re-serializes its
# subtree, so an unbounded depth would cost quadratic time.
MAX_VALUE_DEPTH = 64


class _TooDeep(Exception):
    pass


_NUMBER_MAX = 3.4028234663852886e38  # CSS numbers are stored as floats (Blink): clamp to range


def _number(value: float) -> float:
    value = float(value)
    if -_NUMBER_MAX <= value <= _NUMBER_MAX:
        return value
    return 0.0 if value != value else (_NUMBER_MAX if value > 0 else -_NUMBER_MAX)


def _convert(nodes: Any, depth: int) -> tuple[Tok, ...]:
    if depth > MAX_VALUE_DEPTH:
        raise _TooDeep
    out: list[Tok] = []
    for node in nodes:
        kind = node.type
        if kind in ("whitespace", "comment"):
            continue
        if kind == "ident":
            name = node.value
            out.append(Tok(IDENT, name if name.startswith("--") else name.lower(), "", (), name))
        elif kind == "number":
            out.append(Tok(NUM, _number(node.value), "", (), node.representation))
        elif kind == "percentage":
            out.append(Tok(PCT, _number(node.value), "%", (), node.representation + "%"))
        elif kind == "dimension":
            out.append(
                Tok(DIM, _number(node.value), node.lower_unit, (), node.representation + node.unit)
            )
        elif kind == "hash":
            out.append(Tok(HASH, node.value, "", (), "#" + node.value))
        elif kind == "string":
            out.append(Tok(STR, node.value, "", (), node.serialize()))
        elif kind == "url":
            out.append(Tok(URL, node.value, "", (), node.serialize()))
        elif kind == "function":
            out.append(
                Tok(
                    FUNC, node.lower_name, "", _convert(node.arguments, depth + 1), node.serialize()
                )
            )
        elif kind == "() block":
            out.append(Tok(BLOCK, "(", "", _convert(node.content, depth + 1), node.serialize()))
        elif kind == "[] block":
            out.append(Tok(BRACKET, "[", "", _convert(node.content, depth + 1), node.serialize()))
        elif kind == "literal":
            out.append(Tok(DELIM, node.value, "", (), node.value))
        else:  # '{} block', bad strings/urls ('error'), at-keywords, unicode-ranges: not values
            raw = node.serialize() if hasattr(node, "serialize") else ""
            out.append(Tok(DELIM, raw or "?", "", (), raw))
    return tuple(out)


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


class Rule(NamedTuple):
    """A rule with a block: `prelude { items }` where items are declaration strings or Rules."""

    prelude: str
    items: list[str | Rule]


def parse_blocks(css: str) -> list[str | Rule]:
    """Split stylesheet (or declaration list) text into statements and nested rule blocks,
    with tinycss2: declarations become `name: value [!important]` strings, at-statements
    (@import, @charset) `@name prelude` strings, rules with a block Rule(prelude, items).
    Parse errors are dropped (the declaration and rule checks report what they cannot use)."""
    if "{" in css:
        nodes = tinycss2.parse_stylesheet(css, skip_comments=True, skip_whitespace=True)
    else:
        simple = _simple_declarations(css)
        if simple is not None:
            return simple
        nodes = tinycss2.parse_blocks_contents(css, skip_comments=True, skip_whitespace=True)
    return _items(nodes)


_NOT_SIMPLE = frozenset("\"'\\{}!")


def _simple_declarations(css: str) -> list[str | Rule] | None:
    """Fast path for plain declaration lists (most `style` attributes): no strings, escapes,
    comments, blocks or !important, so splitting at top-level `;` is exactly what the CSS
    grammar (and tinycss2) would produce. None sends everything else to tinycss2."""
    if _NOT_SIMPLE.intersection(css) or "/*" in css:
        return None
    out: list[str | Rule] = []
    depth = 0
    start = 0
    for i, ch in enumerate(css):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == ";" and depth == 0:
            _add_simple(out, css[start:i])
            start = i + 1
    if depth:
        return None
    _add_simple(out, css[start:])
    return out


def _add_simple(out: list[str | Rule], segment: str) -> None:
    name, colon, value = segment.partition(":")
    name = name.strip()
    if not colon or not name:
        if segment.strip():
            out.append("(parse error) malformed declaration " + segment.strip().replace(":", " "))
        return
    out.append(f"{name}: {normalize_ws(value)}")


def _items(nodes: Any) -> list[str | Rule]:
    out: list[str | Rule] = []
    for node in nodes:
        kind = node.type
        if kind == "declaration":
            value = tinycss2.serialize(node.value).strip()
            out.append(f"{node.name}: {value}{' !important' if node.important else ''}")
        elif kind == "qualified-rule":
            prelude = normalize_ws(tinycss2.serialize(node.prelude))
            out.append(Rule(prelude, _items(_block_contents(node.content))))
        elif kind == "at-rule":
            prelude = normalize_ws(f"@{node.at_keyword} {tinycss2.serialize(node.prelude)}")
            if node.content is None:
                out.append(prelude)
            else:
                out.append(Rule(prelude, _items(_block_contents(node.content))))
        elif kind == "error":  # kept as a colon-less statement: reported as malformed
            out.append("(parse error) " + node.message.replace(":", " "))
    return out


def _block_contents(content: Any) -> Any:
    return tinycss2.parse_blocks_contents(content or [], skip_comments=True, skip_whitespace=True)


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
