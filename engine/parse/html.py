"""HTML parsing: page source text -> ParsedPage (lxml tree, slide root, stylesheet texts).

The tree is built by engine.parse.tree (the HTML5 tree-construction rules, as in Chromium)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from lxml import etree

from engine.diagnostics import Diagnostics
from engine.errors import PAGE_NO_SLIDE_ROOT, PageError
from engine.options import Limits
from engine.parse.tree import parse_tree

CssLoader = Callable[[str], str | None]  # a <link> href -> the stylesheet's text, or None

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
    root = parse_tree(html, diag, limits)
    found = _SLIDE_XPATH(root)
    if not found:
        raise PageError(PAGE_NO_SLIDE_ROOT, "no element with class 'slide'")
    sheets = _collect_styles(root, diag, limits.max_stylesheet_bytes, load_css)
    return ParsedPage(
        root=root,
        slide=found[0],
        stylesheets=sheets,
        fragment=_DOC_MARKERS.search(html) is None,
        quirks=is_quirks(html),
    )
