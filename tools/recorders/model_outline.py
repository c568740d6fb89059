"""Record CSS outline pixels from headless Chromium (tests/model/outline_fixtures.py -> the bounding
box of the outline colour's pixels and the RGB at each sample point, in
tests/model/expected_outline.json).

    python -m tools.recorders.model_outline
"""

from __future__ import annotations

import io
from typing import Any

from tests.model.chromium_outline import EXPECTED, page
from tests.model.outline_fixtures import FIXTURES
from tools.recorders.browser import chromium_tab, write_json


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

    fixtures: dict[str, tuple[str, str, list[tuple[int, int]]]] = FIXTURES
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


if __name__ == "__main__":
    main()
