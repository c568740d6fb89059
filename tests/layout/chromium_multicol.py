"""Multi-column and ::marker boxes recorded from headless Chromium (multicol_fixtures.py ->
expected_multicol.json, marker_fixtures.py -> expected_markers.json), in the page of
chromium_boxes.py. A box split across columns is the union of its column fragments. Recorded by
`python -m tools.recorders.layout_boxes --suites multicol markers`.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_multicol.json"
SUITES = {"multicol_fixtures": EXPECTED, "marker_fixtures": HERE / "expected_markers.json"}


def fixtures(module: str = "multicol_fixtures") -> dict[str, str]:
    sys.path.insert(0, str(HERE))
    return dict(__import__(module).FIXTURES)
