"""A document still over its slide budget when every page is capped leaves whole later
sub-sections off its slides (appendix-like parts first), named in the notes of the slide before
them and in the left-out list, instead of cutting every page to its first slide."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

import generator.talk
from generator.alsoin import ALSO_SOURCE, HEADING
from generator.api import PlannedDeck, plan_from_markdown
from generator.budget import document_words, slide_budget
from generator.drop import Left, appendix_like, chosen
from generator.leaving import drop_pages
from generator.model import plain
from generator.outline import parse_outline
from generator.parts import fewest_left
from generator.summary import PROSE_CHARS, prose_length, summary_blocks
from tests.generator.fragments_holes import KEP_DRAWBACKS

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHROME = ("cover", "contents", "closing")
KEP = CORPUS / "kep-crashloopbackoff" / "README.md"
RICH = CORPUS / "rich" / "README.md"

# the chapters of a KEP (its real headings, the body of each cut short)
KEP_CHAPTERS = """# KEP-4603: Tune CrashLoopBackoff

## Summary

CrashLoopBackoff is designed to slow the speed at which failing containers restart.

## Proposal

### Existing backoff curve change

Today the initial value is 10s.

### Refactor and flat rate to 10 minutes for the backoff counter reset threshold

The counter resets after 10 minutes.

### User Stories

As a cluster operator I want faster restarts.

## Production Readiness Review Questionnaire

### Feature Enablement and Rollback

How can this feature be enabled / disabled in a live cluster?

### Scalability

Will enabling / using this feature result in any new API calls?

## Drawbacks

CrashLoopBackoff behavior has been stable and untouched for most of the Kubernetes lifetime.

## Appendix A

### Kubelet SyncPod

Update API status.
"""


def _plan(path: Path) -> PlannedDeck:
    return plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name="x")


def _content(deck: PlannedDeck) -> list[dict[str, object]]:
    return [p for p in deck.pages if p["kind"] not in CHROME and p["source"] != ALSO_SOURCE]


def _shown(deck: PlannedDeck) -> str:
    shown = [{k: v for k, v in page.items() if k != "notes"} for page in deck.pages]
    return " ".join(json.dumps(shown, ensure_ascii=False).split())


def _notes(deck: PlannedDeck) -> str:
    return "\n".join(str(p.get("notes", "")) for p in deck.pages)


def test_appendix_like_chapters_leave_first_the_last_one_first() -> None:
    outline = parse_outline(KEP_CHAPTERS)
    titles = [c.title for c in outline.chapters]
    prr, appendix = (
        titles.index("Production Readiness Review Questionnaire"),
        titles.index("Appendix A"),
    )
    left = chosen(outline, {}, over=2)
    assert left == [Left(appendix, 0), Left(prr, 1)]
    assert appendix_like("Implementation History") and not appendix_like("Drawbacks")


def test_the_body_gives_up_later_pages_never_a_chapters_first() -> None:
    outline = parse_outline(KEP_CHAPTERS)
    titles = [c.title for c in outline.chapters]
    proposal = titles.index("Proposal")
    left = chosen(outline, {}, over=50)
    body = [x for x in left if not appendix_like(titles[x.chapter])]
    # the later pages, the last first
    assert body == [Left(proposal, 2, body=True), Left(proposal, 1, body=True)]
    assert all(x.page > 0 for x in body)


def test_a_left_out_page_is_named_with_its_words_in_the_notes_before_it() -> None:
    outline = parse_outline(KEP_CHAPTERS)
    titles = [c.title for c in outline.chapters]
    proposal = titles.index("Proposal")
    first = drop_pages(outline, [Left(proposal, 2)])
    kept = first.outline.chapters[proposal]
    assert [p.title for p in kept.pages][-1].startswith("Refactor and flat rate")
    assert HEADING + "Proposal · User Stories" in kept.pages[-1].notes
    assert "As a cluster operator I want faster restarts." in kept.pages[-1].notes
    # a page that leaves later takes the notes it held along
    second = drop_pages(first.outline, [Left(proposal, 1)])
    notes = second.outline.chapters[proposal].pages[-1].notes
    assert "As a cluster operator" in notes and "The counter resets" in notes
    assert [r.where for r in first.records] == [f"chapters[{proposal}].pages[2]"]


def test_a_kep_over_its_budget_keeps_it_and_leaves_its_questionnaire_out_named() -> None:
    deck = _plan(KEP)
    budget = slide_budget("medium", document_words(parse_outline(KEP.read_text())))
    assert budget is not None
    assert len(_content(deck)) <= budget
    # questions without their answers never stand on a slide: the questionnaire left whole
    assert "How can this feature be enabled / disabled in a live cluster?" not in _shown(deck)
    notes = _notes(deck)
    assert HEADING + "Production Readiness Review Questionnaire · Scalability" in notes
    assert "It will not result in NEW API calls" in notes
    named = [
        r for r in deck.left_out if "Production Readiness Review Questionnaire" in r["message"]
    ]
    assert named and all(r["kind"] == "notes" for r in named)
    # the document's own contents stays off the slides though chapters it names left
    assert "Prerequisite testing updates" not in _shown(deck)
    assert any(r["kind"] == "contents" for r in deck.left_out)
    # every body chapter keeps its opening page on a slide, more than one slide's worth
    for title in ("Summary", "Motivation", "Goals", "Proposal", "Drawbacks", "Alternatives"):
        assert title in _shown(deck), title
    # "Drawbacks" shows its argument, not its opening sentence alone
    assert "architecturally well placed workarounds" in _shown(deck)


def _slides(deck: PlannedDeck) -> int:  # the slides the budget counts
    return sum(1 for p in deck.pages if p.get("kind") == "content" and p["source"] != ALSO_SOURCE)


@pytest.mark.usefixtures("roomy_budget")
def test_a_deck_one_slide_over_leaves_a_continuation_not_the_end_of_every_code_block(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rich's README with a budget one slide short of its capped deck (budgets: test_talk_budget)."""
    whole = _slides(_plan(RICH))
    monkeypatch.setattr(generator.talk, "slide_budget", lambda length, words: whole - 1)
    capped = _slides(_plan(RICH))  # capped pages within that budget
    assert capped < whole
    monkeypatch.setattr(generator.talk, "slide_budget", lambda length, words: capped - 1)
    deck = _plan(RICH)
    assert _slides(deck) <= capped - 1
    shown = _shown(deck)
    # the syntax-highlighting example is shown whole (its last line on a slide), not cut at
    # "first = True" with its end in the notes
    assert "yield first, True, previous_value" in shown
    # a feature's second slide leaves before a whole feature (breadth before depth)
    titles = [p.get("title") for p in deck.pages]
    assert "Tracebacks" in titles and "Syntax Highlighting" in titles
    assert not any("over the slide budget" in r["message"] for r in deck.left_out)


def test_a_summary_takes_back_the_sentences_of_its_cut_paragraph_while_there_is_room() -> None:
    blocks = parse_outline("# KEP\n\n" + KEP_DRAWBACKS).chapters[0].pages[0].blocks
    kept, moved = summary_blocks(blocks, lambda b: prose_length(b) <= PROSE_CHARS)
    shown = " ".join(plain(b.spans) for b in kept if b.type == "paragraph")
    assert "It could be argued" in shown and "so trying to change it now is timely." in shown
    assert prose_length(kept) <= PROSE_CHARS
    assert plain(moved[0].spans).startswith("Though the issue is highly upvoted")
    # every word is on the slide or in the notes, once
    words = " ".join(plain(b.spans) for b in blocks).split()
    assert " ".join(plain(b.spans) for b in [*kept, *moved]).split() == words


def test_as_few_parts_leave_as_bring_the_deck_within_its_budget() -> None:
    # 49 slides, a budget of 30, one slide a part; the dividers (9) go once 14 parts left
    planned: list[int] = []

    def slides_after(k: int) -> int:
        planned.append(k)
        return 49 - k - (9 if k >= 14 else 0)

    assert fewest_left(lambda over: round(over), slides_after, 19, 30) == 14
    # within after 19; over after 9; within after 14, which the estimate says no fewer do:
    # over after 13, 14 the fewest
    assert planned == [19, 9, 14, 13]
    # a deck the estimate brings just within its budget is planned once
    planned.clear()

    def no_cliff(k: int) -> int:
        planned.append(k)
        return 49 - k

    assert fewest_left(lambda over: round(over), no_cliff, 19, 30) == 19
    assert planned == [19]


def test_a_deck_left_under_its_budget_gives_parts_back() -> None:
    # 23 slides, a budget of 14, two slides a part; with four gone a merge saves one more: the
    # estimate's five leave the deck two under its budget, four are the fewest that do
    planned: list[int] = []

    def slides_after(k: int) -> int:
        planned.append(k)
        return 23 - 2 * k - (1 if k >= 4 else 0)

    assert fewest_left(lambda over: math.ceil(over / 2), slides_after, 9, 14) == 4
    assert planned == [5, 2, 3, 4]
