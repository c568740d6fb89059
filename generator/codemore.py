"""A code example cut where a capped page's kept slides end says that it continues.

A page capped to its first slides (generator.summarising) may cut a code block at the end of
its last kept slide: the block is cut at the code's own boundaries (generator.codesplit: a
whole statement, a whole call), and its later lines move to the speaker notes. The slide then
shows, under the code's last kept line, an ellipsis ("…", as slides show code that goes on;
the rest is in the notes, and the left-out records name it): never an example that silently
stops partway, and no line addressed to the presenter on the audience's slide. When the line does not fit under the code, the code
gives up its last parts (whole statements) to the notes while it keeps one.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, Span
from generator.pack import cost, usable
from generator.pieces import Piece

CODE_MORE_GROUP = 2_000_000  # the line under a cut code block: its group (never a block's)
LINE_EMS = 1.6  # room of that line, in the body's type size (one line and its margin)
# room a slide filled with part of an example keeps for that line, in the body's type size:
# the line, its margin and the slide's own margins that a capped page's packing leaves out
FILL_EMS = 2.5
CONTINUES = "…"
CONTINUES_ZH = "……"


def continues_line(lang: str) -> Block:
    """The line under a code block cut short at the last kept slide of a capped page, in the
    deck's language."""
    text = CONTINUES_ZH if lang.lower().startswith("zh") else CONTINUES
    return Block("paragraph", [Span(text, italic=True)])


def shown_code(
    kept: list[list[Piece]], rest: list[Piece], room: float, body: float, lang: str = "en"
) -> tuple[list[list[Piece]], list[Piece]]:
    """(kept slides, pieces moving on) with a code block cut at the last kept slide followed
    there by the line saying that it continues (see the module docstring). A page cut again
    keeps the line under the code it was made for. `body`: the body's type size (px)."""
    prior = {p.group - CODE_MORE_GROUP for c in kept for p in c if p.group >= CODE_MORE_GROUP}
    kept = [[p for p in c if p.group < CODE_MORE_GROUP] for c in kept]
    rest = [p for p in rest if p.group < CODE_MORE_GROUP]
    if not kept or not kept[-1]:
        return kept, rest
    last, height = kept[-1], body * LINE_EMS
    code = last[-1]
    cut = code.block.type == "code" and bool(rest) and rest[0].group == code.group
    cut = cut and not code.middle  # a cut in the middle shows its own "…" lines
    if not cut and code.group not in prior:
        return kept, rest
    own = [p for p in last if p.group == code.group]
    while len(own) > 1 and cost(last, 0, len(last) - 1, 0.0, 0.0) + height > usable(room):
        rest.insert(0, last.pop())  # a whole part of the code goes on, with the rest
        own.pop()
    if cost(last, 0, len(last) - 1, 0.0, 0.0) + height > usable(room):
        return kept, rest  # no room for the line under a code block of one part
    top = last[-1].bottom + last[-1].tail
    line = Piece(continues_line(lang), CODE_MORE_GROUP + code.group, top, top + height)
    return [*kept[:-1], [*last, replace(line)]], rest
