"""Page text -> lxml element tree, built by the HTML5 tree-construction rules Chromium follows.

lexbor (through selectolax) parses: it builds the tree as the HTML standard and Chromium do
(implied <tbody>, foster-parented table content, the adoption agency for misnested formatting
elements, foreign content with SVG's camelCase names, `<noscript>` parsed as with scripting
on). The tree is then copied into lxml, which every later stage reads, with:

- Chromium's depth cap (an element that would sit deeper than `max_dom_depth` becomes a sibling
  at that depth, its content kept in order);
- the element-count limit, and the page time budget checked while copying;
- <script>, <noscript>, <template>, comments, doctypes and processing instructions left out;
- names lxml cannot hold mapped (xlink:/xml: attributes to their namespaces, other invalid
  attribute names dropped, invalid tag names made valid), characters XML cannot hold in text
  and attribute values replaced with U+FFFD.

Before lexbor runs, a linear scan bounds its work on hostile markup: more start tags than the
element limit, or so many misnested formatting elements that re-opening them (as the HTML
standard re-opens them in every later block) would create far more elements than the limit,
fail the page at once.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree
from lxml import html as lxml_html
from selectolax.lexbor import LexborHTMLParser

from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.errors import PAGE_LIMIT_EXCEEDED, PAGE_NO_SLIDE_ROOT, PageError
from engine.options import Limits

# Characters lxml cannot hold in text or attribute values (C0 controls but tab, LF and CR,
# lone surrogates, U+FFFE/U+FFFF): they become U+FFFD. Lone surrogates cannot reach the parser
# (it reads UTF-8), so they are replaced first.
XML_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_REMOVED = frozenset(("script", "noscript", "template"))
_NAMESPACED = {
    "xlink": "{http://www.w3.org/1999/xlink}",
    "xml": "{http://www.w3.org/XML/1998/namespace}",
}
_NAME_BAD = re.compile(r"[^\w.\-]")

# How many elements re-opened formatting elements may add, as a multiple of the element
# limit, before the page fails without being parsed (a normal page re-opens a handful).
REOPEN_FACTOR = 8


def parse_tree(html: str, diag: Diagnostics, limits: Limits) -> etree._Element:
    """Page text -> the <html> element, as Chromium builds the document (within the limits),
    without scripts, templates, comments and processing instructions."""
    try:
        # lexbor reads UTF-8: bytes made here are the ones it would make from the text
        source: str | bytes = html.encode("utf-8")
        text = html
    except UnicodeEncodeError:  # lone surrogates (the only characters UTF-8 cannot hold)
        text = source = _SURROGATES.sub("\ufffd", html)
    _bound_the_parse(text, limits)
    try:
        root = LexborHTMLParser(source, scripting=True).root
    except Exception as exc:  # selectolax raises several types for input it cannot read
        raise PageError(PAGE_NO_SLIDE_ROOT, f"not HTML: {exc}"[:300]) from None
    if root is None or root.tag != "html":
        raise PageError(PAGE_NO_SLIDE_ROOT, "not HTML: no document element")
    builder = _Builder(limits)
    builder.copy(root)
    if builder.flattened:
        diag.add(
            "html",
            f"elements nested deeper than {limits.max_dom_depth} levels became siblings",
            "<html>",
        )
    return builder.root


# ---------------------------------------------------------------------------------------------
# Bounding lexbor's work
# ---------------------------------------------------------------------------------------------

_SCAN = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<(script|style|textarea|title|xmp|iframe|noembed|noframes|noscript|plaintext)\b[^>]*>"
    r".*?(?:</\1\s*>|\Z)"
    r"|<(/?)([A-Za-z][^\s/>]*)([^>]*)",
    re.DOTALL | re.IGNORECASE,
)
_FORMATTING = frozenset(
    (
        "a",
        "b",
        "big",
        "code",
        "em",
        "font",
        "i",
        "nobr",
        "s",
        "small",
        "strike",
        "strong",
        "tt",
        "u",
    )
)


def _bound_the_parse(text: str, limits: Limits) -> None:
    """Fail the page before parsing when it has more start tags than the element limit, or
    when the formatting elements it leaves open would be re-opened into more than
    REOPEN_FACTOR times the element limit (an upper bound: every start tag and text run after
    them counts as one re-opening of all of them; the HTML standard keeps at most three alike)."""
    if not _within_bounds(text.count("<"), limits):
        _scan_bounds(text, limits)


def _scan_bounds(text: str, limits: Limits) -> None:
    """Count the start tags and re-opened formatting elements; raise past either bound."""
    tags = 0
    reopened = 0
    open_now = 0  # formatting elements that would be re-opened (three alike at most)
    alike: dict[str, int] = {}
    by_name: dict[str, list[str]] = {}
    last = 0
    for m in _SCAN.finditer(text):
        name = m.group(3)
        if name is None:
            last = m.end()
            continue
        if open_now and not text[last : m.start()].isspace() and m.start() > last:
            reopened += open_now
        last = m.end()
        name = name.lower()
        if m.group(2):  # an end tag closes the latest formatting element of its name
            keys = by_name.get(name)
            if keys:
                key = keys.pop()
                alike[key] -= 1
                open_now -= alike[key] < 3
            continue
        tags += 1
        reopened += open_now
        if name in _FORMATTING:
            key = name + " " + " ".join(m.group(4).split())
            by_name.setdefault(name, []).append(key)
            open_now += alike.get(key, 0) < 3
            alike[key] = alike.get(key, 0) + 1
        if tags > limits.max_elements:
            raise PageError(
                PAGE_LIMIT_EXCEEDED,
                f"element count exceeds the limit of {limits.max_elements} ({tags}+ start tags)",
            )
        if reopened > REOPEN_FACTOR * limits.max_elements:
            raise PageError(
                PAGE_LIMIT_EXCEEDED,
                f"misnested formatting elements left open would be re-opened into more than "
                f"{REOPEN_FACTOR * limits.max_elements} elements (element limit "
                f"{limits.max_elements})",
            )


def _within_bounds(brackets: int, limits: Limits) -> bool:
    """Whether a page with this many `<` can fail neither bound, so the scan can be skipped.
    Every tag the scan counts starts at a `<`, so there are at most `brackets` start tags and
    matches; each match re-opens at most the formatting elements open then (at most
    `brackets`) twice (once for the text before it, once for a start tag)."""
    return brackets <= limits.max_elements and 2 * brackets * brackets <= (
        REOPEN_FACTOR * limits.max_elements
    )


# ---------------------------------------------------------------------------------------------
# lexbor tree -> lxml tree
# ---------------------------------------------------------------------------------------------


def _element(parent: etree._Element, name: str) -> etree._Element:
    """A child named as lexbor names it; HTML allows tag names XML does not (`o:p`, `a<b`):
    those become `x-` names no stylesheet matches (Chromium's unknown elements are inline)."""
    try:
        return etree.SubElement(parent, name)
    except ValueError:
        return etree.SubElement(parent, "x-" + _NAME_BAD.sub("-", name).lower())


def _attr(name: str) -> str:
    """xlink:/xml: attribute names in their namespaces, as lxml holds them."""
    prefix, colon, local = name.partition(":")
    ns = _NAMESPACED.get(prefix) if colon else None
    return ns + local if ns is not None and local else name


def _clean(text: str) -> str:
    # A printable text holds none of them (they are all controls, surrogates or noncharacters)
    if text.isprintable() or XML_BAD_CHARS.search(text) is None:
        return text
    return XML_BAD_CHARS.sub("\ufffd", text)


# lxml.html's elements only forward `set` to lxml's own (adding a default for a value-less
# attribute, which the copy never sets): called directly, one Python call fewer per attribute.
_SET_ATTRIBUTE = etree._Element.set


class _Builder:
    """Copies lexbor's nodes into lxml with Chromium's depth cap and the element limit."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.max_depth = max(2, limits.max_dom_depth)
        # lxml.html's element classes, as lxml.html's own parser would give.
        self.root: etree._Element = lxml_html.html_parser.makeelement("html")
        self.open: list[etree._Element] = []  # elements open in the lxml tree
        self.source: list[bool] = []  # per element open in lexbor's tree: open in lxml too?
        self.count = 0
        self.flattened = False

    def copy(self, html: Any) -> None:
        """Walk lexbor's tree from its <html> node (iteratively: pages nest deep)."""
        self._start(html, "html", root=True)
        node = html.child
        while node is not None:
            tag = node.tag
            if tag == "-text":
                self._text(node.text_content or "")
            elif tag is not None and tag[0] != "-" and tag not in _REMOVED:
                self._start(node, tag)
                child = node.child
                if child is not None:
                    node = child
                    continue
                self._end()
            nxt = node.next
            while nxt is None:  # climb to the next node in document order
                node = node.parent
                if node is None or node.tag == "html":
                    return
                self._end()
                nxt = node.next
            node = nxt

    def _start(self, node: Any, tag: str, root: bool = False) -> None:
        self.count += 1
        if self.count > self.limits.max_elements:
            raise PageError(
                PAGE_LIMIT_EXCEEDED,
                f"element count exceeds the limit of {self.limits.max_elements}",
            )
        if not self.count & 1023:
            check("parse")
        if root:
            el = self.root
        else:
            if len(self.open) >= self.max_depth:
                # The element open at the cap is closed and the new one becomes its sibling.
                self.open.pop()
                self.flattened = True
                for i in range(len(self.source) - 1, -1, -1):
                    if self.source[i]:
                        self.source[i] = False
                        break
            el = _element(self.open[-1], tag)
        attributes = node.attributes
        if attributes:
            for name, value in attributes.items():
                try:  # noqa: SIM105 (a context manager per attribute costs more)
                    _SET_ATTRIBUTE(el, _attr(name) if ":" in name else name, _clean(value or ""))
                except ValueError:  # a name XML cannot hold (`@click`, `v-on:x`)
                    pass
        self.open.append(el)
        self.source.append(True)

    def _end(self) -> None:
        if self.source.pop():
            self.open.pop()

    def _text(self, text: str) -> None:
        if not text:
            return
        parent = self.open[-1]
        text = _clean(text)
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + text
        else:
            parent.text = (parent.text or "") + text
