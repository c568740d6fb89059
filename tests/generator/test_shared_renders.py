"""The plans of one deck share their pages' HTML: a page rendered before with the same inputs
is served the HTML made then (no template render), and a page whose plan, language or sizes
changed is rendered again."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import generator.api
from generator.api import plan_from_markdown
from generator.pages import PlannedPage
from generator.planner import Planner
from generator.rendered import shared_renders
from generator.templates import Template, get_template

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _renders(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The kind of every page the template renders from now on."""
    made: list[str] = []
    real = Template.render

    def render(self: Template, kind: str, context: dict[str, Any]) -> str:
        made.append(kind)
        return real(self, kind, context)

    monkeypatch.setattr(Template, "render", render)
    return made


def _page() -> PlannedPage:
    return PlannedPage("content", "bullets", "Install", body_size=24.0, title_size=40.0)


def test_a_page_rendered_before_is_served_its_html(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _renders(monkeypatch)
    planner = Planner(get_template("corporate"), {"lang": "en"})
    with shared_renders():
        first = planner.render(_page())
        assert planner.render(_page()) == first and len(made) == 1  # the same inputs: served
    planner.render(_page())
    assert len(made) == 2  # outside the block: rendered each time


@pytest.mark.parametrize(
    "changed",
    [
        {"title": "Install it"},
        {"body_size": 26.0},  # the sizes derived from it change too
        {"number": 4},
        {"notes": "Spoken"},  # no visible change, but another input
    ],
)
def test_a_changed_page_is_rendered_again(
    monkeypatch: pytest.MonkeyPatch, changed: dict[str, Any]
) -> None:
    made = _renders(monkeypatch)
    planner = Planner(get_template("corporate"), {"lang": "en"})
    with shared_renders():
        first = planner.render(_page())
        again = planner.render(replace(_page(), **changed))
    assert len(made) == 2
    if "notes" not in changed:
        assert again != first


def test_another_language_or_deck_is_rendered_again(monkeypatch: pytest.MonkeyPatch) -> None:
    made = _renders(monkeypatch)
    template = get_template("corporate")
    with shared_renders():
        english = Planner(template, {"lang": "en"}).render(_page())
        german = Planner(template, {"lang": "de"}).render(_page())
        titled = Planner(template, {"lang": "en", "title": "Guide"}).render(_page(), "en")
    assert len(made) == 3
    assert 'lang="de"' in german and 'lang="de"' not in english and titled


def test_condensing_plans_render_each_page_once(monkeypatch: pytest.MonkeyPatch) -> None:
    text = (CORPUS / "fd-readme" / "README.md").read_text(encoding="utf-8")
    made = _renders(monkeypatch)
    shared = plan_from_markdown(text, "corporate", source_name="README")
    with_sharing = len(made)
    made.clear()

    @contextlib.contextmanager
    def unshared() -> Iterator[None]:
        yield

    monkeypatch.setattr(generator.api, "shared_renders", unshared)
    alone = plan_from_markdown(text, "corporate", source_name="README")
    assert len(made) > 1.5 * with_sharing  # planned again without sharing: renders again
    assert shared.htmls == alone.htmls and shared.pages == alone.pages


def test_a_page_served_its_html_is_not_searched_for_its_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    real = Planner.page_lang

    def page_lang(self: Planner, page: PlannedPage) -> str:
        asked.append(page.title)
        return real(self, page)

    monkeypatch.setattr(Planner, "page_lang", page_lang)
    planner = Planner(get_template("corporate"), {"lang": "en"})
    chinese = replace(_page(), title="安装")
    with shared_renders():
        first = planner.render(chinese)
        assert planner.render(chinese) == first  # served: its language is not looked for again
        english = planner.render(_page())
    assert asked == ["安装", "Install"]
    assert 'lang="zh-CN"' in first and 'lang="zh-CN"' not in english
