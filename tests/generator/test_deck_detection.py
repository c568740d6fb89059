"""Whether a Markdown document is a `---` deck: the answer without parsing documents that have
too few lines that could be rules, and the same answer as parsing every document."""

from __future__ import annotations

from typing import Any

import pytest

from generator.markup import deck
from generator.markup.deck import GENERIC_MAX_PART, GENERIC_MIN_PARTS, deck_kind, split_rules

SLIDE = "# Slide {i}\n\nPoint {i} of the talk.\n"


def _by_parse(body: str) -> str:
    """The rules decision read from markdown-it's tokens alone (as deck_kind makes it)."""
    parts = split_rules(body, dashes_only=True)
    if len(parts) < GENERIC_MIN_PARTS:
        return ""
    sizes = sorted(len(p.text.strip()) for p in parts)
    fits = sizes[len(sizes) * 3 // 4] <= GENERIC_MAX_PART and sizes[-1] <= GENERIC_MAX_PART * 3
    return "rules" if fits else ""


def _joined(rule: str, n: int = 5, newline: str = "\n") -> str:
    text = f"\n{rule}\n".join(SLIDE.format(i=i) for i in range(n))
    return text.replace("\n", newline)


BODIES = {
    "plain": _joined("---"),
    "indented three": _joined("   ---"),
    "spaced": _joined("- - -"),
    "long and tabbed": _joined("-----\t"),
    "trailing spaces": _joined("---   "),
    "crlf": _joined("---", newline="\r\n"),
    "lone cr": _joined("---", newline="\r"),
    "stars are not dash rules": _joined("***"),
    "indented four is code": _joined("    ---"),
    "in a quote": _joined("> ---"),
    "setext headings": "\n\n".join(f"Title {i}\n---\n\ntext {i}" for i in range(6)),
    "in a fence": "```\n" + "\n---\n".join("x" for _ in range(6)) + "\n```\n",
    "two rules": _joined("---", n=3),
    "three rules": _joined("---", n=4),
    "long parts": _joined("---").replace("Point", "Words " * 900),
}


@pytest.mark.parametrize("name", sorted(BODIES))
def test_deck_kind_is_what_the_parse_says(name: str) -> None:
    body = BODIES[name]
    assert deck_kind({}, body) == _by_parse(body)


def test_rule_written_every_way_markdown_allows_makes_a_deck() -> None:
    for name in ("plain", "indented three", "spaced", "long and tabbed", "crlf"):
        assert deck_kind({}, BODIES[name]) == "rules", name


class _Counting:
    """The real block parser, counting its parses."""

    def __init__(self, parser: Any) -> None:
        self.parser = parser
        self.calls = 0

    def parse(self, text: str) -> Any:
        self.calls += 1
        return self.parser.parse(text)


def test_document_with_too_few_rule_lines_is_not_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    counting = _Counting(deck.BLOCKS)
    monkeypatch.setattr(deck, "BLOCKS", counting)
    deck._split_rules.cache_clear()
    readme = "# Tool\n\n---\n\n## Install\n\n- one\n- two\n\n---\n\n## Use\n\nRun it.\n"
    assert deck_kind({}, readme) == ""
    assert counting.calls == 0
    talk = _joined("---", n=6)
    assert deck_kind({}, talk) == "rules"
    assert counting.calls == 1
    deck._split_rules.cache_clear()
