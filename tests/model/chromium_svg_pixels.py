"""Expected colours of inline SVG fixtures from headless Chromium (svg_ref_fixtures.py -> the
RGB of the screenshot at each sample point, in expected_svg_pixels.json). The tests compare the
engine's SVG picture with these numbers and need no browser.

Regenerate after changing a fixture (Chromium at /usr/bin/chromium, Playwright from the
fidelity tools' virtualenv):

    ../shared/tools/fidelity/.venv/bin/python tests/model/chromium_svg_pixels.py
"""

from __future__ import annotations

import io
import sys
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


def main() -> None:
    from PIL import Image

    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from chromium_page import chromium_tab, write_json

    fixtures: dict[str, tuple[str, list[tuple[int, int]]]] = __import__("svg_ref_fixtures").FIXTURES

    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, (snippet, points) in fixtures.items():
            tab.set_content(page(snippet))
            shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            colours = [list(shot.getpixel((x, y)) or ()) for x, y in points]  # type: ignore[arg-type]
            out[name] = {"html": snippet, "points": [list(pt) for pt in points], "rgb": colours}
    write_json(EXPECTED, out, sort_keys=True)
    print(f"wrote {EXPECTED} ({len(out)} fixtures)")


if __name__ == "__main__":
    main()
