"""Record CSS word-spacing widths from headless Chromium (tests/model/chromium_word_spacing.py
FIXTURES -> the span's width with and without word-spacing, in
tests/model/expected_word_spacing.json).

    python -m tools.recorders.model_word_spacing
"""

from __future__ import annotations

from tests.model.chromium_word_spacing import EXPECTED, FIXTURES, page
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:

    width = "document.getElementById('t').getBoundingClientRect().width"
    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, snippet in FIXTURES.items():
            tab.set_content(page(snippet))
            spaced = tab.evaluate(width)
            tab.evaluate("document.getElementById('t').style.wordSpacing = 'normal'")
            out[name] = {"html": snippet, "width": spaced, "plain_width": tab.evaluate(width)}
    write_json(EXPECTED, out, sort_keys=True)


if __name__ == "__main__":
    main()
