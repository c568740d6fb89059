"""Visible text recorded from headless Chromium (text_fixtures.py -> expected_text.json): for every
element with an id its border box relative to the slide; for every element with `data-lines`
its text split into the lines Chromium broke it into, with each line's right edge; for every
element with `data-visible` the text a viewer sees, ellipsis included (read from pixels).
Fixtures are rendered inside the 1280x720 `.slide` of chromium_boxes.py; text_fixtures.PAGES
are whole documents. Recorded by `python -m tools.recorders.layout_text`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_text.json"
