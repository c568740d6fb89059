"""The deck plan's page type (one slide: kind, layout, titles, content, sizes) <-> the document's `pages` entries."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from generator.lazyre import lazy_compile
from generator.model import Block, Section, Title, title_dict, title_from, title_of

PageKind = Literal["cover", "contents", "divider", "content", "closing"]
PAGE_KINDS: tuple[str, ...] = ("cover", "contents", "divider", "content", "closing")
# Content layouts (the document schema lists the same names).
LAYOUTS: tuple[str, ...] = (
    "bullets",
    "columns",
    "cards",
    "table",
    "comparison",
    "quote",
    "image-text",
    "image-full",
    "image-grid",
    "key-number",
    "numbers",
    "timeline",
    "code",
    "steps",
)
# Layouts whose content flows in one column and may continue on following slides.
FLOWING = frozenset({"bullets", "table"})
_SOURCE_CHAPTER = lazy_compile(r"chapters\[(\d+)\]")


@dataclass(frozen=True)
class PictureRoom:
    """The px height a slide's picture takes (its caption beside it when `beside`), measured
    with the slide's layout and blocks (`blocks`: their ids): a slide whose layout or blocks
    changed since draws its picture in its layout's own room (`room_of`)."""

    height: int
    beside: bool
    layout: str
    blocks: tuple[int, ...]


def picture_room_for(page: PlannedPage, height: int, beside: bool = False) -> PictureRoom:
    return PictureRoom(height, beside, page.layout, tuple(id(b) for b in page.blocks))


def room_of(page: PlannedPage) -> PictureRoom | None:
    """The page's picture room, when measured with its present layout and blocks."""
    room = page.picture
    if room is None or room.layout != page.layout:
        return None
    return room if room.blocks == tuple(id(b) for b in page.blocks) else None


@dataclass
class PlannedPage:
    """One slide of the plan. `blocks`/`sections` for content pages, `entries` for contents.

    `body_size`/`title_size`: px font sizes the page was fitted at; `part`/`parts`: its place
    among the continuation slides of one outline page ("(2/3)"); `source`: where its content
    comes from in the outline (`chapters[1].pages[0]`, merged pages joined by `+`)."""

    kind: str  # a PAGE_KINDS value
    layout: str  # a LAYOUTS value for content pages, else the kind
    title: str
    subtitle: str = ""
    chapter: str = ""
    chapter_number: int = 0
    # a content slide's kicker (`subtitle`) on a line of its own above the title, not before
    # the title on its line
    eyebrow: bool = False
    blocks: list[Block] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    entries: list[str] = field(default_factory=list)
    entry_start: int = 1
    part: int = 1
    parts: int = 1
    body_size: float = 0.0
    title_size: float = 0.0
    number: int = 0
    source: str = ""
    notes: str = ""  # speaker notes
    hint: str = ""  # the layout the source asked for ("" = chosen by content)
    background: str = ""  # a CSS colour the source asked for
    color: str = ""  # ... and a text colour
    columns: int = 1  # a contents slide's entries in two columns (more than one column holds)
    # the room the slide's picture takes when the body has room to spare (generator.picroom;
    # None: its layout's own room)
    picture: PictureRoom | None = None
    # a slide the points of a dense wall of prose add to their page (generator.pointsfit): the
    # deck's budget counts it, its page and chapter do not (which part leaves is as before)
    paid: bool = False

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"kind": self.kind, "layout": self.layout}
        title_dict(d, "title", self.title)
        title_dict(d, "subtitle", self.subtitle)
        title_dict(d, "chapter", self.chapter)
        d.update(
            {
                "chapterNumber": self.chapter_number,
                "blocks": [b.to_dict() for b in self.blocks],
                "sections": [s.to_dict() for s in self.sections],
                "entries": [str(e) for e in self.entries],
                "entryStart": self.entry_start,
                "part": self.part,
                "parts": self.parts,
                "bodySize": self.body_size,
                "titleSize": self.title_size,
                "number": self.number,
                "source": self.source,
            }
        )
        if any(isinstance(e, Title) for e in self.entries):
            d["entrySpans"] = [
                [s.to_dict() for s in e.spans] if isinstance(e, Title) else [] for e in self.entries
            ]
        if self.notes:
            d["notes"] = self.notes
        if self.hint:
            d["hint"] = self.hint
        if self.background:
            d["background"] = self.background
        if self.color:
            d["color"] = self.color
        if self.columns > 1:
            d["columns"] = self.columns
        if self.eyebrow:
            d["eyebrow"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlannedPage:
        return cls(
            kind=str(d["kind"]),
            layout=str(d.get("layout") or d["kind"]),
            title=title_from(d, "title"),
            subtitle=title_from(d, "subtitle"),
            chapter=title_from(d, "chapter"),
            chapter_number=int(d.get("chapterNumber", 0)),
            blocks=[Block.from_dict(b) for b in d.get("blocks") or []],
            sections=[Section.from_dict(s) for s in d.get("sections") or []],
            entries=_entries(d),
            entry_start=int(d.get("entryStart", 1)),
            part=int(d.get("part", 1)),
            parts=int(d.get("parts", 1)),
            body_size=float(d.get("bodySize", 0)),
            title_size=float(d.get("titleSize", 0)),
            number=int(d.get("number", 0)),
            source=str(d.get("source", "")),
            notes=str(d.get("notes", "")),
            hint=str(d.get("hint", "")),
            background=str(d.get("background", "")),
            color=str(d.get("color", "")),
            columns=int(d.get("columns", 1)),
            eyebrow=bool(d.get("eyebrow", False)),
        )


Apart = dict[tuple[int, int], PlannedPage]  # parts i..j (inclusive) of a merged draft as one


def source_chapters(source: str) -> list[int]:
    """The outline chapters a page's `source` takes content from, in order (a page merged
    from several chapters' pages names each)."""
    out: list[int] = []
    for m in _SOURCE_CHAPTER.finditer(source):
        if int(m.group(1)) not in out:
            out.append(int(m.group(1)))
    return out


@dataclass
class ChapterDraft:
    """A chapter of the unfitted deck: its divider and its content drafts as a chapter with a
    divider and as one without (`undivided`: its slides name the chapter above their titles).
    `decided`: whether it has a divider, when the source decides it (None: when its fitted
    slides number at least DeckDraft.divider_slides); `estimated`: the text estimate's guess.
    A part never starts on another part's continuation slide: merged pages that take more
    than one slide are fitted apart (`*_apart`): each part under its own title, neighbours
    sharing a slide only when they fit one together."""

    index: int
    divider: PlannedPage
    undivided: list[PlannedPage]
    divided: list[PlannedPage]
    estimated: bool
    decided: bool | None = None
    number: int = 0  # its place in the contents slide (0: not listed, an untitled chapter)
    # a merged draft's parts (by the merged draft's source), each run of them i..j drafted
    # as one: fitted instead when the merged draft takes more than one slide
    undivided_apart: dict[str, Apart] = field(default_factory=dict)
    divided_apart: dict[str, Apart] = field(default_factory=dict)


CONTENTS_MAX = 20  # chapters a contents slide lists one by one; beyond, ...
CONTENTS_HEAD = 9  # ... the first ones and then the range of the others


@dataclass
class DeckDraft:
    """The unfitted deck: cover, a contents slide listing the document's chapters (`listed`,
    when there are at least `contents_min` of them), the chapters, the parts of a deck over its
    budget that are not on its slides (`also`), closing (unless the document has its own)."""

    cover: PlannedPage
    contents_title: str
    contents_min: int
    divider_slides: int
    chapters: list[ChapterDraft]
    closing: PlannedPage | None  # None: the document ends with its own closing slide
    listed: list[str] = field(default_factory=list)
    also: PlannedPage | None = None  # the "Also in the document" slide (generator.alsoin)
    # chapters with nothing to show but pictures that could not be had: lines of the Also
    # slide (generator.alsolines)
    unshown: list[PlannedPage] = field(default_factory=list)

    def contents(self) -> list[PlannedPage]:
        """The contents slide: every chapter in order; more than CONTENTS_MAX as the first
        CONTENTS_HEAD and one entry naming the range of the rest ("0.25.0 … 0.6.3, 69 more")."""
        titles = self.listed
        if len(titles) < self.contents_min:
            return []
        if len(titles) > CONTENTS_MAX:
            rest = titles[CONTENTS_HEAD:]
            titles = [*titles[:CONTENTS_HEAD], f"{rest[0]} … {rest[-1]} ({len(rest)} more)"]
        return [PlannedPage("contents", "contents", self.contents_title, entries=titles)]

    def pages(self) -> list[PlannedPage]:
        """The draft as one list, with the dividers the estimate gives."""
        out = [self.cover, *self.contents()]
        for c in self.chapters:
            if c.estimated:
                out.append(replace(c.divider, chapter_number=c.number))
            n = c.number if c.estimated else 0
            drafts = c.divided if c.estimated else c.undivided
            out.extend(replace(d, chapter_number=n) for d in drafts)
        if self.also is not None:
            out.append(self.also)
        return [*out, self.closing] if self.closing else out


def _entries(d: dict[str, Any]) -> list[str]:
    """A contents page's entries, each with its formatting (`entrySpans`) when it has some."""
    entries = [str(e) for e in d.get("entries") or []]
    found = d.get("entrySpans")
    if not isinstance(found, list) or len(found) != len(entries):
        return entries
    return [title_of(e, spans) for e, spans in zip(entries, found, strict=True)]
