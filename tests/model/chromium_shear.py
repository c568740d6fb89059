"""Expected skewed boxes from headless Chromium (shear_fixtures.py -> #a's transformed bounding
box and the RGB at each sample point, in expected_shear.json). The tests need no browser.
Recorded by `python -m tools.recorders.model_shear`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_shear.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)
