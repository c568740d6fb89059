"""A block of raw HTML in Markdown -> events: comments, headings and outline blocks.

The fragment is sanitized first (generator.markup.sanitize: allowlist, images resolved to data:
URIs). What has an outline equivalent becomes it (`<h1 align=center>` a heading, `<p><img></p>`
pictures or a badge row, `<ul>` a list, a plain `<table>` a table, `<pre>` code, `<details>` its
content under its `<summary>` as a content title, like `####`); what does not (styled boxes,
tables with merged cells) stays sanitized HTML in an `html` block, which the slide HTML carries
as is.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import lxml.html
from lxml import etree

from generator.markup.boilerplate import KIND, LINK_ROW, link_row
from generator.markup.cards import cards_table, read_cards
from generator.markup.events import Comment, Contents, Event, Heading, Item
from generator.markup.images import is_badge_url
from generator.markup.inline import FLAG_TAGS, SAFE_LINK, InlineImage, merge_spans
from generator.markup.sanitize import names, sanitize_html
from generator.markup.spans import trim_spans
from generator.markup.tokens import mark_badge_rows
from generator.model import Block, ListItem, Span, Spans, plain

if TYPE_CHECKING:
    from generator.markup.tokens import Converter

CONTAINERS = names(
    "div p section article header footer main nav aside address figure figcaption center picture"
)
BLOCKISH = names(
    "div p section article header footer main nav aside address figure table ul ol dl pre "
    "blockquote details h1 h2 h3 h4 h5 h6 hr picture"
)

LIVE_CONTENTS = "<toc>"  # Slidev's table of contents component, as the sanitizer names it


def html_events(html: str, conv: Converter) -> list[Event]:
    comments, targets = _source_parts(html)
    events: list[Event] = [Comment(c) for c in comments]
    found: dict[str, InlineImage] = {}

    def resolve(src: str, alt: str | None) -> str | None:
        block = conv.image(InlineImage(src, alt or "", decorative=alt == ""))
        if block is None or block.type != "image":  # not shown: listed in the slide's notes
            return ""
        found[block.src] = InlineImage(block.src, block.alt, block.kind, block.width, block.height)
        return block.src

    cleaned = sanitize_html(html, resolve)
    for what in cleaned.dropped:
        if not what.startswith("image "):  # images report themselves when they fail
            conv.ctx.note("html", f"dropped {what}")
        if conv.ctx.deck and what.startswith(LIVE_CONTENTS):
            events.append(Contents())  # Slidev's <Toc>: the deck's titles listed there
    walker = _Walker(found, conv.ctx.deck, targets)
    walker.children(cleaned.root)
    walker.flush()
    for text in walker.link_rows:
        conv.ctx.note(KIND, LINK_ROW, text)
    return events + walker.events


def _source_parts(html: str) -> tuple[list[str], dict[str, str]]:
    """The fragment's comments, and its links' targets by link text (the sanitizer removes
    relative targets; a link row is told by them: `<a href="README.zh-CN.md">简体中文</a>`)."""
    try:
        root = lxml.html.fragment_fromstring(html, create_parent="div")
    except (etree.ParserError, ValueError):
        return [], {}
    comments = [str(c.text or "").strip() for c in root.iter(etree.Comment)]
    targets = {_text(a): a.get("href") or "" for a in root.iter("a")}
    return comments, targets


def _text(el: etree._Element) -> str:
    return " ".join(el.text_content().split())


class _Walker:
    def __init__(self, images: dict[str, InlineImage], deck: bool, targets: dict[str, str]) -> None:
        self.images = images
        self.deck = deck
        self.targets = targets  # link text -> target, as written in the source
        self.events: list[Event] = []
        self.pending: Spans = []
        self.pending_images: list[Block] = []
        self.link_rows: list[str] = []  # the text of rows of links left out

    def add(self, block: Block) -> None:
        self.flush()
        self.events.append(Item(block))

    def flush(self) -> None:
        spans = trim_spans(merge_spans(_collapse(self.pending)))
        if plain(spans).strip():
            self.events.append(Item(Block("paragraph", spans)))
        mark_badge_rows(self.pending_images)
        self.events.extend(Item(b) for b in self.pending_images)
        self.pending, self.pending_images = [], []

    def children(self, el: etree._Element) -> None:
        if el.text and el.text.strip():
            self.pending.append(Span(" ".join(el.text.split()) + " "))
        for child in el:
            self.element(child)
            if child.tail and child.tail.strip():
                self.pending.append(Span(" " + " ".join(child.tail.split()) + " "))

    def element(self, el: etree._Element) -> None:
        if not isinstance(el.tag, str):
            return
        tag = el.tag.lower()
        if tag in ("h1", "h2", "h3", "h4", "h5", "h6", "summary"):
            # a <details>' summary titles what it hides: a content title, as `####`
            self.flush()
            spans = trim_spans(self.inline(el))
            if plain(spans).strip():
                self.events.append(Heading(4 if tag == "summary" else int(tag[1]), spans))
            self.flush()  # images inside the heading come after it
        elif tag in CONTAINERS:
            cards = read_cards(el, lambda part: trim_spans(self.inline(part)))
            if cards is not None:  # an authored grid of cards: each name with its text
                self.add(cards_table(cards))
            elif el.get("style") and not _only_images(el):
                self.add(Block("html", html=_outer(el)))
            elif any(isinstance(c.tag, str) and c.tag.lower() in BLOCKISH for c in el):
                self.flush()
                self.children(el)
                self.flush()
            else:
                self.flush()
                self.pending = self.inline(el)
                if not self.deck and link_row(*_links(el, self.targets)):
                    self.link_rows.append(plain(_collapse(self.pending)).strip())
                    self.pending = []
                self.flush()
        elif tag in ("ul", "ol"):
            self.add(self.list_block(el))
        elif tag == "table":
            self.add(self.table(el))
        elif tag == "pre":
            text = el.text_content().rstrip("\n")
            if text.strip():
                self.add(Block("code", text=text))
        elif tag == "blockquote":
            text = " ".join(el.text_content().split())
            if text:
                self.add(Block("quote", paragraphs=[[Span(text)]]))
        elif tag == "details":
            self.flush()
            self.children(el)
            self.flush()
        elif tag == "dl":
            self.add(self.deflist(el))
        elif tag in ("hr", "br"):
            return
        else:
            self.pending.extend(self.inline_element(el, ()))

    def inline(self, el: etree._Element) -> Spans:
        spans: Spans = []
        if el.text:
            spans.append(Span(el.text))
        for child in el:
            spans.extend(self.inline_element(child, ()))
            if child.tail:
                spans.append(Span(child.tail))
        return _collapse(spans)

    def inline_element(
        self, el: etree._Element, flags: tuple[str, ...], href: str | None = None
    ) -> Spans:
        if not isinstance(el.tag, str):
            return []
        tag = el.tag.lower()
        if tag == "img":
            src = el.get("src") or ""
            info = self.images.get(src)
            if info is not None:
                kind = info.title or ("badge" if is_badge_url(src) else "picture")
                w, h = declared_size(info.width, info.height, el.get("width"), el.get("height"))
                self.pending_images.append(
                    Block("image", src=src, alt=info.alt, width=w, height=h, kind=kind)
                )
            return []
        if tag == "br":
            return [_span(" ", flags, href)]
        if tag in FLAG_TAGS:
            flags = (*flags, FLAG_TAGS[tag])
        if tag == "a":
            target = el.get("href") or ""
            href = target if SAFE_LINK.match(target) or target.startswith("#") else href
        spans: Spans = []
        if el.text:
            spans.append(_span(el.text, flags, href))
        for child in el:
            spans.extend(self.inline_element(child, flags, href))
            if child.tail:
                spans.append(_span(child.tail, flags, href))
        return spans

    def list_block(self, el: etree._Element) -> Block:
        items: list[ListItem] = []
        for li in el:
            if not isinstance(li.tag, str) or li.tag.lower() != "li":
                continue
            spans: Spans = [Span(li.text)] if li.text else []
            children: list[Block] = []
            for child in li:
                if isinstance(child.tag, str) and child.tag.lower() in ("ul", "ol"):
                    children.append(self.list_block(child))
                else:
                    spans.extend(self.inline_element(child, ()))
                if child.tail:
                    spans.append(Span(child.tail))
            items.append(ListItem(trim_spans(_collapse(spans)), children))
        start = el.get("start") or "1"
        return Block(
            "list",
            ordered=el.tag.lower() == "ol",
            start=int(start) if start.isdigit() else 1,
            items=items,
        )

    def table(self, el: etree._Element) -> Block:
        rows = [r for r in el.iter("tr")]
        merged = any(c.get("colspan") or c.get("rowspan") for r in rows for c in r)
        nested = any(
            isinstance(d.tag, str) and d.tag.lower() in ("table", "ul", "ol", "pre", "img")
            for r in rows
            for c in r
            for d in c.iter()
            if d is not c
        )
        if merged or nested or not rows:
            return Block("html", html=_outer(el))
        cells = [[trim_spans(self.inline(c)) for c in r if isinstance(c.tag, str)] for r in rows]
        head = rows[0].find("th") is not None
        header = cells[0] if head else []
        body = cells[1:] if head else cells
        return Block("table", header=header, rows=body, align=["left"] * max(map(len, cells)))

    def deflist(self, el: etree._Element) -> Block:
        items: list[ListItem] = []
        for child in el:
            tag = child.tag.lower() if isinstance(child.tag, str) else ""
            spans = trim_spans(_collapse(self.inline(child)))
            if tag == "dt":
                items.append(ListItem([Span(plain(spans), bold=True)]))
            elif tag == "dd" and items and spans:
                items[-1].children.append(Block("paragraph", spans))
        return Block("list", items=items)


def declared_size(w: int, h: int, width: str | None, height: str | None) -> tuple[int, int]:
    """The picture's size with the width/height attributes (px) applied, ratio kept when only
    one is given."""
    dw = int(width) if width and width.isdigit() else 0
    dh = int(height) if height and height.isdigit() else 0
    if dw and dh:
        return dw, dh
    if dw and w:
        return dw, round(h * dw / w)
    if dh and h:
        return round(w * dh / h), dh
    return w, h


def _span(text: str, flags: tuple[str, ...], href: str | None) -> Span:
    f = set(flags)
    return Span(
        text,
        bold="bold" in f,
        italic="italic" in f,
        code="code" in f,
        href=href if href and SAFE_LINK.match(href) else None,
        mark="mark" in f,
        strike="strike" in f,
        sub="sub" in f,
        sup="sup" in f,
        kbd="kbd" in f,
        anchor=bool(href and href.startswith("#")),  # a link to a place in the document
    )


def _collapse(spans: Spans) -> Spans:
    """HTML whitespace: runs of whitespace become one space (also across spans)."""
    out: Spans = []
    space = True  # at the start, leading whitespace goes
    for s in spans:
        text = " ".join(s.text.split())
        if s.text[:1].isspace() and not space and text:
            text = " " + text
        elif s.text[:1].isspace() and not space and not text:
            text = " "
        if s.text[-1:].isspace() and text.strip():
            text += " "
        if text:
            out.append(replace(s, text=text))
            space = text.endswith(" ")
    return out


def _links(el: etree._Element, source: dict[str, str]) -> tuple[list[str], str]:
    """The targets of the links with text inside `el`, and its text outside links."""
    targets: list[str] = []
    outside: list[str] = [el.text or ""]
    for child in el:
        if not isinstance(child.tag, str):
            pass
        elif child.tag.lower() == "a":
            text = _text(child)
            if text:
                targets.append(child.get("href") or source.get(text, ""))
        else:
            inner, text = _links(child, source)
            targets += inner
            outside.append(text)
        outside.append(child.tail or "")
    return targets, " ".join(outside)


def _only_images(el: etree._Element) -> bool:
    return not el.text_content().strip() and el.find(".//img") is not None


def _outer(el: etree._Element) -> str:
    tail, el.tail = el.tail, None
    try:
        return str(lxml.html.tostring(el, encoding="unicode"))
    finally:
        el.tail = tail
