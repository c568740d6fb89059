"""Expected CSS outline pixels from headless Chromium (outline_fixtures.py -> the bounding box of
the outline colour's pixels and the RGB at each sample point, in expected_outline.json). The
tests compare the engine's outline shapes with these numbers and need no browser.
Recorded by `python -m tools.recorders.model_outline`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_outline.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)
