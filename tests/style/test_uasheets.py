"""The user-agent stylesheets come from their stored split (engine/style/ua_blocks.json) when it
was made from the sheets' current text, and are parsed otherwise: the same rules either way."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.style import uasheets
from engine.style.stylesheet import Sheet, parse_stylesheet


def _described(sheet: Sheet) -> list[object]:
    """A sheet's rules without the compiled XPath objects (which compare by identity)."""
    return [
        (
            [(s.text, s.specificity, s.pseudo, s.compound, s.chain) for s in rule.selectors],
            rule.block,
            rule.media,
            rule.where,
        )
        for rule in sheet.rules
    ] + [sheet.messages]


def test_the_stored_split_is_current() -> None:
    stored = json.loads(Path(uasheets.__file__).with_name(uasheets.PRECOMPILED).read_text())
    assert stored == uasheets.precompiled_blocks(), "run scripts/precompile_ua.py"


@pytest.mark.parametrize("name", uasheets.SHEETS)
def test_stored_and_parsed_sheets_have_the_same_rules(name: str) -> None:
    text = uasheets.ua_stylesheet_text(name)
    items = uasheets._stored_items(name, text)
    assert items is not None  # the stored split is used
    assert _described(uasheets.sheet_of_items(items)) == _described(parse_stylesheet(text))
    assert len(uasheets.ua_sheet(name).rules) > 0


@pytest.mark.parametrize(
    "content",
    [
        None,  # missing
        "{not json",  # unreadable
        '{"ua.css": {"css": "p { color: red }", "items": ["p"]}}',  # made from another text
        '{"ua.css": {"items": []}}',  # malformed
        '{"ua.css": {"css": "%s", "items": [[1, 2]]}}',  # malformed items (for the real text)
    ],
)
def test_a_missing_stale_or_broken_split_falls_back_to_parsing(
    content: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = uasheets.ua_stylesheet_text("ua.css")
    if content is not None:
        content = content.replace('"%s"', json.dumps(text))
        (tmp_path / uasheets.PRECOMPILED).write_text(content, encoding="utf-8")
    monkeypatch.setattr(uasheets, "_package_files", lambda: tmp_path)
    uasheets.ua_sheet.cache_clear()
    try:
        assert uasheets._stored_items("ua.css", text) is None
        sheet = uasheets.ua_sheet("ua.css")
        assert sheet is parse_stylesheet(text)  # the parsed (cached) sheet itself
    finally:
        uasheets.ua_sheet.cache_clear()
