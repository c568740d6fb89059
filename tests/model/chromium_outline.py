"""Expected CSS outline pixels from headless Chromium (outline_fixtures.py -> the bounding box of
the outline colour's pixels and the RGB at each sample point, in expected_outline.json). The
tests compare the engine's outline shapes with these numbers and need no browser.

Regenerate after changing a fixture (Chromium at /usr/bin/chromium, Playwright from the
fidelity tools' virtualenv):

    ../shared/tools/fidelity/.venv/bin/python tests/model/chromium_outline.py
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_outline.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def colour_bbox(image: Any, hex_colour: str) -> list[int] | None:
    """[x0, y0, x1, y1] (exclusive ends) of the pixels exactly of that colour, None if none."""
    want = tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    xs: list[int] = []
    ys: list[int] = []
    pixels = image.load()
    for y in range(image.height):
        for x in range(image.width):
            if pixels[x, y][:3] == want:
                xs.append(x)
                ys.append(y)
    return [min(xs), min(ys), max(xs) + 1, max(ys) + 1] if xs else None


def main() -> None:
    from PIL import Image

    sys.path.insert(0, str(HERE))
    sys.path.insert(0, str(HERE.parent))
    from chromium_page import chromium_tab, write_json

    fixtures: dict[str, tuple[str, str, list[tuple[int, int]]]] = __import__(
        "outline_fixtures"
    ).FIXTURES
    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, (snippet, colour, points) in fixtures.items():
            tab.set_content(page(snippet))
            shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            out[name] = {
                "html": snippet,
                "bbox": colour_bbox(shot, colour),
                "points": [list(pt) for pt in points],
                "rgb": [list(shot.getpixel(pt) or ()) for pt in points],  # type: ignore[arg-type]
            }
    write_json(EXPECTED, out, sort_keys=True)
    print(f"wrote {EXPECTED} ({len(out)} fixtures)")


if __name__ == "__main__":
    main()
