"""Runs of parts of the same shape, condensed for a talk (generator.talk):

- repeated examples shown once (a document over its slide budget): a run of at least
  MIN_REPEATS neighbouring boxes (admonitions, quotes) whose text is the same but for their
  title line (a page showing each admonition type with the same placeholder text) keeps its
  first box on the slide, followed by one line naming the others ("The same with: Abstract,
  Info, Tip"); the others' words go to the page's notes;
- a long list of links (every medium or short deck): a list of at least MIN_LINKS items that
  are each one link of a few words (a release's stabilized APIs) shows its first SHOWN_LINKS
  items in two columns (as generator.listcols sets lists) and a last item counting the rest; the whole
  list is in the page's notes.

What leaves the slides is listed (`LeftOut`, kind "notes").
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from generator.condense import Condensed
from generator.gallery import gallery_runs
from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, ListItem, Outline, Page, Span, plain
from generator.runs import page_blocks
from generator.summary import notes_text

MIN_REPEATS = 3  # boxes that make a run of the same example
SAME_WITH = {"en": "The same with: ", "zh-CN": "其他同类："}
MIN_LINKS = 30  # items of a list of links that make it too long for a talk
SHOWN_LINKS = 12  # ... the items it shows (then one counting the rest)
LINK_WORDS = 5  # words of a link item at most
LINK_COLUMNS = 2  # the shown items are set in columns
MORE = {"en": "{n} more (in the notes)", "zh-CN": "另有 {n} 项（见备注）"}


@dataclass(frozen=True)
class Shown:
    """Blocks with their runs of repeated boxes shown once, and the boxes that left."""

    blocks: list[Block]
    left: list[Block]


def _body(block: Block) -> str | None:
    """A box's text after its title line (None: not a titled box)."""
    if block.type != "quote" or len(block.paragraphs) < 2 or block.tone == "nested":
        return None
    if block.columns > 1:  # a gallery's box (generator.gallery)
        return None
    text = " ".join(" ".join(plain(p).split()) for p in block.paragraphs[1:])
    return text or None


def repeated_runs(blocks: list[Block]) -> list[range]:
    """The runs of at least MIN_REPEATS neighbouring titled boxes with the same text (a
    gallery of variants, generator.gallery, is none: it is shown whole)."""
    galleries = {i for run in gallery_runs(blocks) for i in run}
    runs: list[range] = []
    start = 0
    while start < len(blocks):
        body = _body(blocks[start])
        end = start + 1
        while body is not None and end < len(blocks) and _body(blocks[end]) == body:
            end += 1
        if end - start >= MIN_REPEATS and not galleries.intersection(range(start, end)):
            runs.append(range(start, end))
        start = end
    return runs


def shown_once(blocks: list[Block], lang: str) -> Shown:
    """`blocks` with each run of repeated boxes as its first box and a line naming the rest."""
    out = list(blocks)
    left: list[Block] = []
    for run in reversed(repeated_runs(blocks)):
        rest = [blocks[i] for i in run][1:]
        names = ", ".join(plain(b.paragraphs[0]).strip() for b in rest)
        line = Block("paragraph", [Span(SAME_WITH.get(lang, SAME_WITH["en"])), Span(names)])
        out[run.start : run.stop] = [blocks[run.start], line]
        left = rest + left
    return Shown(out, left)


def shown_once_line(block: Block) -> bool:
    """The line `shown_once` puts after the first box of a run of repeated boxes ("The same
    with: ..."): its page shows variants of one example."""
    return (
        block.type == "paragraph"
        and len(block.spans) == 2
        and block.spans[0].text in SAME_WITH.values()
    )


def condense_repeats(outline: Outline, lang: str) -> Condensed:
    """Every page's (and `####` section's) runs of repeated boxes shown once, the words of the
    boxes that left in the page's notes (listed)."""
    records: list[LeftOut] = []
    chapters = []
    for ci, chapter in enumerate(outline.chapters):
        pages: list[Page] = []
        for pi, page in enumerate(chapter.pages):
            shown = shown_once(page.blocks, lang)
            left = list(shown.left)
            sections = []
            for section in page.sections:
                part = shown_once(section.blocks, lang)
                left += part.left
                sections.append(replace(section, blocks=part.blocks) if part.left else section)
            if left:
                notes = "\n\n".join(n for n in (page.notes, notes_text(left)) if n)
                page = replace(page, blocks=shown.blocks, sections=sections, notes=notes)
                why = f'of {len(left)} boxes repeating an example, in the notes of "{page.title}"'
                record = left_out_blocks(f"chapters[{ci}].pages[{pi}]", "notes", left, why)
                if record is not None:
                    records.append(record)
            pages.append(page)
        chapters.append(replace(chapter, pages=pages))
    return Condensed(replace(outline, chapters=chapters), records)


def _link_item(item: ListItem) -> bool:
    """An item that is one link of a few words (nothing else but spaces and punctuation)."""
    linked = [s for s in item.spans if s.href]
    rest = "".join(s.text for s in item.spans if not s.href).strip(" ,.;:")
    text = plain(item.spans)
    return len(linked) >= 1 and not rest and not item.children and len(text.split()) <= LINK_WORDS


def link_list(block: Block) -> bool:
    """A list of at least MIN_LINKS items that are each one short link."""
    return (
        block.type == "list"
        and len(block.items) >= MIN_LINKS
        and all(_link_item(i) for i in block.items)
    )


def shorter_link_lists(outline: Outline, lang: str) -> Condensed:
    """Every long list of links as its first SHOWN_LINKS items and one counting the rest; the
    whole list in its page's notes (listed)."""
    records: list[LeftOut] = []
    chapters = []
    for ci, chapter in enumerate(outline.chapters):
        pages: list[Page] = []
        for pi, page in enumerate(chapter.pages):
            long = [b for b in page_blocks(page) if link_list(b)]
            if long:
                page = _shortened(page, lang)
                where = f"chapters[{ci}].pages[{pi}]"
                rest = [replace(b, items=b.items[SHOWN_LINKS:]) for b in long]
                why = f'of a long list of links, in the notes of "{page.title}"'
                record = left_out_blocks(where, "notes", rest, why)
                if record is not None:
                    records.append(record)
            pages.append(page)
        chapters.append(replace(chapter, pages=pages))
    return Condensed(replace(outline, chapters=chapters), records)


def _shortened(page: Page, lang: str) -> Page:
    def short(blocks: list[Block]) -> list[Block]:
        out = []
        for b in blocks:
            if link_list(b):
                n = len(b.items) - SHOWN_LINKS
                more = ListItem([Span(MORE.get(lang, MORE["en"]).format(n=n), italic=True)])
                b = replace(b, items=[*b.items[:SHOWN_LINKS], more], columns=LINK_COLUMNS)
            out.append(b)
        return out

    moved = notes_text([b for b in page_blocks(page) if link_list(b)])
    return replace(
        page,
        blocks=short(page.blocks),
        sections=[replace(s, blocks=short(s.blocks)) for s in page.sections],
        notes="\n\n".join(n for n in (page.notes, moved) if n),
    )
