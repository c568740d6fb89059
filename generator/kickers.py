"""The name above a slide's title (its kicker: "Design Details · Kubelet overhead analysis"),
kept only where the title needs it, the same way for every slide of a chapter.

A chapter without a divider names itself above its slides' titles (generator.compose), and a
page cut at its sections names itself above each section's title. A kicker is named once,
where its slides start, and dropped from the slides after when

- one of those slides' kicker and title (as it will read: shortened to its leading clause,
  generator.oneline) do not share one title line (`kicker_fits`): each slide's own heading
  reads in one line, and its neighbours follow suit rather than naming it on some slides
  only. The first slide names it above its title when both fit one line, else its body opens
  with it as a heading (over one page whose title alone takes two lines, it stays: without
  it the title would not read in one line either); or
- an earlier slide of the chapter is titled by that name already (the chapter's first slide
  "Proposal", then "Existing backoff curve change"): the reader has just read it, and no
  slide names it again.

A slide whose title another chapter's page shares ("Fixed" under each release) keeps its
kicker: without it the title would be ambiguous.
"""

from __future__ import annotations

from dataclasses import replace

from generator.minutes import TITLE_LINE, kicker_fits
from generator.model import Block, title_spans
from generator.oneline import clause_prefixes
from generator.owncontents import norm
from generator.pages import PlannedPage

__all__ = ["ABOVE", "Needless", "chapter_kickers", "named_above", "needless_kickers"]

ABOVE = "above"  # the kind of a heading naming what a slide is under (no kicker above its title)

# the kickers a chapter's slides do without, each by the source of the slide whose body then
# opens with it as a heading ("": an earlier slide's title names it)
Needless = dict[str, str]


def needless_kickers(pages: list[PlannedPage]) -> Needless:
    """The kickers of a chapter's content drafts `pages` (in order) its slides do without."""
    earlier: set[str] = set()  # titles of the slides before
    first: dict[str, str] = {}  # each kicker's first slide
    drafts: dict[str, list[str]] = {}  # the titles under each kicker
    out: Needless = {}
    for page in (p for p in pages if p.kind == "content"):
        kicker = page.subtitle
        if kicker:
            first.setdefault(kicker, "" if _key(kicker) in earlier else _first_part(page.source))
            drafts.setdefault(kicker, []).append(page.title)
            if not first[kicker] or not fits(kicker, page.title):
                out[kicker] = first[kicker]
        earlier.add(_key(page.title))
    # over one page whose title takes two lines alone, the kicker stays: without it the title
    # would not read in one line either
    return {
        k: at for k, at in out.items() if not at or len(drafts[k]) > 1 or fits("", drafts[k][0])
    }


def fits(kicker: str, title: str) -> bool:
    """Whether a kicker and a title share one line, the title as it will read: shortened to
    its longest leading clause that fits one line alone (generator.oneline), if any."""
    short = next((t for t in clause_prefixes(title) if len(t) <= TITLE_LINE), title)
    return kicker_fits(kicker, short)


def chapter_kickers(
    pages: list[PlannedPage], needless: Needless, repeated: frozenset[str]
) -> list[PlannedPage]:
    """The drafts without the kickers in `needless`, but where their title is ambiguous; the
    first slide of a kicker no title names opens with it as a heading."""
    return [_without(p, needless, repeated) for p in pages]


def _without(page: PlannedPage, needless: Needless, repeated: frozenset[str]) -> PlannedPage:
    kicker = page.subtitle
    if page.kind != "content" or kicker not in needless or norm(page.title) in repeated:
        return page
    if not needless[kicker] or _first_part(page.source) != needless[kicker]:
        return replace(page, subtitle="")
    if fits(kicker, page.title):  # the first slide names it above its title
        return page
    heading = Block("heading", title_spans(kicker, bold=True), kind=ABOVE)
    return replace(page, subtitle="", blocks=[heading, *page.blocks])


def named_above(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """A slide's blocks as the heading naming what it is under (a kicker moved into its body;
    it goes before the slide's own title where the slide joins another), and the rest."""
    if blocks and blocks[0].type == "heading" and blocks[0].kind == ABOVE:
        return blocks[:1], blocks[1:]
    return [], blocks


def _first_part(source: str) -> str:
    return source.split("+", 1)[0]


def _key(title: str) -> str:
    return norm(str(title))
