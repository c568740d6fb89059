"""Expected colours of inline SVG fixtures from headless Chromium (svg_ref_fixtures.py -> the
RGB of the screenshot at each sample point, in expected_svg_pixels.json). The tests compare the
engine's SVG picture with these numbers and need no browser.
Recorded by `python -m tools.recorders.model_svg_pixels`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_svg_pixels.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)
