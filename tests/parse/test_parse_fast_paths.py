"""The parse skips work whose result it already knows: a page text UTF-8 can hold (no lone
surrogates) is given to lexbor as its UTF-8 bytes without a scan for surrogates, and a printable
text or attribute value is copied without a scan for the characters XML cannot hold. The trees
are the ones the scans give."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse import tree

PAGE = (
    "<html lang='fr'><body><div class='slide' data-x='a\x01b' xlink:href='#t' xml:lang='de'>"
    "Été 中文 😀 <b>gras</b>\ttab\r\nline\x02ctl &#1; &#xFFFF; \ufffe"
    "<p title='café'>deux</p></div></body></html>"
)


class _CountingPattern:
    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.calls = 0

    def sub(self, repl: str, text: str) -> str:
        self.calls += 1
        return self.pattern.sub(repl, text)


def _tree(html: str) -> str:
    return etree.tostring(tree.parse_tree(html, Diagnostics(), Limits()), encoding="unicode")


def test_a_page_without_lone_surrogates_is_not_scanned_for_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counting = _CountingPattern(tree._SURROGATES)
    monkeypatch.setattr(tree, "_SURROGATES", counting)
    text = _tree(PAGE)
    assert counting.calls == 0
    assert "Été 中文 😀" in text and 'title="café"' in text
    assert "\x01" not in text and "\x02" not in text and "\ufffe" not in text


def test_a_page_with_lone_surrogates_gives_the_tree_of_its_replaced_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    counting = _CountingPattern(tree._SURROGATES)
    monkeypatch.setattr(tree, "_SURROGATES", counting)
    with_surrogate = _tree(PAGE.replace("deux", "de\ud800ux"))
    assert counting.calls == 1
    assert with_surrogate == _tree(PAGE.replace("deux", "de\ufffdux"))


def test_printable_texts_hold_no_character_xml_cannot_hold() -> None:
    """Every printable character is one XML holds, so `isprintable` may stand for the scan."""
    bad = [
        cp for cp in range(0x110000) if chr(cp).isprintable() and tree.XML_BAD_CHARS.match(chr(cp))
    ]
    assert bad == []


@pytest.mark.parametrize(
    ("text", "cleaned"),
    [
        ("plain words", "plain words"),
        ("tab\tand\nnewline\r", "tab\tand\nnewline\r"),
        ("a\x01b\x0bc", "a\ufffdb\ufffdc"),
        ("\ud800x\ufffe\uffff", "\ufffdx\ufffd\ufffd"),
    ],
)
def test_clean_replaces_what_xml_cannot_hold(text: str, cleaned: str) -> None:
    assert tree._clean(text) == cleaned
