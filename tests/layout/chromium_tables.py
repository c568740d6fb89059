"""Table boxes recorded from headless Chromium (table_fixtures.py -> expected_tables.json).

Each fixture is rendered inside a 1280x720 `.slide` (see `page()`, standards mode, body margin
0, Liberation Sans 16px); the border box of every element with an id, relative to the slide, is
stored in expected_tables.json together with the fixture HTML. test_table.py compares the
engine's fragments with these numbers and needs no browser. Recorded by
`python -m tools.recorders.layout_tables`.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_tables.json"

PAGE = (
    '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    "html,body{margin:0;padding:0}"
    "body{font-family:'Liberation Sans';font-size:16px}"
    ".slide{position:relative;width:1280px;height:720px}"
    '</style></head><body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def load_fixtures() -> dict[str, str]:
    sys.path.insert(0, str(HERE))
    import table_fixtures

    return dict(table_fixtures.FIXTURES)
