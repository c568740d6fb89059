"""A list cut between a slide and the notes never stops silently.

When a talk must be shorter, a page keeps its first slides and the rest moves to the speaker
notes (generator.summarising). A list whose items continue past the last kept slide would then
end after whatever items fit, as if that were the whole list. Instead the last kept slide ends
the list with a line counting the items that follow ("… 3 more: 闻达, glm-bot, Chuanhu Chat";
the names are the items' opening links or bold names, when each has a short one; the
audience's slide never speaks of the notes):

- the line takes one line's room under the list's last shown item; where the slide has no
  room for it, the last shown item moves on too (the list shows at least one item);
- a list in a CJK document counts in its language ("… 另有 3 项：…").
"""

from __future__ import annotations

from generator.cjk import CJK_TEXT, may_hold_cjk, pattern
from generator.codemore import FILL_EMS
from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Span, plain
from generator.pack import cost, usable
from generator.pieces import Piece

# the line counting a list's moved items: its group, LIST_MORE_GROUP - the list's (no block's,
# and below the lines of the other kinds of cut: generator.codemore, generator.tablerows)
LIST_MORE_GROUP = -2_000_000
NAME_CHARS = 24  # an item's opening link or bold text longer than this is no name
NAMED = 4  # items named on the line at most (more: the count alone says the rest)
_COUNT = lazy_compile(r"(\d+)")


def more_items_line(count: int, names: list[str], cjk: bool) -> Block:
    """The line ending a list cut short: how many of its items follow, named where they all
    have short names and there are at most NAMED of them."""
    named = names if names and len(names) == count and count <= NAMED else []
    if cjk:
        text = f"… 另有 {count} 项" + (f"：{'、'.join(named)}" if named else "")
    else:
        noun = "item" if count == 1 else "items"
        text = f"… {count} more {noun}" + (f": {', '.join(named)}" if named else "")
    return Block("paragraph", [Span(text, italic=True)])


def item_name(item: ListItem) -> str:
    """An item's name: its opening link text or bold text, when short ("" where none)."""
    first = next((s for s in item.spans if s.text.strip()), None)
    if first is None or not (first.href or first.bold):
        return ""
    name = first.text.strip().rstrip(":：").strip()
    return name if len(name) <= NAME_CHARS else ""


def shown_items(
    kept: list[list[Piece]], rest: list[Piece], room: float, body: float
) -> tuple[list[list[Piece]], list[Piece]]:
    """(kept slides, pieces moving on), the last kept slide ending with a line counting a
    list's items that move on when its last piece is an item of a list that `rest`
    continues (see the module docstring). A page cut again keeps the count of the items
    moved before. `body`: the body's type size (px); the line takes FILL_EMS of it (with
    its margin, as generator.codemore's line under cut code)."""
    prior = sum(_count(p) for p in [*rest, *(p for c in kept for p in c)] if _line(p))
    kept = [[p for p in c if not _line(p)] for c in kept]
    rest = [p for p in rest if not _line(p)]
    last = kept[-1] if kept else []
    item = last[-1] if last else None
    if item is None or item.block.type != "list" or item.block.columns > 1:
        return kept, rest
    moving = [p for p in rest if p.group == item.group]
    if not rest or rest[0].group != item.group or any(p.item >= 0 for p in moving):
        return kept, rest
    height = max(body * FILL_EMS, min(p.height for p in last if p.group == item.group))
    shown, popped = list(last), list[Piece]()
    while len(shown) > 1 and shown[-2].group == item.group:
        if cost(shown, 0, len(shown) - 1, 0.0, 0.0) + height <= usable(room):
            break
        popped.insert(0, shown.pop())
    if cost(shown, 0, len(shown) - 1, 0.0, 0.0) + height > usable(room):
        return kept, rest  # no room for the line under a list of one item
    items = [i for p in [*popped, *moving] for i in p.block.items]
    cjk = _cjk([*items, *(i for p in shown if p.group == item.group for i in p.block.items)])
    line = more_items_line(len(items) + prior, [item_name(i) for i in items], cjk)
    top = shown[-1].bottom
    piece = Piece(line, LIST_MORE_GROUP - item.group, top, top + height)
    return [*kept[:-1], [*shown, piece]], [*popped, *rest]


def _line(piece: Piece) -> bool:
    return piece.group <= LIST_MORE_GROUP


def _count(piece: Piece) -> int:
    found = _COUNT.search(plain(piece.block.spans))
    return int(found.group(1)) if found else 0


def _cjk(items: list[ListItem]) -> bool:
    text = "".join(plain(i.spans) for i in items)
    if not may_hold_cjk(text):
        return False
    return len(pattern(CJK_TEXT).findall(text)) * 3 >= len(text.replace(" ", ""))
