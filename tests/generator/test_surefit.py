"""A plan only counted lays out no continuation slide whose chunk of measured pieces is within
the packer's limit (generator.surefit): the slides are the same, laid out when first read, and
a chunk over the limit is laid out as it is made (it is cut, or set smaller). On documents over
their budget, the counted plan's slides per page are those of the plan laid out in full."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.fit
import generator.talk
from engine import LaidOut, Options
from generator.api import plan_from_markdown
from generator.budget import pictures_by_page, slides_by_page
from generator.compose import draft_pages
from generator.deckplan import plan_deck
from generator.drop import continued_parts
from generator.model import Block
from generator.outline import parse_outline
from generator.pack import usable
from generator.pages import DeckDraft
from generator.pieces import Piece
from generator.planner import Planner
from generator.reshape import Fitted, Later, settled
from generator.surefit import FOOT, surely_fits
from generator.talk import PlannerFor, Step
from generator.templates import get_template
from tests.generator.fragments import MERMAID_THEME_TABLE


def _piece(top: float, bottom: float) -> Piece:
    return Piece(Block("paragraph"), 0, top, bottom)


def test_a_chunk_within_the_packer_s_limit_surely_fits() -> None:
    room = 500.0
    assert surely_fits([_piece(0, 100), _piece(100, 300)], room)
    assert surely_fits([_piece(0, 200), _piece(200, usable(room) - FOOT)], room)  # packed full
    assert not surely_fits([_piece(0, 200), _piece(200, usable(room))], room)  # no margins left
    assert not surely_fits([_piece(0, room + 10)], room)  # a piece taller than the room
    assert not surely_fits([_piece(0, 100)], 0.0)  # no room known: laid out
    assert not surely_fits([], room)


def _planned(counting: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[list[Fitted], int]:
    """The slides of a long table's page (every row kept: length "long") and the layouts."""
    layouts = [0]
    lay_out = generator.fit._lay_out

    def counted(html: str, options: Options) -> LaidOut | None:
        layouts[0] += 1
        return lay_out(html, options)

    monkeypatch.setattr(generator.fit, "_lay_out", counted)
    md = "# Theming\n## Variables\n### Theme variables\n" + MERMAID_THEME_TABLE
    drafts = [p for p in draft_pages(parse_outline(md), "en", "long") if p.kind == "content"]
    planner = Planner(get_template("corporate"), {"lang": "en"}, length="long")
    planner.counting = counting
    return planner.plan(drafts), layouts[0]


def test_a_counted_plan_lays_out_continuation_slides_that_surely_fit_when_read(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counted, counted_layouts = _planned(True, monkeypatch)
    every, every_layouts = _planned(False, monkeypatch)
    assert len(counted) == len(every) >= 2
    assert [(f.page.kind, f.page.source) for f in counted] == [
        (f.page.kind, f.page.source) for f in every
    ]
    assert counted_layouts < every_layouts  # their layouts were not made to count them
    assert any(isinstance(f, Later) for f in counted)
    read = [settled(f) for f in counted]
    assert [f.html for f in read] == [f.html for f in every]  # read: the slides in full


def test_a_counted_plan_counts_a_long_table_s_slides_from_its_own_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reference table over four slides, each packed near the packer's limit: counted from
    the page's one layout (its measured rows), the slides as the plan laid out in full."""
    counted, counted_layouts = _planned(True, monkeypatch)
    every, _ = _planned(False, monkeypatch)
    assert len(counted) == len(every) == 4
    assert counted_layouts == 1


def test_a_chunk_not_surely_fitting_is_laid_out_as_made(monkeypatch: pytest.MonkeyPatch) -> None:
    _, deferred = _planned(True, monkeypatch)
    with monkeypatch.context() as near:  # every chunk near the limit: each laid out as made
        near.setattr("generator.planner.surely_one_slide", lambda chunk, room: False)
        counted, laid = _planned(True, near)
    every, _ = _planned(False, monkeypatch)
    assert laid > deferred
    assert [f.html for f in (settled(f) for f in counted)] == [f.html for f in every]


CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


@pytest.mark.parametrize(
    "name", ["kep-crashloopbackoff/README.md", "httpx-quickstart/quickstart.md"]
)
def test_a_counted_plan_counts_every_page_s_slides_as_the_full_plan(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A design document and a quickstart over their budgets: many continuation slides within
    the packer's limit near it (92-102 % of the body with the margins' most), none laid out
    to count them; every page takes the slides the plan laid out in full gives it."""
    compared: list[tuple[list[Fitted], list[Fitted]]] = []
    planned = generator.talk._planned

    def both(
        planner_for: PlannerFor,
        drafts: DeckDraft,
        step: Step,
        budget: int | None,
        max_pages: int,
        leaving: frozenset[int] = frozenset(),
    ) -> tuple[Planner, list[Fitted]]:
        out = planned(planner_for, drafts, step, budget, max_pages, leaving)
        full = planner_for(drafts.pages(), step)
        compared.append((out[1], plan_deck(full, drafts, max_pages=max_pages)))
        return out

    monkeypatch.setattr(generator.talk, "_planned", both)
    path = CORPUS / name
    deck = plan_from_markdown(path.read_text(encoding="utf-8"), "corporate", source_name="x")
    assert deck.left_out and compared
    for counted, full in compared:
        assert [(f.page.kind, f.page.source, f.page.layout) for f in counted] == [
            (f.page.kind, f.page.source, f.page.layout) for f in full
        ]
        assert slides_by_page(counted) == slides_by_page(full)
        assert pictures_by_page(counted) == pictures_by_page(full)
        assert continued_parts(counted) == continued_parts(full)
