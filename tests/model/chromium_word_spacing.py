"""Expected CSS word-spacing widths from headless Chromium: for each fixture (one line of text in
a 640x360 `.slide`) the width of the span with and without word-spacing, in
expected_word_spacing.json: Chromium adds word-spacing after every space (U+0020, U+00A0).
Recorded by `python -m tools.recorders.model_word_spacing`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_word_spacing.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff;"
    "font-family:'Liberation Sans';font-size:20px}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)
FIXTURES = {
    "px": '<p><span id="t" style="word-spacing:8px">Quick brown fox jumps</span></p>',
    "em_nbsp": '<p><span id="t" style="word-spacing:0.5em">Quick&nbsp;brown fox</span></p>',
    "negative": '<p><span id="t" style="word-spacing:-2px">a b c d e f</span></p>',
    "with_letter_spacing": (
        '<p><span id="t" style="word-spacing:6px;letter-spacing:1px">Lorem ipsum dolor</span></p>'
    ),
}


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)
