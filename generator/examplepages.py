"""A feature page of several examples continues over a second slide before it is cut.

A deck over its budget gives up the continuation slides of its pages (generator.drop: each
keeps its first slide, the rest in its notes). A page (or a `####` section) that teaches a
feature by examples, one command or snippet each, then shows its first example or two, and
the others, with the sentences that explain them, are notes that speak of examples the
audience cannot see. Such a part keeps its second slide too, as a reference table's page does
(generator.tablepages), while the deck stays within its budget and the room a deck may take
over it for its feature parts (generator.features): the parts that leave the most out first
(a part keeping one slide leaves out more the longer it is), as many as the room keeps; a
part whose second slide does not fit keeps one, as before.
"""

from __future__ import annotations

from generator.drop import Left
from generator.leftout import block_text, count_words
from generator.model import Block, Outline
from generator.parts import Fit, Parts, Plan, most_within
from generator.runs import page_blocks

MIN_EXAMPLES = 3  # distinct code blocks: a part with fewer shows them on one slide
ROUNDS = 3  # plans at most while finding how many parts keep their second slide


def examples(blocks: list[Block]) -> int:
    """The distinct examples among `blocks`: code blocks of different text."""
    return len({b.text.strip() for b in blocks if b.type == "code" and b.text.strip()})


def part_blocks(outline: Outline, part: Left) -> list[Block]:
    """The blocks of a part that left (a page, or a section of one)."""
    page = outline.chapters[part.chapter].pages[part.page]
    if part.section >= 0:
        return page.sections[part.section].blocks
    return page_blocks(page)


def example_part(outline: Outline, part: Left) -> bool:
    """A part cut to its first slide that shows several distinct examples."""
    return part.one and not part.two and examples(part_blocks(outline, part)) >= MIN_EXAMPLES


def with_example_pages(parts: Parts, plan: Plan, fit: Fit, room: int) -> Plan:
    """`plan` with the parts that keep one slide and show several examples keeping two, those
    with the most words first, as many as keep the deck within `room` slides over the budget;
    `plan` itself when none does."""
    outline = parts.outline
    whole = {(x.chapter, x.page, x.section) for x in plan.gone if not x.one}
    wanted = [
        x
        for x in plan.gone
        if example_part(outline, x) and (x.chapter, x.page, x.section) not in whole
    ]
    wanted.sort(key=lambda x: -_words(part_blocks(outline, x)))
    limit = parts.budget + room
    return most_within(
        parts, plan, fit, limit, len(wanted), lambda n: _second(plan.gone, wanted[:n]), ROUNDS
    )


def _words(blocks: list[Block]) -> int:
    return sum(count_words(block_text(b)) for b in blocks)


def _second(gone: tuple[Left, ...], kept: list[Left]) -> list[Left]:
    """The parts that left, those of `kept` keeping their second slide too."""
    return [
        Left(x.chapter, x.page, x.section, x.body, x.one, True) if x in kept else x for x in gone
    ]
