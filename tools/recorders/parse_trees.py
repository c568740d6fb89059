"""Record Chromium's DOM of the malformed-markup cases (tests/parse/html_cases.py CASES), as the
one-line-per-node serialization html_cases.lines gives, in tests/parse/expected_trees.json.

    python -m tools.recorders.parse_trees
"""

from __future__ import annotations

import sys

from tools.recorders.browser import TESTS, write_json

EXPECTED = TESTS / "parse" / "expected_trees.json"


def main() -> None:
    sys.path.insert(0, str(TESTS / "parse"))
    from html_cases import CASES, chromium_trees, lines

    trees = chromium_trees(list(CASES.values()))
    out = {name: lines(tree) for name, tree in zip(CASES, trees, strict=True)}
    write_json(EXPECTED, out, ensure_ascii=False)


if __name__ == "__main__":
    main()
