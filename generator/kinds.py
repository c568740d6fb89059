"""Kinds of document whose handling is loaded only when a document of the kind is met.

Every `deckforge generate` process imports the generator; a module that only some documents
need is not imported with it. The pattern, the same for every such kind:

- the kind's detector (a cheap test on the outline) lives here, in this small module the
  generator imports;
- the module that handles the kind is imported inside the function that found it (a
  function-level import, commented), so a document without that kind never loads it.

Kinds so loaded (tests/generator/test_kinds_loaded.py checks a plain document loads none):

- meeting notes (a discussion: remarks of alternating speakers) -> generator.minutes;
- update logs (a README's dated news near its start) -> generator.updatelog.

Other optional parts are loaded where their syntax or their command is met, by the same
function-level imports: the Mermaid and PlantUML readers and drawers (past
generator.markup.mermaid's configuration and measures), Pandoc's specifics
(generator.markup.pandoc), YAML front matter (yaml), task sources (generator.sources.*), the
LLM client (generator.llm) and template packages (generator.package).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from generator.condense import Condensed
from generator.lazyre import lazy_compile
from generator.model import Block, Outline, Page, Span, plain

if TYPE_CHECKING:
    from generator.minutes import Minutes

# -- meeting notes ------------------------------------------------------------------------

MIN_REMARKS = 4  # remarks a discussion has at least
SPEAKER_CHARS = 24  # a speaker's name is at most this long
NAME = r"[A-Za-z@][\w.@-]*(?: [A-Za-z][\w.-]*){0,2}"  # a speaker's name
SPEAKER = lazy_compile(rf"^\s*(?:\*\*)?({NAME})(?:\*\*)?\s*(?:\([^)]{{0,40}}\))?\s*:\s+\S")


def speaker(block: Block) -> str:
    """The speaker a paragraph's remark starts with ("" when it is no remark)."""
    if block.type != "paragraph" or not block.spans:
        return ""
    text = plain(block.spans)
    m = SPEAKER.match(text)
    if m is None or len(m.group(1)) > SPEAKER_CHARS or text.lstrip().startswith(("http", "`")):
        return ""
    if text[m.end() - 1 :].startswith(("http://", "https://")):  # a label: "Link: https://..."
        return ""
    if _link_value(block.spans, m.end() - 1):  # ... or its link ("Link: rust-lang/rfcs#3348")
        return ""
    return m.group(1).casefold()


def _link_value(spans: list[Span], start: int) -> bool:
    """The text of `spans` from `start` on is one link."""
    at = 0
    rest: list[Span] = []
    for span in spans:
        if at + len(span.text) > start:
            rest.append(span)
        at += len(span.text)
    return bool(rest) and len([s for s in rest if s.href]) == 1 and rest[-1].href is not None


def discussion_start(blocks: list[Block]) -> int | None:
    """Where the blocks' discussion starts (its first remark), None when they hold none."""
    names = [speaker(b) for b in blocks]
    said = [n for n in names if n]
    turns = sum(1 for a, b in zip(said, said[1:], strict=False) if a != b)
    if len(said) < MIN_REMARKS or turns < MIN_REMARKS - 1 or len(set(said)) == len(said):
        return None
    return next(i for i, n in enumerate(names) if n)


def holds_discussion(outline_pages: list[Page]) -> bool:
    """Whether a document is meeting notes: one of its pages or content titles holds a
    discussion."""
    for page in outline_pages:
        if discussion_start(page.blocks) is not None:
            return True
        if any(discussion_start(s.blocks) is not None for s in page.sections):
            return True
    return False


def minutes_page(page: Page, where: str) -> Minutes | None:
    """generator.minutes.minutes_page, its module loaded on the first page of meeting notes."""
    from generator.minutes import minutes_page as summarised  # a kind's module: loaded here

    return summarised(page, where)


def by_item(where: str, page: Page, minutes: Minutes) -> list[tuple[str, Page]]:
    """generator.minutes.by_item (its module is loaded once `minutes_page` found an item)."""
    from generator.minutes import by_item as cut  # a kind's module: loaded here

    return cut(where, page, minutes)


# -- update logs --------------------------------------------------------------------------

MIN_ENTRIES = 3  # dated paragraphs that make an update log
START_SHARE = 1 / 3  # an update log lies in this first share of the document's pages
# a date opening a paragraph: 2023/07/25, [2023-07-25], **2023.7**, 2023年7月25日
DATED = lazy_compile(r"^\W{0,3}(\d{4})\s*[-/.年]\s*(\d{1,2})(?:\s*[-/.月]\s*(\d{1,2}))?(?!\d)")


@dataclass(frozen=True)
class Entry:
    """One dated entry of an update log: its opening paragraph, the date's numbers, and where
    it stands among the page's blocks."""

    lead: Block
    date: tuple[int, ...]
    at: int


def entry_date(block: Block) -> tuple[int, ...] | None:
    """The date a paragraph opens with (year, month[, day]); None for any other block."""
    if block.type != "paragraph":
        return None
    m = DATED.match(plain(block.spans))
    if m is None or not 1 <= int(m.group(2)) <= 12:
        return None
    return tuple(int(g) for g in m.groups() if g is not None)


def update_entries(page: Page) -> list[Entry]:
    """The page's dated entries when the page is an update log (it opens with a dated paragraph
    and holds at least MIN_ENTRIES of them), else nothing."""
    entries = []
    for at, block in enumerate(page.blocks):
        date = entry_date(block)
        if date is not None:
            entries.append(Entry(block, date, at))
    if len(entries) < MIN_ENTRIES or entries[0].at != 0:
        return []
    return entries


def early_pages(outline: Outline) -> list[Page]:
    """The pages in the first START_SHARE of the document, where an update log may lie."""
    pages = [p for c in outline.chapters for p in c.pages]
    return [p for seen, p in enumerate(pages) if seen < len(pages) * START_SHARE]


def condense_update_logs(outline: Outline, lang: str) -> Condensed:
    """generator.updatelog.condense_update_logs, its module loaded only for a document with an
    update log (any other document is returned as it is, nothing condensed)."""
    if not any(update_entries(page) for page in early_pages(outline)):
        return Condensed(outline, [])
    from generator.updatelog import condense_update_logs as condensed  # a kind's module

    return condensed(outline, lang)
