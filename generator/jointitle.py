"""The title of a slide that holds several sibling pages one under the other.

When pages of one chapter (or whole small chapters) share a slide, its title says what the
slide holds:

- all of them ("tail -f and git"; "Drawbacks and Alternatives"), when that reads in one title
  line at the template's title size (the chapter above it, if any, stays);
- else their common parent's heading (the page or chapter they are under: "Proposal" over
  "Refactor and flat rate ..." and "User Stories"), no longer named above the title;
- else the pages do not share the slide (the caller keeps them apart), or, where they are
  joined already, the title names the first and the last ("A … B").

Each part keeps its own heading on the slide, the first one too, so the reader sees where each
part starts; a title never names only the first part while the others sit under it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.fit import Measure
from generator.lazyre import lazy_compile
from generator.model import Block, join_titles, plain, title_spans
from generator.oneline import heading_lines
from generator.owncontents import norm
from generator.pages import PlannedPage

__all__ = [
    "JoinTitling",
    "named_together",
    "other_part",
    "parent_of",
    "parts_shown",
    "with_headings",
]

# how the last two of several names are joined, by the deck's language ("" : " · " only)
LAST_JOINS = {"en": " and "}
_JOINED = lazy_compile(r"\s(?:and|&|,)\s|,\s", re.I)  # a name that joins words itself


def named_together(names: Sequence[str], lang: str) -> str:
    """Names in order as one title: "A and B", "A, B and C" in English; "A · B" otherwise,
    and when a name joins words itself ("Terminals & colors", "Line numbers and grid").
    Each name keeps its formatting (a command in code type)."""
    names = [n for n in names if str(n).strip()]
    last = LAST_JOINS.get(lang.split("-")[0].lower(), "")
    if last and any(_JOINED.search(str(n)) for n in names):
        last = ""
    if not last or len(names) < 2:
        return join_titles(" · ", names)
    head = join_titles(", ", names[:-1])
    return join_titles(last, [head, names[-1]])


def with_headings(blocks: list[Block], names: Sequence[str]) -> list[Block]:
    """A slide's blocks opening with the heading of the first of the parts `names` (its other
    parts keep theirs)."""
    if not names or (blocks and blocks[0].type == "heading" and _same(blocks[0], names[0])):
        return blocks
    return [Block("heading", title_spans(names[0], bold=True)), *blocks]


def _same(block: Block, name: str) -> bool:
    return norm(plain(block.spans)) == norm(str(name))


def _without_parent(blocks: list[Block], parent: str) -> list[Block]:
    """The blocks without an opening heading that names `parent` (now the slide's title)."""
    if blocks and blocks[0].type == "heading" and _same(blocks[0], parent):
        return blocks[1:]
    return blocks


def parts_shown(blocks: list[Block], names: Sequence[str]) -> list[str]:
    """The parts among `names` whose content is on a slide of `blocks`: those whose heading it
    shows, and the first one when the slide opens with text (its heading may be the title)."""
    heads = {norm(plain(b.spans)) for b in blocks if b.type == "heading"}
    shown = [n for n in names if norm(str(n)) in heads]
    if names and blocks and blocks[0].type != "heading" and names[0] not in shown:
        shown.insert(0, names[0])
    return shown


def other_part(blocks: list[Block], names: Sequence[str]) -> str:
    """The heading a slide opens with when it names none of the parts `names` (the content
    left is another part's: the introduction of the page they are sections of); else ""."""
    if not blocks or blocks[0].type != "heading":
        return ""
    text = plain(blocks[0].spans).strip()
    return "" if norm(text) in {norm(str(n)) for n in names} else text


class JoinTitling:
    """A mixin of the planner (its `measure` and `page_lang`)."""

    if TYPE_CHECKING:

        def measure(
            self, page: PlannedPage, lang: str | None = None
        ) -> tuple[str, Measure | None]: ...

        def page_lang(self, page: PlannedPage) -> str: ...

    def one_title_line(self, page: PlannedPage, title: str) -> bool:
        """Whether `title` reads in one line on `page`'s slide at its title size."""
        bare = replace(page, title=title, blocks=[], sections=[], entries=[], layout="bullets")
        _, m = self.measure(bare)
        return m is not None and heading_lines(bare, m) == 1

    def together_titled(
        self, page: PlannedPage, names: Sequence[str], parent: str
    ) -> PlannedPage | None:
        """`page` (holding the parts `names` in order, each under its heading but perhaps the
        first) titled by all of them when that reads in one line, else by `parent` (not named
        above the title any more), each part under its heading; None when neither does."""
        names = [n for n in names if str(n).strip()]
        if len(names) < 2:
            return None
        blocks = with_headings(page.blocks, names)
        joined = named_together(names, self.page_lang(page))
        if self.one_title_line(page, joined):
            named = norm(page.subtitle) in {norm(str(n)) for n in names}
            return replace(
                page, title=joined, blocks=blocks, subtitle="" if named else page.subtitle
            )
        if not parent.strip() or norm(parent) in {norm(str(n)) for n in names}:
            return None
        if norm(page.subtitle) == norm(parent):
            page = replace(page, subtitle="")
        return replace(page, title=parent, blocks=_without_parent(blocks, parent))

    def titled_by_content(
        self, page: PlannedPage, names: Sequence[str], parent: str
    ) -> PlannedPage | None:
        """`page`, holding some of the parts `names`, titled by the parts whose content it
        shows (`parts_shown`; a part whose content left the slide is not named), the other
        part it opens with first (`other_part`): by that part alone when it is the only one
        (its heading then not repeated under the title), else by them all or their parent
        (`together_titled`); None when no title says what it holds."""
        lead = other_part(page.blocks, names)
        parts = [*([lead] if lead else []), *parts_shown(page.blocks, names)]
        if len(parts) > 1:
            return self.together_titled(page, parts, parent)
        if not parts:
            return None
        body = page.blocks
        if body and body[0].type == "heading" and _same(body[0], parts[0]):
            body = body[1:]
        subtitle = "" if norm(page.subtitle) == norm(parts[0]) else page.subtitle
        return replace(page, title=parts[0], subtitle=subtitle, blocks=body)


def parent_of(host: PlannedPage, page: PlannedPage) -> str:
    """The heading two pages of one chapter sharing a slide are both under: what both name
    above their titles, else their chapter's title."""
    if host.subtitle and norm(host.subtitle) == norm(page.subtitle):
        return host.subtitle
    return host.chapter if host.chapter == page.chapter else ""
