"""Where the words of the parts that leave an over-budget deck go (generator.drop): a reader
finds a part that is not on the slides next to what it belongs to, or listed at the end.

- A page that leaves is named, with all of its words, in the notes of the kept slide before
  it in its own chapter (the chapter's first kept page when none comes before it).
- A chapter that leaves whole is related to no slide of the deck: it is listed on an "Also in
  the document" slide before the closing slide (its title; its words in that slide's notes).
  While the list stays one slide's, a chapter that left whole is named with its gist; a
  troubleshooting chapter (or an FAQ, known issues) with its pages' titles instead, the
  questions or problems a reader comes with ("Troubleshooting: fd does not find my file! ·
  Colorized output"), as many as keep the list one slide's ("· …" after them), never with
  the gist of its first answer.
- So are the pages one slide would take when together they hold more than LEFT_WORDS words
  (a presenter does not read thousands of words of one slide's notes): the slide names their
  chapter and their titles.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from generator.gist import weighted
from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Span, plain
from generator.pages import PlannedPage

LEFT_WORDS = 500  # words of left parts one slide's notes take at most
ALSO_ROOM = 480  # weighted characters of the Also slide's list that stay one slide's list
ALSO_LINE = 90  # ... in lines of about this many weighted characters (generator.gist)
ALSO_LINES = 12  # ... at most this many
HEADING = "Not on the slides: "  # what the notes of a left part start with
ALSO_TITLE = "Also in the document"
ALSO_TITLE_ZH = "文档中的其他内容"
ALSO_SOURCE = "also"  # the Also slide's source (no place of the outline: the budget skips it)
BACKUP_SOURCE = "appendix"  # the backup slides' source (generator.backup; the budget skips them)

IN_APPENDIX = {  # where a left part's pictures are (generator.backup: backup slides)
    "en": "{n} picture{s} in the appendix",
    "zh-CN": "{n} 张图片见附录",
}

# a chapter of the questions or problems a reader comes with, each page one of them
ASKED = lazy_compile(
    r"\b(?:troubleshooting|faq|frequently asked(?: questions)?|known (?:issues|problems)"
    r"|common (?:problems|issues|errors))\b|故障排除|常见问题",
    re.I,
)
Place = tuple[int, int]  # (chapter, page) of the outline a part leaves


@dataclass(frozen=True)
class LeftPart:
    """A page taken off the slides: its place, its titles, its words for the notes."""

    chapter: int
    page: int
    chapter_title: str
    title: str
    name: str  # its chapter's and its own title, joined
    text: str  # its words (and the notes it had), as notes text
    words: int
    pictures: int = 0  # its pictures, on the backup slides of the appendix (generator.backup)
    gist: str = ""  # the first sentence of its prose, one line (generator.gist)

    def notes(self) -> str:
        return HEADING + self.name + ("\n\n" + self.text if self.text else "")


@dataclass(frozen=True)
class Also:
    """The parts listed on the "Also in the document" slide, in document order; `whole`: the
    chapters all of whose pages left (listed by their title alone); `named`: titled parts
    whose words are in the notes of a kept slide of their chapter, named on the slide too
    (no part leaves the talk without the audience seeing its name)."""

    parts: tuple[LeftPart, ...]
    whole: frozenset[int] = frozenset()
    named: tuple[LeftPart, ...] = ()

    def listed(self) -> list[LeftPart]:
        """Every part the slide names, in document order (a page's parts in their order)."""
        return sorted([*self.parts, *self.named], key=lambda p: (p.chapter, p.page))

    def entries(self) -> list[tuple[str, list[str]]]:
        """(chapter title, titles of its pages that left; none when all of it left)."""
        out: list[tuple[int, str, list[str]]] = []
        for p in self.listed():
            if not out or out[-1][0] != p.chapter:
                out.append((p.chapter, p.chapter_title, []))
            if p.chapter not in self.whole and p.title and p.title != p.chapter_title:
                out[-1][2].append(p.title)
        return [(title, pages) for _, title, pages in out]

    def titles(self, chapter: int) -> list[str]:
        """The titles of a chapter's pages listed, in order."""
        return [
            p.title
            for p in self.listed()
            if p.chapter == chapter and p.title and p.title != p.chapter_title
        ]

    def firsts(self) -> list[LeftPart]:
        """The first part of each entry, in entries' order."""
        out: list[LeftPart] = []
        for p in self.listed():
            if not out or out[-1].chapter != p.chapter:
                out.append(p)
        return out

    def pictured(self) -> list[int]:
        """The pictures each entry's parts left with (in the appendix), in entries' order."""
        out: list[tuple[int, int]] = []
        for p in self.listed():
            if not out or out[-1][0] != p.chapter:
                out.append((p.chapter, 0))
            out[-1] = (p.chapter, out[-1][1] + p.pictures)
        return [n for _, n in out]


@dataclass(frozen=True)
class Placed:
    """Where the left parts went: the notes of a kept page (`notes`), or the Also slide."""

    notes: dict[Place, list[LeftPart]]
    also: Also | None


def place(parts: list[LeftPart], kept: list[list[int]]) -> Placed:
    """Each left part's home (`kept`: the pages each chapter keeps): its chapter's kept page
    before it, else its chapter's first kept page; a home's parts over LEFT_WORDS words, and
    the chapters that left whole, on the Also slide."""
    homes: dict[Place, list[LeftPart]] = {}
    also: list[LeftPart] = []
    for part in parts:
        at = home(part.chapter, part.page, kept)
        if at is None:
            also.append(part)
        else:
            homes.setdefault(at, []).append(part)
    notes: dict[Place, list[LeftPart]] = {}
    for at, group in homes.items():
        if sum(p.words for p in group) > LEFT_WORDS:
            also += group
        else:
            notes[at] = group
    if not also:
        return Placed(notes, None)
    also.sort(key=lambda p: (p.chapter, p.page))
    whole = frozenset(p.chapter for p in also if not kept[p.chapter])
    return Placed(notes, Also(tuple(also), whole))


def with_named(also: Also | None, named: list[LeftPart]) -> Also | None:
    """The Also slide's parts and the titled parts `named` (their words in a kept slide's
    notes) that its entries name too; a slide of named parts alone when there was none."""
    named = [p for p in named if p.title and p.title != p.chapter_title and p.chapter_title]
    if not named:
        return also
    if also is None:
        return Also((), frozenset(), tuple(named))
    return replace(also, named=(*also.named, *named))


def home(ci: int, pi: int, kept: list[list[int]]) -> Place | None:
    """The kept page of its chapter a left page (ci, pi) is named in the notes of (None: its
    whole chapter left)."""
    own = kept[ci]
    before = [p for p in own if p < pi]
    if before:
        return ci, before[-1]
    return (ci, own[0]) if own else None


def in_appendix(n: int, lang: str) -> str:
    """ "3 pictures in the appendix", in the deck's language."""
    return IN_APPENDIX.get(lang, IN_APPENDIX["en"]).format(n=n, s="s" if n > 1 else "")


def also_title(lang: str) -> str:
    return ALSO_TITLE_ZH if lang == "zh-CN" else ALSO_TITLE


def one_list(items: list[ListItem]) -> bool:
    """Whether a list of the Also slide stays one slide's: at most ALSO_ROOM weighted
    characters in ALSO_LINES lines of ALSO_LINE (each item starting a line)."""
    sizes = [weighted(plain(i.spans)) for i in items]
    lines = sum(max(1, math.ceil(n / ALSO_LINE)) for n in sizes)
    return sum(sizes) <= ALSO_ROOM and lines <= ALSO_LINES


def also_page(also: Also, lang: str) -> PlannedPage:
    """The "Also in the document" slide: one item a chapter, its title (in bold before the
    titles of its pages that left, when some stay), and how many of its pictures are in the
    appendix (generator.backup); a whole chapter's title with its gist (generator.gist), or
    a troubleshooting chapter's with its questions (ASKED), in order while the list stays
    one slide's (`one_list`); every part's words in the notes."""
    sep = "：" if lang == "zh-CN" else ": "
    join = "、" if lang == "zh-CN" else " · "
    items: list[ListItem] = []
    gists: list[tuple[int, list[ListItem]]] = []  # (item, the item with its gist: longest first)
    entries = zip(also.entries(), also.pictured(), also.firsts(), strict=True)
    for (chapter, pages), pictures, first in entries:
        where = [Span(f" ({in_appendix(pictures, lang)})", italic=True)] if pictures else []
        asked = ASKED.search(chapter) and first.chapter in also.whole
        titles = also.titles(first.chapter) if asked else []
        if titles:  # a troubleshooting chapter: its questions, not its first answer's gist
            named = [join.join(t) for t in _first_questions(titles)]
            said = [[Span(chapter, bold=True), Span(sep + t), *where] for t in named]
            gists.append((len(items), [ListItem(s) for s in said]))
        elif chapter and first.gist and (first.chapter in also.whole or not pages):
            said_one = [Span(chapter, bold=True), Span(sep + first.gist), *where]
            gists.append((len(items), [ListItem(said_one)]))
        if not chapter or not pages:  # a whole chapter, the untitled opening's pages
            items.append(ListItem([Span(chapter or join.join(pages)), *where]))
            continue
        items.append(ListItem([Span(chapter, bold=True), Span(sep + join.join(pages)), *where]))
    for at, gisted in gists:  # the gists while the list stays one slide's (a chapter's
        # questions as many as keep it so)
        longer = next((g for g in _with_gist(items, at, gisted) if one_list(g)), None)
        if longer is None:
            break
        items = longer
    notes = "\n\n".join(p.notes() for p in also.parts)
    blocks = [Block("list", items=items)]
    title = also_title(lang)
    return PlannedPage("content", "bullets", title, blocks=blocks, source=ALSO_SOURCE, notes=notes)


def _first_questions(titles: list[str]) -> list[list[str]]:
    """A troubleshooting chapter's questions, then its first ones followed by "…", fewer
    each time, down to its first."""
    n = len(titles)
    return [titles, *([*titles[:k], "…"] for k in range(n - 1, 0, -1))]


def _with_gist(items: list[ListItem], at: int, gisted: list[ListItem]) -> list[list[ListItem]]:
    """The list with item `at` replaced by each of its gisted forms, longest first."""
    return [[*items[:at], g, *items[at + 1 :]] for g in gisted]
