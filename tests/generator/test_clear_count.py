"""A plan only counted (generator.talk) counts a page whose calibrated estimate is clearly
within one, two or three slides without laying it out (generator.estimated.clear_count): the
count of every page, and so the deck, stay those of the plan that lays every page out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import generator.planner
import generator.talk
from generator.api import plan_from_markdown
from generator.compose import draft_pages
from generator.deckplan import plan_deck
from generator.estimate import HISTORY, Calibration, blocks_height
from generator.estimated import CLEAR, clear_count
from generator.markup.images import Assets
from generator.model import flowing_blocks
from generator.outline import parse_outline
from generator.pages import DeckDraft, PlannedPage
from generator.planner import Planner
from generator.reshape import Fitted
from generator.shapes import choose_layout
from tests.generator.fragments import (
    HTTPX_CHANGED,
    KEP_PROTO,
    KEP_SUMMARY_CHART,
    MERMAID_COLOR_CALCULATION,
    MERMAID_THEME_TABLE,
)
from tests.generator.recorded import page_layouts

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
SIZE, CODE, WIDTH = 24.0, 19.0, 1100.0


def _page(markdown: str) -> PlannedPage:
    return next(p for p in draft_pages(parse_outline(markdown), "en") if p.kind == "content")


def _laid(markdown: str) -> PlannedPage:
    """The page in the layout its slides are fitted in (Planner.fit_slides)."""
    page = _page(markdown)
    return replace(page, layout=choose_layout(page.blocks, page.sections, page.hint))


def _calibrated() -> Calibration:
    """Every kind of block measured as tall as estimated."""
    cal = Calibration()
    for kind in ("paragraph", "list", "heading", "image"):
        for _ in range(HISTORY):
            cal.learn(kind, 100.0, 100.0)
    return cal


def _frame(page: PlannedPage, share: float) -> tuple[float, float]:
    """The frame in which `page`'s estimate is `share` of the height."""
    height = blocks_height(flowing_blocks(page.blocks, page.sections), SIZE, WIDTH, CODE)
    return WIDTH, height / share


def test_a_page_clearly_within_a_count_counts_it_near_a_boundary_none() -> None:
    changes = _page(HTTPX_CHANGED)  # a release's list of changes
    cal = _calibrated()
    assert changes.layout == "bullets" and not changes.sections
    assert clear_count(changes, cal, SIZE, CODE, _frame(changes, 0.8)) == 1
    assert clear_count(changes, cal, SIZE, CODE, _frame(changes, 1.4)) == 2
    assert clear_count(changes, cal, SIZE, CODE, _frame(changes, 2.3)) == 3
    assert clear_count(changes, cal, SIZE, CODE, _frame(changes, 0.97)) == 1  # within the frame
    for near in (1.05, 1.8, 2.7):  # near a boundary, or past the last range: laid out
        assert clear_count(changes, cal, SIZE, CODE, _frame(changes, near)) is None
    cards = replace(changes, layout="cards")  # a whole-slide layout: one slide only
    assert clear_count(cards, cal, SIZE, CODE, _frame(changes, 0.8)) == 1
    assert clear_count(cards, cal, SIZE, CODE, _frame(changes, 1.4)) is None
    few = Calibration()  # fewer blocks measured than the calibration keeps: laid out
    for _ in range(HISTORY - 1):
        few.learn("list", 100.0, 100.0)
    assert clear_count(changes, few, SIZE, CODE, _frame(changes, 0.5)) is None


def test_a_page_with_a_picture_is_laid_out_to_be_counted() -> None:
    chart = _page("## Proposal\n" + KEP_SUMMARY_CHART)  # its picture may take a slide
    assert clear_count(chart, _calibrated(), SIZE, CODE, _frame(chart, 0.5)) is None
    # margins around the observed boundaries (one or two slides at 1.04-1.06, two or three at
    # 1.73-1.95 of the frame's height)
    assert max(CLEAR[1]) < 1.04 and min(CLEAR[2]) > 1.06 and max(CLEAR[2]) < 1.73


def test_a_table_or_code_page_counts_several_slides_columns_one() -> None:
    """A page of a reference table, or of code, flows over slides as a page of bullets does:
    its count is as clear from the estimate."""
    table = _laid("## Theme variables\n\n" + MERMAID_THEME_TABLE)
    code = _laid("## Protocol\n\n" + KEP_PROTO)
    cal = _calibrated()
    assert any(b.type == "table" for b in table.blocks)
    for page in (table, code):
        assert clear_count(page, cal, SIZE, CODE, _frame(page, 1.4)) == 2
        assert clear_count(page, cal, SIZE, CODE, _frame(page, 2.3)) == 3
    columns = replace(table, layout="columns")  # side by side: may hold in one slide
    assert clear_count(columns, cal, SIZE, CODE, _frame(table, 1.4)) is None
    assert clear_count(columns, cal, SIZE, CODE, _frame(table, 0.95)) is None  # may flow
    # a table among other blocks: a slide may hold the table alone (its own layout)
    mixed = _laid(
        "## Theme variables\n\n"
        + MERMAID_COLOR_CALCULATION.split("\n\n", 1)[1]
        + MERMAID_THEME_TABLE
    )
    assert {b.type for b in mixed.blocks} >= {"paragraph", "table"}
    assert clear_count(mixed, cal, SIZE, CODE, _frame(mixed, 1.4)) is None


def _assets(path: Path) -> Assets:
    return Assets.beside(str(path))


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[list[tuple[str, str]]]:
    """The (kind, source) of the slides of every plan only counted, from now on."""
    plans: list[list[tuple[str, str]]] = []

    def recorded(planner: Planner, deck: DeckDraft, max_pages: int = 500) -> list[Fitted]:
        slides = plan_deck(planner, deck, max_pages=max_pages)
        if planner.counting:
            plans.append([(f.page.kind, f.page.source) for f in slides])
        return slides

    monkeypatch.setattr(generator.talk, "plan_deck", recorded)
    return plans


@pytest.mark.parametrize(
    ("document", "fewer"), [("bat-readme/README.md", 10), ("fd-readme/README.md", 5)]
)
def test_a_counted_readme_counts_as_laid_out_with_fewer_layouts(
    document: str, fewer: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = CORPUS / document
    text = path.read_text(encoding="utf-8")
    counted = _counted(monkeypatch)
    made = page_layouts(monkeypatch)
    deck = plan_from_markdown(text, "corporate", source_name=path.stem, assets=_assets(path))
    estimated = len(made)
    with monkeypatch.context() as every:  # every page laid out to be counted
        every.setattr(generator.planner, "clear_count", lambda *a: None)
        made.clear()
        whole = plan_from_markdown(text, "corporate", source_name=path.stem, assets=_assets(path))
    assert len(counted) == 2 and counted[0] == counted[1]  # every page counts as laid out
    assert len(made) - estimated >= fewer, (len(made), estimated)
    assert deck.htmls == whole.htmls and deck.pages == whole.pages
    assert deck.left_out == whole.left_out
