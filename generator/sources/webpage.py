"""HTML -> Outline (lxml; scripts, styles and embedded content dropped; h1-h4 -> topic/chapter/page/section)."""

from __future__ import annotations

from typing import Any

import lxml.html

from generator.model import Block, ListItem, Outline, Span
from generator.sources.errors import CONTENT_EMPTY, FILE_UNREADABLE, SourceError, SourceLimits
from generator.sources.tree import OutlineBuilder, clip, table

DROPPED = (
    "script", "style", "noscript", "template", "iframe", "object", "embed", "svg", "math",
    "head", "nav", "footer", "form", "button", "select", "textarea", "canvas", "video", "audio",
)  # fmt: skip
_BLOCKS = {"p", "div", "section", "article", "main", "body", "header", "aside", "figure"}


def html_to_outline(
    html: str | bytes, limits: SourceLimits | None = None, *, name: str = "page.html"
) -> Outline:
    """The page's headings and text: the first h1 (else <title>) is the topic, h2 chapters,
    h3 pages, h4 content titles; p, lists, tables, blockquote and pre keep their kind."""
    limits = limits or SourceLimits()
    try:
        root = lxml.html.document_fromstring(html)
    except (lxml.etree.ParserError, ValueError) as exc:
        raise SourceError(FILE_UNREADABLE, f"{name}: not readable HTML ({exc})") from None
    title = clip(root.findtext(".//title") or "")
    for el in list(root.iter(*DROPPED)):
        if el.getparent() is not None:
            el.drop_tree()
    body = root.find("body")
    if body is None:
        raise SourceError(CONTENT_EMPTY, f"{name}: no body")
    builder = OutlineBuilder()
    walker = _Walker(builder, limits)
    walker.walk(body)
    walker.flush()
    if not builder.topic:
        builder.topic = title
    return builder.finish(fallback_topic=name)


def _text(el: Any) -> str:
    return " ".join(el.text_content().split())


class _Walker:
    def __init__(self, builder: OutlineBuilder, limits: SourceLimits) -> None:
        self.builder, self.limits = builder, limits
        self.inline: list[str] = []
        self.chars = 0

    def flush(self) -> None:
        text = " ".join(" ".join(self.inline).split())
        self.inline = []
        if text:
            self.add(Block("paragraph", [Span(text)]))

    def add(self, block: Block) -> None:
        self.chars += block.text_length()
        if self.chars <= self.limits.max_extracted_chars:
            self.builder.add(block)

    def walk(self, el: Any) -> None:
        if el.text and el.text.strip():
            self.inline.append(el.text)
        for child in el:
            if not isinstance(child.tag, str):
                pass
            else:
                self.element(child)
            if child.tail and child.tail.strip():
                self.inline.append(child.tail)

    def element(self, el: Any) -> None:
        tag = el.tag.lower()
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6"):
            self.flush()
            text = _text(el)
            if text:
                self.builder.heading(int(tag[1]), text)
        elif tag in ("ul", "ol"):
            self.flush()
            block = _list(el, 0)
            if block.items:
                self.add(block)
        elif tag == "table":
            self.flush()
            rows = [
                [_text(c) for c in tr.iter("td", "th")][: self.limits.max_sheet_cols]
                for tr in el.iter("tr")
            ][: self.limits.max_sheet_rows]
            rows = [r for r in rows if any(r)]
            if rows:
                self.add(table(rows[0], rows[1:]))
        elif tag == "blockquote":
            self.flush()
            text = _text(el)
            if text:
                self.add(Block("quote", paragraphs=[[Span(text)]]))
        elif tag == "pre":
            self.flush()
            code = el.text_content().strip("\n")
            if code.strip():
                self.add(Block("code", text=code[:20_000]))
        elif tag == "br":
            self.inline.append(" ")
        elif tag in _BLOCKS or tag in ("li", "dl", "dt", "dd"):
            self.flush()
            self.walk(el)
            self.flush()
        else:
            self.walk(el)


def _list(el: Any, depth: int) -> Block:
    block = Block("list", ordered=el.tag.lower() == "ol")
    for li in el.findall("li"):
        children = [
            _list(sub, depth + 1) for sub in li.iter("ul", "ol") if depth < 8 and sub is not li
        ]
        children = [c for c in children if c.items][:1]
        parts = [li.text or ""] + [
            (_text(c) if c.tag not in ("ul", "ol") else "") + (c.tail or "") for c in li
        ]
        text = " ".join(" ".join(parts).split())
        if text or children:
            block.items.append(ListItem([Span(text)], children))
    return block
