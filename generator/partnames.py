"""The title of each slide a merged page continues on: the parts that are on it; and the title
of a slide holding several parts (`parts_title`: "Added · Fixed").

A page of several parts (pages merged into one, generator.compose) that continues over several
slides titles each slide by the first part whose content it shows: a part's content runs from
its heading to the next part's heading (the content before the first heading is the first
part's); a picture slide of the pictures moved off the page shows the parts those pictures
are in. The title counts the slides that part is on ("Stabilized APIs (6/6)"); the parts after
it keep their headings inside the slide.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.keep import title_parts
from generator.lazyre import lazy_compile
from generator.model import Block, Outline, join_titles, plain
from generator.owncontents import is_document_title
from generator.pages import PlannedPage
from generator.pieces import Piece
from generator.sourced import picture_count
from generator.summary import gallery_groups, shown_pictures

__all__ = [
    "gallery_parts",
    "named_parts",
    "parts_on_slides",
    "parts_title",
    "picture_parts",
    "slide_parts_title",
    "title_parts",
    "without_credits",
]


def _next_part(names: list[str], block: Block, current: int) -> int:
    """The part a heading starts (its title one of `names`, at or after `current`)."""
    if block.type != "heading":
        return current
    text = plain(block.spans).strip()
    later = [k for k in range(current, len(names)) if names[k] == text]
    return later[0] if later else current


def parts_on_slides(names: list[str], chunks: list[list[Piece]]) -> list[list[int]]:
    """For each slide's pieces, the indexes of the parts (in `names`) whose content it shows."""
    out: list[list[int]] = []
    current = 0
    for chunk in chunks:
        shown: list[int] = []
        for piece in chunk:
            current = _next_part(names, piece.block, current)
            if not shown or shown[-1] != current:
                shown.append(current)
        out.append(shown or [current])
    return out


def picture_parts(names: list[str], chunks: list[list[Piece]], rest: list[Block]) -> list[int]:
    """The part of each picture among `rest` (blocks of the page cut into `chunks` that its
    kept slides do not show) a picture slide shows, in the order
    generator.summary.shown_pictures finds them: the part the picture is in on the page."""
    where: dict[int, int] = {}
    current = 0
    for chunk in chunks:
        for piece in chunk:
            current = _next_part(names, piece.block, current)
            for picture in shown_pictures([piece.block]):
                where.setdefault(id(picture), current)
    out: list[int] = []
    current = 0
    for block in rest:
        current = _next_part(names, block, current)
        out += [where.get(id(p), current) for p in shown_pictures([block])]
    return out


def gallery_parts(pictures: list[Block], parts: list[int]) -> list[list[int]] | None:
    """The parts each picture slide of `pictures` shows (None when not known for each)."""
    if len(parts) != picture_count(pictures):
        return None
    out: list[list[int]] = []
    at = 0
    for group in gallery_groups(pictures):
        mine = parts[at : at + picture_count(group)]
        at += picture_count(group)
        out.append([k for i, k in enumerate(mine) if k not in mine[:i]])
    return out


def distinct_titles(titles: list[str]) -> list[str]:
    """Parts' titles in order, without empty ones and without one an earlier title already
    says ("3. Color scheme templates" then "Color scheme templates": named once)."""
    out: list[str] = []
    for title in titles:
        folded = title.casefold()
        if title and not any(folded in earlier.casefold() for earlier in out):
            out.append(title)
    return out


def slide_parts_title(
    slide: PlannedPage, names: list[str], shown: list[list[int]], i: int
) -> PlannedPage:
    """Slide `i` of a page whose parts are `names`, titled by the first part it shows (the
    parts after it keep their headings inside the slide)."""
    lead = shown[i][0]
    span = [j for j, parts in enumerate(shown) if lead in parts]
    blocks = slide.blocks
    heading = blocks[0] if len(shown[i]) > 1 and blocks else None
    if heading is not None and heading.type == "heading" and plain(heading.spans) == names[lead]:
        blocks = blocks[1:]  # its heading is the title now
    return replace(slide, title=names[lead], part=span.index(i) + 1, parts=len(span), blocks=blocks)


MAX_PARTS_TITLE = 70  # characters of a merged slide's title naming its parts


# a document's closing credits: who made it ("Contributors to 1.80.0", "Acknowledgements")
CREDITS = lazy_compile(
    r"^(?:contributors?|credits?|acknowledge?ments?|thanks|special thanks|authors?)\b", re.I
)


def named_parts(outline: Outline, titles: list[str]) -> list[str]:
    """The parts' titles a slide's title names: not the document's own title (its intro
    under its top heading), unless there is nothing else; nor the document's closing credits
    after another part ("Other changes", then "Contributors to 1.80.0": the slide is the
    part's, the credits under their own heading in it)."""
    own = [t for t in titles if not is_document_title(outline, t)] or titles
    return without_credits(own)


def without_credits(titles: list[str]) -> list[str]:
    """Parts' titles without the closing credits after another part."""
    while len(titles) > 1 and CREDITS.match(titles[-1].strip()):
        titles = titles[:-1]
    return titles


def parts_title(titles: list[str]) -> str:
    """Titles of a slide's parts in order: all of them, else the first and the last."""
    titles = distinct_titles(titles)
    joined = join_titles(" · ", titles)
    if len(joined) <= MAX_PARTS_TITLE or len(titles) == 1:
        return joined
    ends = join_titles(" … ", [titles[0], titles[-1]])
    return ends if len(ends) <= MAX_PARTS_TITLE else join_titles(" ", [titles[0], "…"])
