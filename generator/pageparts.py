"""How a document's pages become the pages a deck plans: a long page cut at its content titles,
a chapter of tiny pages as one page, a chapter's only page under the chapter's title, and blocks
no layout draws left out (and listed)."""

from __future__ import annotations

from dataclasses import replace

from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, Page, title_spans
from generator.pagesize import TINY_CHARS, estimate_slides, tiny_page
from generator.runs import page_blocks
from generator.shapes import one_command

SECTION_SLIDES = 3  # a page estimated at this many slides shows each content title on its own


def by_section(where: str, page: Page) -> list[tuple[str, Page]]:
    """A long page with content titles (`####`) as one page per content title, titled by it
    (the page's title above it), so its slides say what they hold instead of "(4/7)"; the
    blocks before the first content title stay under the page's own title. `where` of each
    part carries `|page title` (its kicker). The page's notes go with its first part only."""
    titled = [s for s in page.sections if s.title]
    if len(titled) < 2 or estimate_slides(page_blocks(page)) < SECTION_SLIDES:
        return [(where, page)]
    out: list[tuple[str, Page]] = []
    if page.blocks:
        out.append((where, replace(page, sections=[])))
    for k, sec in enumerate(page.sections):
        if not sec.title:
            continue
        notes = "" if out else page.notes
        part = replace(page, title=sec.title, blocks=list(sec.blocks), sections=[], notes=notes)
        out.append((f"{where}.sections[{k}]|{page.title}", part))
    return out


def small_chapter(pages: list[Page], length: str) -> bool:
    """Tiny pages that together are still small (e.g. "Added" and "Fixed" of a release):
    one page, so that the chapter may share a slide with its neighbours."""
    if length == "long" or any(one_command(page_blocks(p)) for p in pages):
        return False
    if not all(tiny_page(p, length) for p in pages):
        return False
    chars = sum(len(p.title) + sum(b.text_length() for b in page_blocks(p)) for p in pages)
    return chars <= TINY_CHARS[length]


def promoted_all(pages: list[Page], title: str) -> Page:
    blocks: list[Block] = []
    for p in pages:
        blocks.append(Block("heading", title_spans(p.title, bold=True)))
        blocks.extend(page_blocks(p))
    return replace(pages[0], title=title, blocks=blocks, sections=[])


def promoted(page: Page, title: str) -> Page:
    """The only page of a chapter, titled after the chapter, its own title a heading in it
    (one slide says both; tiny ones can then merge with their neighbours)."""
    heading = Block("heading", title_spans(page.title, bold=True))
    return replace(page, title=title, blocks=[heading] + page_blocks(page), sections=[])


SHOWN = frozenset({"paragraph", "heading", "list", "table", "quote", "code", "image", "html"})


def shown_blocks(page: Page, where: str, left_out: list[LeftOut] | None) -> Page:
    """The page without blocks of a kind no layout draws (listed as left out)."""

    def keep(blocks: list[Block], path: str) -> list[Block]:
        out = []
        for i, b in enumerate(blocks):
            if b.type not in SHOWN:
                record = left_out_blocks(f"{path}[{i}]", "unsupported", [b], f"of a {b.type} block")
                if record is not None and left_out is not None:
                    left_out.append(record)
                continue
            out.append(b)
        return out

    blocks = keep(page.blocks, f"{where}.blocks")
    sections = [
        replace(sec, blocks=keep(sec.blocks, f"{where}.sections[{k}].blocks"))
        for k, sec in enumerate(page.sections)
    ]
    if len(blocks) == len(page.blocks) and all(
        len(a.blocks) == len(b.blocks) for a, b in zip(sections, page.sections, strict=True)
    ):
        return page
    return replace(page, blocks=blocks, sections=sections)
