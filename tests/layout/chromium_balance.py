"""Expected text-wrap: balance / pretty line breaks recorded from headless Chromium (balance_fixtures.py ->
expected_balance.json), as chromium_text.py records (boxes, `data-lines` line texts with their
right edges, `data-visible` texts). Recorded by `python -m tools.recorders.layout_text --suites
balance`.
"""

from __future__ import annotations

from pathlib import Path

EXPECTED = Path(__file__).resolve().parent / "expected_balance.json"
