"""Selectors: selector-list text -> compiled matchers (index look-ups or lxml XPath) + specificity."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, NamedTuple

import cssselect
from lxml import etree

from engine.style.structural import Memo, compile_structural, rightmost


class _Translator(cssselect.HTMLTranslator):  # type: ignore[misc]
    """cssselect's HTML translator plus the form-state pseudo-classes a static page can show."""

    def xpath_placeholder_shown_pseudo(self, xpath: Any) -> Any:
        """:placeholder-shown: an <input> or <textarea> with a placeholder and no value."""
        return xpath.add_condition(
            "string-length(normalize-space(@placeholder)) > 0 and ("
            "(name(.) = 'input' and string-length(@value) = 0)"
            " or (name(.) = 'textarea' and string-length(.) = 0))"
        )


_TRANSLATOR = _Translator()

# Pseudo-classes that never match in a static render: rules using them are dropped.
_DYNAMIC = re.compile(
    r":(?:hover|focus|focus-within|focus-visible|active|visited|target|target-within|"
    r"user-invalid|user-valid|autofill|-webkit-autofill|playing|paused|fullscreen|modal|"
    r"popover-open|open|closed|picture-in-picture)(?![\w-])",
    re.IGNORECASE,
)
_SUPPORTED_PSEUDO_ELEMENTS = (
    "before",
    "after",
    "marker",
    "first-letter",
    "first-line",
    "placeholder",
)
_LEGACY_PSEUDO = re.compile(
    r"::?(before|after|marker|first-letter|first-line)$|::(placeholder)$", re.IGNORECASE
)

# Fast path: chains of simple compounds (tag, .class, #id) joined by descendant / child combinators.
_IDENT = r"-?[A-Za-z_][\w-]*"
_COMPOUND = re.compile(rf"(?P<tag>{_IDENT}|\*)?(?P<rest>(?:[.#]{_IDENT})*)$")
_SIMPLE_PART = re.compile(rf"[.#]{_IDENT}")
_CHAIN_SPLIT = re.compile(r"\s*(>)\s*|\s+")


class Compound(NamedTuple):
    tag: str | None
    classes: tuple[str, ...]
    ident: str | None


class CompiledSelector(NamedTuple):
    text: str
    specificity: tuple[int, int, int]
    pseudo: str | None  # 'before' | 'after' | 'marker' | None
    compound: Compound | None  # single compound: matched through the element index
    xpath: Any  # etree.XPath for everything else
    # Descendant/child chains of simple compounds (left to right) and their combinators:
    # matched right to left from the index when the rightmost compound is selective.
    chain: tuple[Compound, ...] = ()
    combinators: tuple[str, ...] = ()
    # Sibling combinators and :nth-*() / :first-* pseudo-classes: a memoised matcher that stays
    # linear in the number of siblings (XPath is quadratic there); see engine/style/structural.py.
    structural: Any = None


def _parse_compound(text: str) -> Compound | None:
    m = _COMPOUND.match(text)
    if m is None or not text:
        return None
    tag = m.group("tag")
    classes: list[str] = []
    ident: str | None = None
    for part in _SIMPLE_PART.findall(m.group("rest")):
        if part[0] == ".":
            classes.append(part[1:])
        elif ident is None:
            ident = part[1:]
        else:
            return None
    if tag == "*":
        tag = None
    return Compound(tag.lower() if tag else None, tuple(classes), ident)


def _compound_xpath(c: Compound) -> str:
    step = c.tag or "*"
    if c.ident is not None:
        step += f"[@id = '{c.ident}']"
    for cls in c.classes:
        step += f"[contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')]"
    return step


def _specificity(compounds: list[Compound]) -> tuple[int, int, int]:
    a = sum(1 for c in compounds if c.ident is not None)
    b = sum(len(c.classes) for c in compounds)
    t = sum(1 for c in compounds if c.tag is not None)
    return (a, b, t)


def _fast(text: str, pseudo: str | None) -> CompiledSelector | None:
    """Compile simple selectors without cssselect; None when the selector needs the full path."""
    pieces = _CHAIN_SPLIT.split(text.strip())
    compounds: list[Compound] = []
    combinators: list[str] = []
    for i, piece in enumerate(pieces):
        if i % 2:
            combinators.append(">" if piece == ">" else " ")
            continue
        c = _parse_compound(piece)
        if c is None:
            return None
        compounds.append(c)
    spec = _specificity(compounds)
    if pseudo is not None:
        spec = (spec[0], spec[1], spec[2] + 1)
    if len(compounds) == 1:
        return CompiledSelector(text, spec, pseudo, compounds[0], None)
    expr = "descendant-or-self::" + _compound_xpath(compounds[0])
    for comb, c in zip(combinators, compounds[1:], strict=True):
        expr += ("/" if comb == ">" else "/descendant::") + _compound_xpath(c)
    return CompiledSelector(
        text, spec, pseudo, None, etree.XPath(expr), tuple(compounds), tuple(combinators)
    )


def split_selector_list(text: str) -> list[str]:
    """Split at top-level commas (not inside parentheses, brackets or strings)."""
    out: list[str] = []
    depth = 0
    quote = ""
    start = 0
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "," and depth == 0:
            out.append(text[start:i].strip())
            start = i + 1
    out.append(text[start:].strip())
    return out


_STRUCTURAL = re.compile(r"[~+]|:(?:nth-|first-|last-|only-|empty|root)", re.IGNORECASE)
_ANY_LINK = re.compile(r":(?:-webkit-)?any-link(?![\w-])", re.IGNORECASE)


class _SyntaxError(Exception):
    pass


def _compile_one(text: str) -> tuple[CompiledSelector | None, str | None]:
    """One complex selector -> (compiled, None) or (None, diagnostic message).

    Raises _SyntaxError for a selector that is invalid CSS (which invalidates the whole list).
    """
    if not text:
        return None, "empty selector"
    if _DYNAMIC.search(text):
        return None, f"selector {text!r} uses a dynamic pseudo-class (never matches; rule dropped)"
    pseudo = None
    m = _LEGACY_PSEUDO.search(text)
    if m is not None and not text[: m.start()].endswith("\\"):
        pseudo = (m.group(1) or m.group(2)).lower()
        base = text[: m.start()].rstrip()
        fast = _fast(base or "*", pseudo)
        if fast is not None:
            return fast._replace(text=text), None
    else:
        fast = _fast(text, None)
        if fast is not None:
            return fast, None
    try:
        parsed = cssselect.parse(_ANY_LINK.sub(":link", text))
        if len(parsed) != 1:
            return None, f"unsupported selector {text!r}"
        selector = parsed[0]
        pseudo = selector.pseudo_element
        if isinstance(pseudo, str):
            pseudo = pseudo.lower()
        if pseudo is not None and pseudo not in _SUPPORTED_PSEUDO_ELEMENTS:
            return None, f"pseudo-element ::{pseudo} is not supported (rule dropped)"
        if pseudo is not None and not isinstance(pseudo, str):
            return None, f"pseudo-element in {text!r} is not supported (rule dropped)"
        a, b, c = selector.specificity()
        if _STRUCTURAL.search(text):
            node = compile_structural(selector)
            if node is not None:
                return CompiledSelector(text, (a, b, c), pseudo, None, None, structural=node), None
        expr = _TRANSLATOR.selector_to_xpath(selector)
        xpath = etree.XPath(expr)
        return CompiledSelector(text, (a, b, c), pseudo, None, xpath), None
    except cssselect.SelectorSyntaxError as exc:
        raise _SyntaxError(f"invalid selector {text!r}: {exc}"[:300]) from None
    except (cssselect.SelectorError, etree.XPathError, ValueError, TypeError) as exc:
        return None, f"unsupported selector {text!r}: {exc}"[:300]
    except RecursionError:
        return None, f"selector {text[:80]!r} is nested too deeply"


@lru_cache(maxsize=8192)
def compile_selector_list(text: str) -> tuple[tuple[CompiledSelector, ...], tuple[str, ...]]:
    """Selector list text -> (compiled selectors, diagnostic messages). Never raises."""
    compiled: list[CompiledSelector] = []
    messages: list[str] = []
    for part in split_selector_list(text):
        try:
            sel, message = _compile_one(part)
        except _SyntaxError as exc:  # an invalid selector invalidates the whole rule
            return (), (f"{exc} (rule dropped)",)
        if sel is not None:
            compiled.append(sel)
        if message is not None:
            messages.append(message)
    return tuple(compiled), tuple(messages)


class ElementIndex:
    """Elements in scope, indexed by tag, class and id for single-compound selectors."""

    __slots__ = ("elements", "by_tag", "by_class", "by_id", "classes", "memo")

    def __init__(self, elements: list[Any]) -> None:
        self.elements = elements
        by_tag: dict[str, list[Any]] = {}
        by_class: dict[str, list[Any]] = {}
        by_id: dict[str, list[Any]] = {}
        classes: dict[Any, frozenset[str]] = {}
        for el in elements:
            tag = el.tag
            lst = by_tag.get(tag)
            if lst is None:
                by_tag[tag] = [el]
            else:
                lst.append(el)
            cls = el.get("class")
            if cls:
                names = frozenset(cls.split())
                classes[el] = names
                for name in names:
                    lst = by_class.get(name)
                    if lst is None:
                        by_class[name] = [el]
                    else:
                        lst.append(el)
            ident = el.get("id")
            if ident:
                by_id.setdefault(ident, []).append(el)
        self.by_tag = by_tag
        self.by_class = by_class
        self.by_id = by_id
        self.classes = classes
        self.memo: Memo | None = None  # structural selectors' per-page caches

    def matches(self, el: Any, c: Compound) -> bool:
        if c.tag is not None and el.tag != c.tag:
            return False
        if c.classes:
            names = self.classes.get(el)
            if names is None:
                return False
            for name in c.classes:
                if name not in names:
                    return False
        return c.ident is None or el.get("id") == c.ident

    def match_chain(
        self, el: Any, chain: tuple[Compound, ...], combinators: tuple[str, ...], i: int
    ) -> bool:
        """Does the chain up to compound i match an ancestor of `el` (compound i+1 matched el)?"""
        parent = el.getparent()
        if combinators[i] == ">":
            if parent is None or not self.matches(parent, chain[i]):
                return False
            return i == 0 or self.match_chain(parent, chain, combinators, i - 1)
        while parent is not None:
            if self.matches(parent, chain[i]) and (
                i == 0 or self.match_chain(parent, chain, combinators, i - 1)
            ):
                return True
            parent = parent.getparent()
        return False

    def match_compound(self, c: Compound) -> list[Any]:
        if c.ident is not None:
            candidates = self.by_id.get(c.ident, [])
        elif c.classes:
            candidates = self.by_class.get(c.classes[0], [])
            if len(c.classes) == 1 and c.tag is None:
                return candidates
        elif c.tag is not None:
            return self.by_tag.get(c.tag, [])
        else:
            return self.elements
        out = []
        classes = self.classes
        for el in candidates:
            if c.tag is not None and el.tag != c.tag:
                continue
            if c.classes:
                names = classes.get(el)
                if names is None or not all(name in names for name in c.classes):
                    continue
            out.append(el)
        return out


# Above this many candidates for the rightmost compound, one XPath call is cheaper.
_CHAIN_CANDIDATES = 24


def match(selector: CompiledSelector, root: Any, index: ElementIndex) -> list[Any]:
    """Elements (in the index's scope, or anywhere for XPath) that the selector matches."""
    if selector.compound is not None:
        return index.match_compound(selector.compound)
    node = selector.structural
    if node is not None:
        memo = index.memo
        if memo is None:
            memo = index.memo = Memo()
        right = rightmost(node)
        first = right.classes[:1]
        candidates = index.match_compound(Compound(right.tag, tuple(first), right.ident))
        return [el for el in candidates if node.test(el, memo)]
    chain = selector.chain
    if chain:
        candidates = index.match_compound(chain[-1])
        if len(candidates) <= _CHAIN_CANDIDATES:
            combinators = selector.combinators
            last = len(chain) - 2
            return [el for el in candidates if index.match_chain(el, chain, combinators, last)]
    try:
        result = selector.xpath(root)
    except etree.XPathError:
        return []
    return result if isinstance(result, list) else []
