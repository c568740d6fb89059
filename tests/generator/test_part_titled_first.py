"""A merged page's continuation slides ("Stabilized APIs · Other changes" continued on two
slides) are laid out under the title of the part each shows at once, when nothing but the
title changes: never laid out (and grown) under the page's title first, then again under the
part's. The deck is the same as when each slide was laid out twice; fewer layouts are made."""

from __future__ import annotations

from pathlib import Path

import pytest

import generator.parttitled
from generator.api import generate_from_markdown
from tests.generator.recorded import page_layouts

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _under_merged_title(made: list[str], title: str) -> list[str]:
    """Layouts of slides with a body (a block wrapper) under the merged page's title."""
    return [h for h in made if f"{title} <span" in h and "data-df-u" in h]


def _twice(monkeypatch: pytest.MonkeyPatch, text: str) -> tuple[list[str], list[str], bool]:
    """The layouts made for `text` now, those made laying each slide out under the page's
    title first, and whether both decks are the same."""
    made = page_layouts(monkeypatch)
    deck = generate_from_markdown(text, None)
    now = list(made)
    made.clear()
    monkeypatch.setattr(
        generator.parttitled.PartTitledFirst, "part_titled", lambda *args, **kw: None
    )
    before = generate_from_markdown(text, None)
    same = before.pages_html == deck.pages_html and before.pages == deck.pages
    return now, made, same


def test_rust_release_parts_are_laid_out_under_their_titles_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The release notes' "Stabilized APIs" and "Other changes" share one page that takes two
    slides, both grown: each is laid out under its part's title (and grown under it) only."""
    text = (CORPUS / "rust-release" / "Rust-1.80.0.md").read_text(encoding="utf-8")
    now, before, same = _twice(monkeypatch, text)
    assert same
    title = "Stabilized APIs · Other changes"
    assert len(_under_merged_title(before, title)) == 4  # two slides, each grown
    assert _under_merged_title(now, title) == []
    assert len(now) == len(before) - 2


def test_cjk_parts_grown_alone_are_laid_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Chinese README's merged "Log · Logging Handler" page (three slides, the first
    grown on its own): the same deck, with fewer full layouts (its title checked without
    the body instead, a fast layout)."""
    text = (CORPUS / "rich" / "README.cn.md").read_text(encoding="utf-8")
    now, before, same = _twice(monkeypatch, text)
    assert same
    title = "日志（Log） · 日志处理器（Logging Handler）"
    assert len(_under_merged_title(now, title)) < len(_under_merged_title(before, title))
    full = [h for h in now if "data-df-u" in h]
    assert len(full) < len([h for h in before if "data-df-u" in h])


def test_slides_not_titled_by_their_parts_keep_the_page_title(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When the slides are not titled by their parts in the end (here: that step left out),
    a slide laid out under its part's title is laid out again under the page's: the deck is
    the one the page's title gives, as before (its kept slides laid out under it only)."""
    import generator.titles

    text = (CORPUS / "rust-release" / "Rust-1.80.0.md").read_text(encoding="utf-8")
    monkeypatch.setattr(
        generator.titles.TitleFitting,
        "titled_by_parts",
        lambda self, page, chunks, pictures, slides: slides,
    )
    now, before, same = _twice(monkeypatch, text)
    assert same
    title = "Stabilized APIs · Other changes"
    assert len(_under_merged_title(before, title)) == 4  # two slides, each grown
    assert len(_under_merged_title(now, title)) == 2  # the two slides kept, laid out again
