"""The title of each slide a merged page continues on: the parts that are on it.

A slide of several pages is titled by its parts ("Stabilized APIs · Other changes",
generator.compose). When the page continues over several slides, each slide is titled by the
parts whose content it shows: a part's content runs from its heading to the next part's
heading (the content before the first heading is the first part's). A slide showing one part
counts the slides that part is on ("Stabilized APIs (2/3)"); a slide showing several has no
continuation marker.
"""

from __future__ import annotations

from dataclasses import replace

from generator.keep import title_parts
from generator.model import plain
from generator.pages import PlannedPage
from generator.pieces import Piece


def parts_on_slides(names: list[str], chunks: list[list[Piece]]) -> list[list[int]]:
    """For each slide's pieces, the indexes of the parts (in `names`) whose content it shows."""
    out: list[list[int]] = []
    current = 0
    for chunk in chunks:
        shown: list[int] = []
        for piece in chunk:
            if piece.block.type == "heading":
                text = plain(piece.block.spans).strip()
                later = [k for k in range(current, len(names)) if names[k] == text]
                current = later[0] if later else current
            if not shown or shown[-1] != current:
                shown.append(current)
        out.append(shown or [current])
    return out


def slide_parts_title(
    slide: PlannedPage, title: str, chunks: list[list[Piece]], i: int
) -> PlannedPage:
    """Slide `i` of a page titled `title`, cut into `chunks`, titled by the parts on it (a page
    of one part, or of one slide, as it is)."""
    names = title_parts(title)
    if not names or len(chunks) < 2 or i >= len(chunks):
        return slide
    shown = parts_on_slides(names, chunks)
    mine = shown[i]
    if len(mine) > 1:
        return replace(slide, title=" · ".join(names[k] for k in mine), part=1, parts=1)
    span = [j for j, parts in enumerate(shown) if mine[0] in parts]
    return replace(slide, title=names[mine[0]], part=span.index(i) + 1, parts=len(span))
