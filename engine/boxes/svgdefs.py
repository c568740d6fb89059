"""Inline <svg> element and its computed style -> its standalone markup: the definitions it
references in other <svg> elements of the same document copied into a leading <defs>, and the
SVG painting properties the page's CSS gives the <svg> element written on its root.

In an HTML document, `<use href="#icon">` and `fill="url(#grad)"` resolve against the whole
document (Chromium draws an icon sprite defined once in a hidden `<svg>` and used by many
others). A standalone SVG only sees its own ids, so the referenced elements (and what they
reference in turn) are copied in. Only elements that sit inside an `<svg>` are borrowed, at most
MAX_BORROWED of them; references the SVG resolves itself are left alone.

A stylesheet rule such as `.icon { fill: none; stroke: currentColor }` styles the <svg> element
and, by inheritance, its content; the standalone SVG does not see the page's stylesheet, so each
such property whose computed value is not the initial one becomes a presentation attribute on
the root (children's own attributes still win, as inheritance loses to them in Chromium). An
attribute already on the <svg> element is kept.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from lxml import etree

from engine.style.properties import SVG_PAINT_INITIAL

MAX_BORROWED = 256
_URL_REF = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_HREF_NAMES = ("href", "xlink:href", "{http://www.w3.org/1999/xlink}href")


def svg_markup(el: Any, style: Any = None, styles: Any = None) -> str:
    """The markup of an inline <svg> element, self-contained for the ids it references, the
    painting properties its computed style (None: not known) gives it and, with the page's
    StyleMap, what the page's rules give its descendants."""
    borrowed = _borrowed_defs(el)
    paint = _paint_attributes(el, style)
    ruled = _rule_styles(el, styles) if styles is not None else {}
    if not borrowed and not paint and not ruled:
        return str(etree.tostring(el, encoding="unicode", with_tail=False))
    out = copy.deepcopy(el)
    out.tail = None
    for name, value in paint.items():
        out.set(name, value)
    if ruled:
        for i, node in enumerate(out.iter()):
            if i in ruled:  # before the element's own style attribute, which wins
                own = (node.get("style") or "").strip()
                node.set("style", ruled[i] + (";" + own if own else ""))
    if borrowed:
        defs = etree.Element(_defs_tag(out))
        defs.extend(borrowed)
        out.insert(0, defs)
    return str(etree.tostring(out, encoding="unicode", with_tail=False))


def _paint_attributes(el: Any, style: Any) -> dict[str, str]:
    """The SVG painting properties whose computed value differs from the initial one and that
    the element does not set as an attribute itself."""
    if style is None:
        return {}
    out: dict[str, str] = {}
    for name, initial in SVG_PAINT_INITIAL.items():
        value = style[name]
        if isinstance(value, str) and value.lower() != initial and el.get(name) is None:
            out[name] = value
    return out


def _rule_styles(el: Any, styles: Any) -> dict[int, str]:
    """Per descendant (its index in `el.iter()`), the SVG properties whose computed value the
    page's rules changed from what it inherits, as a style attribute: in Chromium a stylesheet
    rule (`svg text { font-size: 13px }`, `.bar { fill: red }`) beats presentation attributes,
    while inheritance loses to them, so only values that differ from the parent's are written."""
    out: dict[int, str] = {}
    for i, node in enumerate(el.iter()):
        if i == 0 or not isinstance(node.tag, str):
            continue
        own, parent = styles.get(node), styles.get(node.getparent())
        if own is None or parent is None or own is parent:
            continue
        decls = [
            f"{name}:{_css_value(name, own[name])}"
            for name in _SVG_INHERITED
            if own[name] != parent[name]
        ]
        if own["display"] == "none":
            decls.append("display:none")
        if own["opacity"] != 1.0:
            decls.append(f"opacity:{own['opacity']:g}")
        if decls:
            out[i] = ";".join(decls)
    return out


_SVG_INHERITED = (
    *SVG_PAINT_INITIAL,
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
    "visibility",
)


def _css_value(name: str, value: Any) -> str:
    if name == "font-family":
        return ", ".join(f'"{f}"' if " " in f else f for f in value)
    if name == "font-size":
        return f"{value:g}px"
    return str(value)


def _borrowed_defs(el: Any) -> list[Any]:
    """Copies of the document elements (inside another <svg>) that `el` references and does not
    define, transitively, in first-reference order."""
    own = {node.get("id") for node in el.iter(etree.Element) if node.get("id")}
    pending = [ref for ref in _references(el) if ref not in own]
    if not pending:
        return []
    root = el.getroottree().getroot()
    taken: list[Any] = []
    seen = set(own)
    while pending and len(taken) < MAX_BORROWED:
        ref = pending.pop(0)
        if ref in seen:
            continue
        seen.add(ref)
        found = _find_in_svg(root, ref, el)
        if found is None:
            continue
        clone = copy.deepcopy(found)
        clone.tail = None
        taken.append(clone)
        seen.update(n.get("id") for n in clone.iter(etree.Element) if n.get("id"))
        pending.extend(r for r in _references(found) if r not in seen)
    return taken


def _references(el: Any) -> list[str]:
    """Local ids named by href / xlink:href="#id" and url(#id) in attributes of the subtree."""
    refs: list[str] = []
    for node in el.iter(etree.Element):
        for name, value in node.attrib.items():
            if name in _HREF_NAMES:
                value = value.strip()
                if value.startswith("#") and len(value) > 1:
                    refs.append(value[1:])
            elif "url(" in value:
                refs.extend(_URL_REF.findall(value))
    return refs


def _find_in_svg(root: Any, ident: str, within: Any) -> Any | None:
    """The first element with id `ident` that has an <svg> ancestor and is not inside `within`
    (whose own ids were already taken)."""
    for node in root.xpath("//*[@id=$ident]", ident=ident):
        if _inside_svg(node) and not _is_inside(node, within):
            return node
    return None


def _inside_svg(node: Any) -> bool:
    return any(_local(a.tag) == "svg" for a in node.iterancestors())


def _is_inside(node: Any, container: Any) -> bool:
    return node is container or any(a is container for a in node.iterancestors())


def _local(tag: Any) -> str:
    return tag.rsplit("}", 1)[-1].lower() if isinstance(tag, str) else ""


def _defs_tag(svg: Any) -> str:
    tag = svg.tag
    return tag[: tag.index("}") + 1] + "defs" if tag.startswith("{") else "defs"
