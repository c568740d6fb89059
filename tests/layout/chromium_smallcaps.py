"""Expected small-caps geometry recorded from headless Chromium (smallcaps_fixtures.py ->
expected_smallcaps.json), as chromium_text.py records (boxes, `data-lines` line texts with their
right edges, `data-visible` texts). Recorded by `python -m tools.recorders.layout_text --suites
smallcaps`.
"""

from __future__ import annotations

from pathlib import Path

EXPECTED = Path(__file__).resolve().parent / "expected_smallcaps.json"
