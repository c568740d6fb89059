"""A plan only counted (Planner.counting) lays out no cover, divider or closing page: each is
one slide whatever its layout, laid out when read; its slides and counts are those of the plan
laid out in full."""

from __future__ import annotations

import pytest

import generator.fit
from engine import LaidOut, Options
from generator.api import _deck_context
from generator.compose import draft_pages
from generator.outline import parse_outline
from generator.planner import Planner
from generator.reshape import Fitted, Later, settled
from generator.templates import get_template
from tests.generator.fragments import FD_INSTALL, HTTPX_CHANGED

# a README's opening, a release's changes and its installation chapter (two chapters: dividers)
DOCUMENT = "# fd\n\nA simple, fast alternative to find.\n\n" + HTTPX_CHANGED + FD_INSTALL


def _planned(counting: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Fitted], list[str]]:
    """The slides of the document's pages and the HTML of the pages laid out for them."""
    made: list[str] = []
    lay_out = generator.fit._lay_out

    def counted(html: str, options: Options) -> LaidOut | None:
        made.append(html)
        return lay_out(html, options)

    monkeypatch.setattr(generator.fit, "_lay_out", counted)
    template = get_template("corporate")
    planner = Planner(template, _deck_context(template, "fd", "", "en"))
    planner.counting = counting
    slides = planner.plan(draft_pages(parse_outline(DOCUMENT), "en"))
    return slides, list(made)


def test_a_counted_plan_lays_out_chrome_pages_when_read(monkeypatch: pytest.MonkeyPatch) -> None:
    counted, counted_made = _planned(True, monkeypatch)
    every, every_made = _planned(False, monkeypatch)
    kinds = [f.page.kind for f in every]
    assert {"cover", "divider", "closing"} <= set(kinds)
    assert [(f.page.kind, f.page.source, f.page.number) for f in counted] == [
        (f.page.kind, f.page.source, f.page.number) for f in every
    ]
    chrome = [i for i, k in enumerate(kinds) if k in ("cover", "divider", "closing")]
    assert all(isinstance(counted[i], Later) and not counted[i].html for i in chrome)
    assert not any('class="slide s-divider' in h for h in counted_made)  # none laid out yet
    assert sum('class="slide s-divider' in h for h in every_made) == kinds.count("divider")
    read = [settled(counted[i]) for i in chrome]  # read: laid out now, as in the full plan
    assert [f.html for f in read] == [settled(every[i]).html for i in chrome]
    assert all(f.laid is not None for f in read)
