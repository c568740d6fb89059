"""Events -> Outline: by headings (documents) or one page per slide (decks).

Documents: the first `#` is the topic; `##` chapters, `###` pages, `####` content titles;
deeper headings are bold headings. Decks: each slide is a page titled by its first heading
(later headings are content titles); a title slide first becomes the cover; heading-only or
`layout: section` slides become chapter dividers. Comments are directives, speaker notes
(Marp/Slidev convention in decks; `<!-- notes: ... -->` anywhere) or hidden.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from generator.lazyre import lazy_compile
from generator.markup.bare import drop_bare_headings
from generator.markup.cover import (
    is_generic,
    logo_alt,
    missing_logo,
    named_title,
    project_name,
    tagline,
)
from generator.markup.deck import RawSlide, directive
from generator.markup.deckslides import (
    MAX_SECTION_TITLE,
    Slide,
    is_background,
    is_section_slide,
    is_title_slide,
    section_line,
    without_empty_slots,
)
from generator.markup.events import (
    Comment,
    Contents,
    Event,
    Heading,
    Item,
    MissingPictures,
    Notes,
    Slot,
)
from generator.markup.missing import fold_picture_only, fold_picture_slides
from generator.markup.tokens import Converter
from generator.model import (
    PAGE_HINTS,
    Block,
    Chapter,
    ListItem,
    Outline,
    Page,
    Section,
    Spans,
    join_titles,
    plain,
    title_spans,
    titled,
)

MAX_TITLE_CHARS = 200
SLIDEV_LAYOUTS = {
    "cover": "cover",
    "intro": "cover",
    "section": "section",
    "center": "center",
    "fact": "center",
    "statement": "center",
    "end": "center",
    "two-cols": "columns",
    "two-cols-header": "columns",
    "image-right": "image-text",
    "image-left": "image-text",
    "image": "image-text",
    "quote": "quote",
}
MARP_CLASSES = {"lead": "center", "gaia": "", "invert": ""}
# The colours (background, text) of Marp's colour scheme classes, by theme (Gaia's own, and
# the inverted scheme of the other themes): a slide's class is its colours.
MARP_SCHEMES: dict[tuple[str, str], tuple[str, str]] = {
    ("gaia", "invert"): ("#455a64", "#fff8e1"),
    ("gaia", "gaia"): ("#0288d1", "#fff8e1"),
    ("", "invert"): ("#0d1117", "#e6edf3"),
}
_SLOT = lazy_compile(r"^::(\w+)::\s*$", re.M)
_NOTE_LINE = lazy_compile(r"^(?:Note|Notes):\s*", re.M)
COLOR = lazy_compile(r"^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|hsl)a?\([\d\s.,%/]+\))$")


def clip(text: str, limit: int = MAX_TITLE_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def heading_title(spans: Spans) -> str:
    """A heading's title: its plain text (clipped), keeping its inline formatting."""
    return titled(spans, clip(plain(spans)))


def notes_comment(text: str) -> str | None:
    """`<!-- notes: ... -->` -> its text."""
    head, sep, rest = text.partition(":")
    if sep and head.strip().lower() in ("notes", "note", "speaker notes"):
        return rest.strip()
    return None


@dataclass
class DocumentBuilder:
    """Files events by heading level (the classic outline rules)."""

    topic: str | None = None
    subtitle: str = ""
    first_heading: str = ""
    first_text: str = ""
    chapters: list[Chapter] = field(default_factory=list)
    page: Page | None = None
    section: Section | None = None
    pending: list[Block] = field(default_factory=list)  # blocks right under the topic
    footnotes: list[Block] = field(default_factory=list)
    # where pictures were left out: a page or section holding nothing else is not made
    lost: list[tuple[Page, Section | None]] = field(default_factory=list)
    captions: set[int] = field(default_factory=set)  # ids of the lines standing for them
    pending_notes: list[str] = field(default_factory=list)  # ... above the first heading
    pending_pictures: list[str] = field(default_factory=list)  # ... the missing ones' labels

    def _all_blocks(self) -> list[Block]:
        """The document's blocks in order (top level: a list's items hold their children)."""
        found = list(self.pending)
        for chapter in self.chapters:
            for page in chapter.pages:
                found += page.blocks
                for section in page.sections:
                    found += section.blocks
        return found

    def chapter(self) -> Chapter:
        if not self.chapters:
            self.chapters.append(Chapter(""))
        return self.chapters[-1]

    def events(self, events: list[Event], title: str = "") -> None:
        """`title`: the front matter's; when the document's first `#` is another text, its `#`
        headings are chapters (`##` pages...), as in pandoc decks and titled notes."""
        tops = [clip(plain(e.spans)) for e in events if isinstance(e, Heading) and e.level == 1]
        shift = 1 if title and tops and tops[0] != clip(title) else 0
        if shift:
            self.topic = clip(title)
        for event in events:
            if isinstance(event, Heading):
                self.heading(min(6, event.level + shift), heading_title(event.spans))
            elif isinstance(event, Item):
                self.add(event.block)
            elif isinstance(event, MissingPictures) and self.page is None and not self.chapters:
                self.pending_notes.append(event.text)  # pictures above the first heading
                self.pending_pictures += event.labels
            elif isinstance(event, Notes):
                self.add_notes(event.text)
                if isinstance(event, MissingPictures) and self.page is not None:
                    self.lost.append((self.page, self.section))
                    self.captions.update(id(b) for b in event.captions)
            elif isinstance(event, Comment):
                text = notes_comment(event.text)
                if text:
                    self.add_notes(text)
                elif self.page is not None:
                    self.page_directive(event.text)

    def page_directive(self, text: str) -> None:
        """`<!-- layout: quote -->` / `<!-- backgroundColor: "#123" -->` on the current page."""
        found = directive(text) or {}
        assert self.page is not None
        layout = str(found.get("layout") or found.get("_layout") or "")
        hint = SLIDEV_LAYOUTS.get(layout, layout if layout in PAGE_HINTS else "")
        if hint:
            self.page.hint = hint
        colour = str(found.get("backgroundColor") or found.get("_backgroundColor") or "")
        if COLOR.match(colour.strip()):
            self.page.background = colour.strip()
        text = str(found.get("color") or found.get("_color") or "").strip()
        if COLOR.match(text):
            self.page.color = text

    def add_notes(self, text: str) -> None:
        if self.page is None and not self.chapters:
            return
        page = self.current_page()
        page.notes = f"{page.notes}\n{text}".strip()

    def heading(self, level: int, title: str) -> None:
        if title and not self.first_heading:
            self.first_heading = title
        if level == 1 and self.topic is None and not self.chapters:
            self.topic = title  # a `#` after the document's sections is one of them
            return
        if level >= 5:
            if title:
                self.add(Block("heading", title_spans(title, bold=True)))
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
            self.first_text = first_line(block)
        if self.page is None and not self.chapters:
            self.pending.append(block)
            return
        if self.section is not None:
            self.section.blocks.append(block)
        else:
            self.current_page().blocks.append(block)

    def finish(
        self, properties: dict[str, str], name: str = "", front: Mapping[str, object] | None = None
    ) -> Outline:
        """`name`: the document's name (its file's), the title when the document has none;
        `front`: the front matter (the project it names completes a generic title)."""
        named = name if self.chapters or self.pending else ""  # a name is no content
        logo = logo_alt(self.pending) or missing_logo(self.pending, self.pending_pictures)
        topic = properties.get("title") or self.topic or logo or named
        topic = topic or self.first_heading or self.first_text[:80].strip()
        pending = self.pending
        subtitle = properties.get("subtitle", "")
        project = project_name(front or {}, self._all_blocks()) if is_generic(topic) else ""
        if (
            not subtitle
            and len(pending) == 1
            and pending[0].type == "paragraph"
            and len(plain(pending[0].spans)) <= 160
            and self.chapters
        ):
            subtitle = plain(pending[0].spans).strip()
            pending = []
        if not subtitle and self.chapters:
            subtitle = tagline(pending, [topic, project])  # the intro keeps it
        topic = named_title(topic, project)
        if properties.get("title") and self.topic and self.topic != topic and not subtitle:
            subtitle = self.topic  # the document's own `#` title under the front matter's
        chapters = list(self.chapters)
        fold_picture_only(chapters, self.lost, self.captions)
        if pending:
            chapters.insert(0, Chapter("", [Page(topic, pending)]))
        first = next((p for c in chapters for p in c.pages), None)
        if first is not None and self.pending_notes:
            first.notes = "\n".join([*self.pending_notes, first.notes]).strip()
        return _outline(topic, subtitle, chapters)


def _outline(topic: str, subtitle: str, chapters: list[Chapter]) -> Outline:
    drop_bare_headings(chapters)
    for chapter in chapters:
        chapter.pages = [p for p in chapter.pages if not p.is_empty() or p.notes or p.hint]
    chapters = [c for c in chapters if c.pages or c.title]
    return Outline(clip(topic), clip(subtitle), chapters)


def first_line(block: Block) -> str:
    if block.type in ("paragraph", "heading"):
        return plain(block.spans).strip().split("\n")[0]
    if block.type == "list" and block.items:
        return plain(block.items[0].spans).strip()
    if block.type == "quote" and block.paragraphs:
        return plain(block.paragraphs[0]).strip()
    return ""


class DeckBuilder:
    """One page per slide; Marp directives carry over to later slides unless `_`-prefixed."""

    def __init__(self, kind: str, front: dict[str, Any], conv: Converter) -> None:
        self.kind = kind
        self.conv = conv
        self.carry: dict[str, Any] = {
            k: v
            for k, v in front.items()
            if k in ("class", "backgroundColor", "backgroundImage", "color")
        }
        self.carry_theme = str(front.get("theme") or "")
        self.slides: list[Slide] = []
        self.contents: list[Block] = []  # lists standing for live tables of contents

    def slide(self, raw: RawSlide) -> None:
        if raw.meta.get("disabled") is True or raw.meta.get("hide") is True:
            self.conv.ctx.note("hidden", "a slide hidden in the source (hide/disabled) left out")
            return
        local: dict[str, Any] = {}
        slide = Slide()
        text = raw.text
        slots = _SLOT.split(text)
        parts: list[tuple[str, str]] = [("", slots[0])]
        parts += [(slots[i], slots[i + 1]) for i in range(1, len(slots) - 1, 2)]
        for index, (_slot, part) in enumerate(parts):
            body, note = _reveal_notes(part)
            if note:
                slide.notes.append(note)
            events = self.conv.events(body)
            if index == 1 and not slide.sections:  # the default slot is the first column
                moved = [b for b in slide.blocks if not is_background(b)]
                slide.blocks = [b for b in slide.blocks if is_background(b)]
                slide.sections.append(Section("", moved))
            if index > 0:
                slide.sections.append(Section(""))
                slide.hint = slide.hint or "columns"
            self._fill(slide, events, local, into_section=index > 0)
        if not slide.title:
            slide.title = _named(raw.meta)
        self._apply(slide, {**self.carry, **raw.meta, **local}, raw.meta)
        if without_empty_slots(slide):
            self.conv.ctx.note("layout", "a column slot with nothing left to show not drawn")
        self.slides.append(slide)

    def _fill(
        self, slide: Slide, events: list[Event], local: dict[str, Any], into_section: bool
    ) -> None:
        gridded = after_grid = False
        for event in events:
            if isinstance(event, Heading) and after_grid and slide.sections:
                line = Block(
                    "paragraph", title_spans(titled(event.spans, plain(event.spans)), bold=True)
                )
                event = Item(line)  # under a grid: a bold line of its last column
            if isinstance(event, Contents):
                listed = Block("list")  # filled with the deck's titles when all are read
                self.contents.append(listed)
                event = Item(listed)
            if isinstance(event, Slot) and event.closing:
                after_grid = True
            elif isinstance(event, Slot):  # a grid's column
                slide.sections.append(Section(""))
                slide.hint = slide.hint or "columns"
                into_section = gridded = True
            elif isinstance(event, Comment):
                self._comment(slide, event.text, local)
            elif isinstance(event, Notes):
                slide.notes.append(event.text)
                slide.lost += isinstance(event, MissingPictures)
            elif isinstance(event, Heading):
                title = heading_title(event.spans)
                if not title:
                    continue
                slide.headings.append(title)
                untitled = not slide.title and slide.items == 0
                if untitled and not into_section and not slide.sections:
                    slide.title = title
                elif untitled and gridded and not any(s.title for s in slide.sections):
                    slide.title = title  # the slide's heading written inside a grid's first cell
                elif (
                    into_section
                    and slide.sections
                    and not slide.sections[-1].title
                    and not slide.sections[-1].blocks
                ):
                    slide.sections[-1].title = title
                else:
                    slide.sections.append(Section(title))
            elif isinstance(event, Item):
                if event.block.type != "image" or event.block.kind != "background":
                    slide.items += 1
                if slide.sections:
                    slide.sections[-1].blocks.append(event.block)
                else:
                    slide.blocks.append(event.block)

    def _comment(self, slide: Slide, text: str, local: dict[str, Any]) -> None:
        note = notes_comment(text)
        if note is not None:
            slide.notes.append(note)
            return
        found = directive(text)
        if found is None:
            if text:
                slide.notes.append(" ".join(text.split()))
            return
        for key, value in found.items():
            name = str(key)
            if name.startswith(("_", "*")):
                local[name.lstrip("_*")] = value
            elif name.startswith("$"):
                continue
            else:
                self.carry[name] = value
                local[name] = value

    def _apply(self, slide: Slide, directives: dict[str, Any], meta: dict[str, Any]) -> None:
        layout = str(meta.get("layout") or directives.get("layout") or "")
        hint = SLIDEV_LAYOUTS.get(layout, "")
        classes = str(directives.get("class") or directives.get("template") or "").split()
        if not hint:
            hint = next((MARP_CLASSES[c] for c in classes if MARP_CLASSES.get(c)), "")
            if "gaia" in classes and not slide.items:
                hint = "section"
        slide.hint = hint or slide.hint
        theme = str(directives.get("theme") or self.carry_theme).strip().lower()
        slide.background, slide.color = _scheme(theme, classes)
        colour = str(directives.get("backgroundColor") or "")
        background = meta.get("background") or directives.get("backgroundImage")
        if isinstance(background, str) and COLOR.match(background.strip()):
            colour, background = background.strip(), None
        if colour and COLOR.match(colour.strip()):
            slide.background = colour.strip()
        text = str(directives.get("color") or "").strip()
        if text and COLOR.match(text):
            slide.color = text
        for key, kind in (("image", "picture"), ("src", "picture")):
            if isinstance(meta.get(key), str) and layout.startswith("image"):
                self._image(slide, meta[key], kind)
        if isinstance(background, str) and background.strip():
            url = background.strip()
            if url.lower().startswith("url("):
                url = url[4:].rstrip(")").strip("'\" ")
            self._image(slide, url, "background")

    def _image(self, slide: Slide, src: str, kind: str) -> None:
        from generator.markup.inline import InlineImage

        block = self.conv.image(InlineImage(src, ""))
        slide.notes.extend(e.text for e in self.conv.take_missing() if isinstance(e, Notes))
        if block is not None and block.type == "image":
            block.kind = kind
            slide.blocks.append(block)
            if kind != "background":
                slide.items += 1

    def finish(self, properties: dict[str, str]) -> Outline:
        slides = fold_picture_slides(self.slides, self.conv.ctx)
        topic = properties.get("title", "")
        subtitle = properties.get("subtitle", "")
        titled = self.kind == "pandoc" and topic  # pandoc's title slide is the front matter's
        if slides and not titled and is_title_slide(slides[0]):
            cover = slides.pop(0)
            topic = topic or cover.title
            rest = [h for h in cover.headings if h != cover.title]
            rest += [first_line(b) for b in cover.blocks if first_line(b)]
            if cover.title and cover.title != topic:
                rest.insert(0, cover.title)
            subtitle = subtitle or clip(" · ".join(rest), 300)
        topic = topic or next((s.title for s in slides if s.title), "")
        for listed in self.contents:
            listed.items = [ListItem(title_spans(s.title)) for s in slides if s.title]
        chapters: list[Chapter] = [Chapter("")]
        for k, slide in enumerate(slides):
            title = slide.title
            extra = [h for h in slide.headings if h != title]
            if extra and len(title) + sum(len(h) for h in extra) <= 120:
                title = join_titles(" — ", [title, *extra])
            last = k == len(slides) - 1
            line = section_line(slide, title, last)
            if line or is_section_slide(slide, title, last):
                chapters.append(Chapter(title, subtitle=line))
                continue
            page = slide.page()
            if page.is_empty() and page.title:  # a heading alone, not a section: a statement
                page.hint = page.hint or "center"
            chapters[-1].pages.append(page)
        return _outline(topic, subtitle, chapters)


def _named(meta: dict[str, Any]) -> str:
    """The title a Slidev slide's front matter gives a slide without a heading (`title:`, else
    its `name:`), so that it is not a slide under an empty title."""
    for key in ("title", "name"):
        value = meta.get(key)
        if isinstance(value, str) and value.strip():
            return clip(value, MAX_SECTION_TITLE)
    return ""


def _scheme(theme: str, classes: list[str]) -> tuple[str, str]:
    """The (background, text) colours of a slide's Marp colour scheme class ("", "" for none)."""
    for name in classes:
        found = MARP_SCHEMES.get((theme, name)) or MARP_SCHEMES.get(("", name))
        if found:
            return found
    return "", ""


def _reveal_notes(text: str) -> tuple[str, str]:
    """reveal.js: everything after a line starting with `Note:` is the speaker notes."""
    m = _NOTE_LINE.search(text)
    if m is None or (m.start() > 0 and text[m.start() - 1] != "\n"):
        return text, ""
    before = text[: m.start()]
    if before.count("```") % 2:
        return text, ""
    return before, " ".join(text[m.end() :].split())
