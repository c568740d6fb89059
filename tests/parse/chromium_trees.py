"""Chromium's DOM of the malformed-markup cases (html_cases.CASES), as the one-line-per-node
serialization html_cases.lines gives, for test_html_trees.py.

    <a python with Playwright, e.g. the fidelity harness venv> tests/parse/chromium_trees.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_trees.json"


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    from chromium_page import write_json
    from html_cases import CASES, chromium_trees, lines

    trees = chromium_trees(list(CASES.values()))
    out = {name: lines(tree) for name, tree in zip(CASES, trees, strict=True)}
    write_json(EXPECTED, out, ensure_ascii=False)
    print(f"wrote {EXPECTED} ({len(out)} cases)")


if __name__ == "__main__":
    main()
