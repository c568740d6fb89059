"""Chapters sharing a slide are one entry of the contents slide, as that slide is titled.

Small chapters may share a slide (a short chapter's page merged with its neighbour's,
generator.compose; a lone slide joined across chapters, generator.lone): the slide is titled
by what it holds ("JSON Response Content and Custom Headers", generator.jointitle). The
contents slide then lists those chapters as one entry with that title, in the place of the
first of them: an entry leads to a slide of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from generator.pages import DeckDraft
from generator.reshape import Fitted

CHAPTER = re.compile(r"chapters\[(\d+)\]")  # a page's source: chapters[4].pages[0]+...


@dataclass(frozen=True)
class Joined:
    """Chapters whose pages share one slide, and the title of that slide."""

    chapters: tuple[str, ...]
    title: str


def shared_slides(deck: DeckDraft, slides: list[Fitted]) -> list[Joined]:
    """The content slides holding pages of several listed chapters, in a deck without
    dividers (a divider carries its chapter's number in the list)."""
    if any(f.page.kind == "divider" for f in slides):
        return []
    titles = {c.index: str(c.divider.title) for c in deck.chapters}
    listed = {str(t) for t in deck.listed}
    out = []
    for f in slides:
        if f.page.kind != "content":
            continue
        found = dict.fromkeys(int(i) for i in CHAPTER.findall(f.page.source))
        names = tuple(titles.get(i, "") for i in found)
        if len(names) > 1 and all(n in listed for n in names):
            out.append(Joined(names, str(f.page.title)))
    return out


def joined_entries(listed: list[str], joined: list[Joined]) -> list[str]:
    """The contents entries with the chapters of each shared slide as one entry titled as
    that slide, in the place of the first of them."""
    out = list(listed)
    for j in joined:
        at = [k for k, t in enumerate(out) if t in j.chapters]
        if len(at) < 2:
            continue
        out[at[0]] = j.title
        for k in reversed(at[1:]):
            del out[k]
    return out
