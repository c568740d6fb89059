"""Headings and blocks in reading order -> Outline (the same filing rules as generator.outline)."""

from __future__ import annotations

from generator.model import Block, Chapter, ListItem, Outline, Page, Section, Span, plain
from generator.sources.errors import CONTENT_EMPTY, SourceError

MAX_TITLE = 200


def clip(text: str, limit: int = MAX_TITLE) -> str:
    """Whitespace collapsed, at most `limit` characters (an ellipsis marks a cut)."""
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def paragraph(text: str) -> Block:
    return Block("paragraph", [Span(" ".join(text.split()))])


def bullet_list(items: list[ListItem], ordered: bool = False) -> Block:
    return Block("list", ordered=ordered, items=items)


def item(text: str, children: list[Block] | None = None) -> ListItem:
    return ListItem([Span(" ".join(text.split()))], children or [])


def table(header: list[str], rows: list[list[str]]) -> Block:
    width = max([len(header)] + [len(r) for r in rows]) if (header or rows) else 0
    return Block(
        "table",
        header=[[Span(" ".join(c.split()))] for c in header],
        rows=[[[Span(" ".join(c.split()))] for c in r] for r in rows],
        align=["left"] * width,
    )


class OutlineBuilder:
    """Level 1 = topic (a later level 1 is a chapter), 2 = chapter, 3 = page, 4 = content title,
    deeper = a bold heading block. Blocks go under the innermost open container; blocks before any
    page open one titled after its chapter (or the topic)."""

    def __init__(self, topic: str = "") -> None:
        self.topic = clip(topic)
        self.subtitle = ""
        self.chapters: list[Chapter] = []
        self.page: Page | None = None
        self.section: Section | None = None
        self.first_text = ""

    def heading(self, level: int, title: str) -> None:
        title = clip(title)
        if level <= 1 and not self.topic:
            self.topic = title
        elif level <= 2:
            self.chapters.append(Chapter(title))
            self.page = self.section = None
        elif level == 3:
            chapter = self._chapter()
            self.page = Page(title or chapter.title or self.topic)
            chapter.pages.append(self.page)
            self.section = None
        elif level == 4:
            self.section = Section(title)
            self.current_page().sections.append(self.section)
        elif title:
            self.add(Block("heading", [Span(title, bold=True)]))

    def add(self, block: Block) -> None:
        if not self.first_text and block.type in ("paragraph", "heading"):
            self.first_text = plain(block.spans)
        if self.section is not None:
            self.section.blocks.append(block)
        else:
            self.current_page().blocks.append(block)

    def current_page(self) -> Page:
        if self.page is None:
            chapter = self._chapter()
            self.page = Page(chapter.title or self.topic or "")
            chapter.pages.append(self.page)
        return self.page

    def page_chars(self) -> int:
        page = self.page
        if page is None:
            return 0
        blocks = page.blocks + [b for s in page.sections for b in s.blocks]
        return sum(b.text_length() for b in blocks)

    def _chapter(self) -> Chapter:
        if not self.chapters:
            self.chapters.append(Chapter(""))
        return self.chapters[-1]

    def finish(self, fallback_topic: str = "") -> Outline:
        topic = self.topic or clip(self.first_text, 80) or clip(fallback_topic)
        chapters = []
        for chapter in self.chapters:
            for page in chapter.pages:
                page.title = page.title or topic
            chapter.pages = [p for p in chapter.pages if not p.is_empty()]
            if chapter.pages or chapter.title:
                chapters.append(chapter)
        if not topic and not chapters:
            raise SourceError(CONTENT_EMPTY, "no usable text found")
        if not any(c.pages for c in chapters):
            raise SourceError(CONTENT_EMPTY, "no usable text found (headings only)")
        return Outline(topic, self.subtitle, chapters)


def merge_outlines(outlines: list[Outline]) -> Outline:
    """Several files' outlines -> one: the first file's topic; each further file's untitled
    chapters get that file's topic as their title."""
    if len(outlines) == 1:
        return outlines[0]
    first = outlines[0]
    chapters: list[Chapter] = []
    for i, outline in enumerate(outlines):
        for chapter in outline.chapters:
            if not chapter.title and i > 0:
                chapter.title = outline.topic
            chapters.append(chapter)
    return Outline(first.topic, first.subtitle, chapters)


def count_pages(outline: Outline) -> int:
    return sum(len(c.pages) for c in outline.chapters)
