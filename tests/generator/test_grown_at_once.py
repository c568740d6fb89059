"""A sparse text page in a whole-slide layout (prose beside a short code example, cards) that
the calibrated estimate puts so sparse that growing its type would take it to the largest
size is laid out at that size at once: the slide is the one laid out at the base size and
grown, made with one layout instead of two."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.grow
from generator.api import _deck_context
from generator.compose import draft_pages
from generator.outline import parse_outline
from generator.pages import PlannedPage
from generator.planner import Planner
from generator.reshape import Fitted, settled
from generator.templates import get_template
from tests.generator.recorded import page_layouts

FD = Path(__file__).resolve().parents[2] / "samples/markdown/fd-readme/README.md"


def _usage() -> str:
    """The README's usage chapter up to its short "root directory" example: prose and code
    pages, the last one a sentence and four lines of shell."""
    text = FD.read_text(encoding="utf-8")
    start = text.index("## How to use")
    end = text.index("### List all files, recursively")
    return "# fd\n\n" + text[start:end]


def _planned(monkeypatch: pytest.MonkeyPatch) -> tuple[list[Fitted], list[str]]:
    made = page_layouts(monkeypatch)
    template = get_template("corporate")
    planner = Planner(template, _deck_context(template, "fd", "", "en"))
    slides = planner.plan(draft_pages(parse_outline(_usage()), "en"))
    return [settled(f) for f in slides], list(made)


def _titled(made: list[str], title: str) -> int:
    return sum(f">{title}<" in h for h in made)


def test_a_sparse_code_page_is_laid_out_once_at_its_grown_size(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    slides, made = _planned(monkeypatch)
    page = next(f for f in slides if f.page.title == "Specifying the root directory")
    assert page.page.layout == "code" and page.page.body_size > 24.0
    assert _titled(made, "Specifying the root directory") == 1

    def at_base(self: generator.grow.Growing, page: PlannedPage) -> Fitted | None:
        return None  # every page laid out at its size first, then grown

    monkeypatch.setattr(generator.grow.Growing, "grown_at_once", at_base)
    before, made_before = _planned(monkeypatch)
    assert _titled(made_before, "Specifying the root directory") == 2
    assert [(f.page.title, f.page.body_size, f.html) for f in slides] == [
        (f.page.title, f.page.body_size, f.html) for f in before
    ]
