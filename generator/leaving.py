"""Parts leaving a talk (generator.drop chose them): the outline without them, each part's words
(named) in the notes of a kept page of its own chapter or on the "Also in the document" slide,
its pictures on backup slides after the closing slide (generator.backup), every part recorded
(`LeftOut`)."""

from __future__ import annotations

from dataclasses import replace

from generator.alsoin import ALSO_TITLE, HEADING, LeftPart, in_appendix, place, with_named
from generator.backup import Backup, backup_of, backup_record
from generator.condense import Condensed
from generator.digest import digest, parallel
from generator.drop import Left
from generator.gist import block_gist
from generator.leftout import LeftOut, count_words, left_out_blocks
from generator.model import Block, Chapter, Outline, Page, title_spans
from generator.owncontents import document_titles, without_own_contents
from generator.runs import page_blocks
from generator.summary import notes_text


def drop_pages(outline: Outline, left: list[Left]) -> Condensed:
    """The outline without the `left` pages; each page's words (named) in the notes of the
    kept page generator.alsoin finds for it, or on the "Also in the document" slide
    (`Condensed.also`); every page listed. Paths are the given outline's."""
    gone = {(x.chapter, x.page) for x in left if x.section < 0 and not x.one}
    cut = {(x.chapter, x.page, x.section) for x in left if x.section >= 0 and not x.one}
    # a page of alike sections shows each by its first sentence rather than lose the others
    listed = {(ci, pi) for ci, pi, _ in cut if parallel(outline.chapters[ci].pages[pi])}
    cut = {k for k in cut if k[:2] not in listed}
    ones = {(x.chapter, x.page, x.section) for x in left if x.one}
    twos = {(x.chapter, x.page, x.section) for x in left if x.one and x.two}
    single: set[str] = set()  # their places in the outline without the parts that left
    double: set[str] = set()  # ... of those keeping two slides
    parts: list[LeftPart] = []
    blocks_of: dict[tuple[int, int], list[Block]] = {}
    backup: dict[tuple[int, int, int], Backup] = {}  # (chapter, page, section) -> its pictures
    for ci, chapter in enumerate(outline.chapters):
        for pi, page in enumerate(chapter.pages):
            if (ci, pi) not in gone:
                continue
            blocks = _blocks(page, chapter.title if pi == 0 else "")
            blocks_of[(ci, pi)] = blocks
            name = _name(chapter, page, pi)
            found = backup_of(page.title, chapter.title, blocks)
            text = "\n\n".join(t for t in (notes_text(blocks), page.notes, _shown(found)) if t)
            words = count_words(text)
            n = len(found.pictures) if found is not None else 0
            said = block_gist(blocks)
            parts.append(LeftPart(ci, pi, chapter.title, page.title, name, text, words, n, said))
            if found is not None:
                backup[(ci, pi, -1)] = found
    kept = [
        [pi for pi in range(len(c.pages)) if (ci, pi) not in gone]
        for ci, c in enumerate(outline.chapters)
    ]
    placed = place(parts, kept)
    notes = {at: [p.notes() for p in group] for at, group in placed.notes.items()}
    targets = {(p.chapter, p.page): at for at, group in placed.notes.items() for p in group}
    records: list[LeftOut] = []
    for p in parts:
        where = f"chapters[{p.chapter}].pages[{p.page}]"
        at = targets.get((p.chapter, p.page))
        found = backup.get((p.chapter, p.page, -1))
        records += _records(where, p.name, blocks_of[(p.chapter, p.page)], outline, at, found)
    named = [p for group in placed.notes.values() for p in group]  # named on the Also slide
    named += _cut_sections(outline, sorted(cut), notes, records, backup)
    titles = document_titles(outline)
    new_chapters: list[Chapter] = []
    chapter_origin: dict[int, int] = {}
    page_origin: dict[tuple[int, int], int] = {}
    for ci, chapter in enumerate(outline.chapters):
        pages: list[Page] = []
        for pi, page in enumerate(chapter.pages):
            if (ci, pi) in gone:
                continue
            if (ci, pi) in listed:
                page, record = digest(page, f"chapters[{ci}].pages[{pi}]")
                records.append(record)
            sections = [x for si, x in enumerate(page.sections) if (ci, pi, si) not in cut]
            if len(sections) != len(page.sections):
                page = replace(page, sections=sections)
            # the document's own contents, known by the headings before any left
            page = without_own_contents(page, titles, f"chapters[{ci}].pages[{pi}]", records)
            if (ci, pi) in notes:
                text = "\n\n".join(
                    [page.notes, *notes[(ci, pi)]] if page.notes else notes[(ci, pi)]
                )
                page = replace(page, notes=text)
            if len(pages) != pi:
                page_origin[(len(new_chapters), len(pages))] = pi
            whole = sum(1 for x in page.sections if x.title) < 2  # planned as one page
            single |= _single((ci, pi), (len(new_chapters), len(pages)), ones, cut, whole)
            double |= _single((ci, pi), (len(new_chapters), len(pages)), twos, cut, whole)
            pages.append(page)
        if chapter.pages and not pages:
            continue  # the whole chapter left
        if len(new_chapters) != ci:
            chapter_origin[len(new_chapters)] = ci
        new_chapters.append(replace(chapter, pages=pages))
    dropped = replace(outline, chapters=new_chapters)
    pictures = tuple(backup[k] for k in sorted(backup))  # in the document's order
    return Condensed(
        dropped,
        records,
        chapter_origin,
        page_origin,
        also=with_named(placed.also, named),
        backup=pictures,
        single=frozenset(single),
        double=frozenset(double),
    )


def _cut_sections(
    outline: Outline,
    cut: list[tuple[int, int, int]],
    notes: dict[tuple[int, int], list[str]],
    records: list[LeftOut],
    backup: dict[tuple[int, int, int], Backup],
) -> list[LeftPart]:
    """The sections that left kept pages: each named with its words in its page's notes
    (added to `notes`), recorded, its pictures for the backup slides; returned as the parts
    the Also slide names."""
    out: list[LeftPart] = []
    for ci, pi, si in cut:
        chapter = outline.chapters[ci]
        page = chapter.pages[pi]
        section = page.sections[si]
        name = " · ".join(t for t in (page.title, section.title) if t) or f"part {si + 1}"
        blocks = [Block("heading", title_spans(section.title, bold=True)), *section.blocks]
        found = backup_of(section.title, page.title, blocks)
        text = "\n\n".join(t for t in (notes_text(blocks), _shown(found)) if t)
        notes.setdefault((ci, pi), []).append(HEADING + name + "\n\n" + text)
        where = f"chapters[{ci}].pages[{pi}].sections[{si}]"
        records.extend(_records(where, name, blocks, outline, (ci, pi), found))
        n = len(found.pictures) if found is not None else 0
        said = block_gist(section.blocks)
        out.append(LeftPart(ci, pi, chapter.title, section.title, name, text, 0, n, said))
        if found is not None:
            backup[(ci, pi, si)] = found
    return out


def _shown(found: Backup | None) -> str:
    """What the notes of a part that left say of its pictures: where they are."""
    return in_appendix(len(found.pictures), "en") + "." if found is not None else ""


def _single(
    old: tuple[int, int],
    new: tuple[int, int],
    ones: set[tuple[int, int, int]],
    cut: set[tuple[int, int, int]],
    whole: bool = False,
) -> set[str]:
    """The sources (in the outline the parts left) of the kept page `old`, now `new`, and of
    its kept sections that keep one slide; a page left with fewer than two content titles is
    planned whole (generator.pageparts.by_section): a section of it keeps one slide, the page
    does."""
    out: set[str] = set()
    for ci, pi, si in ones:
        if (ci, pi) != old or (ci, pi, si) in cut:
            continue
        where = f"chapters[{new[0]}].pages[{new[1]}]"
        if si >= 0 and not whole:
            shift = sum(1 for k in range(si) if (ci, pi, k) in cut)
            where += f".sections[{si - shift}]"
        out.add(where)
    return out


def _blocks(page: Page, chapter_title: str) -> list[Block]:
    blocks = page_blocks(page)
    if chapter_title and page.title and page.title != chapter_title:
        return [Block("heading", title_spans(page.title, bold=True)), *blocks]
    return blocks


def _name(chapter: Chapter, page: Page, pi: int) -> str:
    """The left-out page's name: its chapter's and its own title."""
    parts = [t for t in (chapter.title, page.title) if t]
    if len(parts) == 2 and parts[0] == parts[1]:
        parts = parts[:1]
    return " · ".join(parts) or f"page {pi + 1}"


def _records(
    where: str,
    name: str,
    blocks: list[Block],
    outline: Outline,
    target: tuple[int, int] | None,
    found: Backup | None,
) -> list[LeftOut]:
    if target is None:
        why = f'of "{name}" left out of the slides (over the slide budget), on the slide "{ALSO_TITLE}"'
    else:
        before = outline.chapters[target[0]].pages[target[1]].title
        why = f'of "{name}" left out of the slides (over the slide budget), in the notes of "{before}"'
    out: list[LeftOut] = []
    record = left_out_blocks(where, "notes", blocks, why)
    if record is None:
        record = LeftOut(where, "notes", why, name, count_words(name))
    out.append(record)
    if found is not None:
        out.append(backup_record(where, f'"{name}"', found))
    return out
