"""Short chapters and short "Also in the document" lists never make a slide of their own.

- A chapter whose whole content is one or two sentences (its only slide lone, generator.lone,
  and prose alone: "Based on P-Tuning v2; see ptuning/README.md") that no neighbouring
  chapter's slide could take is one line of the "Also in the document" slide: its title in
  bold, then its words (links kept); its notes go to that slide's notes. The slide is made
  when the deck had none. A list (a release of one bullet) or pages under their headings stay
  slides.
- A chapter with nothing to show because none of its pictures could be had (files not given
  with the Markdown, remote pictures off) is a line of that slide too: its title and how many
  pictures it has that the deck could not show, so the slides still say it exists.
- An "Also in the document" list of at most ALSO_ITEMS short items (each at most ITEM_WORDS
  words) and nothing else is no slide either: its items are one line on the closing slide,
  under the deck's name ("ChatGLM-6B · Also in the document: Licence · Citation"), its notes
  the closing slide's. The left-out records still name every part.
"""

from __future__ import annotations

from dataclasses import replace

from generator.alsoin import ALSO_SOURCE, also_title
from generator.gist import gist
from generator.lone import words_read
from generator.model import Block, ListItem, Outline, Span, plain, title_spans
from generator.pages import PlannedPage

UNSHOWN = {  # the line of a chapter none of whose pictures could be shown
    "en": "{n} picture{s} not available when the deck was made",
    "zh-CN": "{n} 张图片在生成演示文稿时不可用",
}
ALSO_ITEMS = 2  # an Also list of at most this many items is a line on the closing slide ...
ITEM_WORDS = 8  # ... when each is at most this many words (a title, a few names)
CLOSING_WORDS = 16  # ... and the line stays a subtitle's length


def _spans(blocks: list[Block]) -> list[Span]:
    """The text of a short page as one run of spans: its paragraphs and items, one after the
    other (a heading naming what it is under left out)."""
    out: list[Span] = []
    for b in blocks:
        parts = [b.spans] if b.type == "paragraph" else [i.spans for i in b.items]
        for spans in parts:
            if out and spans:
                out.append(Span(" "))
            out += [replace(s, text=s.text.replace("\n", " ")) for s in spans]
    return out


def unshown_chapter(outline: Outline, ci: int, lang: str) -> PlannedPage | None:
    """The trace of an empty chapter whose pictures could not be had (the reader's
    diagnostics name them under its heading): a page named by the chapter's title, its notes
    saying why it shows nothing (a line for the presenter, never for the audience); None when
    it had none."""
    title = outline.chapters[ci].title
    under = f"under “{title[:60]}”"
    n = sum(1 for d in outline.diagnostics if d.get("kind") == "image" and d.get("where") == under)
    if not title or not n:
        return None
    text = UNSHOWN.get(lang, UNSHOWN["en"]).format(n=n, s="s" if n > 1 else "")
    sep = "：" if lang == "zh-CN" else ": "
    return PlannedPage(
        "content",
        "bullets",
        title,
        chapter=title,
        source=f"chapters[{ci}]",
        notes=title + sep + text,
    )


def sentences(page: PlannedPage) -> bool:
    """A titled chapter's page of prose alone (one or two paragraphs: the lone slide of a
    chapter, generator.lone), one outline page: a list (a release of one bullet) or pages
    under their headings stay slides."""
    return (
        bool(page.chapter)
        and "+" not in page.source
        and bool(page.blocks)
        and all(b.type == "paragraph" for b in page.blocks)
    )


def chapter_line(page: PlannedPage, lang: str, notes: tuple[str, ...] = ()) -> ListItem:
    """A one- or two-sentence chapter as one item: its title in bold, then its words; a
    chapter with none on its page (its pictures could not be had) says the gist of the words
    under its title in `notes` (the notes its prose went to), never a bare heading."""
    sep = "：" if lang == "zh-CN" else ": "
    words = _spans([b for b in page.blocks if b.type in ("paragraph", "list")])
    if not words:
        said = next((g for g in (_under(page.title, n) for n in notes) if g), "")
        words = [Span(said)] if said else []
    title = [replace(s, bold=True) for s in title_spans(page.title)]
    return ListItem([*title, Span(sep), *words] if words else title)


def with_chapters(
    also: PlannedPage | None, pages: list[PlannedPage], lang: str
) -> PlannedPage | None:
    """The Also slide with a line for each short chapter of `pages` before its own items (the
    chapters that left the slides whole are the document's later ones); made when none."""
    if not pages:
        return also
    pages = sorted(pages, key=lambda p: _chapter_index(p.source))
    notes = [p.notes for p in pages if p.notes]
    given = (*notes, also.notes if also is not None else "")
    lines = [chapter_line(p, lang, given) for p in pages]
    if also is None:
        blocks = [Block("list", items=lines)]
        return PlannedPage(
            "content",
            "bullets",
            also_title(lang),
            blocks=blocks,
            source=ALSO_SOURCE,
            notes="\n\n".join(notes),
        )
    first = also.blocks[0] if also.blocks and also.blocks[0].type == "list" else None
    if first is None:
        blocks = [Block("list", items=lines), *also.blocks]
    else:
        blocks = [replace(first, items=[*lines, *first.items]), *also.blocks[1:]]
    return replace(also, blocks=blocks, notes="\n\n".join([*notes, also.notes]).strip())


def _under(title: str, notes: str) -> str:
    """The gist of the words under a line of `notes` that is `title` ("" when none)."""
    lines = notes.split("\n")
    for i, line in enumerate(lines):
        if title and line.strip() == title.strip():
            return gist("\n".join(lines[i + 1 :]).strip().split("\n\n")[0], (title,))
    return ""


def _chapter_index(source: str) -> int:
    """The chapter a page's source names first (`chapters[8].pages[0]` -> 8)."""
    head = source.split("+")[0]
    if not head.startswith("chapters["):
        return 0
    digits = head[len("chapters[") :].split("]")[0]
    return int(digits) if digits.isdigit() else 0


def _items(also: PlannedPage) -> list[ListItem] | None:
    """The Also slide's items when it is one list of items without nested content."""
    if len(also.blocks) != 1 or also.blocks[0].type != "list":
        return None
    items = also.blocks[0].items
    return None if any(i.children for i in items) else items


def _name(item: ListItem, lang: str = "en") -> str:
    """What names an item on one line: its text when it is a few words (a chapter's title
    and the titles of its parts that left, "Rich Library (Syntax Highlighting · Tracebacks)"),
    else its bold lead (a short chapter's title before its words)."""
    lead = []
    for span in item.spans:
        if not span.bold:
            break
        lead.append(span)
    head = plain(lead).strip()
    rest = plain(item.spans[len(lead) :]).strip().lstrip(":：").strip()
    if not head or not rest:
        return (head or rest).strip()
    if words_read(head) + words_read(rest) > ITEM_WORDS:
        return head
    return f"{head}（{rest}）" if lang == "zh-CN" else f"{head} ({rest})"


def closing_line(also: PlannedPage, lang: str) -> str | None:
    """The Also slide's items named on one line for the closing slide ("Also in the
    document: Licence · Citation"), when it holds at most ALSO_ITEMS short names; None
    otherwise."""
    items = _items(also)
    if not items or len(items) > ALSO_ITEMS:
        return None
    names = [_name(i, lang) for i in items]
    if any(not n or words_read(n) > ITEM_WORDS for n in names):
        return None
    sep, join = ("：", "、") if lang == "zh-CN" else (": ", " · ")
    line = also_title(lang) + sep + join.join(names)
    return line if words_read(line) <= CLOSING_WORDS else None


def onto_closing(
    also: PlannedPage | None, closing: PlannedPage | None, lang: str
) -> tuple[PlannedPage | None, PlannedPage | None]:
    """(Also slide, closing slide): a short Also list named on one line of the closing slide
    under the deck's name, its items in full and its notes in the closing slide's notes (no
    Also slide then)."""
    if also is None or closing is None or closing.kind != "closing":
        return also, closing
    line = closing_line(also, lang)
    if line is None:
        return also, closing
    subtitle = f"{closing.subtitle} · {line}" if closing.subtitle else line
    listed = "\n".join(plain(i.spans).strip() for i in _items(also) or [])
    notes = "\n\n".join(n for n in (closing.notes, f"{line}\n{listed}", also.notes) if n)
    return None, replace(closing, subtitle=subtitle, notes=notes)
