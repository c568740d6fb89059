"""The parse stage builds the tree Chromium builds: malformed markup (html_cases.CASES) against
Chromium's DOM recorded by tools/recorders/parse_trees.py (expected_trees.json)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from html_cases import CASES, lines, lxml_tree

from engine.diagnostics import Diagnostics
from engine.options import Limits
from engine.parse.tree import parse_tree

EXPECTED: dict[str, list[str]] = json.loads(
    (Path(__file__).parent / "expected_trees.json").read_text(encoding="utf-8")
)


def test_every_case_is_recorded() -> None:
    assert sorted(EXPECTED) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(CASES))
def test_tree_matches_chromium(name: str) -> None:
    root = parse_tree(CASES[name], Diagnostics(), Limits())
    assert lines(lxml_tree(root)) == EXPECTED[name]
