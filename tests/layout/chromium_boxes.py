"""Flex/grid/flow (block, inline, positioned) boxes recorded from headless Chromium: the page
every layout fixture is rendered in, the fixture suites and their expected-boxes files.

The fixtures live in flex_fixtures.py, grid_fixtures.py, ... (SUITES). Each one is rendered
inside a 1280x720 `.slide` (see `page()`); the border box of every element with an id,
relative to the slide, is stored in expected_<suite>.json together with the fixture HTML. The
tests compare the engine's fragments with these numbers and need no browser. Record them again
after adding or changing a fixture: `python -m tools.recorders.layout_boxes` (see
tools/recorders/README.md).
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PAGE = (
    "<!DOCTYPE html><html><head><style>"
    "html,body{margin:0;padding:0}"
    "body{font-family:'Liberation Sans';font-size:16px}"
    ".slide{position:relative;width:1280px;height:720px}"
    '</style></head><body><div class="slide">{snippet}</div></body></html>'
)

SUITES = {
    "flex": "flex_fixtures",
    "grid": "grid_fixtures",
    "flow": "flow_fixtures",
    "valign": "valign_fixtures",
    "segments": "segment_fixtures",
}


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def load_fixtures(suite: str, module: str | None = None) -> dict[str, str]:
    """A suite's fixtures (name -> HTML), from its module in this folder."""
    sys.path.insert(0, str(HERE))
    return dict(__import__(module or SUITES[suite]).FIXTURES)


def expected_path(suite: str) -> Path:
    return HERE / f"expected_{suite}.json"
