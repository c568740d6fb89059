"""Expected line breaks (line fitting and breaking opportunities) recorded from headless Chromium (break_fixtures.py ->
expected_breaks.json), as chromium_text.py records (boxes, `data-lines` line texts with their
right edges, `data-visible` texts). Recorded by `python -m tools.recorders.layout_text --suites
breaks`.
"""

from __future__ import annotations

from pathlib import Path

EXPECTED = Path(__file__).resolve().parent / "expected_breaks.json"
