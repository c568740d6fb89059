"""Presentational hints: legacy HTML attributes (width=, align=, bgcolor=, ...) -> declaration blocks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

from engine.style.declarations import Block, parse_block

_SIZE_TAGS = frozenset(
    (
        "img",
        "svg",
        "canvas",
        "video",
        "iframe",
        "object",
        "embed",
        "table",
        "td",
        "th",
        "col",
        "hr",
        "input",
    )
)
_ALIGN_TAGS = frozenset(
    (
        "div",
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "caption",
        "td",
        "th",
        "tr",
        "thead",
        "tbody",
        "tfoot",
        "center",
        "legend",
    )
)
_VALIGN_TAGS = frozenset(("td", "th", "tr", "thead", "tbody", "tfoot", "col"))
_BGCOLOR_TAGS = frozenset(("body", "table", "tr", "td", "th", "thead", "tbody", "tfoot"))
_HINT_TAGS = (
    _SIZE_TAGS | _ALIGN_TAGS | _VALIGN_TAGS | _BGCOLOR_TAGS | frozenset(("font", "ol", "ul", "li"))
)
_HINT_ATTRS = (
    "width",
    "height",
    "align",
    "valign",
    "bgcolor",
    "color",
    "face",
    "size",
    "type",
    "border",
    "cellspacing",
    "cellpadding",
    "dir",
    "text",
    "lang",
)
_DIMENSION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%?)")
_FONT_SIZES = {
    "1": "x-small",
    "2": "small",
    "3": "medium",
    "4": "large",
    "5": "x-large",
    "6": "xx-large",
    "7": "xxx-large",
}
_OL_TYPES = {
    "1": "decimal",
    "a": "lower-alpha",
    "A": "upper-alpha",
    "i": "lower-roman",
    "I": "upper-roman",
}


def _dimension(value: str) -> str | None:
    m = _DIMENSION.match(value)
    if m is None:
        return None
    return m.group(1) + (m.group(2) or "px")


@lru_cache(maxsize=2048)
def _hint_block(tag: str, attrs: tuple[tuple[str, str], ...], parent_is_svg: bool) -> Block | None:
    decls: list[str] = []
    get = dict(attrs).get
    if tag in _SIZE_TAGS and not (tag == "svg" and parent_is_svg):
        for name in ("width", "height"):
            value = get(name)
            if value is not None:
                dim = _dimension(value)
                if dim is not None:
                    decls.append(f"{name}: {dim}")
    align = (get("align") or "").strip().lower()
    if align and tag in _ALIGN_TAGS and align in ("left", "right", "center", "justify", "middle"):
        decls.append(f"text-align: {'center' if align == 'middle' else align}")
    if align and tag in ("table", "img") and align in ("left", "right"):
        decls.append(f"float: {align}")
    valign = (get("valign") or "").strip().lower()
    if valign and tag in _VALIGN_TAGS and valign in ("top", "middle", "bottom", "baseline"):
        decls.append(f"vertical-align: {valign}")
    bgcolor = get("bgcolor")
    if bgcolor and tag in _BGCOLOR_TAGS:
        decls.append(f"background-color: {bgcolor.strip()}")
    if tag == "body" and get("text"):
        decls.append(f"color: {get('text')}")
    if tag == "font":
        if get("color"):
            decls.append(f"color: {get('color')}")
        if get("face"):
            decls.append(f"font-family: {get('face')}")
        size = (get("size") or "").strip()
        if size in _FONT_SIZES:
            decls.append(f"font-size: {_FONT_SIZES[size]}")
    if tag == "table":
        border = _dimension(get("border") or "")
        if border is not None and border not in ("0px", "0%"):
            decls.append(f"border: {border} outset gray")
        spacing = _dimension(get("cellspacing") or "")
        if spacing is not None:
            decls.append(f"border-spacing: {spacing}")
    if tag in ("ol", "li") and get("type") in _OL_TYPES:
        decls.append(f"list-style-type: {_OL_TYPES[get('type') or '1']}")
    elif tag in ("ul", "li") and (get("type") or "").lower() in ("disc", "circle", "square"):
        decls.append(f"list-style-type: {(get('type') or '').lower()}")
    direction = (get("dir") or "").strip().lower()
    if direction in ("ltr", "rtl"):
        decls.append(f"direction: {direction}")
    lang = get("lang")
    if lang is not None and '"' not in lang and "\\" not in lang:
        decls.append(f'-webkit-locale: "{lang.strip()}"')  # Chromium: lang sets the locale
    if not decls:
        return None
    block, _ = parse_block(decls)
    if not block.normal:
        return None
    return block


def _table_of(cell: Any) -> Any:
    for anc in cell.iterancestors():
        if anc.tag == "table":
            return anc
    return None


def presentational_hints(elements: list[Any]) -> Iterator[tuple[Any, Block]]:
    """(element, block) for elements whose legacy attributes map to CSS (author level, specificity 0)."""
    for el in elements:
        tag = el.tag
        attrib = el.attrib
        if not attrib or (tag not in _HINT_TAGS and "dir" not in attrib and "lang" not in attrib):
            continue
        attrs = tuple((k, attrib[k]) for k in _HINT_ATTRS if k in attrib)
        if tag in ("td", "th"):
            table = _table_of(el)
            if table is not None:
                padding = _dimension(table.get("cellpadding") or "")
                border = _dimension(table.get("border") or "")
                if padding is not None:
                    attrs += (("-cellpadding", padding),)
                if border is not None and border not in ("0px", "0%"):
                    attrs += (("-tableborder", "1"),)
        if not attrs:
            continue
        parent = el.getparent()
        block = _hint_block(tag, attrs, parent is not None and parent.tag == "svg")
        extra = _cell_block(attrs) if tag in ("td", "th") else None
        if block is not None:
            yield el, block
        if extra is not None:
            yield el, extra


@lru_cache(maxsize=256)
def _cell_block(attrs: tuple[tuple[str, str], ...]) -> Block | None:
    get = dict(attrs).get
    decls = []
    if get("-cellpadding"):
        decls.append(f"padding: {get('-cellpadding')}")
    if get("-tableborder"):
        decls.append("border: 1px inset gray")
    if not decls:
        return None
    return parse_block(decls)[0]
