"""Markdown -> outline tree (topic `#`, chapters `##`, pages `###`, content titles `####`, blocks).

Parsed with markdown-it-py (CommonMark + tables + strikethrough, raw HTML off: stray tags stay
literal text and are escaped when rendered, never executed). Rules for real-world Markdown:

- The first `#` is the topic; a later `#` starts a chapter like `##`. Without `#`, the topic is
  the first heading of any level, else the first line of text (at most 80 characters).
- Skipped levels get implicit, untitled containers: `###` before any `##` goes into an untitled
  chapter (no divider page), `####` or content before any `###` into a page titled after its
  chapter (or the topic). Headings `#####`/`######` become bold paragraphs.
- Images: only `data:image/(png|jpeg|gif|webp);base64` URIs are kept; others become their alt text.
  Links keep only http(s) and mailto targets.
- Nothing usable (no text at all) -> GeneratorError 1010 with field `markdown`.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode

from generator.errors import bad
from generator.model import Block, Chapter, ListItem, Outline, Page, Section, Span, Spans, plain

__all__ = [
    "Block",
    "Chapter",
    "ListItem",
    "Outline",
    "Page",
    "Section",
    "Span",
    "Spans",
    "parse_outline",
    "plain",
]

MAX_MARKDOWN_CHARS = 1_000_000
MAX_TITLE_CHARS = 200
DATA_IMAGE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$")
SAFE_LINK = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)


_MD = MarkdownIt("commonmark", {"html": False, "linkify": False}).enable(["table", "strikethrough"])


def parse_outline(markdown: Any) -> Outline:
    """Parse Markdown into an Outline. Raises GeneratorError(1010, field `markdown`)."""
    if not isinstance(markdown, str):
        raise bad("markdown", "must be a string")
    if len(markdown) > MAX_MARKDOWN_CHARS:
        raise bad(
            "markdown", f"is {len(markdown)} characters; at most {MAX_MARKDOWN_CHARS} allowed"
        )
    text = markdown.encode("utf-8", "replace").decode("utf-8").replace("\x00", "\ufffd")
    root = SyntaxTreeNode(_MD.parse(text))
    builder = _Builder()
    for node in root.children:
        builder.node(node)
    outline = builder.finish()
    if not outline.topic and not any(c.pages for c in outline.chapters):
        raise bad("markdown", "has no usable content (no headings, text, lists or tables)")
    return outline


class _Builder:
    """Walks the top-level block nodes and files each block under the current container."""

    def __init__(self) -> None:
        self.topic: str | None = None
        self.subtitle = ""
        self.first_heading = ""
        self.first_text = ""
        self.chapters: list[Chapter] = []
        self.page: Page | None = None
        self.section: Section | None = None
        self.pending: list[Block] = []  # blocks right under the topic

    def chapter(self) -> Chapter:
        if not self.chapters:
            self.chapters.append(Chapter(""))
        return self.chapters[-1]

    def node(self, node: SyntaxTreeNode) -> None:
        if node.type == "heading":
            level = int(node.tag[1])
            title = _clip(plain(_inline(node.children[0] if node.children else None)).strip())
            if level <= 4:
                self.heading(level, title)
                return
            block = Block("heading", [Span(title, bold=True)]) if title else None
            blocks = [block] if block else []
        else:
            blocks = _blocks(node)
        for block in blocks:
            self.add(block)

    def heading(self, level: int, title: str) -> None:
        if title and not self.first_heading:
            self.first_heading = title
        if level == 1 and self.topic is None:
            self.topic = title
            return
        if level <= 2:
            self.chapters.append(Chapter(title))
            self.page = self.section = None
        elif level == 3:
            self.page = Page(title or self.chapter().title)
            self.chapter().pages.append(self.page)
            self.section = None
        else:
            page = self.current_page()
            self.section = Section(title)
            page.sections.append(self.section)

    def current_page(self) -> Page:
        if self.page is None:
            chapter = self.chapter()
            self.page = Page(chapter.title or (self.topic or self.first_heading))
            chapter.pages.append(self.page)
        return self.page

    def add(self, block: Block) -> None:
        if not self.first_text:
            self.first_text = _first_line(block)
        if self.page is None and not self.chapters:
            self.pending.append(block)
            return
        if self.section is not None:
            self.section.blocks.append(block)
        else:
            self.current_page().blocks.append(block)

    def finish(self) -> Outline:
        topic = self.topic or self.first_heading or self.first_text[:80].strip()
        pending = self.pending
        if (
            len(pending) == 1
            and pending[0].type == "paragraph"
            and len(plain(pending[0].spans)) <= 160
            and self.chapters
        ):
            self.subtitle = plain(pending[0].spans).strip()
            pending = []
        chapters = [c for c in self.chapters]
        if pending:
            intro = Chapter("", [Page(topic, pending)])
            chapters.insert(0, intro)
        for chapter in chapters:
            chapter.pages = [p for p in chapter.pages if not p.is_empty()]
        chapters = [c for c in chapters if c.pages or c.title]
        return Outline(_clip(topic), _clip(self.subtitle), chapters)


def _clip(text: str, limit: int = MAX_TITLE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _first_line(block: Block) -> str:
    if block.type in ("paragraph", "heading"):
        return plain(block.spans).strip().split("\n")[0]
    if block.type == "list" and block.items:
        return plain(block.items[0].spans).strip()
    if block.type == "quote" and block.paragraphs:
        return plain(block.paragraphs[0]).strip()
    return ""


def _blocks(node: SyntaxTreeNode) -> list[Block]:
    t = node.type
    if t == "paragraph":
        return _paragraph(node)
    if t in ("bullet_list", "ordered_list"):
        block = _list(node)
        return [block] if block.items else []
    if t == "table":
        return _table(node)
    if t == "blockquote":
        paragraphs = [s for s in (_flat_spans(c) for c in node.children) if plain(s).strip()]
        return [Block("quote", paragraphs=paragraphs)] if paragraphs else []
    if t in ("fence", "code_block"):
        code = node.content.rstrip("\n")
        lang = (node.info or "").split()[0][:20] if t == "fence" and node.info else ""
        return [Block("code", text=code, language=lang)] if code.strip() else []
    return []  # hr, html (off), anything else


def _paragraph(node: SyntaxTreeNode) -> list[Block]:
    """A paragraph; a data-URI image in it becomes its own image block after the text."""
    inline = node.children[0] if node.children else None
    images: list[Block] = []
    spans = _inline(inline, images=images)
    out: list[Block] = []
    if plain(spans).strip():
        out.append(Block("paragraph", _trim(spans)))
    return out + images


def _trim(spans: Spans) -> Spans:
    spans = [s for s in spans if s.text]
    if spans:
        spans[0].text = spans[0].text.lstrip()
        spans[-1].text = spans[-1].text.rstrip()
    return [s for s in spans if s.text]


def _list(node: SyntaxTreeNode) -> Block:
    ordered = node.type == "ordered_list"
    start = 1
    if ordered:
        try:
            start = max(0, min(int(node.attrs.get("start", 1)), 10**6))
        except (TypeError, ValueError):
            start = 1
    items: list[ListItem] = []
    for li in node.children:
        spans: Spans = []
        children: list[Block] = []
        for child in li.children:
            if child.type in ("bullet_list", "ordered_list"):
                sub = _list(child)
                if sub.items:
                    children.append(sub)
            else:
                more = _flat_spans(child)
                if spans and more:
                    spans.append(Span(" "))
                spans.extend(more)
        items.append(ListItem(_trim(spans), children))
    return Block("list", ordered=ordered, start=start, items=items)


def _table(node: SyntaxTreeNode) -> list[Block]:
    header: list[Spans] = []
    rows: list[list[Spans]] = []
    align: list[str] = []
    for part in node.children:
        for tr in part.children:
            cells = [_trim(_inline(c.children[0] if c.children else None)) for c in tr.children]
            if part.type == "thead":
                header = cells
                align = [_align(c.attrs.get("style")) for c in tr.children]
            else:
                rows.append(cells)
    if not header and not rows:
        return []
    return [Block("table", header=header, rows=rows, align=align)]


def _align(style: Any) -> str:
    style = str(style or "")
    for value in ("center", "right"):
        if value in style:
            return value
    return "left"


def _flat_spans(node: SyntaxTreeNode) -> Spans:
    """Any block flattened to inline spans (for list items and quotes)."""
    if node.type == "inline":
        return _inline(node)
    if node.type in ("fence", "code_block"):
        return [Span(node.content.strip(), code=True)]
    out: Spans = []
    for child in node.children:
        more = _flat_spans(child)
        if out and more:
            out.append(Span(" "))
        out.extend(more)
    return out


def _inline(
    node: SyntaxTreeNode | None,
    bold: bool = False,
    italic: bool = False,
    href: str | None = None,
    images: list[Block] | None = None,
) -> Spans:
    if node is None:
        return []
    out: Spans = []
    for child in node.children:
        t = child.type
        if t == "text":
            out.append(Span(child.content, bold, italic, False, href))
        elif t == "code_inline":
            out.append(Span(child.content, bold, italic, True, href))
        elif t in ("softbreak", "hardbreak"):
            out.append(Span(" ", bold, italic, False, href))
        elif t == "strong":
            out.extend(_inline(child, True, italic, href, images))
        elif t == "em":
            out.extend(_inline(child, bold, True, href, images))
        elif t == "s":
            out.extend(_inline(child, bold, italic, href, images))
        elif t == "link":
            target = str(child.attrs.get("href", ""))
            link = target if SAFE_LINK.match(target) else None
            out.extend(_inline(child, bold, italic, link or href, images))
        elif t == "image":
            src = str(child.attrs.get("src", ""))
            alt = plain(_inline(child)).strip() or str(child.attrs.get("alt", ""))
            if images is not None and DATA_IMAGE.match(src):
                images.append(Block("image", src=src, alt=_clip(alt)))
            elif alt:
                out.append(Span(alt, bold, True, False, href))
        else:
            out.extend(_inline(child, bold, italic, href, images))
    return _merge(out)


def _merge(spans: Spans) -> Spans:
    out: Spans = []
    for s in spans:
        if out and (out[-1].bold, out[-1].italic, out[-1].code, out[-1].href) == (
            s.bold,
            s.italic,
            s.code,
            s.href,
        ):
            out[-1] = Span(out[-1].text + s.text, s.bold, s.italic, s.code, s.href)
        else:
            out.append(s)
    return out
