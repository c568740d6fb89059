"""A kept slide measured by the layout of the same page at another number (a part that left
renumbered the slides after it) takes that layout with its own footer digits when they shape
to the same widths, instead of being laid out again; the slide built from it is the one a
fresh layout of its HTML builds, and the layout it was made from is left as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import generator.fit
from engine import LaidOut, Options, convert_laid_out, lay_out
from generator.fit import own_layouts, renumbered, shared_layouts, try_lay_out
from tests.generator.recorded import engine_layouts as _counted

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
PAGE = (
    '<div class="slide" style="width:640px;height:360px"><p>One line</p>'
    '<div class="foot">Deck &middot; {n}</div></div>'
)


def _page(number: str) -> str:
    return PAGE.replace("{n}", number)


def _slides(laid: list[LaidOut], options: Options) -> list[Any]:
    return convert_laid_out(laid, options=options).slides


def _lines(laid: LaidOut) -> list[tuple[object, ...]]:
    return [(b.kind, b.tag, b.x, b.y, b.width, b.height, b.text) for b in laid.layout.boxes]


def test_a_slide_of_another_number_takes_the_layout_with_its_digits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    options = Options()
    with shared_layouts(options):
        seven = try_lay_out(_page("7"), options)
        five = try_lay_out(_page("5"), options)
    assert seven is not None and five is seven
    made = _counted(monkeypatch)
    [own] = own_layouts([(_page("5"), five)], options)
    assert made == []  # not laid out again
    assert own is not None and own is not seven and own.html == _page("5")
    fresh = lay_out(_page("5"), options)
    assert _lines(own) == _lines(fresh)
    assert _slides([own], options) == _slides([fresh], options)
    # the layout it was made from still shows its own number
    assert any(b.text.endswith("7") for b in seven.layout.boxes if b.kind == "line")
    assert _slides([seven], options) == _slides([lay_out(_page("7"), options)], options)


def test_digits_of_other_widths_are_laid_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """In the slide fonts a 1 is narrower than a 4: the footer would be laid out otherwise."""
    options = Options()
    fourteen = try_lay_out(_page("14"), options)
    assert fourteen is not None
    assert renumbered(fourteen, _page("11"), options) is None
    made = _counted(monkeypatch)
    [own] = own_layouts([(_page("11"), fourteen)], options)
    assert made == [_page("11")]
    assert own is not None and own.html == _page("11")


def test_pages_differing_elsewhere_are_not_renumbered() -> None:
    options = Options()
    laid = try_lay_out(_page("7"), options)
    assert laid is not None
    other = _page("5").replace("One line", "One word")
    assert renumbered(laid, other, options) is None
    # digits in the footer's text other than its own (a character reference) are no number
    assert renumbered(laid, _page("5").replace("&middot;", "&#183;"), options) is None


def test_a_condensed_deck_builds_the_slides_fresh_layouts_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The theming guide plans pages that later slides renumber: most of them keep the layout
    they were measured by, and every slide is the one its own HTML lays out to."""
    from generator.api import _plan_markdown
    from generator.templates import get_template

    text = (CORPUS / "mermaid-theming" / "theming.md").read_text(encoding="utf-8")
    made = _counted(monkeypatch)
    kept: list[tuple[str, LaidOut | None]] = []
    relaid: list[str] = []
    real_own = generator.fit.own_layouts

    def watching(slides: list[tuple[str, LaidOut | None]], options: Options) -> Any:
        kept.extend(slides)
        before = len(made)
        out = real_own(slides, options)
        relaid.extend(made[before:])
        return out

    monkeypatch.setattr(generator.api, "own_layouts", watching)
    planned, laid = _plan_markdown(text, get_template("corporate"), "medium", None)
    other = [html for html, one in kept if one is not None and one.html != html]
    assert len(other) >= 5 and len(relaid) < len(other) / 2
    options = generator.api.ENGINE_OPTIONS
    for html, one in zip(planned.htmls, laid, strict=True):
        if html in other and html not in relaid:
            assert one is not None
            assert _slides([one], options) == _slides([lay_out(html, options)], options)
