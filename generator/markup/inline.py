"""markdown-it inline tokens -> Spans (formatting flags, safe links) and the images found among them.

Inline HTML is read tag by tag (markdown-it already cut it into tags): formatting tags set span
flags (`<kbd>`, `<sub>`, `<sup>`, `<mark>`, `<b>`...), `<a href>` links, `<br>` breaks, `<img>`
becomes an image; scripts and styles vanish with their content; unknown tags are dropped (their
text stays) and named in the diagnostics. `==mark==` and `:emoji:` shortcodes are read from text
(an escaped character is a span of its own: `=\\=` is never a mark).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace

import lxml.html
from lxml import etree
from markdown_it.tree import SyntaxTreeNode

from generator.lazyre import lazy_compile
from generator.markup.math import MathRenderer, Refused, source
from generator.markup.sanitize import ALLOWED_TAGS, DROP_TAGS
from generator.model import Span, Spans

SAFE_LINK = lazy_compile(r"^(https?://|mailto:)", re.IGNORECASE)
FLAG_TAGS = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "cite": "italic",
    "var": "italic",
    "dfn": "italic",
    "code": "code",
    "samp": "code",
    "kbd": "kbd",
    "sub": "sub",
    "sup": "sup",
    "mark": "mark",
    "s": "strike",
    "del": "strike",
    "strike": "strike",
}
_CLOSING = lazy_compile(r"^</\s*([A-Za-z][\w:-]*)\s*>$")
# MkDocs Material's version shortcode, `<!-- md:version 8.5.6 -->`: drawn as the version's tag
# amid the text ("Prior to version 8.5.6, ..."), so its number is kept
VERSION_SHORTCODE = lazy_compile(r"^<!--\s*md:version\s+(\S+?)\s*-->$")
# Icon shortcodes of MkDocs Material & co (`:octicons-mark-github-16:`, `:material-check:`):
# pictures of an icon font we do not have; left out like a missing image.
# pymdownx.inlinehilite: `#!python range(3)` is code in Python (the prefix is not shown)
INLINE_LANGUAGE = lazy_compile(r"^#!(?=[\w+-]+ )[\w+-]+ ")
SHORTCODE = lazy_compile(r":[\w+-]+:")  # what may be a shortcode (else the table is not loaded)
ICON = lazy_compile(r":(?:octicons|material|fontawesome|simple|twemoji)-[a-z0-9-]+:")
# What `emoji.emojize` looks up as a name between colons (its `_EMOJI_NAME_PATTERN`)
EMOJI_NAME = lazy_compile(
    ":[\\w\\-&.’”“()!#*+,/«»\u0300\u0301\u0302\u0303\u0306\u0308\u030a\u0327\u064b\u064e"
    "\u064f\u0650\u0653\u0654\u3099\u30fb\u309a\u0655]+:"
)
# A link whose whole text is a reference mark: an asterisk, a dagger or a section sign
MARKER = lazy_compile(r"^[*\u2020\u2021\u00a7]{1,3}$")


@dataclass
class InlineImage:
    """A picture inside a paragraph, as written."""

    src: str
    alt: str
    title: str = ""
    width: int = 0
    height: int = 0
    decorative: bool = False  # an HTML <img alt="">: nothing stands for it when it is missing
    linked: bool = False  # inside a link (`[![logo](logo.png)](https://site)`)


@dataclass
class Inline:
    """One inline run converted: its spans and the images it held (in order)."""

    spans: Spans = field(default_factory=list)
    images: list[InlineImage] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)
    math: list[str] = field(default_factory=list)  # TeX of formulas shown as their source
    refused: list[Refused] = field(default_factory=list)  # ...and why
    display: list[str] = field(default_factory=list)  # display math written in a paragraph
    footnotes: list[str] = field(default_factory=list)  # footnote labels referenced


class InlineReader:
    def __init__(
        self,
        footnote_number: Callable[[str], int] | None = None,
        formulas: MathRenderer | None = None,
    ) -> None:
        self.footnote_number = footnote_number
        self.formulas = formulas or MathRenderer()

    def read(self, node: SyntaxTreeNode | None) -> Inline:
        out = Inline()
        if node is None:
            return out
        state = _State()
        self._walk(node, state, out)
        out.spans = merge_spans(_marks(out.spans))
        return out

    def _walk(self, node: SyntaxTreeNode, state: _State, out: Inline) -> None:
        for child in node.children:
            self._token(child, state, out)

    def _token(self, child: SyntaxTreeNode, state: _State, out: Inline) -> None:
        t = child.type
        if t == "html_inline":
            self._html(child.content, state, out)
        elif state.skip:
            return
        elif t == "text":
            text = _shortcodes(child.content)
            out.spans.append(state.span(text))
        elif t == "text_special":  # an escaped character or an entity: literal, a span alone
            out.spans.append(state.span(child.content))
        elif t == "code_inline":  # without pymdownx's `#!python ` highlighting prefix
            code = INLINE_LANGUAGE.sub("", child.content, count=1)
            out.spans.append(replace(state.span(code), code=True))
        elif t in ("softbreak", "hardbreak"):
            out.spans.append(state.span(" "))
        elif t in ("strong", "em", "s"):
            flag = {"strong": "bold", "em": "italic", "s": "strike"}[t]
            state.flags.append(flag)
            self._walk(child, state, out)
            state.flags.pop()
        elif t == "link" and _marker_link(child, out.spans):
            return  # a reference mark ("character[*](url)"): its note is not on the slide
        elif t == "link":
            target = str(child.attrs.get("href", ""))
            state.links.append(target if _kept_link(target) else None)
            self._walk(child, state, out)
            state.links.pop()
        elif t == "image":
            alt = "".join(  # an alt text written over lines: its line ends are spaces
                " " if c.type in ("softbreak", "hardbreak") else c.content
                for c in child.children or []
                if c.type in ("text", "text_special", "softbreak", "hardbreak")
            )
            alt = alt or str(child.attrs.get("alt", ""))
            title = str(child.attrs.get("title") or "")
            src = str(child.attrs.get("src", ""))
            out.images.append(InlineImage(src, alt, title, linked=bool(state.links)))
            out.spans.append(state.span("\ufffc"))  # where the image stood
        elif t in ("math_inline", "math_inline_double"):
            self._math(child, state, out)
        elif t == "footnote_ref":
            label = str(child.meta.get("label", ""))
            out.footnotes.append(label)
            number = self.footnote_number(label) if self.footnote_number else 0
            out.spans.append(replace(state.span(str(number or label)), sup=True))
        else:
            self._walk(child, state, out)

    def _math(self, child: SyntaxTreeNode, state: _State, out: Inline) -> None:
        """An inline formula as readable text; `$$...$$` over lines inside a paragraph (Slidev
        writes `Block\n$$ ... $$`) is display math, drawn after the paragraph."""
        tex = source(child.content)
        if not tex:
            return
        if child.type == "math_inline_double" and "\n" in child.content.strip():
            out.display.append(tex)
            return
        text = self.formulas.inline(tex, state.span(""))
        if isinstance(text, Refused):
            out.math.append(tex)
            out.refused.append(text)
            out.spans.append(replace(state.span(tex), code=True))
        else:
            out.spans.extend(text)

    def _html(self, content: str, state: _State, out: Inline) -> None:
        text = content.strip()
        if text.startswith("<!--"):  # a comment: never shown, but a version shortcode's text
            version = shortcode_version(text)
            if version:
                out.spans.append(state.span(version))
            return
        closing = _CLOSING.match(text)
        if closing:
            state.close(closing.group(1).lower())
            return
        element = _element(text)
        if element is None:
            out.spans.append(state.span(content))  # not a tag after all: literal text
            return
        tag = element.tag.lower() if isinstance(element.tag, str) else ""
        void = text.endswith("/>") or tag in ("br", "img", "wbr", "hr", "input")
        if tag in ("br", "wbr"):
            out.spans.append(state.span(" "))
        elif tag == "img":
            src = element.get("src") or ""
            out.images.append(
                InlineImage(
                    src,
                    element.get("alt") or "",
                    "",
                    _int(element.get("width")),
                    _int(element.get("height")),
                    decorative=element.get("alt") == "",
                    linked=bool(state.links),
                )
            )
            out.spans.append(state.span("\ufffc"))
        elif tag == "input":
            return  # a task list checkbox (tasklists) or a form field: never shown
        elif tag in DROP_TAGS:
            out.dropped.append(f"<{tag}>")
            if not void:
                state.open(tag, skip=True)
        elif tag == "a":
            href = element.get("href") or ""
            state.open(tag, link=href if _kept_link(href) else None)
        elif tag in FLAG_TAGS:
            state.open(tag, flag=FLAG_TAGS[tag])
        elif tag in ALLOWED_TAGS:
            if not void:
                state.open(tag)
        else:
            out.dropped.append(f"<{tag}> (not an allowed element; its text kept)")


def _kept_link(target: str) -> bool:
    """A link target kept: http, https and mailto (shown as links), `#id` (a place in the
    document: not a link on a slide, but its text is known as an anchor's)."""
    return bool(SAFE_LINK.match(target)) or target.startswith("#")


def _element(text: str) -> etree._Element | None:
    """The element one opening tag describes (parsed by lxml's HTML parser)."""
    if not text.startswith("<") or text.startswith("</"):
        return None
    try:
        root = lxml.html.fragment_fromstring(text, create_parent="div")
    except (etree.ParserError, ValueError):
        return None
    for el in root.iter():
        if el is not root and isinstance(el.tag, str):
            return el
    return None


def _int(value: str | None) -> int:
    text = (value or "").strip().lower().removesuffix("px")
    return int(text) if text.isdigit() else 0


@dataclass
class _Open:
    """An inline element being read: its tag and the formatting it sets."""

    tag: str
    flag: str = ""
    link: bool = False
    skip: bool = False


class _State:
    def __init__(self) -> None:
        self.flags: list[str] = []
        self.links: list[str | None] = []
        self.stack: list[_Open] = []

    @property
    def skip(self) -> bool:
        return any(o.skip for o in self.stack)

    def open(self, tag: str, flag: str = "", link: str | None = "", skip: bool = False) -> None:
        entry = _Open(tag, flag, link != "", skip)
        if flag:
            self.flags.append(flag)
        if link != "":
            self.links.append(link)
        self.stack.append(entry)

    def close(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].tag == tag:
                for entry in self.stack[i:]:
                    if entry.flag and entry.flag in self.flags:
                        idx = len(self.flags) - 1 - self.flags[::-1].index(entry.flag)
                        del self.flags[idx]
                    if entry.link and self.links:
                        self.links.pop()
                del self.stack[i:]
                return

    def span(self, text: str) -> Span:
        link = next((x for x in reversed(self.links) if x and SAFE_LINK.match(x)), None)
        anchor = bool(self.links) and (self.links[-1] or "").startswith("#")
        flags = set(self.flags)
        return Span(
            text,
            bold="bold" in flags,
            italic="italic" in flags,
            code="code" in flags,
            href=link,
            mark="mark" in flags,
            strike="strike" in flags,
            sub="sub" in flags,
            sup="sup" in flags,
            kbd="kbd" in flags,
            anchor=anchor,
        )


def _marks(spans: Spans) -> Spans:
    """`==text==` -> mark spans (pairs within one inline run; code spans never count)."""
    total = sum(s.text.count("==") for s in spans if not s.code)
    if total < 2:
        return spans
    out: Spans = []
    on = False
    pairs = total // 2 * 2
    seen = 0
    for s in spans:
        if s.code or "==" not in s.text:
            out.append(replace(s, mark=s.mark or on) if on else s)
            continue
        pieces = s.text.split("==")
        for i, piece in enumerate(pieces):
            if i > 0:
                seen += 1
                if seen <= pairs:
                    on = not on
                else:
                    piece = "==" + piece
            if piece:
                out.append(replace(s, text=piece, mark=s.mark or on))
    return out


def merge_spans(spans: Spans) -> Spans:
    out: Spans = []
    for s in spans:
        if out and out[-1].style() == s.style():
            out[-1] = replace(out[-1], text=out[-1].text + s.text)
        elif s.text:
            out.append(s)
    return out


def shortcode_version(comment: str) -> str:
    """The version an `<!-- md:version X -->` comment shows ("" for any other comment)."""
    m = VERSION_SHORTCODE.match(comment.strip())
    return m.group(1) if m else ""


def _shortcodes(text: str) -> str:
    """`:emoji:` shortcodes as their emoji, icon shortcodes dropped (the emoji table is loaded
    only for text that can hold a shortcode other than an icon's)."""
    if ":" not in text or not SHORTCODE.search(text):
        return text
    if all(ICON.fullmatch(m.group()) for m in EMOJI_NAME.finditer(text)):
        return ICON.sub("", text)  # every name emojize would look up is an icon's: no table
    import emoji

    return ICON.sub("", emoji.emojize(text, language="alias"))


def _marker_link(node: SyntaxTreeNode, spans: Spans) -> bool:
    """A link that is only a reference mark glued to the word before it (`character[\\*](url)`,
    a footnote written as a link): the page it points to is not on the slide, so the mark
    stands for nothing there and is not printed (a mark after a space, or alone, is kept)."""
    text = "".join(c.content for c in node.children or [] if c.type in ("text", "text_special"))
    if not _texts(node) or not MARKER.match(text):
        return False
    before = spans[-1].text if spans else ""
    return bool(before) and not before[-1].isspace()


def _texts(node: SyntaxTreeNode) -> bool:
    """Whether a node holds only text (no image, code or formatting)."""
    return all(c.type in ("text", "text_special") for c in node.children or [])
