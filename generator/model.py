"""The outline's data types (JSON-able dicts <-> typed tree: topic, chapters, pages, sections, blocks, spans)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Literal

ImageKind = Literal["picture", "badge", "background", "formula", "diagram"]
IMAGE_KINDS: tuple[str, ...] = ("picture", "badge", "background")
SPAN_FLAGS = ("bold", "italic", "code", "mark", "strike", "sub", "sup", "kbd")
_STYLE = attrgetter(*SPAN_FLAGS, "href", "anchor")  # a span's formatting, read in one call


@dataclass
class Span:
    """A run of inline text with its formatting."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False
    href: str | None = None
    mark: bool = False  # ==highlighted==
    strike: bool = False  # ~~struck~~
    sub: bool = False
    sup: bool = False
    kbd: bool = False  # <kbd>key</kbd>
    anchor: bool = False  # the text of a link to a place in the document (`[About](#about)`)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"text": self.text}
        for key in SPAN_FLAGS:
            if getattr(self, key):
                d[key] = True
        if self.href:
            d["href"] = self.href
        if self.anchor:
            d["anchor"] = True
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Span:
        return cls(
            str(d["text"]),
            bool(d.get("bold")),
            bool(d.get("italic")),
            bool(d.get("code")),
            d.get("href"),
            bool(d.get("mark")),
            bool(d.get("strike")),
            bool(d.get("sub")),
            bool(d.get("sup")),
            bool(d.get("kbd")),
            bool(d.get("anchor")),
        )

    def style(self) -> tuple[object, ...]:
        """The formatting (everything but the text) as a comparable value."""
        return _STYLE(self)  # type: ignore[no-any-return]


Spans = list[Span]
# An admonition's look: MkDocs Material's twelve types (generator.blocks draws their colours)
TONES: tuple[str, ...] = ("note", "abstract", "info", "tip", "success", "question")
TONES += ("warning", "failure", "danger", "bug", "example", "quote")
# A quote's kinds besides a plain one: drawn inside the quote before it, or a narrow box
# floated to the left / right of the blocks after it (an inline admonition)
QUOTE_KINDS: tuple[str, ...] = ("nested", "inline", "inline-end")
COLUMNS = {"list": 3, "quote": 4}  # the columns a list / a gallery's box is set in, at most
FLOATS: dict[str, str] = {"inline": "left", "inline-end": "right"}


def plain(spans: Iterable[Span]) -> str:
    return "".join(s.text for s in spans)


# The inline formatting a title keeps (links keep their text; highlights and strikes are drawn
# as the title's own text)
TITLE_FLAGS = ("bold", "italic", "code", "kbd", "sub", "sup")


class Title(str):
    """A heading's plain text that keeps the heading's inline formatting as `spans` (code,
    emphasis, strong, kbd, sub/sup). Whatever reads a title as text (lengths, comparisons,
    document properties, notes, file names) reads the plain string; what draws it
    (generator.blocks.title_html) draws the spans. A title made of pieces of titles (joined,
    shortened) is plain text again."""

    spans: tuple[Span, ...]

    def __new__(cls, text: str, spans: Sequence[Span]) -> Title:
        made = super().__new__(cls, text)
        made.spans = tuple(spans)
        return made

    def __reduce__(self) -> tuple[type[Title], tuple[str, list[Span]]]:
        return (Title, (str(self), list(self.spans)))


def titled(spans: Iterable[Span], text: str) -> str:
    """`text` (a heading's plain text: whitespace collapsed, maybe shortened) as a Title keeping
    the formatting of `spans`, when it has some and the spans still read as `text`. A heading
    strong all through is a plain title (titles are drawn strong)."""
    kept: list[Span] = []
    space = True  # at the start and after a space: spaces are dropped
    for span in spans:
        chars: list[str] = []
        for ch in span.text:
            if not ch.isspace():
                chars.append(ch)
            elif not space:
                chars.append(" ")
            space = ch.isspace()
        if chars and kept and kept[-1].style() == title_span("", span).style():
            kept[-1].text += "".join(chars)  # one span for a run of one style
        elif chars:
            kept.append(title_span("".join(chars), span))
    while kept and kept[-1].text.endswith(" "):
        kept[-1].text = kept[-1].text.rstrip()
        if not kept[-1].text:
            kept.pop()
    if kept and all(s.bold for s in kept):
        for s in kept:
            s.bold = False
    if plain(kept) != text or not any(getattr(s, k) for s in kept for k in TITLE_FLAGS):
        return text
    return Title(text, kept)


def title_span(text: str, span: Span) -> Span:
    """`text` with the title formatting (TITLE_FLAGS) of `span`."""
    return Span(text, span.bold, span.italic, span.code, sub=span.sub, sup=span.sup, kbd=span.kbd)


def join_titles(sep: str, titles: Sequence[str]) -> str:
    """Titles joined by `sep` ("A · B"), each keeping its formatting."""
    text = sep.join(titles)
    if not any(isinstance(t, Title) for t in titles):
        return text
    spans: Spans = []
    for k, t in enumerate(titles):
        if k:
            spans.append(Span(sep))
        spans.extend(title_spans(t))
    return titled(spans, text)


def split_title(title: str, sep: str) -> list[str]:
    """A title's pieces between `sep`s, stripped, each keeping its formatting ("A · B")."""
    pieces = [t.strip() for t in title.split(sep)]
    if not isinstance(title, Title):
        return pieces
    styled = [(ch, s) for s in title.spans for ch in s.text]  # each character with its span
    out: list[str] = []
    at = 0
    for piece in title.split(sep):
        chars = styled[at : at + len(piece)]
        at += len(piece) + len(sep)
        spans = [title_span(ch, s) for ch, s in chars]
        out.append(titled(spans, piece.strip()))
    return out


def title_spans(title: str, bold: bool = False) -> Spans:
    """A title as spans (its own formatting kept), bold when `bold`: a title drawn as a
    heading line in a slide's body."""
    found = title.spans if isinstance(title, Title) else (Span(title),)
    return [
        Span(s.text, s.bold or bold, s.italic, s.code, sub=s.sub, sup=s.sup, kbd=s.kbd)
        for s in found
    ]


def title_dict(d: dict[str, Any], key: str, title: str) -> None:
    """`d[key]` = the title's plain text, and `d[key + "Spans"]` its formatting when it has any."""
    d[key] = str(title)
    if isinstance(title, Title):
        d[key + "Spans"] = [s.to_dict() for s in title.spans]


def title_from(d: dict[str, Any], key: str) -> str:
    """The title `title_dict` wrote (a plain string title is just as valid)."""
    return title_of(str(d.get(key, "") or ""), d.get(key + "Spans"))


def title_of(text: str, found: Any) -> str:
    """`text` with the formatting of `found` (span dicts, from a document: checked as spans
    are; spans that do not read as the text are not used)."""
    if not isinstance(found, list) or not found:
        return text
    return titled([Span.from_dict(s) for s in found if isinstance(s, dict) and "text" in s], text)


@dataclass
class ListItem:
    """One list item: its text and what is nested under it."""

    spans: Spans
    children: list[Block] = field(default_factory=list)  # nested lists, code, paragraphs...
    checked: bool | None = None  # a task list item: [x] / [ ]


@dataclass
class Block:
    """One content block. `type` is paragraph | heading | list | table | quote | code | image |
    html.

    paragraph/heading/quote: `spans` (quote: `paragraphs`); list: `ordered`, `start`, `items`;
    table: `header`, `rows`, `align`, `widths` (its columns' shares of its width, measured on
    the whole table and kept by the slides it continues over, generator.pieces; none: the
    columns take widths from their content); code: `text`, `language`; image: `src` (a data: URI),
    `alt`, `width`/`height` (intrinsic px, 0 = unknown), `kind` (picture | badge | background |
    formula: drawn display math, alt = its TeX, see generator.markup.math; diagram: a drawn
    Mermaid diagram, alt = its source, see generator.markup.mermaid); a quote of kind
    "nested" is drawn inside the quote before it (an admonition inside an admonition), one of
    kind "inline" / "inline-end" a narrow box floated left / right beside the blocks after it
    (MkDocs' `!!! note inline` / `inline end`, see FLOATS); a
    quote's `tone` is an admonition's type (see generator.markup.quotes.TONES), "" for a quote;
    html: `html` (an allowlist-sanitized fragment, see generator.markup.sanitize).
    """

    type: str
    spans: Spans = field(default_factory=list)
    paragraphs: list[Spans] = field(default_factory=list)
    ordered: bool = False
    start: int = 1
    items: list[ListItem] = field(default_factory=list)
    header: list[Spans] = field(default_factory=list)
    rows: list[list[Spans]] = field(default_factory=list)
    align: list[str] = field(default_factory=list)
    text: str = ""
    language: str = ""
    src: str = ""
    alt: str = ""
    width: int = 0
    height: int = 0
    kind: str = "picture"
    html: str = ""
    tone: str = ""
    columns: int = 1  # a list set in columns (generator.listcols); a gallery box's grid
    # (generator.gallery)
    widths: tuple[float, ...] = ()  # a table's column shares, measured on the whole table

    def to_dict(self) -> dict[str, Any]:
        t = self.type
        d: dict[str, Any] = {"type": t}
        if t in ("paragraph", "heading"):
            d["spans"] = [s.to_dict() for s in self.spans]
        elif t == "quote":
            d["paragraphs"] = [[s.to_dict() for s in p] for p in self.paragraphs]
            if self.kind in QUOTE_KINDS:  # drawn inside the quote before it / floated
                d["kind"] = self.kind
            if self.tone:
                d["tone"] = self.tone
            if self.columns > 1:  # a box of a gallery's grid (generator.gallery)
                d["columns"] = self.columns
        elif t == "list":
            d.update(
                ordered=self.ordered, start=self.start, items=[_item_dict(i) for i in self.items]
            )
            if self.columns > 1:
                d["columns"] = self.columns
        elif t == "table":
            d["header"] = [[s.to_dict() for s in c] for c in self.header]
            d["rows"] = [[[s.to_dict() for s in c] for c in r] for r in self.rows]
            d["align"] = list(self.align)
            if self.widths:
                d["widths"] = list(self.widths)
        elif t == "code":
            d.update(text=self.text, language=self.language)
        elif t == "image":
            d.update(src=self.src, alt=self.alt)
            if self.width and self.height:
                d.update(width=self.width, height=self.height)
            if self.kind != "picture":
                d["kind"] = self.kind
        elif t == "html":
            d["html"] = self.html
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Block:
        def spans(v: Any) -> Spans:
            return [Span.from_dict(s) for s in v or []]

        return cls(
            type=d["type"],
            spans=spans(d.get("spans")),
            paragraphs=[spans(p) for p in d.get("paragraphs") or []],
            ordered=bool(d.get("ordered")),
            start=int(d.get("start", 1)),
            items=[_item_from(i) for i in d.get("items") or []],
            header=[spans(c) for c in d.get("header") or []],
            rows=[[spans(c) for c in r] for r in d.get("rows") or []],
            align=[str(a) for a in d.get("align") or []],
            widths=tuple(float(w) for w in d.get("widths") or []),
            text=str(d.get("text", "")),
            language=str(d.get("language", "")),
            src=str(d.get("src", "")),
            alt=str(d.get("alt", "")),
            width=int(d.get("width", 0)),
            height=int(d.get("height", 0)),
            kind=str(d.get("kind") or "picture"),
            html=_clean_html(str(d.get("html", ""))) if d.get("type") == "html" else "",
            tone=str(d.get("tone")) if d.get("tone") in TONES else "",
            columns=min(COLUMNS.get(d["type"], 1), max(1, int(d.get("columns", 1)))),
        )

    def text_length(self) -> int:
        """Characters of visible text (a size estimate for layout choices)."""
        n = len(plain(self.spans)) + sum(len(plain(p)) for p in self.paragraphs) + len(self.text)
        n += sum(len(plain(c)) for c in self.header) + sum(
            len(plain(c)) for r in self.rows for c in r
        )
        for item in self.items:
            n += len(plain(item.spans)) + sum(b.text_length() for b in item.children)
        if self.type == "html":
            from generator.markup.sanitize import html_text

            n += len(html_text(self.html))
        return n


def _clean_html(html: str) -> str:
    """An html block's fragment from a (possibly edited) document, sanitized again."""
    from generator.markup.sanitize import sanitize_html

    return sanitize_html(html).html


def _item_dict(item: ListItem) -> dict[str, Any]:
    d: dict[str, Any] = {
        "spans": [s.to_dict() for s in item.spans],
        "children": [c.to_dict() for c in item.children],
    }
    if item.checked is not None:
        d["checked"] = item.checked
    return d


def _item_from(d: dict[str, Any]) -> ListItem:
    checked = d.get("checked")
    return ListItem(
        [Span.from_dict(s) for s in d.get("spans") or []],
        [Block.from_dict(c) for c in d.get("children") or []],
        None if checked is None else bool(checked),
    )


@dataclass
class Section:
    """A `####` content title and its blocks."""

    title: str
    blocks: list[Block] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        title_dict(d, "title", self.title)
        d["blocks"] = [b.to_dict() for b in self.blocks]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Section:
        return cls(title_from(d, "title"), [Block.from_dict(b) for b in d.get("blocks") or []])


def flowing_blocks(blocks: list[Block], sections: list[Section]) -> list[Block]:
    """A page's blocks with its content titles as bold headings (the flowing form of a page)."""
    out = list(blocks)
    for s in sections:
        if s.title:
            out.append(Block("heading", title_spans(s.title, bold=True)))
        out.extend(s.blocks)
    return out


@dataclass
class Page:
    """A `###` page: blocks before its first `####`, then its sections."""

    title: str
    blocks: list[Block] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    notes: str = ""  # speaker notes
    hint: str = ""  # a layout the source asked for (PAGE_HINTS)
    background: str = ""  # a CSS colour the source asked for
    color: str = ""  # ... and a text colour

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        title_dict(d, "title", self.title)
        d["blocks"] = [b.to_dict() for b in self.blocks]
        d["sections"] = [s.to_dict() for s in self.sections]
        for key in ("notes", "hint", "background", "color"):
            if getattr(self, key):
                d[key] = getattr(self, key)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Page:
        return cls(
            title_from(d, "title"),
            [Block.from_dict(b) for b in d.get("blocks") or []],
            [Section.from_dict(s) for s in d.get("sections") or []],
            str(d.get("notes", "")),
            str(d.get("hint", "")),
            str(d.get("background", "")),
            str(d.get("color", "")),
        )

    def is_empty(self) -> bool:
        return not self.blocks and not any(s.title or s.blocks for s in self.sections)


@dataclass
class Chapter:
    """A `##` chapter; an untitled chapter holds pages that came before any `##`."""

    title: str
    pages: list[Page] = field(default_factory=list)
    subtitle: str = ""  # a deck's section slide: the line under its heading

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        title_dict(d, "title", self.title)
        if self.subtitle:
            title_dict(d, "subtitle", self.subtitle)
        d["pages"] = [p.to_dict() for p in self.pages]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Chapter:
        pages = [Page.from_dict(p) for p in d.get("pages") or []]
        return cls(title_from(d, "title"), pages, title_from(d, "subtitle"))


PAGE_HINTS = ("cover", "section", "center", "columns", "image-text", "quote")
PROPERTY_KEYS = (
    "title",
    "subtitle",
    "author",
    "institute",
    "date",
    "description",
    "keywords",
    "theme",
    "lang",
)


@dataclass
class Outline:
    """A parsed document: its topic, chapters, properties and what was left out."""

    topic: str
    subtitle: str = ""  # a short paragraph right under the topic
    chapters: list[Chapter] = field(default_factory=list)
    # Document properties from front matter (PROPERTY_KEYS): cover and PPTX properties only.
    properties: dict[str, str] = field(default_factory=dict)
    # What the parser left out or could not resolve: {"kind", "message", "where"}.
    diagnostics: list[dict[str, str]] = field(default_factory=list)

    def blocks(self) -> Iterator[Block]:
        """Every block of the outline, list items' children included, in document order."""

        def walk(found: list[Block]) -> Iterator[Block]:
            for block in found:
                yield block
                for item in block.items:
                    yield from walk(item.children)

        for chapter in self.chapters:
            for page in chapter.pages:
                yield from walk(page.blocks)
                for section in page.sections:
                    yield from walk(section.blocks)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        title_dict(d, "topic", self.topic)
        d["subtitle"] = self.subtitle
        d["chapters"] = [c.to_dict() for c in self.chapters]
        if self.properties:
            d["properties"] = dict(self.properties)
        if self.diagnostics:
            d["diagnostics"] = [dict(x) for x in self.diagnostics]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Outline:
        props = d.get("properties") or {}
        return cls(
            title_from(d, "topic"),
            str(d.get("subtitle", "")),
            [Chapter.from_dict(c) for c in d.get("chapters") or []],
            {str(k): str(v) for k, v in props.items() if k in PROPERTY_KEYS},
            [
                {k: str(x.get(k, "")) for k in ("kind", "message", "where")}
                for x in d.get("diagnostics") or []
            ],
        )
