"""The name above a slide's title (its kicker: "Design Details · Kubelet overhead analysis"),
shown the same way on every slide of a chapter.

A chapter without a divider names itself above its slides' titles (generator.compose), and a
page cut at its sections (an agenda's items) names itself above each section's title. A
kicker reads before the title on its line while the two share one title line. When one of
its slides' kicker and title (as it will read: shortened to its leading clause,
generator.oneline) do not share one title line (`fits`), the kicker stands on a line of its
own above the title (`PlannedPage.eyebrow`) on each of its slides: each slide's own heading
reads in one line, its neighbours follow suit, and every slide still says what it is under
(never a heading inside the body). A kicker is dropped from a chapter's slides when an
earlier slide of the chapter is titled by that name already (the chapter's first slide
"Proposal", then "Existing backoff curve change"): the reader has just read it.

A slide whose title another chapter's page shares ("Fixed" under each release) keeps its
kicker: without it the title would be ambiguous. The planner measures each kicker's place
again when it fits the slide (generator.titles `placed_kicker`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Literal

from generator.cjk import CJK_TEXT, may_hold_cjk, pattern
from generator.oneline import clause_prefixes
from generator.owncontents import norm
from generator.pages import PlannedPage

__all__ = ["Needless", "chapter_kickers", "fits", "needless_kickers", "surely_fits"]

# how a kicker is shown on a chapter's slides when not before each title: on a line of its own
# above it ("above"), or not at all (an earlier slide's title names it: "named")
Place = Literal["above", "named"]
Needless = dict[str, Place]
TITLE_LINE = 60  # characters of a title (a kicker's count KICKER_SHARE each) on one line
KICKER_SHARE = 0.62  # a kicker's type size, of the title's
SURE = 0.7  # a kicker and a title this short share one line whatever their letters


def needless_kickers(pages: list[PlannedPage]) -> Needless:
    """The kickers of a chapter's content drafts `pages` (in order) not read before their
    titles, and how each is shown instead."""
    earlier: set[str] = set()  # titles of the slides before
    named: dict[str, bool] = {}  # each kicker: a slide before its first one is titled by it
    out: Needless = {}
    for page in (p for p in pages if p.kind == "content"):
        kicker = page.subtitle
        if kicker and named.setdefault(kicker, _key(kicker) in earlier):
            out[kicker] = "named"
        elif kicker and not fits(kicker, page.title):
            out[kicker] = "above"
        earlier.add(_key(page.title))
    return out


def fits(kicker: str, title: str) -> bool:
    """Whether a kicker and a title share one line, the title as it will read: shortened to
    its longest leading clause that fits one line alone (generator.oneline), if any."""
    short = next((t for t in clause_prefixes(title) if len(t) <= TITLE_LINE), title)
    return len(kicker) * KICKER_SHARE + len(short) <= TITLE_LINE


def surely_fits(kicker: str, title: str) -> bool:
    """Whether a kicker and a title share one title line with room to spare (SURE of the
    line, a wide CJK character counting twice): not worth laying out to know."""
    both = f"{kicker}{title}"
    wide = len(pattern(CJK_TEXT).findall(both)) if may_hold_cjk(both) else 0
    return (len(kicker) * KICKER_SHARE + len(str(title)) + wide) <= TITLE_LINE * SURE


def chapter_kickers(
    pages: list[PlannedPage], needless: Needless, repeated: frozenset[str]
) -> list[PlannedPage]:
    """The drafts with the kickers in `needless` above their titles or dropped, but where
    their title is ambiguous."""
    return [_without(p, needless, repeated) for p in pages]


def _without(page: PlannedPage, needless: Needless, repeated: frozenset[str]) -> PlannedPage:
    kicker = page.subtitle
    if page.kind != "content" or kicker not in needless or norm(page.title) in repeated:
        return page
    if needless[kicker] == "named":
        return replace(page, subtitle="")
    return replace(page, eyebrow=True)


def _key(title: str) -> str:
    return norm(str(title))
