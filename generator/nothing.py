"""Sections that say there is nothing ("None.", "N/A", "Nothing"): a meeting's "P-critical
issues" with nothing under it would be a slide of one word. Such a section becomes one line,
its title then its word ("P-critical issues: None."), at the end of the page before it (the
start of the page after it when it comes first), so the slide it would have been is not drawn
and nothing it says is lost. A page of another chapter takes it only when that chapter is one
page (the line never lands among a chapter's subsections)."""

from __future__ import annotations

import re
from dataclasses import replace

from generator.model import Block, Page, Span, Title, plain, title_spans

# What a section's whole text may be to say it has nothing (case and a final stop aside).
NOTHING = frozenset(
    {"none", "n/a", "na", "nothing", "nil", "none yet", "nothing yet", "none so far", "no"}
)

Where = tuple[str, Page]


def says_nothing(page: Page) -> bool:
    """A titled page whose whole content is one short paragraph saying there is nothing."""
    if not page.title or page.sections or len(page.blocks) != 1:
        return False
    block = page.blocks[0]
    if block.type != "paragraph":
        return False
    text = re.sub(r"[.!\s]+$", "", plain(block.spans).strip()).casefold()
    return text in NOTHING


def _line(page: Page) -> Block:
    """The section as one line: its title in bold, then what it says."""
    title = title_spans(page.title, bold=True)
    if isinstance(page.title, Title):
        title.append(Span(":", bold=True))
    else:
        title[-1].text += ":"
    return Block("paragraph", [*title, Span(" "), *page.blocks[0].spans])


def _with_line(page: Page, line: Block, at_end: bool) -> Page:
    if at_end and page.sections:
        last = page.sections[-1]
        sections = [*page.sections[:-1], replace(last, blocks=[*last.blocks, line])]
        return replace(page, sections=sections)
    blocks = [*page.blocks, line] if at_end else [line, *page.blocks]
    return replace(page, blocks=blocks)


def _host(chapters: list[list[Where]], ci: int, at: tuple[int, int] | None) -> bool:
    """A page that may take the line of a page of chapter `ci`: one of the same chapter, or the
    only page of its own (the line then follows or precedes that chapter's whole content, not
    one of its subsections)."""
    return at is not None and (at[0] == ci or len(chapters[at[0]]) == 1)


def _nothing(chapters: list[list[Where]], at: tuple[int, int]) -> bool:
    return says_nothing(chapters[at[0]][at[1]][1])


def fold_nothing(chapters: list[list[Where]]) -> list[list[Where]]:
    """Each chapter's pages with every page that says nothing folded into a neighbour as one
    line (the page before it, else the page after it, that says something: `_host`); one
    without such a neighbour stays a page (a document of such sections only keeps them)."""
    flat = [(ci, k) for ci, pages in enumerate(chapters) for k in range(len(pages))]
    out = [list(pages) for pages in chapters]
    gone: set[tuple[int, int]] = set()
    for n, (ci, k) in enumerate(flat):
        page = chapters[ci][k][1]
        if not says_nothing(page):
            continue
        before = next((x for x in reversed(flat[:n]) if not _nothing(chapters, x)), None)
        after = next((x for x in flat[n + 1 :] if not _nothing(chapters, x)), None)
        if before is not None and _host(chapters, ci, before):
            at, at_end = before, True
        elif after is not None and _host(chapters, ci, after):
            at, at_end = after, False
        else:
            continue
        where, host = out[at[0]][at[1]]
        out[at[0]][at[1]] = (where, _with_line(host, _line(page), at_end))
        gone.add((ci, k))
    return [
        [page for k, page in enumerate(pages) if (ci, k) not in gone]
        for ci, pages in enumerate(out)
    ]
