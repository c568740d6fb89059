"""Paragraphs repeated in sibling pages are found with the exact character ratio asked only of
pairs whose upper bounds (lengths, then characters as multisets) reach it: the same paragraphs
leave as when every pair is compared in full, and a long chapter of distinct paragraphs (a
design document's sections) costs few full comparisons."""

from __future__ import annotations

from difflib import SequenceMatcher
from pathlib import Path

import pytest

import generator.retold
from generator.outline import parse_outline
from generator.retold import SAME_RATIO, _page_words, _same, told_once

CORPUS = Path(__file__).resolve().parents[2] / "samples" / "markdown"


def _same_in_full(words: str, seen: list[str]) -> bool:
    """Every pair compared by its full ratio (what the bounds must decide alike)."""
    for other in seen:
        if words == other:
            return True
        matcher = SequenceMatcher(None, words, other, autojunk=False)
        if matcher.ratio() >= SAME_RATIO:
            return True
    return False


def _paragraphs(name: str) -> list[str]:
    text = (CORPUS / name).read_text(encoding="utf-8")
    outline = parse_outline(text)
    return [w for c in outline.chapters for p in c.pages for w in _page_words(p)]


@pytest.mark.parametrize("name", ["kep-crashloopbackoff/README.md", "fd-readme/README.md"])
def test_bounds_decide_as_the_full_ratio(name: str) -> None:
    words = _paragraphs(name)[:60]
    for i, one in enumerate(words):
        assert _same(one, words[:i]) == _same_in_full(one, words[:i])
    # a paragraph with a few words changed is still the same note
    one = words[0]
    edited = one.replace(" the ", " a ", 1)
    assert _same(edited, [one]) and _same_in_full(edited, [one])


class _Counting(SequenceMatcher):  # type: ignore[type-arg]
    calls = 0

    def ratio(self) -> float:
        _Counting.calls += 1
        return super().ratio()


def test_distinct_paragraphs_skip_the_full_ratio(monkeypatch: pytest.MonkeyPatch) -> None:
    """The KEP's chapters hold many long paragraphs of similar lengths, none repeated: the
    character bound rules nearly all of them out before the quadratic ratio."""
    text = (CORPUS / "kep-crashloopbackoff" / "README.md").read_text(encoding="utf-8")
    outline = parse_outline(text)
    _Counting.calls = 0
    monkeypatch.setattr(generator.retold, "SequenceMatcher", _Counting)
    told_once(outline)
    assert _Counting.calls <= 10  # 242 before (every pair of similar length)


class _Built(SequenceMatcher):  # type: ignore[type-arg]
    built = 0
    ratios = 0

    def __init__(self, isjunk: None, a: str, b: str, autojunk: bool = True) -> None:
        _Built.built += 1
        super().__init__(isjunk, a, b, autojunk=autojunk)

    def ratio(self) -> float:
        _Built.ratios += 1
        return super().ratio()


def test_the_character_bound_counts_each_paragraph_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The characters of each paragraph are counted once, not once per pair: a matcher is built
    only for a pair the character bound lets through, to ask its exact ratio."""
    text = (CORPUS / "kep-crashloopbackoff" / "README.md").read_text(encoding="utf-8")
    outline = parse_outline(text)
    paragraphs = {w for c in outline.chapters for p in c.pages for w in _page_words(p)}
    generator.retold._characters.cache_clear()
    _Built.built = _Built.ratios = 0
    monkeypatch.setattr(generator.retold, "SequenceMatcher", _Built)
    told_once(outline)
    assert _Built.built == _Built.ratios <= 10  # 234 matchers before, 3 of them asked
    assert generator.retold._characters.cache_info().misses <= len(paragraphs)
