"""Sections that say there is nothing ("None.", "N/A", "Nothing"): a meeting's "P-critical
issues" with nothing under it would be a slide of one word. Such a section becomes one line,
its title then its word ("P-critical issues: None."), at the end of the page before it (the
start of the page after it when it comes first), so the slide it would have been is not drawn
and nothing it says is lost."""

from __future__ import annotations

import re
from dataclasses import replace

from generator.model import Block, Page, Span, plain

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
    return Block("paragraph", [Span(page.title + ":", bold=True), Span(" "), *page.blocks[0].spans])


def _with_line(page: Page, line: Block, at_end: bool) -> Page:
    if at_end and page.sections:
        last = page.sections[-1]
        sections = [*page.sections[:-1], replace(last, blocks=[*last.blocks, line])]
        return replace(page, sections=sections)
    blocks = [*page.blocks, line] if at_end else [line, *page.blocks]
    return replace(page, blocks=blocks)


def fold_nothing(chapters: list[list[Where]]) -> list[list[Where]]:
    """Each chapter's pages with every page that says nothing folded into its neighbour as one
    line (the page before it, in its chapter or an earlier one; else the page after it). A
    document of such pages only keeps them."""
    flat = [(ci, k) for ci, pages in enumerate(chapters) for k in range(len(pages))]
    hosts = [(ci, k) for ci, k in flat if not says_nothing(chapters[ci][k][1])]
    if not hosts or len(hosts) == len(flat):
        return chapters
    out = [list(pages) for pages in chapters]
    pending: list[Block] = []  # lines before the first page that says something
    previous: tuple[int, int] | None = None
    for ci, k in flat:
        where, page = out[ci][k]
        if says_nothing(chapters[ci][k][1]):
            if previous is None:
                pending.append(_line(page))
            else:
                pw, pp = out[previous[0]][previous[1]]
                out[previous[0]][previous[1]] = (pw, _with_line(pp, _line(page), True))
            continue
        for line in reversed(pending):
            page = _with_line(page, line, False)
        out[ci][k] = (where, page)
        pending = []
        previous = (ci, k)
    return [
        [out[ci][k] for k in range(len(pages)) if (ci, k) in hosts]
        for ci, pages in enumerate(chapters)
    ]
