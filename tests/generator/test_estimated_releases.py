"""A changelog over its budget: its first plan is only counted, and the pages of the releases
that leave the slides whatever that count says (all but the newest MAX_RELEASES of a run) are
counted by the text estimate, not laid out (generator.estimated)."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.fit
import generator.talk
from engine import LaidOut, Options
from generator.api import plan_from_markdown
from generator.condense import MAX_RELEASES, leaving_releases
from generator.estimated import estimated_count, estimated_slides
from generator.fit import Measure
from generator.model import Block, Span
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.planner import Planner
from generator.reshape import Later, settled

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
CHANGELOG = CORPUS / "httpx-changelog" / "CHANGELOG.md"


def _releases(titles: list[str]) -> str:
    return "# Changelog\n\n" + "".join(f"## {t}\n\n- Fixed a bug in {t}.\n\n" for t in titles)


def test_releases_past_the_newest_kept_leave_whatever_the_count() -> None:
    newest_first = [f"1.{n}.0" for n in range(12, 0, -1)]
    outline = parse_outline(_releases(newest_first))
    leaving = leaving_releases(outline)
    titles = [outline.chapters[i].title for i in sorted(leaving)]
    assert titles == newest_first[MAX_RELEASES:]
    oldest_first = parse_outline(_releases(list(reversed(newest_first))))
    titles = [oldest_first.chapters[i].title for i in sorted(leaving_releases(oldest_first))]
    assert titles == list(reversed(newest_first[MAX_RELEASES:]))
    few = parse_outline(_releases(newest_first[:MAX_RELEASES]))
    assert leaving_releases(few) == frozenset()  # a run the deck keeps whole: none leaves


def test_a_page_counts_the_slides_its_estimated_height_takes() -> None:
    words = " ".join(["word"] * 40)
    one = PlannedPage("content", "bullets", "1.0", blocks=[Block("paragraph", [Span(words)])])
    many = PlannedPage("content", "bullets", "2.0", blocks=one.blocks * 30)
    frame = (1000.0, 400.0)
    assert estimated_count(one, 24.0, 19.0, frame) == 1
    assert estimated_count(many, 24.0, 19.0, frame) > 3
    slides = estimated_slides(many, 3)
    assert all(isinstance(s, Later) for s in slides)
    assert [(s.page.part, s.page.parts) for s in slides] == [(1, 3), (2, 3), (3, 3)]
    slides[2].page.number = 7
    read = settled(slides[2])  # read: the page as drafted, never laid out
    assert read.laid is None and read.page.number == 7 and read.page.blocks == many.blocks


def _measured_while_counting(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The source of every page laid out by a plan only counted, from now on."""
    sources: list[str] = []
    real = Planner.measure

    def measure(
        self: Planner, page: PlannedPage, lang: str | None = None
    ) -> tuple[str, Measure | None]:
        if self.counting:
            sources.append(page.source)
        return real(self, page, lang)

    monkeypatch.setattr(Planner, "measure", measure)
    return sources


def _layouts(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    made = [0]
    real = generator.fit._lay_out

    def counted(html: str, options: Options) -> LaidOut | None:
        made[0] += 1
        return real(html, options)

    monkeypatch.setattr(generator.fit, "_lay_out", counted)
    return made


def test_a_counted_changelog_lays_out_no_release_that_leaves_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    text = CHANGELOG.read_text(encoding="utf-8")
    leaving = leaving_releases(parse_outline(text))
    assert len(leaving) > 60
    sources = _measured_while_counting(monkeypatch)
    made = _layouts(monkeypatch)
    deck = plan_from_markdown(text, "corporate", source_name=CHANGELOG.stem)
    estimated = made[0]
    laid = [s for s in sources if any(s.startswith(f"chapters[{c}]") for c in leaving)]
    # only a lone release joined to its neighbour (one slide fewer) is laid out to count it
    assert all("+" in s for s in laid) and len(laid) < 6, laid
    with monkeypatch.context() as every:  # every release laid out to be counted
        every.setattr(generator.talk, "leaving_releases", lambda outline: frozenset())
        made[0] = 0
        whole = plan_from_markdown(text, "corporate", source_name=CHANGELOG.stem)
    assert made[0] > 3 * estimated
    assert deck.htmls == whole.htmls and deck.pages == whole.pages
    assert deck.left_out == whole.left_out
