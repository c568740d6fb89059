"""SVG sanitizing (untrusted SVG markup -> a rebuilt SVG tree without external references,
scripts or active content, with the numbers that crash or stall renderers clamped).

The markup is parsed (lxml, no DTD, no entities, no network) and a new tree is built from what
is allowed; nothing is ever removed from the text with a regular expression. Rules:

- elements outside the SVG namespace, <script>, <foreignObject>, <feImage>, animation elements
  and a few others are dropped with their content;
- `href` / `xlink:href` may only point at a local `#id`; an <image> may also hold a `data:`
  raster image, which is decoded through the engine's bounded image path (pixel and size
  limits) and re-encoded; any other <image> or <use> is dropped;
- event attributes (`on*`), attributes outside the SVG/xlink/xml namespaces are dropped;
- `url(...)` (and image(), image-set(), ...) in attributes, `style` attributes and <style>
  sheets may only name a local `#id`; at-rules (@import, @font-face, ...) are dropped;
- numbers beyond +-MAX_NUMBER are clamped (resvg panics or aborts on e.g. r="1e10"),
  feTurbulence numOctaves is clamped to MAX_OCTAVES (later octaves are below one 8-bit level);
- comments, processing instructions, DOCTYPE and entity references are not copied.
"""

from __future__ import annotations

import base64
import re
from dataclasses import dataclass
from typing import Any

import tinycss2
from lxml import etree

from engine.diagnostics import Diagnostics
from engine.options import Limits, Options

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"
XLINK_HREF = f"{{{XLINK_NS}}}href"
MAX_NUMBER = 1e6
MAX_OCTAVES = 10

DROPPED_ELEMENTS = frozenset(
    {
        "script",
        "foreignObject",
        "feImage",
        "iframe",
        "embed",
        "object",
        "audio",
        "video",
        "canvas",
        "handler",
        "listener",
        "set",
        "animate",
        "animateMotion",
        "animateTransform",
        "animateColor",
        "discard",
        "cursor",
        "font-face-uri",
    }
)
# Functions that load something; only url(#local-id) is allowed.
_TEXT_ELEMENTS = frozenset({"text", "tspan", "textPath", "tref", "title", "desc"})
_DROPPED_LOWER = frozenset(n.lower() for n in DROPPED_ELEMENTS)
_LOADING_FUNCTIONS = frozenset({"url", "src", "image", "image-set", "cross-fade", "element"})
_LOCAL_REF = re.compile(r"^#[^\s'\"()\\]+$")
_NUMBER_LIST = re.compile(
    r"^\s*[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[a-z%]*(?:[\s,]+[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[a-z%]*)*\s*$"
)
_NUMBER = re.compile(r"([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)")
_PARSER = etree.XMLParser(
    recover=True,
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    huge_tree=False,
    remove_pis=True,
    remove_comments=True,
)


@dataclass
class SafeSvg:
    """A rebuilt SVG document and how many unsafe things were left out of it."""

    root: Any  # lxml element, tag {SVG_NS}svg
    removed: int = 0

    def tostring(self) -> str:
        return str(etree.tostring(self.root, encoding="unicode"))


def sanitize_svg(markup: str, limits: Limits | None = None) -> SafeSvg | None:
    """Parse untrusted SVG markup and rebuild it from allowed parts; None when it is not SVG."""
    try:
        source = etree.fromstring(markup.strip().encode("utf-8"), _PARSER)
    except (etree.XMLSyntaxError, ValueError):
        return None
    if source is None or _local(source.tag) != "svg" or _ns(source.tag) not in (None, SVG_NS):
        return None
    cleaner = _Cleaner(limits or Limits())
    root = etree.Element(f"{{{SVG_NS}}}svg", nsmap={None: SVG_NS, "xlink": XLINK_NS})
    cleaner.copy_attributes(source, root, "svg")
    cleaner.copy_children(source, root, in_text=False)
    return SafeSvg(root, cleaner.removed)


def _ns(tag: Any) -> str | None:
    return etree.QName(tag).namespace if isinstance(tag, str) and tag.startswith("{") else None


def _local(tag: Any) -> str:
    if not isinstance(tag, str):
        return ""
    return tag.rsplit("}", 1)[-1]


class _Cleaner:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.removed = 0

    def copy_children(self, source: Any, target: Any, in_text: bool) -> None:
        """Copy the allowed children; character data only inside text content elements (SVG
        draws no other, and a recovering parse can leave markup fragments in it)."""
        target.text = source.text if in_text else None
        last: Any = None  # the last copied child, whose tail receives skipped nodes' tails
        for child in source:
            copied = (
                self.copy_element(child, target, in_text) if isinstance(child.tag, str) else None
            )
            if copied is not None:
                last = copied
                copied.tail = child.tail if in_text else None
                continue
            if not isinstance(child.tag, str) and child.tag is not etree.Comment:
                self.removed += 1  # entity references (and any other non-element node)
            tail = child.tail if in_text else None
            if tail:
                if last is None:
                    target.text = (target.text or "") + tail
                else:
                    last.tail = (last.tail or "") + tail

    def copy_element(self, source: Any, parent: Any, in_text: bool) -> Any | None:
        name = _local(source.tag)
        if _ns(source.tag) not in (None, SVG_NS) or name.lower() in _DROPPED_LOWER or ":" in name:
            self.removed += 1
            return None
        href = _href(source)
        if name in ("image", "use") and href is not None:
            href = self.image_href(href) if name == "image" else _local_ref(href)
            if href is None:
                self.removed += 1
                return None
        elif name == "image":
            return None  # nothing to draw
        el = etree.SubElement(parent, f"{{{SVG_NS}}}{name}")
        self.copy_attributes(source, el, name)
        if name in ("image", "use") and href is not None:
            el.set(XLINK_HREF, href)
        if name == "style":
            el.text = self.stylesheet(source.text or "")
            return el
        self.copy_children(source, el, in_text or name in _TEXT_ELEMENTS)
        return el

    def copy_attributes(self, source: Any, target: Any, element: str) -> None:
        for key, value in source.attrib.items():
            ns = _ns(key)
            name = _local(key)
            if ":" in name:  # an undeclared prefix kept by the recovering parser
                prefix, _, name = name.partition(":")
                ns = {"xlink": XLINK_NS, "xml": XML_NS}.get(prefix, "?")
            lower = name.lower()
            if lower == "href" and ns in (None, XLINK_NS):
                if element not in ("image", "use"):
                    ref = _local_ref(value)
                    if ref is None:
                        self.removed += 1
                    else:
                        target.set(XLINK_HREF, ref)
                continue
            if ns == XML_NS and lower in ("space", "lang"):
                target.set(f"{{{XML_NS}}}{lower}", value)
                continue
            if ns is not None or lower.startswith("on"):
                self.removed += 1
                continue
            cleaned = self.attribute_value(element, name, value)
            if cleaned is None:
                self.removed += 1
            else:
                target.set(name, cleaned)

    def attribute_value(self, element: str, name: str, value: str) -> str | None:
        if name == "style":
            return self.declarations(value)
        if "(" in value or "\\" in value:
            tokens = tinycss2.parse_component_value_list(value)
            if not _tokens_safe(tokens):
                return None
            if _has_huge_number(tokens):  # transform="scale(1e10)", ...
                return tinycss2.serialize(_clamped(tokens))
        if element == "feTurbulence" and name == "numOctaves":
            try:
                return str(max(0, min(MAX_OCTAVES, int(float(value)))))
            except ValueError:
                return None
        if name not in ("d", "points", "id", "class") and _NUMBER_LIST.match(value):
            return _NUMBER.sub(_clamp_match, value)
        return value

    def image_href(self, href: str) -> str | None:
        """A data: raster image decoded through the bounded image path; None for anything else."""
        if href.strip()[:5].lower() != "data:":
            return None
        from engine.media import raster_media
        from engine.resources import load_resource

        scratch = Diagnostics()
        options = Options(limits=self.limits)
        resource = load_resource(href, scratch, options, "svg image")
        if resource is None or resource.content_type == "image/svg+xml":
            return None
        if resource.data.lstrip()[:5] in (b"<svg ", b"<?xml", b"<svg>"):
            return None  # SVG inside SVG: not drawn (no nesting of renders)
        entry = raster_media(resource, scratch, options, {}, "svg image")
        if entry is None:
            return None
        return f"data:{entry['content_type']};base64,{base64.b64encode(entry['data']).decode()}"

    def declarations(self, text: str) -> str:
        out = []
        for decl in tinycss2.parse_declaration_list(text, skip_comments=True, skip_whitespace=True):
            if decl.type != "declaration" or not _tokens_safe(decl.value):
                self.removed += 1
                continue
            value = tinycss2.serialize(_clamped(decl.value)).strip()
            out.append(f"{decl.name}:{value}{' !important' if decl.important else ''}")
        return ";".join(out)

    def stylesheet(self, text: str) -> str:
        out = []
        for rule in tinycss2.parse_stylesheet(text, skip_comments=True, skip_whitespace=True):
            if rule.type != "qualified-rule" or not _tokens_safe(rule.prelude):
                self.removed += 1  # @import, @font-face, @namespace, ... and parse errors
                continue
            body = self.declarations(tinycss2.serialize(rule.content))
            out.append(f"{tinycss2.serialize(rule.prelude).strip()}{{{body}}}")
        return "\n".join(out)


def _href(el: Any) -> str | None:
    for key, value in el.attrib.items():
        name = _local(key)
        if name.lower() in ("href", "xlink:href") and _ns(key) in (None, XLINK_NS):
            return str(value)
    return None


def _local_ref(value: str) -> str | None:
    value = value.strip()
    return value if _LOCAL_REF.match(value) else None


def _tokens_safe(tokens: Any) -> bool:
    """False when a token list loads anything but a local #id (url(), image(), @rules...)."""
    for tok in tokens:
        kind = getattr(tok, "type", "")
        if kind == "url":
            if _local_ref(tok.value) is None:
                return False
        elif kind == "function":
            name = tok.lower_name
            if name in _LOADING_FUNCTIONS:
                args = [a for a in tok.arguments if a.type not in ("whitespace", "comment")]
                if name not in ("url", "src") or len(args) != 1 or args[0].type != "string":
                    return False
                if _local_ref(args[0].value) is None:
                    return False
            elif not _tokens_safe(tok.arguments):
                return False
        elif kind in ("() block", "[] block", "{} block"):
            if not _tokens_safe(tok.content):
                return False
        elif kind == "at-keyword":
            return False
    return True


def _has_huge_number(tokens: Any) -> bool:
    for tok in tokens:
        kind = getattr(tok, "type", "")
        if kind in ("number", "dimension", "percentage") and abs(tok.value) > MAX_NUMBER:
            return True
        if kind == "function" and _has_huge_number(tok.arguments):
            return True
        if kind in ("() block", "[] block", "{} block") and _has_huge_number(tok.content):
            return True
    return False


def _clamp(value: float) -> float:
    return max(-MAX_NUMBER, min(MAX_NUMBER, value))


def _clamp_match(match: re.Match[str]) -> str:
    value = float(match.group(1))
    return match.group(1) if abs(value) <= MAX_NUMBER else f"{_clamp(value):.0f}"


def _clamped(tokens: list[Any]) -> list[Any]:
    """The tokens with every number beyond +-MAX_NUMBER clamped (drop-shadow(1e10px ...))."""
    out: list[Any] = []
    for tok in tokens:
        kind = getattr(tok, "type", "")
        if kind in ("number", "dimension", "percentage") and abs(tok.value) > MAX_NUMBER:
            text = f"{_clamp(tok.value):.0f}"
            unit = tok.unit if kind == "dimension" else ("%" if kind == "percentage" else "")
            out.append(tinycss2.parse_one_component_value(text + unit))
        elif kind == "function":
            tok.arguments[:] = _clamped(tok.arguments)
            out.append(tok)
        elif kind in ("() block", "[] block", "{} block"):
            tok.content[:] = _clamped(tok.content)
            out.append(tok)
        else:
            out.append(tok)
    return out
