"""HTML parsing: page source text -> ParsedPage (lxml tree, slide root, stylesheet texts)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree
from lxml import html as lxml_html

from engine.budget import check
from engine.diagnostics import Diagnostics
from engine.errors import PAGE_LIMIT_EXCEEDED, PAGE_NO_SLIDE_ROOT, PageError
from engine.options import Limits

CssLoader = Callable[[str], str | None]  # a <link> href -> the stylesheet's text, or None

# Characters libxml2/lxml cannot hold: lone surrogates and C0 controls (except tab, LF, CR);
# HTML parsers turn NUL into U+FFFD, we do the same for all of them.
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_DOC_MARKERS = re.compile(r"<(?:!doctype|html|body)[\s>/]", re.IGNORECASE)
_DOCTYPE = re.compile(
    r"^\ufeff?\s*(?:<!--.*?-->\s*)*<!doctype\s+([^>]*)>", re.IGNORECASE | re.DOTALL
)
_DOCTYPE_PARTS = re.compile(
    r"""^(\S+)(?:\s+public\s+(["'])(.*?)\2)?(?:\s*(["'])(.*?)\4)?""", re.IGNORECASE | re.DOTALL
)
_QUIRKY_PUBLIC = (
    "-//w3c//dtd html 4.0 transitional//",
    "-//w3c//dtd html 3",
    "-//ietf//",
    "-//netscape comm. corp.//",
    "-//microsoft//",
    "-//w3o//",
    "-//webtechs//",
    "-//sq//",
    "-//softquad",
    "-//spyglass//",
    "-//o'reilly and associates//",
    "-//metrius//",
    "-//w3c//dtd html experimental",
    "-//w3c//dtd w3 html//",
    "+//silmaril//",
    "-//advasoft ltd//",
    "-//as//",
)
_QUIRKY_WITHOUT_SYSTEM = (
    "-//w3c//dtd html 4.01 transitional//",
    "-//w3c//dtd html 4.01 frameset//",
)
_SLIDE_XPATH = etree.XPath(
    "(//*[contains(concat(' ', normalize-space(@class), ' '), ' slide ')])[1]"
)
_REMOVED_TAGS = ("script", "noscript", "template")

# HTML parsers lowercase every name; the HTML5 tree builder restores SVG's camelCase names.
_SVG_TAGS = [
    "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform",
    "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
    "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
    "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
    "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
    "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
]  # fmt: skip
_SVG_ATTRS = [
    "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
    "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
    "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
    "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits",
    "maskUnits", "numOctaves", "pathLength", "patternContentUnits", "patternTransform",
    "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio",
    "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions",
    "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset",
    "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX",
    "targetY", "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector",
    "zoomAndPan",
]  # fmt: skip
SVG_TAG_CASE = {name.lower(): name for name in _SVG_TAGS}
SVG_ATTR_CASE = {name.lower(): name for name in _SVG_ATTRS}


@dataclass
class ParsedPage:
    """One parsed page: the <html> element, the slide root and the page's stylesheet texts."""

    root: etree._Element
    slide: etree._Element
    stylesheets: list[str] = field(default_factory=list)
    fragment: bool = False
    quirks: bool = False  # no (or a legacy) doctype: Chromium renders in quirks mode


def is_quirks(text: str) -> bool:
    """Quirks mode per the HTML spec's doctype rules (simplified: limited-quirks counts as standards)."""
    m = _DOCTYPE.match(text[:4096])
    if m is None:
        return True
    parts = _DOCTYPE_PARTS.match(m.group(1).strip())
    if parts is None or parts.group(1).lower() != "html":
        return True
    public = (parts.group(3) or "").lower()
    has_system = parts.group(5) is not None
    if not public:
        return False
    if public in (
        "html",
        "-//w3o//dtd w3 html strict 3.0//en//",
        "-/w3c/dtd html 4.0 transitional/en",
    ):
        return True
    if public.startswith(_QUIRKY_PUBLIC):
        return True
    return public.startswith(_QUIRKY_WITHOUT_SYSTEM) and not has_system


def _parser() -> lxml_html.HTMLParser:
    # huge_tree lifts libxml2's 256-level depth cap so our own limit decides; libxml2 still
    # stops at 2048 levels and says so in the error log (then _parse_capped builds the tree).
    return lxml_html.HTMLParser(
        encoding="utf-8",
        huge_tree=True,
        remove_comments=True,
        remove_pis=True,
        no_network=True,
    )


def _check_limits(root: etree._Element, limits: Limits) -> int:
    """Raise PageError when the page has too many elements; returns its depth (html = 1)."""
    count = 0
    depth = 0
    max_depth = 0
    for event, _el in etree.iterwalk(root, events=("start", "end")):
        if event == "start":
            count += 1
            depth += 1
            if depth > max_depth:
                max_depth = depth
            if not count & 1023:
                check("parse")
        else:
            depth -= 1
    if count > limits.max_elements:
        raise PageError(
            PAGE_LIMIT_EXCEEDED,
            f"element count {count} exceeds the limit of {limits.max_elements}",
        )
    return max_depth


# Void elements libxml2's (HTML 4) parser does not know: it nests what follows inside them.
_VOID_TAGS = ("wbr", "source", "track", "embed", "keygen", "param", "area", "col", "base")


def _unnest_voids(root: etree._Element) -> bool:
    """Move what libxml2 nested inside void elements back after them (voids never hold content).

    False when there are too many to move one by one (each move walks the moved subtree): the
    caller then builds the tree again with _CappedTree, which never nests voids.
    """
    voids = [el for el in root.iter(*_VOID_TAGS) if len(el) or el.text]
    if len(voids) > _MAX_VOID_MOVES:
        return False
    for el in voids:
        _hoist_children(el)
    return True


_MAX_VOID_MOVES = 64


def _hoist_children(el: etree._Element) -> None:
    children = list(el)
    tail = el.tail or ""
    el.tail = el.text
    el.text = None
    anchor = el
    for child in children:
        anchor.addnext(child)  # moves the child with its tail
        anchor = child
    anchor.tail = (anchor.tail or "") + tail or None


class _CappedTree:
    """lxml parser target building the tree with Chromium's depth cap: an element that would sit
    deeper than `max_depth` becomes a sibling at that depth instead (its content is kept, in
    order); void elements never hold content, so they never add depth."""

    def __init__(self, max_depth: int) -> None:
        self.builder = etree.TreeBuilder()
        self.max_depth = max(2, max_depth)
        self.open: list[str] = []  # tags open in the builder
        self.stack: list[bool] = []  # per element open in the source: still open in the builder?

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        if tag in _VOID_TAGS:
            self.builder.start(tag, attrib)
            self.builder.end(tag)
            return
        if len(self.open) >= self.max_depth:
            # The open element at the cap is closed and the new one becomes its sibling.
            self.builder.end(self.open.pop())
            for i in range(len(self.stack) - 1, -1, -1):
                if self.stack[i]:
                    self.stack[i] = False
                    break
        self.builder.start(tag, attrib)
        self.open.append(tag)
        self.stack.append(True)

    def end(self, tag: str) -> None:
        if tag in _VOID_TAGS or not self.stack:
            return
        if self.stack.pop():
            self.builder.end(self.open.pop())

    def data(self, text: str) -> None:
        self.builder.data(text)

    def close(self) -> etree._Element:
        while self.open:
            self.builder.end(self.open.pop())
        root: etree._Element = self.builder.close()
        return root


def _parse_capped(data: bytes, max_depth: int) -> etree._Element:
    target = _CappedTree(max_depth)
    parser = etree.HTMLParser(encoding="utf-8", huge_tree=True, no_network=True, target=target)
    root: etree._Element = etree.fromstring(data, parser)
    return root


def _fix_svg_case(root: etree._Element) -> None:
    for svg in root.iter("svg"):
        for el in svg.iter(etree.Element):
            tag = el.tag
            if isinstance(tag, str) and tag in SVG_TAG_CASE:
                el.tag = SVG_TAG_CASE[tag]
            attrib = el.attrib
            if not attrib:
                continue
            for name in [n for n in attrib if n in SVG_ATTR_CASE]:
                value = attrib.pop(name)
                attrib[SVG_ATTR_CASE[name]] = value


def _insert_tbody(root: etree._Element) -> None:
    """HTML5 tree building wraps a table's direct <tr> children in an implied <tbody>."""
    for table in list(root.iter("table")):
        run: list[etree._Element] = []
        runs: list[list[etree._Element]] = []
        for child in table:
            if child.tag == "tr":
                run.append(child)
            elif isinstance(child.tag, str) and run:
                runs.append(run)
                run = []
        if run:
            runs.append(run)
        for rows in runs:
            tbody = etree.Element("tbody")
            rows[0].addprevious(tbody)
            for row in rows:
                tbody.append(row)  # moves the row (with its tail)


def _drop_leading_newline(root: etree._Element) -> None:
    """The HTML parser ignores one newline right after a <pre>, <listing> or <textarea> start
    tag (HTML 13.2.6.4.7); libxml2 keeps it."""
    for el in root.iter("pre", "listing", "textarea"):
        text = el.text
        if text and text[0] in "\r\n":
            el.text = text[2:] if text.startswith("\r\n") else text[1:]


def _collect_styles(
    root: etree._Element, diag: Diagnostics, limit: int, load_css: CssLoader | None = None
) -> list[str]:
    """The page's <style> texts and, through `load_css`, its allowed <link rel=stylesheet>
    files, in document order, at most `limit` characters in all (cut after a whole rule)."""
    sheets: list[str] = []
    left = limit
    for el in root.iter("style", "link"):
        if el.tag == "link":
            text = _linked_sheet(el, diag, load_css if left > 0 else None)
            if text is None:
                continue
        else:
            css_type = (el.get("type") or "text/css").strip().lower()
            if css_type not in ("", "text/css"):
                diag.add("html", f"<style type={css_type!r}> ignored", "<style>")
                continue
            text = el.text or ""
        media = " ".join((el.get("media") or "").split())
        if media and media.lower() not in ("all", "screen"):
            text = f"@media {media} {{\n{text}\n}}"
        if len(text) > left:
            text = text[: text.rfind("}", 0, left) + 1]
            diag.add("limit", f"stylesheets over {limit} characters cut", "<style>")
        left -= len(text)
        sheets.append(text)
    return sheets


def _linked_sheet(el: etree._Element, diag: Diagnostics, load_css: CssLoader | None) -> str | None:
    rel = (el.get("rel") or "").lower().split()
    if "stylesheet" not in rel or "alternate" in rel:
        return None
    href = (el.get("href") or "").strip()
    if load_css is None or not href:
        diag.add(
            "resource", f"external stylesheet not fetched: {href}"[:300], "<link rel=stylesheet>"
        )
        return None
    return load_css(href)


def parse_page(
    html: str, diag: Diagnostics, limits: Limits, load_css: CssLoader | None = None
) -> ParsedPage:
    """Parse one page; raise PageError for empty pages, missing slide roots and exceeded limits.
    `load_css` reads linked stylesheets (none are read without it)."""
    if not isinstance(html, str):
        raise PageError(PAGE_NO_SLIDE_ROOT, "page is not a text string")
    if not html.strip():
        raise PageError(PAGE_NO_SLIDE_ROOT, "page is empty")
    text = _BAD_CHARS.sub("\ufffd", html)
    root = parse_tree(text, diag, limits)
    found = _SLIDE_XPATH(root)
    if not found:
        raise PageError(PAGE_NO_SLIDE_ROOT, "no element with class 'slide'")
    sheets = _collect_styles(root, diag, limits.max_stylesheet_bytes, load_css)
    return ParsedPage(
        root=root,
        slide=found[0],
        stylesheets=sheets,
        fragment=_DOC_MARKERS.search(text) is None,
        quirks=is_quirks(text),
    )


def parse_tree(html: str, diag: Diagnostics, limits: Limits) -> etree._Element:
    """Page text -> the document element, built as Chromium builds it (within the page limits),
    without scripts, templates, comments and processing instructions."""
    parser = _parser()
    data = _BAD_CHARS.sub("\ufffd", html).encode("utf-8")
    try:
        root = lxml_html.document_fromstring(data, parser=parser)
        too_deep = any("depth" in entry.message.lower() for entry in parser.error_log)
        rebuild = too_deep
        if root is not None and not rebuild:
            rebuild = not _unnest_voids(root)
            if not rebuild:
                too_deep = rebuild = _check_limits(root, limits) > limits.max_dom_depth
        if rebuild:
            # Rare: build the tree again with the depth cap (libxml2 alone stops at 2048 levels
            # and drops the rest of the page) and void elements kept empty.
            root = _parse_capped(data, limits.max_dom_depth)
            if _check_limits(root, limits) >= limits.max_dom_depth and too_deep:
                diag.add(
                    "html",
                    f"elements nested deeper than {limits.max_dom_depth} levels became siblings",
                    "<html>",
                )
    except PageError:
        raise
    except Exception as exc:  # lxml raises several types for unparseable input
        raise PageError(PAGE_NO_SLIDE_ROOT, f"not HTML: {exc}"[:300]) from None
    if root is None or not isinstance(root.tag, str):
        raise PageError(PAGE_NO_SLIDE_ROOT, "not HTML: no document element")
    etree.strip_elements(root, *_REMOVED_TAGS, with_tail=False)
    _fix_svg_case(root)
    _insert_tbody(root)
    _drop_leading_newline(root)
    return root
