"""Record the colours of inline SVG fixtures from headless Chromium (tests/model/svg_ref_fixtures.py
-> the RGB of the screenshot at each sample point, in tests/model/expected_svg_pixels.json).

    python -m tools.recorders.model_svg_pixels
"""

from __future__ import annotations

import io

from tests.model.chromium_svg_pixels import EXPECTED, page
from tests.model.svg_ref_fixtures import FIXTURES
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:
    from PIL import Image

    fixtures: dict[str, tuple[str, list[tuple[int, int]]]] = FIXTURES

    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, (snippet, points) in fixtures.items():
            tab.set_content(page(snippet))
            shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            colours = [list(shot.getpixel((x, y)) or ()) for x, y in points]  # type: ignore[arg-type]
            out[name] = {"html": snippet, "points": [list(pt) for pt in points], "rgb": colours}
    write_json(EXPECTED, out, sort_keys=True)


if __name__ == "__main__":
    main()
