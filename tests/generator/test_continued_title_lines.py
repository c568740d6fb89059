"""A continuation slide ("(2/4)") is retitled by a short name only when its heading takes more
than one line: the slide's own layout tells its heading's lines (the title region is the same
whatever the body), so no page without its body is laid out to count them."""

from __future__ import annotations

import pytest

from generator.api import generate_from_markdown
from generator.pages import PlannedPage
from generator.planner import Planner
from tests.generator.test_titles_structure import between, sample

CFG = "Checked cfg names and values"


def _bare_titles(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The titles of the pages without a body laid out from now on."""
    bare: list[str] = []
    measure = Planner.measure

    def measured(self: Planner, page: PlannedPage, lang: str | None = None):  # type: ignore[no-untyped-def]
        if page.kind == "content" and not page.blocks and not page.sections:
            bare.append(str(page.title))
        return measure(self, page, lang)

    monkeypatch.setattr(Planner, "measure", measured)
    return bare


def test_a_one_line_heading_continued_is_not_laid_out_without_its_body(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A release note's section on several slides (samples/markdown/rust-release): its
    heading reads in one line, its later slides keep it whole, and no page without its body
    is laid out to count its lines."""
    md = "# Rust 1.80.0\n\n" + between(
        sample("rust-release"),
        "### Checked `cfg` names and values",
        "### Exclusive ranges in patterns",
    )
    bare = _bare_titles(monkeypatch)
    pages = [p for p in generate_from_markdown(md, "corporate").pages if p.kind == "content"]
    continued = [p for p in pages if str(p.title) == CFG and p.part >= 2]
    assert len(continued) >= 2
    assert CFG not in bare
