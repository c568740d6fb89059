"""Raw HTML inside Markdown -> an allowlist-sanitized fragment (parsed with lxml; never regexes).

Elements, attributes and CSS properties are kept only when listed here; `style` values are
tokenised with tinycss2 and kept declaration by declaration. Scripts, styles, frames, forms,
embedded objects and their content are removed; so are a slide tool's decorations and controls
(positioned out of the text flow, draggable, acting on clicks: `decoration`) with their text;
unknown elements (Vue/Slidev components such as `<Toc>`, custom tags) are unwrapped (their
text stays). Everything removed is named in
`Sanitized.dropped` so the caller can report it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import lxml.html
import tinycss2
from lxml import etree


def names(text: str) -> frozenset[str]:
    """A set of names written as one space-separated string."""
    return frozenset(text.split())


INLINE_TAGS = names(
    "a abbr b bdi bdo br cite code del dfn em i img ins kbd mark q s samp small span strike "
    "strong sub sup time u var wbr"
)
BLOCK_TAGS = names(
    "address article aside blockquote caption center col colgroup dd details div dl dt "
    "figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p picture pre "
    "section source summary table tbody td tfoot th thead tr ul"
)
ALLOWED_TAGS = INLINE_TAGS | BLOCK_TAGS
# Removed with everything inside them.
DROP_TAGS = names(
    "script style iframe frame frameset object embed applet noscript template form input "
    "button select textarea option video audio canvas link meta base svg math dialog "
    "portal title head"
)
# A slide tool's decorations, removed with their text (generator.markup.sanitize.decoration).
DECORATION_TAGS = names("v-drag v-drag-arrow arrow")
POSITIONED_CLASSES = names("absolute fixed")
POSITIONED_WORDS = 3
GLOBAL_ATTRS = frozenset({"title", "lang", "dir", "align", "style"})
TAG_ATTRS: dict[str, frozenset[str]] = {
    "a": frozenset({"href"}),
    "img": frozenset({"src", "alt", "width", "height"}),
    "td": frozenset({"colspan", "rowspan", "valign"}),
    "th": frozenset({"colspan", "rowspan", "valign", "scope"}),
    "ol": frozenset({"start", "type", "reversed"}),
    "li": frozenset({"value"}),
    "col": frozenset({"span", "width"}),
    "colgroup": frozenset({"span"}),
    "details": frozenset({"open"}),
    "source": frozenset({"srcset", "media", "type"}),
    "time": frozenset({"datetime"}),
    "abbr": frozenset({"title"}),
}
CSS_PROPERTIES = names(
    "color background-color font-weight font-style font-size font-variant text-decoration "
    "text-decoration-line text-align text-transform letter-spacing line-height vertical-align "
    "white-space width height max-width max-height min-width min-height margin margin-top "
    "margin-right margin-bottom margin-left padding padding-top padding-right padding-bottom "
    "padding-left border border-top border-right border-bottom border-left border-color "
    "border-style border-width border-radius border-collapse display float opacity"
)
CSS_FUNCTIONS = frozenset({"rgb", "rgba", "hsl", "hsla", "calc"})
DISPLAY_VALUES = frozenset({"inline", "block", "inline-block", "none", "flex", "table-cell"})
SAFE_SCHEMES = ("http://", "https://", "mailto:")
NUMERIC_ATTRS = names("width height colspan rowspan start span value")
MAX_DEPTH = 64

# (src, alt) -> the src to keep; None: show the alt text instead; "": remove the image
ImageResolver = Callable[[str, str | None], str | None]  # (src, alt or None when absent)


@dataclass
class Sanitized:
    """An HTML fragment after cleaning, with what was dropped."""

    html: str  # the fragment's inner HTML
    root: etree._Element = field(repr=False)  # a <div> holding the cleaned fragment
    dropped: list[str] = field(default_factory=list)  # e.g. "<script>", "<toc> (unknown element)"


def sanitize_html(html: str, resolve_image: ImageResolver | None = None) -> Sanitized:
    """Sanitize one HTML fragment. `resolve_image(src, alt)` gives the src an <img> keeps (a
    data: URI) or None to remove it (its alt text stays); without it only data: images stay."""
    dropped: list[str] = []
    try:
        root = lxml.html.fragment_fromstring(html or "", create_parent="div")
    except (etree.ParserError, ValueError):
        root = lxml.html.fragment_fromstring("", create_parent="div")
    _clean_children(root, dropped, resolve_image or _data_only, 0)
    inner = (_escape(root.text) if root.text else "") + "".join(
        lxml.html.tostring(child, encoding="unicode") for child in root
    )
    return Sanitized(inner, root, dropped)


@lru_cache(maxsize=512)
def clean_fragment(html: str) -> str:
    """sanitize_html(html).html, cached (rendering sanitizes each html block again)."""
    return sanitize_html(html).html


def html_text(html: str) -> str:
    """The visible text of a fragment (whitespace collapsed)."""
    if not html.strip():
        return ""
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div")
    except (etree.ParserError, ValueError):
        return ""
    return " ".join(root.text_content().split())


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _data_only(src: str, alt: str | None) -> str | None:
    return src if src.startswith("data:image/") else None


def _clean_children(
    parent: etree._Element, dropped: list[str], resolve: ImageResolver, depth: int
) -> None:
    for child in list(parent):
        _clean(child, dropped, resolve, depth + 1)


def _clean(el: etree._Element, dropped: list[str], resolve: ImageResolver, depth: int) -> None:
    if not isinstance(el.tag, str):  # comments, processing instructions
        el.drop_tree()
        return
    tag = el.tag.lower()
    if tag in DROP_TAGS or depth > MAX_DEPTH:
        dropped.append(f"<{tag}>" if depth <= MAX_DEPTH else "HTML nested too deeply")
        el.drop_tree()
        return
    why = decoration(el)
    if why:
        text = " ".join(el.text_content().split())
        dropped.append(f"<{tag}> ({why}; with its text{': ' + repr(text[:60]) if text else ''})")
        el.drop_tree()
        return
    _clean_children(el, dropped, resolve, depth)
    if tag not in ALLOWED_TAGS:
        if tag not in ("html", "body"):
            dropped.append(f"<{tag}> (not an allowed element; its text kept)")
        el.drop_tag()
        return
    if tag == "center":
        el.tag = "div"
        el.set("align", "center")
    _clean_attributes(el, tag)
    if tag == "img":
        _clean_image(el, resolve, dropped)
    elif tag == "picture":
        _flatten_picture(el)


def decoration(el: etree._Element) -> str:
    """Why an element is a slide tool's decoration or control rather than content (removed
    with its text: "Here!" beside an arrow, "Double-click me!" in a draggable box), or "".
    Positioned out of the flow (`position: absolute|fixed`, the utility classes `absolute`,
    `fixed`, `abs-*` of UnoCSS/Slidev) holding no content (`_content_inside`), draggable
    (`v-drag`), or a control that acts when clicked (`@click`, `v-on:click`)."""
    tag = str(el.tag).lower()
    attrs = {str(k).lower(): str(v) for k, v in el.attrib.items()}
    if tag in DECORATION_TAGS or "v-drag" in attrs:
        return "a draggable or drawn decoration"
    if "@click" in attrs or "v-on:click" in attrs:
        return "a control acting on clicks"
    classes = attrs.get("class", "").split()
    style = "".join(attrs.get("style", "").lower().split())
    positioned = any(c in POSITIONED_CLASSES or c.startswith("abs-") for c in classes) or any(
        f"position:{p}" in style for p in ("absolute", "fixed")
    )
    if positioned and not _content_inside(el):
        return "positioned out of the text flow"
    return ""


def _content_inside(el: etree._Element) -> bool:
    """What a positioned element holds that is content wherever it is drawn: a described
    picture, or a phrase (POSITIONED_WORDS words or more: a date and place on a cover); a
    word or two beside an arrow ("Here!") means nothing away from its place."""
    if any((img.get("alt") or "").strip() for img in el.iter("img")):
        return True
    return len(el.text_content().split()) >= POSITIONED_WORDS


def _clean_attributes(el: etree._Element, tag: str) -> None:
    allowed = GLOBAL_ATTRS | TAG_ATTRS.get(tag, frozenset())
    for name in list(el.attrib):
        value = el.attrib[name]
        key = name.lower()
        if (
            key not in allowed
            or key == "href"
            and not value.strip().lower().startswith(SAFE_SCHEMES)
        ):
            del el.attrib[name]
        elif key == "style":
            style = clean_style(value)
            if style:
                el.set(name, style)
            else:
                del el.attrib[name]
        elif key in NUMERIC_ATTRS and not value.strip().rstrip("%").isdigit():
            del el.attrib[name]


def _clean_image(el: etree._Element, resolve: ImageResolver, dropped: list[str]) -> None:
    src = (el.get("src") or "").strip()
    given = el.get("alt")
    alt = given or ""
    kept = resolve(src, given) if src else None
    if not kept:  # None: its alt text stays; "": it goes entirely (a badge that is not there)
        if src:
            dropped.append(f"image {src[:80]}")
        if kept is None and alt.strip():
            _replace_with_text(el, alt)
        else:
            el.drop_tree()
        return
    el.set("src", kept)


def _replace_with_text(el: etree._Element, text: str) -> None:
    span = etree.Element("span")
    span.text = text
    span.tail = el.tail
    parent = el.getparent()
    if parent is not None:
        parent.replace(el, span)


def _flatten_picture(el: etree._Element) -> None:
    """<picture>: the <img> stays (browsers without <source> support draw it), sources go."""
    for source in el.findall("source"):
        el.remove(source)
    el.drop_tag()


def clean_style(value: str) -> str:
    """A style attribute's declarations whose property is allowed and whose value holds only
    plain tokens (no url(), no functions beyond colours and calc())."""
    out = []
    for decl in tinycss2.parse_declaration_list(value, skip_comments=True, skip_whitespace=True):
        if decl.type != "declaration":
            continue
        name = decl.lower_name
        if name not in CSS_PROPERTIES or not _plain_value(decl.value):
            continue
        text = tinycss2.serialize(decl.value).strip()
        if name == "display" and text.lower() not in DISPLAY_VALUES:
            continue
        if not text:
            continue
        important = " !important" if decl.important else ""
        out.append(f"{name}:{text}{important}")
    return ";".join(out)


def _plain_value(tokens: list[object]) -> bool:
    for token in tokens:
        kind = getattr(token, "type", "")
        if kind in ("url", "at-keyword", "() block", "[] block", "{} block", "error"):
            return False
        if kind == "function":
            if getattr(token, "lower_name", "") not in CSS_FUNCTIONS:
                return False
            if not _plain_value(list(getattr(token, "arguments", []))):
                return False
    return True
