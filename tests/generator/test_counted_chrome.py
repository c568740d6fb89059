"""A plan only counted (Planner.counting) lays out no cover, divider or closing page, nor a
continuation slide that is a picture alone: each is one slide whatever its layout, laid out
when read; the plan's slides and counts are those of the plan laid out in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.api import _deck_context
from generator.compose import draft_pages
from generator.markup.images import Assets
from generator.outline import parse_outline
from generator.planner import Planner
from generator.reshape import Fitted, Later, settled
from generator.templates import get_template
from tests.generator.fragments import FD_INSTALL, HTTPX_CHANGED, KEP_SUMMARY_CHART
from tests.generator.recorded import page_layouts

# a README's opening, a release's changes and its installation chapter (two chapters: dividers)
DOCUMENT = "# fd\n\nA simple, fast alternative to find.\n\n" + HTTPX_CHANGED + FD_INSTALL


def _planned(counting: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Fitted], list[str]]:
    """The slides of the document's pages and the HTML of the pages laid out for them."""
    made = page_layouts(monkeypatch)
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


KEP = Path(__file__).resolve().parents[2] / "samples/markdown/kep-crashloopbackoff/README.md"


def _chart_planned(counting: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Fitted], int]:
    """The slides of a design document's section whose chart takes a slide of its own after
    its text (every page whole), and the pages laid out whose title reads "(2/2)"."""
    made = page_layouts(monkeypatch)
    template = get_template("corporate")
    outline = parse_outline("## Proposal\n" + KEP_SUMMARY_CHART, assets=Assets.beside(str(KEP)))
    planner = Planner(template, _deck_context(template, "KEP", "", "en"), whole=True)
    planner.counting = counting
    slides = planner.plan([p for p in draft_pages(outline, "en") if p.kind == "content"])
    return slides, sum("(2/2)" in h for h in made)


def test_a_counted_plan_lays_out_a_picture_alone_on_its_slide_when_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counted, counted_second = _chart_planned(True, monkeypatch)
    every, every_second = _chart_planned(False, monkeypatch)
    assert [(f.page.source, f.page.layout, [b.type for b in f.page.blocks]) for f in counted] == [
        (f.page.source, f.page.layout, [b.type for b in f.page.blocks]) for f in every
    ]
    assert [b.type for b in every[-1].page.blocks] == ["image"] and len(every) == 2
    assert counted_second == 0 and every_second > 0  # the chart's slide: laid out when read
    chart = settled(counted[-1])
    assert chart.laid is not None and "(2/2)" in chart.html
