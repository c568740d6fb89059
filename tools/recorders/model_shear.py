"""Record skewed boxes from headless Chromium (tests/model/shear_fixtures.py -> #a's transformed
bounding box and the RGB at each sample point, in tests/model/expected_shear.json).

    python -m tools.recorders.model_shear
"""

from __future__ import annotations

import io

from tests.model.chromium_shear import EXPECTED, page
from tests.model.shear_fixtures import FIXTURES
from tools.recorders.browser import chromium_tab, write_json

BOX = """() => { const r = document.getElementById('a').getBoundingClientRect();
  return [r.x, r.y, r.width, r.height]; }"""


def main() -> None:
    from PIL import Image

    fixtures: dict[str, tuple[str, list[tuple[int, int]]]] = FIXTURES
    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, (snippet, points) in fixtures.items():
            tab.set_content(page(snippet))
            shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            out[name] = {
                "html": snippet,
                "box": tab.evaluate(BOX),
                "points": [list(pt) for pt in points],
                "rgb": [list(shot.getpixel(pt) or ()) for pt in points],  # type: ignore[arg-type]
            }
    write_json(EXPECTED, out, sort_keys=True)


if __name__ == "__main__":
    main()
