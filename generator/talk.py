"""A deck within its slide budget (generator.budget): the deck fitted with every page whole, and
a document over its budget condensed, most removable first, each step planned only when it can
be within the budget.

The fewest content slides a plan of a draft can have is known before any page is laid out
(generator.budget.fewest_slides): every content page becomes one slide or more, and a chapter
keeps at least the pages of the smaller of its two drafts (with or without its divider). A
step whose drafts already count more pages than the budget ends over it whatever its layouts
say, so it is not planned. The one exception is the whole plan of a document with a run of
releases: how many slides each release takes decides which releases stay slides. The deck is
the same as when every step is planned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from generator.alsoin import also_page
from generator.backup import Backup, backup_pages
from generator.budget import (
    CHAPTER_SHARE,
    content_slides,
    divider_slides,
    document_words,
    fewest_slides,
    paid_slides,
    slide_budget,
    slides_by_chapter,
)
from generator.compose import draft_deck
from generator.condense import (
    Condensed,
    condense_platforms,
    condense_releases,
    leaving_releases,
    release_runs,
)
from generator.deckplan import plan_after, plan_deck
from generator.features import feature_room, with_features
from generator.kinds import condense_update_logs
from generator.leftout import LeftOut
from generator.model import Outline
from generator.pages import DeckDraft, PlannedPage
from generator.parts import Parts, counted_slides, fewest_left
from generator.planner import Planner
from generator.repeats import condense_repeats, shorter_link_lists
from generator.reshape import Fitted
from generator.retold import made_after, told_once
from generator.tablepages import with_table_pages

Step = Literal["whole", "capped", "tight"]  # how far a deck over its budget is condensed
PlannerFor = Callable[[list[PlannedPage], Step], Planner]


@dataclass
class Talk:
    fitted: list[Fitted]
    planner: Planner
    left_out: list[LeftOut] | None = None  # the drafting's records, when drafted again
    condensed: list[LeftOut] = field(default_factory=list)  # what the condensing moved
    backup: tuple[Backup, ...] = ()  # pictures of the parts that left (generator.backup)


def with_appendix(talk: Talk, lang: str) -> Talk:
    """The talk with the pictures of the parts that left it on backup slides after its closing
    slide (generator.backup): an appendix the budget does not count."""
    talk.fitted = plan_after(talk.planner, talk.fitted, backup_pages(list(talk.backup), lang))
    return talk


def within_budget(
    outline: Outline,
    drafts: DeckDraft,
    planner_for: PlannerFor,
    lang: str,
    length: str,
    authored: bool,
    max_pages: int,
    words: int | None = None,
) -> Talk:
    """The deck fitted, every page whole (continuing on following slides); a document over its
    slide budget condensed, most removable first: its older releases and platform runs
    (generator.condense), then each page summarised and capped at MAX_SLIDES slides
    (generator.summarising), then whole later sub-sections off the slides, appendix-like parts
    first (generator.drop), then no dividers and one slide a page (the rest in the notes).
    Repeated examples are shown once with the platform runs (generator.repeats), and so is
    a paragraph sibling pages repeat (generator.retold); an update log and long lists of links
    are shortened first (generator.updatelog, generator.repeats). Every step is listed.
    `words`: the document's words as written (its outline's when None), which the budget
    counts."""
    words = document_words(outline) if words is None else words
    budget = None if authored else slide_budget(length, words)
    first: list[LeftOut] = []  # update logs and long lists of links (generator.updatelog, .repeats)
    kept: tuple[Backup, ...] = ()  # the update logs' pictures, for the appendix
    drafted: list[LeftOut] | None = None  # the records of drafting the shortened outline
    if budget is not None:
        logs = condense_update_logs(outline, lang)
        links = shorter_link_lists(logs.outline, lang)
        if logs.records or links.records:
            outline, first, drafted = links.outline, logs.records + links.records, []
            kept = logs.backup
            drafts = draft_deck(outline, lang, length, drafted, authored)
    fitted: list[Fitted] = []  # over budget whatever the layouts: the releases count nothing
    if budget is None or fewest_slides(drafts) <= budget or release_runs(outline):
        leaving = leaving_releases(outline)
        planner, fitted = _planned(planner_for, drafts, "whole", budget, max_pages, leaving)
        if budget is None or content_slides(fitted) <= budget:
            return Talk(fitted, planner, drafted, first, kept)
        undivided = _undivided(outline, planner_for, fitted, budget, lang, length, max_pages)
        if undivided is not None:  # within the budget but for its dividers: they leave alone
            return replace(undivided, condensed=first, backup=kept)
    over = content_slides(fitted) - paid_slides(fitted) - budget
    releases = condense_releases(outline, slides_by_chapter(fitted), over)
    platforms = condense_platforms(releases.outline)
    origin: Callable[[str], str] = _then(platforms.origin, releases.origin)
    repeats = condense_repeats(platforms.outline, lang)  # the same indices as platforms'
    told = told_once(repeats.outline)  # ... and as theirs
    moved = releases.records + [_moved(r, releases.origin) for r in platforms.records]
    moved += [_moved(r, origin) for r in repeats.records + told.records]
    records = first + moved
    origin = _then(told.origin, origin)  # a page joined to its sibling moves those after it
    platforms = replace(platforms, outline=told.outline, made=made_after(platforms.made, told))

    left: list[LeftOut] = list(drafted or [])  # the records of drafting the condensed outline
    if moved:
        left = []
        drafts = draft_deck(platforms.outline, lang, length, left, authored)
    if moved and fewest_slides(drafts) <= budget:
        planner = planner_for(drafts.pages(), "whole")
        fitted = plan_deck(planner, drafts, max_pages=max_pages)
        if content_slides(fitted) <= budget:
            return Talk(*_original(fitted, planner, left, origin), records, kept)
    # The capped plan is made even when it cannot be within the budget: its slides per page
    # say which whole parts leave next (generator.drop).
    capped, fitted = _planned(planner_for, drafts, "capped", budget, max_pages)
    if content_slides(fitted) <= budget:
        return Talk(*_original(fitted, capped, left, origin), records, kept)

    def fit(
        deck: DeckDraft, single: frozenset[str], double: frozenset[str]
    ) -> tuple[Planner, list[Fitted]]:
        planner = planner_for(deck.pages(), "capped")
        planner.one_slide = single  # pages whose continuation slides left (generator.drop)
        planner.two_slides = double  # ... but for their second (generator.tablepages)
        return planner, plan_deck(planner, deck, max_pages=max_pages)

    parts = Parts(
        platforms,
        fitted,
        drafts,
        lambda c, ll, d: _drafted(c, lang, length, ll, authored, d),
        budget * CHAPTER_SHARE,
        budget,
    )
    k = fewest_left(
        parts.guess,
        lambda k: parts.counted(k, fit),
        content_slides(fitted) - budget,
        budget,
    )
    condensed = platforms
    if k is not None or parts.tried:  # the fewest parts that do, else the most tried
        k = k if k is not None else max(parts.tried)
        plan = parts.given_back(k, fit)  # the continuation slides it need not give up
        room = feature_room(length, budget)  # a short deck keeps its feature parts' first slide
        plan = with_features(parts, plan, fit, room)
        if length != "short":  # a reference table's page keeps its second slide
            plan = with_table_pages(parts, plan, fit, room)
        records += [_moved(r, origin) for r in plan.dropped.records]
        origin = _then(plan.dropped.origin, origin)
        kept += plan.dropped.backup
        if counted_slides(plan) <= budget + room:
            return Talk(*_original(plan.fitted, plan.planner, plan.left, origin), records, kept)
        condensed = plan.dropped
    left = []  # drafted again without dividers: one slide a page, the chapters named above
    drafts = _drafted(condensed, lang, length, left, authored, dividers=False)
    tight = planner_for(drafts.pages(), "tight")
    fitted = plan_deck(tight, drafts, max_pages=max_pages)
    return Talk(*_original(fitted, tight, left, origin), records, kept)


def _undivided(
    outline: Outline,
    planner_for: PlannerFor,
    fitted: list[Fitted],
    budget: int,
    lang: str,
    length: str,
    max_pages: int,
) -> Talk | None:
    """The whole deck without its chapter dividers, when its content slides without them are
    within the budget: a deck whose pages fit its budget keeps every page (the contents slide
    and each slide's kicker name the chapters); None otherwise."""
    if content_slides(fitted) - divider_slides(fitted) - paid_slides(fitted) > budget:
        return None
    left: list[LeftOut] = []
    drafts = draft_deck(outline, lang, length, left, False, dividers=False)
    planner = planner_for(drafts.pages(), "whole")
    plan = plan_deck(planner, drafts, max_pages=max_pages)
    planner, plain = _unpaid(planner_for, drafts, "whole", budget, max_pages, (planner, plan))
    return Talk(plain, planner, left) if content_slides(plain) <= budget else None


def _drafted(
    condensed: Condensed,
    lang: str,
    length: str,
    left: list[LeftOut],
    authored: bool,
    dividers: bool = True,
) -> DeckDraft:
    """The condensed outline drafted, with the "Also in the document" slide of the parts
    that left it when they have one (generator.alsoin)."""
    deck = draft_deck(condensed.outline, lang, length, left, authored, dividers=dividers)
    if condensed.also is not None:
        deck.also = also_page(condensed.also, lang)
    return deck


def _then(first: Callable[[str], str], then: Callable[[str], str]) -> Callable[[str], str]:
    """Outline paths mapped by `first`, then by `then` (condensing steps, latest first)."""
    return lambda where: then(first(where))


def _moved(record: LeftOut, origin: Callable[[str], str]) -> LeftOut:
    return replace(record, where=origin(record.where))


def _original(
    fitted: list[Fitted], planner: Planner, left: list[LeftOut], origin: Callable[[str], str]
) -> tuple[list[Fitted], Planner, list[LeftOut]]:
    """The slides' sources and the records of a condensed outline as paths of the document's
    own outline (the document keeps its whole outline)."""
    for f in fitted:
        f.page.source = origin(f.page.source)
    planner.left_out[:] = [_moved(r, origin) for r in planner.left_out]
    return fitted, planner, [_moved(r, origin) for r in left]


def _planned(
    planner_for: PlannerFor,
    drafts: DeckDraft,
    step: Step,
    budget: int | None,
    max_pages: int,
    leaving: frozenset[int] = frozenset(),
) -> tuple[Planner, list[Fitted]]:
    """The deck planned at `step`. A deck whose drafts count more pages than the budget is
    only counted (how many slides each page, release and chapter takes): its slides are not
    kept, so no layout that leaves the count as it is is made (Planner.counting), and the
    pages of the `leaving` chapters (releases that leave whatever the count) are counted by
    the text estimate (generator.estimated). Should such a plan come within the budget after
    all, it is planned again in full."""
    counted = budget is not None and fewest_slides(drafts) > budget
    planner = planner_for(drafts.pages(), step)
    planner.counting = counted
    planner.estimated = leaving if counted else frozenset()
    fitted = plan_deck(planner, drafts, max_pages=max_pages)
    if counted and budget is not None and content_slides(fitted) <= budget:
        planner = planner_for(drafts.pages(), step)
        fitted = plan_deck(planner, drafts, max_pages=max_pages)
    return _unpaid(planner_for, drafts, step, budget, max_pages, (planner, fitted))


def _unpaid(
    planner_for: PlannerFor,
    drafts: DeckDraft,
    step: Step,
    budget: int | None,
    max_pages: int,
    plan: tuple[Planner, list[Fitted]],
) -> tuple[Planner, list[Fitted]]:
    """The plan, or, when the slides points of dense walls of prose add (generator.pointsfit)
    take it past the budget, the deck planned again with those walls as paragraphs: the
    budget pays for such slides, they never condense a deck that fits without them."""
    planner, fitted = plan
    over = 0 if budget is None else content_slides(fitted) - budget
    if over <= 0 or over > paid_slides(fitted):
        return plan  # within the budget, or over it without them too (condensed as before)
    planner = planner_for(drafts.pages(), step)
    planner.pay_walls = False
    return planner, plan_deck(planner, drafts, max_pages=max_pages)
