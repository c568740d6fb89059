"""A plan only counted lays out no continuation slide whose chunk of measured pieces surely
fits its slide (generator.surefit): the slides are the same, laid out when first read, and a
chunk near the limit is laid out as it is made (it may still hand a piece on)."""

from __future__ import annotations

import pytest

import generator.fit
from engine import LaidOut, Options
from generator.compose import draft_pages
from generator.model import Block
from generator.outline import parse_outline
from generator.pack import usable
from generator.pieces import Piece
from generator.planner import Planner
from generator.reshape import Fitted, Later, settled
from generator.surefit import SURE, surely_fits
from generator.templates import get_template
from tests.generator.fragments import MERMAID_THEME_TABLE


def _piece(top: float, bottom: float) -> Piece:
    return Piece(Block("paragraph"), 0, top, bottom)


def test_a_chunk_well_within_its_room_surely_fits() -> None:
    room = 500.0
    assert surely_fits([_piece(0, 100), _piece(100, 300)], room)
    assert not surely_fits([_piece(0, 200), _piece(200, usable(room))], room)  # packed full
    assert not surely_fits([_piece(0, SURE * room)], room)  # the stack's margins count
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


def test_a_chunk_not_surely_fitting_is_laid_out_as_made(monkeypatch: pytest.MonkeyPatch) -> None:
    _, deferred = _planned(True, monkeypatch)
    with monkeypatch.context() as near:  # every chunk near the limit: each laid out as made
        near.setattr("generator.planner.surely_one_slide", lambda chunk, room: False)
        counted, laid = _planned(True, near)
    every, _ = _planned(False, monkeypatch)
    assert laid > deferred
    assert [f.html for f in (settled(f) for f in counted)] == [f.html for f in every]
