"""Feature parts a short deck keeps: a whole titled part that shows a feature (its own example,
a demo, a configuration, pictures, a gallery of variants) does not leave the slides of a deck
whose budget is below its length's maximum (generator.budget.BUDGETS) while the deck with the
part's first slide stays within FEATURE_ROOM slides over the budget (never over the maximum).

The budget counts a document's words; a how-to or a README that teaches by examples says less
per slide than prose does, and its examples are what its audience came for. So, after
generator.drop chose the parts that leave a deck over its budget, each whole part of them that
shows a feature keeps its first slide instead (the rest of its words in its notes, as a page's
continuation slides: `Left.one`), the first ones in document order while the room lasts. A
long document (its budget at the maximum) has no room: its deck is as long as before.
"""

from __future__ import annotations

from dataclasses import replace

from generator.budget import BUDGETS
from generator.demos import demo_page
from generator.drop import Left
from generator.gallery import gallery_box
from generator.model import Block, Outline, Page
from generator.parts import Fit, Parts, Plan, most_within
from generator.repeats import shown_once_line
from generator.runs import page_blocks
from generator.summary import shown_pictures

FEATURE_ROOM = 3  # slides over its budget a short deck may take to keep its feature parts
ROUNDS = 4  # plans at most while finding how many parts the room keeps


def feature_room(length: str, budget: int) -> int:
    """The slides over `budget` a deck of `length` may take to keep its feature parts: up to
    FEATURE_ROOM, never over the length's maximum budget."""
    if length not in BUDGETS:
        return 0
    return max(0, min(FEATURE_ROOM, BUDGETS[length][3] - budget))


def shows_feature(blocks: list[Block]) -> bool:
    """Blocks that show a feature: an example (code), a demo or configuration, pictures, or a
    gallery of variants (generator.gallery) or a run of boxes shown once (generator.repeats)."""
    return (
        any(b.type in ("code", "diagram", "formula") for b in blocks)
        or demo_page(Page("", blocks))
        or bool(shown_pictures(blocks))
        or any(shown_once_line(b) or gallery_box(b) for b in blocks)
    )


def feature_part(outline: Outline, part: Left) -> bool:
    """Whether a part chosen to leave whole (a page, or a `####` section of one) shows a
    feature."""
    if part.one:
        return False
    page = outline.chapters[part.chapter].pages[part.page]
    if part.section >= 0:
        return shows_feature(page.sections[part.section].blocks)
    return shows_feature(page_blocks(page))


def with_features(
    parts: Parts,
    plan: Plan,
    fit: Fit,
    room: int,
) -> Plan:
    """`plan` with the whole parts that left keeping their first slide instead, as many as
    keep the deck within `room` slides over the budget: those that show a feature first, then
    the other parts of the body, each in document order; `plan` itself when none does. The
    room is for the parts: a plan whose chapter dividers left keeps them off."""
    if room <= 0:
        return plan
    order = sorted(plan.gone, key=lambda x: (x.chapter, x.page, x.section))
    features = [x for x in order if feature_part(parts.outline, x)]
    body = [x for x in order if x.body and not x.one and x not in features]
    wanted = features + body
    limit = parts.budget + room
    return most_within(
        parts, plan, fit, limit, len(wanted), lambda n: _kept(plan.gone, wanted[:n]), ROUNDS
    )


def _kept(gone: tuple[Left, ...], kept: list[Left]) -> list[Left]:
    """The parts that leave with `kept` keeping their first slide (once each)."""
    out: list[Left] = []
    for x in gone:
        y = replace(x, one=True) if x in kept else x
        if y not in out:
            out.append(y)
    return out
