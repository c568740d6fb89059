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
from generator.api import plan_from_markdown
from generator.fit import own_layouts, shared_layouts, try_lay_out

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"
PAGE = '<div class="slide" style="width:640px;height:360px"><p>One line</p></div>'


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The HTML of every page the engine lays out from now on."""
    made: list[str] = []
    real = generator.fit.lay_out

    def lay_out(html: str, options: Options | None = None) -> LaidOut:
        made.append(html)
        return real(html, options)

    monkeypatch.setattr(generator.fit, "lay_out", lay_out)
    return made


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
    out = own_layouts([laid, None, laid], options)
    assert out[0] is laid and out[1] is None
    assert out[2] is not None and out[2] is not laid and out[2].html == PAGE
