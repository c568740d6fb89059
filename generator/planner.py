"""Outline -> deck plan: cover, contents, chapter dividers, fitted content pages, closing page.

Every page is rendered through the template and laid out by the engine (fit.py); a page whose
content overflows a region gets a smaller font (within the template's `sizes`), then is split
into continuation pages between list items, table rows, sentences or code lines; a piece that
cannot fit even alone is shortened (with an ellipsis) and, as a last resort, left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from markupsafe import Markup

from generator.blocks import block_html, blocks_html, breakable, spans_html
from generator.errors import bad
from generator.fit import overflowing_regions
from generator.model import Block, Outline, Section, Span, plain
from generator.split import Atom, assemble, atomize, shorten, shrink
from generator.templates import Template

LAYOUTS = ("bullets", "columns", "cards", "table", "quote", "image-text", "key-number")
TITLE_REGIONS = {"title", "subtitle"}
KEY_NUMBER = re.compile(r"^[+\-]?[$€¥£]?\d[\d,.]*\s?(%|x|×|倍|万|亿|k|K|M|B|bn|pts?)?\+?$")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
MAX_SHRINK = 12


@dataclass
class PlannedPage:
    """One slide of the plan. `blocks`/`sections` for content pages, `entries` for contents."""

    kind: str  # cover | contents | divider | content | closing
    layout: str  # a LAYOUTS value for content pages, else the kind
    title: str
    subtitle: str = ""
    chapter: str = ""
    chapter_number: int = 0
    blocks: list[Block] = field(default_factory=list)
    sections: list[Section] = field(default_factory=list)
    entries: list[str] = field(default_factory=list)
    entry_start: int = 1
    part: int = 1
    parts: int = 1
    body_size: float = 0.0
    title_size: float = 0.0
    number: int = 0
    source: str = ""  # where it comes from in the outline, e.g. chapters[1].pages[0]
    notes: str = ""  # speaker notes
    hint: str = ""  # the layout the source asked for (model.PAGE_HINTS)
    background: str = ""  # a CSS colour the source asked for

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "layout": self.layout,
            "title": self.title,
            "subtitle": self.subtitle,
            "chapter": self.chapter,
            "chapterNumber": self.chapter_number,
            "blocks": [b.to_dict() for b in self.blocks],
            "sections": [s.to_dict() for s in self.sections],
            "entries": list(self.entries),
            "entryStart": self.entry_start,
            "part": self.part,
            "parts": self.parts,
            "bodySize": self.body_size,
            "titleSize": self.title_size,
            "number": self.number,
            "source": self.source,
            "notes": self.notes,
            "hint": self.hint,
            "background": self.background,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> PlannedPage:
        return cls(
            kind=str(d["kind"]),
            layout=str(d.get("layout") or d["kind"]),
            title=str(d.get("title", "")),
            subtitle=str(d.get("subtitle", "")),
            chapter=str(d.get("chapter", "")),
            chapter_number=int(d.get("chapterNumber", 0)),
            blocks=[Block.from_dict(b) for b in d.get("blocks") or []],
            sections=[Section.from_dict(s) for s in d.get("sections") or []],
            entries=[str(e) for e in d.get("entries") or []],
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
        )


def deck_language(outline: Outline) -> str:
    text = outline.topic + "".join(
        c.title + "".join(p.title for p in c.pages) for c in outline.chapters
    )
    cjk = len(CJK.findall(text))
    latin = len(re.findall(r"[A-Za-z]", text))
    return "zh-CN" if cjk and cjk * 3 >= latin else "en"


def draft_pages(outline: Outline, lang: str) -> list[PlannedPage]:
    """The unfitted plan: one page per outline element."""
    pages = [PlannedPage("cover", "cover", outline.topic, outline.subtitle)]
    titled = [c.title for c in outline.chapters if c.title]
    if titled:
        title = "目录" if lang == "zh-CN" else "Contents"
        pages.append(PlannedPage("contents", "contents", title, entries=titled))
    number = 0
    for ci, chapter in enumerate(outline.chapters):
        if chapter.title:
            number += 1
            pages.append(
                PlannedPage(
                    "divider",
                    "divider",
                    chapter.title,
                    chapter=chapter.title,
                    chapter_number=number,
                )
            )
        for pi, page in enumerate(chapter.pages):
            pages.append(
                PlannedPage(
                    "content",
                    choose_layout(page.blocks, page.sections, page.hint),
                    page.title,
                    chapter=chapter.title,
                    chapter_number=number,
                    blocks=list(page.blocks),
                    sections=list(page.sections),
                    source=f"chapters[{ci}].pages[{pi}]",
                    notes=page.notes,
                    hint=page.hint,
                    background=page.background,
                )
            )
    closing = "谢谢" if lang == "zh-CN" else "Thank you"
    pages.append(PlannedPage("closing", "closing", closing, outline.topic))
    return pages


def choose_layout(blocks: list[Block], sections: list[Section], hint: str = "") -> str:
    """The layout a content page's material suggests; a source's hint wins when the material
    has what that layout needs."""
    kinds = [b.type for b in blocks]
    if hint == "columns" and 2 <= len(sections) <= 4:
        return "columns"
    if hint == "image-text" and "image" in kinds:
        return "image-text"
    if hint == "quote" and kinds and kinds[0] == "quote":
        return "quote"
    if 2 <= len(sections) <= 4 and sum(b.text_length() for b in blocks) <= 200:
        heavy = any(b.type in ("table", "image", "code") for s in sections for b in s.blocks)
        if not heavy:
            short = all(sum(b.text_length() for b in s.blocks) <= 100 for s in sections)
            return "cards" if short else "columns"
    if sections:
        return "bullets"
    kinds = [b.type for b in blocks]
    if "image" in kinds:
        return "image-text"
    if kinds and kinds[0] == "paragraph" and key_number(blocks[0]) is not None:
        return "key-number"
    if "table" in kinds:
        return "table"
    if kinds and kinds[0] == "quote" and len(kinds) <= 2:
        return "quote"
    return "bullets"


def key_number(block: Block) -> tuple[str, list[Span]] | None:
    """A paragraph that starts with a bold number ("**85%** of ...") -> (number, rest)."""
    if block.type != "paragraph" or not block.spans or not block.spans[0].bold:
        return None
    value = block.spans[0].text.strip()
    if len(value) > 12 or not KEY_NUMBER.match(value):
        return None
    return value, block.spans[1:]


def flatten_sections(page: PlannedPage) -> list[Block]:
    blocks = list(page.blocks)
    for s in page.sections:
        if s.title:
            blocks.append(Block("heading", [Span(s.title, bold=True)]))
        blocks.extend(s.blocks)
    return blocks


def page_context(page: PlannedPage) -> dict[str, Any]:
    """What a page template sees as `page`."""
    blocks = list(page.blocks)
    image: dict[str, str] | None = None
    key: dict[str, Any] | None = None
    quote: Markup | None = None
    if page.layout == "image-text":
        found = next((b for b in blocks if b.type == "image"), None)
        if found is not None:
            image = {"src": found.src, "alt": found.alt}
            blocks.remove(found)
    elif page.layout == "key-number" and blocks and (kn := key_number(blocks[0])):
        key = {"value": kn[0], "caption": spans_html(kn[1]).strip()}
        blocks = blocks[1:]
    elif page.layout == "quote" and blocks and blocks[0].type == "quote":
        quote = Markup("").join(Markup("<p>%s</p>") % spans_html(p) for p in blocks[0].paragraphs)
        blocks = blocks[1:]
    layout = page.layout
    if (layout == "key-number" and key is None) or (layout == "quote" and quote is None):
        layout = "bullets"  # an edited document may no longer hold what its layout needs
    if layout in ("columns", "cards") and not page.sections:
        layout = "bullets"
    return {
        "kind": page.kind,
        "layout": layout,
        "title": breakable(page.title),
        "subtitle": breakable(page.subtitle),
        "chapter": breakable(page.chapter),
        "chapter_number": page.chapter_number,
        "number": page.number,
        "part": page.part,
        "parts": page.parts,
        "continued": page.part > 1,
        "body": blocks_html(blocks),
        "blocks": [block_html(b) for b in blocks],
        "sections": [
            {"title": breakable(s.title), "body": blocks_html(s.blocks)} for s in page.sections
        ],
        "entries": [
            {"number": page.entry_start + i, "title": breakable(t)}
            for i, t in enumerate(page.entries)
        ],
        "image": image,
        "key": key,
        "quote": quote,
        "body_size": page.body_size,
        "title_size": page.title_size,
        "style": f"--df-body-size:{page.body_size:g}px;--df-title-size:{page.title_size:g}px",
        "notes": page.notes,
    }


Check = Callable[[str], list[str]]
OVERSIZED_CHARS = 5000  # more text than any template holds on one slide at its smallest size
OVERSIZED_PIECES = 80


def oversized(page: PlannedPage) -> bool:
    """Content that certainly needs several slides (so whole-page layouts would be wasted)."""
    if page.kind == "contents":
        return len(page.entries) > OVERSIZED_PIECES
    blocks = page.blocks + [b for s in page.sections for b in s.blocks]
    if sum(b.text_length() for b in blocks) > OVERSIZED_CHARS:
        return True
    return len(atomize(blocks)) > OVERSIZED_PIECES


class Planner:
    """Fits pages to a template: render -> engine layout -> overflow check -> adjust."""

    def __init__(
        self, template: Template, deck: dict[str, Any], check: Check = overflowing_regions
    ):
        self.template = template
        self.deck = deck
        self.check = check
        self.title_max, self.title_min = template.size_range("title")
        self.body_max, self.body_min = template.size_range("body")
        self.counter = 0
        self.max_pages = 500

    def render(self, page: PlannedPage) -> str:
        return self.template.render(page.kind, {"deck": self.deck, "page": page_context(page)})

    def regions(self, page: PlannedPage) -> list[str]:
        return self.check(self.render(page))

    def plan(
        self, drafts: list[PlannedPage], keep_layout: bool = False, max_pages: int = 500
    ) -> list[PlannedPage]:
        """Fitted pages; GeneratorError 1010 on `markdown` as soon as there are more than max_pages."""
        self.max_pages = max_pages
        out: list[PlannedPage] = []
        pin = getattr(self.check, "pin", None)  # a Fitter keeps the final pages' layouts
        for draft in drafts:
            for page in self.fit(draft, keep_layout):
                self.counter += 1
                page.number = self.counter
                out.append(page)
                if pin is not None:
                    pin(self.render(page))
            if len(out) > max_pages:
                raise bad("markdown", f"makes more than {max_pages} slides")
        return out

    def fit(self, page: PlannedPage, keep_layout: bool = False) -> list[PlannedPage]:
        page = replace(
            page, number=self.counter + 1, title_size=self.title_max, body_size=self.body_max
        )
        if page.kind == "content" and not keep_layout:
            page.layout = choose_layout(page.blocks, page.sections, page.hint)
        if page.kind == "content" and page.sections and page.layout not in ("columns", "cards"):
            page = replace(page, blocks=flatten_sections(page), sections=[])
        if oversized(page):  # cannot fit one slide: skip the whole-page layouts, split at once
            page = self.with_fitted_titles(page)
            if page.sections:
                flat = flatten_sections(page)
                page = replace(page, blocks=flat, sections=[], layout=choose_layout(flat, []))
            return self.split(page)
        regions: list[str] | None = self.regions(page)
        if not regions:
            return [page]  # the common case: one layout
        if TITLE_REGIONS & set(regions or ()):
            page, regions = self.with_fitted_titles(page), None
        fitted = self.settle(page, regions)
        if fitted is not None:
            return [fitted]
        if page.kind == "content" and page.sections:
            flat = flatten_sections(page)
            page = replace(page, blocks=flat, sections=[], layout=choose_layout(flat, []))
            fitted = self.settle(page)
            if fitted is not None:
                return [fitted]
        return self.split(page)

    def with_fitted_titles(self, page: PlannedPage) -> PlannedPage:
        """The page with the title size and texts that fit, found on a copy without body content
        (title regions do not depend on it, and the copy lays out fast)."""
        titled = self.fit_titles(replace(page, blocks=[], sections=[], entries=page.entries[:1]))
        return replace(
            page, title=titled.title, subtitle=titled.subtitle, title_size=titled.title_size
        )

    def fit_titles(self, page: PlannedPage) -> PlannedPage:
        """Step the title size down, then shorten the title/subtitle, until title regions fit."""
        if not TITLE_REGIONS & set(self.regions(page)):
            return page
        lo, hi = self.title_min, self.title_max
        page = replace(page, title_size=lo)
        if TITLE_REGIONS & set(self.regions(page)):
            for _ in range(MAX_SHRINK):
                if len(page.subtitle) > len(page.title):
                    page.subtitle = (
                        plain(shorten([Span(page.subtitle)], 0.7)) if len(page.subtitle) > 4 else ""
                    )
                else:
                    page.title = (
                        plain(shorten([Span(page.title)], 0.7)) if len(page.title) > 4 else ""
                    )
                if not TITLE_REGIONS & set(self.regions(page)):
                    return page
            page.title, page.subtitle = "", ""
            return page
        while hi - lo > 2:
            mid = float(int((lo + hi) / 2))
            if TITLE_REGIONS & set(self.regions(replace(page, title_size=mid))):
                hi = mid
            else:
                lo = mid
        return replace(page, title_size=lo)

    def body_fits(self, page: PlannedPage) -> bool:
        return not (set(self.regions(page)) - TITLE_REGIONS)

    def settle(self, page: PlannedPage, known: list[str] | None = None) -> PlannedPage | None:
        """The page at the largest body size that fits, or None if even the smallest does not.
        `known`: the page's overflowing regions when already measured."""
        fits = not (set(known) - TITLE_REGIONS) if known is not None else self.body_fits(page)
        if fits:
            return page
        lo, hi = self.body_min, page.body_size
        if not self.body_fits(replace(page, body_size=lo)):
            return None
        while hi - lo > 1:
            mid = float(int((lo + hi) / 2))
            if self.body_fits(replace(page, body_size=mid)):
                lo = mid
            else:
                hi = mid
        return replace(page, body_size=lo)

    def split(self, page: PlannedPage) -> list[PlannedPage]:
        """Continuation pages, each holding as many pieces as fit at a middle body size."""
        size = float(int((self.body_max + self.body_min) / 2))
        if page.kind == "contents":
            atoms = [Atom(Block("paragraph", [Span(e)]), i) for i, e in enumerate(page.entries)]
        else:
            atoms = atomize(page.blocks)
        chunks: list[PlannedPage] = []
        start = page.entry_start
        hint = 4
        while atoms:
            n, first = self.largest_prefix(page, atoms, size, start, hint)
            if first is None:  # the first piece cannot fit even alone: shorten or drop it
                smaller = shrink(atoms[0].block) if page.kind != "contents" else None
                if smaller is None or len(chunks) > 500:
                    atoms = atoms[1:]
                else:
                    atoms = [Atom(smaller, atoms[0].group)] + atoms[1:]
                continue
            chunks.append(first)
            hint = n
            if self.counter + len(chunks) > self.max_pages:
                raise bad("markdown", f"makes more than {self.max_pages} slides")
            atoms = atoms[n:]
            start += n
        for i, chunk in enumerate(chunks):
            chunk.part, chunk.parts = i + 1, len(chunks)
        if not chunks:
            layout = "bullets" if page.kind == "content" else page.layout
            return [replace(page, blocks=[], sections=[], entries=[], layout=layout)]
        return chunks

    def make(self, page: PlannedPage, atoms: list[Atom], size: float, start: int) -> PlannedPage:
        if page.kind == "contents":
            entries = [plain(a.block.spans) for a in atoms]
            return replace(page, entries=entries, entry_start=start, body_size=size)
        blocks = assemble(atoms)
        return replace(
            page, blocks=blocks, sections=[], layout=choose_layout(blocks, []), body_size=size
        )

    def largest_prefix(
        self, page: PlannedPage, atoms: list[Atom], size: float, start: int, hint: int = 0
    ) -> tuple[int, PlannedPage | None]:
        """(n, page) for the most leading atoms that fit; (0, None) when not even one does.

        Starts from `hint` (the previous chunk's count: continuation pages hold similar amounts),
        gallops up from what fits, then bisects, so a chunk costs a few layouts."""
        lo, hi, best = 0, len(atoms) + 1, None  # lo fits (0: nothing known), hi does not
        guess = min(max(hint, 1), len(atoms))
        trial = self.make(page, atoms[:guess], size, start)
        if self.body_fits(trial):
            lo, best = guess, trial
        else:
            hi = guess
        step = 1
        while best is not None and lo + step < hi:  # gallop up from a fitting guess
            trial = self.make(page, atoms[: lo + step], size, start)
            if not self.body_fits(trial):
                hi = lo + step
                break
            lo, best = lo + step, trial
            step *= 2
        while hi - lo > 1:
            mid = (lo + hi) // 2
            trial = self.make(page, atoms[:mid], size, start)
            if self.body_fits(trial):
                lo, best = mid, trial
            else:
                hi = mid
        if best is None:  # not even one piece at this size: try it at the smallest size
            small = replace(self.make(page, atoms[:1], size, start), body_size=self.body_min)
            return (1, small) if self.body_fits(small) else (0, None)
        return lo, best
