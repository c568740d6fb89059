"""The plans of one deck share layouts: a page whose HTML was laid out by an earlier plan (a
condensing step plans the pages that stay again) is not laid out again, and every kept slide
has a layout of its own."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

import generator.api
import generator.fit
from engine import LaidOut, Options
from generator.api import _plan_markdown, plan_from_markdown
from generator.fit import (
    Measure,
    layout_key,
    measured,
    own_layouts,
    shared_layouts,
    try_lay_out,
)
from generator.templates import get_template
from tests.generator.recorded import engine_layouts as _counted

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
PAGE = '<div class="slide" style="width:640px;height:360px"><p>One line</p></div>'


def test_condensing_plans_lay_out_each_page_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (CORPUS / "fd-readme" / "README.md").read_text(encoding="utf-8")
    made = _counted(monkeypatch)
    shared = plan_from_markdown(text, "corporate", source_name="README")
    with_sharing = list(made)
    made.clear()

    @contextlib.contextmanager
    def unshared(options: Options) -> Iterator[None]:
        yield

    monkeypatch.setattr(generator.api, "shared_layouts", unshared)
    alone = plan_from_markdown(text, "corporate", source_name="README")
    assert len(with_sharing) == len(set(with_sharing))  # no page laid out twice
    assert len(made) > len(set(made))  # planned again without sharing: the same pages again
    assert shared.htmls == alone.htmls and shared.pages == alone.pages


def test_layouts_are_shared_only_within_the_block_and_for_its_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _counted(monkeypatch)
    options = Options()
    with shared_layouts(options):
        first = try_lay_out(PAGE, options)
        assert try_lay_out(PAGE, options) is first
        assert try_lay_out(PAGE, Options()) is not first  # other options: laid out again
    assert try_lay_out(PAGE, options) is not first
    assert len(made) == 3


def test_each_kept_slide_gets_its_own_layout() -> None:
    options = Options()
    laid = try_lay_out(PAGE, options)
    assert laid is not None
    out = own_layouts([(PAGE, laid), (PAGE, None), (PAGE, laid)], options)
    assert out[0] is laid and out[1] is None
    assert out[2] is not None and out[2] is not laid and out[2].html == PAGE


def _numbered(number: str) -> str:
    return PAGE.replace("</div>", f'<div class="foot">Deck &middot; {number}</div></div>')


def test_pages_differing_only_in_their_footer_number_share_a_layout_for_measuring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made = _counted(monkeypatch)
    options = Options()
    with shared_layouts(options):
        seven = try_lay_out(_numbered("7"), options)
        assert try_lay_out(_numbered("5"), options) is seven
        assert try_lay_out(_numbered("12"), options) is not seven  # another width: laid out
    assert made == [_numbered("7"), _numbered("12")]
    assert layout_key(PAGE) == PAGE  # a page without the footer is its own key


def test_a_slide_measured_by_another_number_s_layout_is_laid_out_with_its_own() -> None:
    options = Options()
    with shared_layouts(options):
        seven = try_lay_out(_numbered("7"), options)
        five = try_lay_out(_numbered("5"), options)
    assert seven is not None and five is seven
    [own] = own_layouts([(_numbered("5"), five)], options)
    assert own is not None and own is not seven and own.html == _numbered("5")


def test_every_kept_slide_is_laid_out_from_its_own_html() -> None:
    """A part that leaves renumbers the later slides; what the deck keeps is their own HTML."""
    text = (CORPUS / "kep-crashloopbackoff" / "README.md").read_text(encoding="utf-8")
    planned, laid = _plan_markdown(text, get_template("corporate"), "medium", None)
    assert planned.left_out  # parts left, so later slides were planned under other numbers
    assert [one.html if one is not None else None for one in laid] == planned.htmls


def test_a_layout_is_measured_once_within_the_block(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    real = generator.fit.measure

    def measure(laid: LaidOut) -> Measure:
        made.append(laid.html)
        return real(laid)

    monkeypatch.setattr(generator.fit, "measure", measure)
    options = Options()
    wide = PAGE.replace("<p>One line</p>", '<p style="width:900px">Wide</p>')
    with shared_layouts(options):
        laid, other = try_lay_out(PAGE, options), try_lay_out(wide, options)
        assert laid is not None and other is not None
        first = measured(laid)
        assert measured(laid) is first  # the same layout: its measure again
        assert measured(other) is not first  # another layout: measured
        assert measured(other).regions == ["slide"] and first.regions == []
    assert measured(laid) is not first  # outside the block: measured each time
    assert made == [PAGE, wide, PAGE]
