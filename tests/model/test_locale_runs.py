"""The content language on the runs: a lang attribute (the page's or an element's) sets the
locale as Chromium maps it (-webkit-locale, inherited), and text in a Chinese, Japanese or
Korean locale gets a:rPr lang, with which office suites pick the glyph forms Chromium draws
(tools/recorders/model_locale_glyphs.py -> expected_locale_glyphs.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import convert
from engine.model.text.runs import east_asian_language
from tests.model.chromium_locale_glyphs import page

EXPECTED = json.loads((Path(__file__).resolve().parent / "expected_locale_glyphs.json").read_text())
LANGS = {"ja": "ja-JP", "zh-CN": "zh-CN", "ko": "ko-KR", "zh-TW": "zh-TW"}


def _runs(html: str) -> list[dict]:
    out: list[dict] = []

    def walk(shape: dict) -> None:
        for child in shape.get("shapes") or ():
            walk(child)
        for para in (shape.get("text") or {}).get("paragraphs", ()):
            out.extend(run for run in para["runs"] if run.get("text"))

    for shape in convert([html]).to_dict()["slides"][0]["shapes"]:
        walk(shape)
    return out


@pytest.mark.fonts("fonts-noto-cjk")
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_run_language_picks_chromiums_glyph_form(name: str) -> None:
    fixture = EXPECTED[name]
    (run,) = _runs(page(fixture["html_lang"], fixture["span_lang"], fixture["text"]))
    assert run["lang"] == LANGS[fixture["span_lang"] or fixture["html_lang"]]
    # Noto CJK sets these marks at the left of the em in Simplified Chinese only: the language
    # written is what tells LibreOffice and PowerPoint which form Chromium drew.
    centred = (fixture["ink_left"] + fixture["ink_right"]) / 2 > 0.4
    assert centred == (run["lang"] != "zh-CN")


def test_latin_page_runs_have_no_language() -> None:
    html = "<html lang='en'><body><div class='slide'><p>Hello</p></div></body></html>"
    assert [run.get("lang") for run in _runs(html)] == [None]


def test_east_asian_language_tags() -> None:
    assert east_asian_language("ja") == "ja-JP"
    assert east_asian_language("zh") == "zh-CN"
    assert east_asian_language("zh-hant") == "zh-TW"
    assert east_asian_language("zh-hant-hk") == "zh-HK"
    assert east_asian_language("ko-kr") == "ko-KR"
    assert east_asian_language("en-us") is None
    assert east_asian_language("auto") is None
