"""Speaker notes are hidden: a page is measured by the layout of the same page with other notes
(the plans of a deck over its budget change the notes of the pages whose parts leave), and
every kept slide is laid out from its own HTML, notes and all."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

import generator.api
import generator.fit
from engine import LaidOut, Options
from generator.api import plan_from_markdown
from generator.compose import draft_pages
from generator.fit import layout_key, own_layouts, shared_layouts
from generator.outline import parse_outline
from generator.planner import Planner
from generator.templates import get_template
from tests.generator.fragments import HTTPX_CHANGED
from tests.generator.recorded import page_layouts as _made

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
_NOTES = re.compile(r'<aside class="notes"[^>]*>.*?</aside>', re.S)


def test_a_page_with_other_notes_is_measured_by_one_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _made(monkeypatch)
    [page] = [p for p in draft_pages(parse_outline(HTTPX_CHANGED), "en") if p.kind == "content"]
    planner = Planner(get_template("corporate"), {"lang": "en"})
    with shared_layouts(planner.options):
        html_a, a = planner.measure(replace(page, notes="Left out: the removed section."))
        html_b, b = planner.measure(replace(page, notes="Left out: two sections."))
    assert a is not None and b is not None
    assert len(made) == 1 and b.laid is a.laid
    assert "two sections" in html_b and "two sections" not in html_a
    assert layout_key(html_a) == layout_key(html_b) and "<aside" not in layout_key(html_a)
    assert (b.regions, b.room, b.used) == (a.regions, a.room, a.used)
    kept = own_layouts([(html_a, a.laid), (html_b, b.laid)], Options())
    assert [k.html if k is not None else None for k in kept] == [html_a, html_b]
    assert len(made) == 2  # the second kept slide: laid out from its own HTML, notes and all


def test_condensing_plans_lay_out_no_page_again_for_its_notes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A README over its budget: the plans after the counted one change the notes of the pages
    whose parts leave ("Not on the slides: ..."); no plan lays such a page out again (only the
    kept slides are laid out from their own HTML in the end)."""
    text = (CORPUS / "fd-readme" / "README.md").read_text(encoding="utf-8")
    made = _made(monkeypatch)
    planning: list[str] = []

    def own(slides: list[tuple[str, LaidOut | None]], options: Options) -> list[LaidOut | None]:
        planning.extend(made)
        return own_layouts(slides, options)

    monkeypatch.setattr(generator.api, "own_layouts", own)
    planned = plan_from_markdown(text, "corporate", source_name="README")
    noted = [_NOTES.sub("", h) for h in planning if _NOTES.search(h)]
    assert planned.left_out and len(noted) > 10
    assert len(set(noted)) == len(noted)  # each page laid out under one of its notes at most


# fd's README, "Using fd with fzf": code whose strings are quoted
FD_FZF_CODE = (
    "## Using fd with fzf\n\nYou can use fd to generate input for the command-line fuzzy finder"
    " [fzf](https://github.com/junegunn/fzf):\n```bash\nexport FZF_DEFAULT_COMMAND='fd --type file'"
    '\nexport FZF_CTRL_T_COMMAND="$FZF_DEFAULT_COMMAND"\n```\n'
)


def test_a_page_with_and_without_notes_is_measured_by_one_layout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The notes go in as they are: the page's own HTML (quotes in highlighted code escaped
    as rendered) is the same with notes as without, so both share one layout."""
    made = _made(monkeypatch)
    [page] = [p for p in draft_pages(parse_outline(FD_FZF_CODE), "en") if p.kind == "content"]
    planner = Planner(get_template("corporate"), {"lang": "en"})
    with shared_layouts(planner.options):
        html_a, a = planner.measure(page)
        html_b, b = planner.measure(replace(page, notes='Not on the slides: "Tips" & more.'))
    assert a is not None and b is not None
    assert "&#39;" in html_a and "&#39;" in html_b  # one escaping of the code's quotes
    assert layout_key(html_a) == layout_key(html_b) and html_a != html_b
    assert len(made) == 1 and b.laid is a.laid
    assert '<aside class="notes" style="display:none">Not on the slides: "Tips" &amp; more.' in (
        html_b
    )
