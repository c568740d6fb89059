"""Both halves of an "X and Y" page: a page titled by two things joined ("Risks and
Mitigations", "Drawbacks and Alternatives") whose summary kept paragraphs naming only one of
them takes back the first moved paragraph that names the other (its lead sentences; the rest
stays in the notes), in its place in the page. A summary of such a page that keeps the risks
and loses every mitigation says half of what its title promises."""

from __future__ import annotations

import re

from generator.lazyre import lazy_compile
from generator.model import Block, plain
from generator.summary import lead_sentences

TWO = lazy_compile(r"^\s*(.+?)\s+(?:and|&)\s+(.+?)\s*$", re.I)
HALF_WORDS = 3  # a half of the title is a name of at most this many words
STEM = 6  # letters of a half's last word that name it ("mitiga" for mitigation, mitigate)


def halves(title: str) -> list[re.Pattern[str]]:
    """The patterns naming each half of an "X and Y" title ([] for other titles)."""
    m = TWO.match(title)
    if not m or any(len(h.split()) > HALF_WORDS for h in m.groups()):
        return []
    out = []
    for half in m.groups():
        word = re.sub(r"(?:ies|es|s)$", "", half.split()[-1].casefold()) or half.casefold()
        out.append(re.compile(r"\b" + re.escape(word[:STEM]), re.I))
    return out


def both_halves(
    title: str, blocks: list[Block], kept: list[Block], moved: list[Block]
) -> tuple[list[Block], list[Block]]:
    """(kept, moved) with a paragraph naming each half of the title on the slide when one of
    `blocks` (the page's, in reading order) names it; unchanged for other titles."""
    for half in halves(title):
        if any(b.type == "paragraph" and half.search(plain(b.spans)) for b in kept):
            continue
        found = next(
            (b for b in moved if b.type == "paragraph" and half.search(plain(b.spans))), None
        )
        if found is None or found not in blocks:
            continue
        lead, rest = lead_sentences(found)
        kept = _placed(blocks, kept, found, lead)
        moved = (
            [b for b in moved if b is not found]
            if rest is None
            else [rest if b is found else b for b in moved]
        )
    return kept, moved


def _placed(blocks: list[Block], kept: list[Block], found: Block, lead: Block) -> list[Block]:
    """`lead` (of `found`) among `kept` in the page's reading order."""
    at = next(i for i, b in enumerate(blocks) if b is found)

    def origin(block: Block) -> int:
        text = plain(block.spans) if block.spans else ""
        for i, b in enumerate(blocks):
            if b is block or (text and b.spans and plain(b.spans).startswith(text)):
                return i
        return len(blocks)

    before = [b for b in kept if origin(b) < at]
    return [*before, lead, *kept[len(before) :]]
