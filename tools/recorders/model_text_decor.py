"""Record text-decoration line rectangles from headless Chromium (tests/model/chromium_text_decor.py
FIXTURES -> the bounding box of the red pixels, in tests/model/expected_text_decor.json).

    python -m tools.recorders.model_text_decor
"""

from __future__ import annotations

import io

from tests.model.chromium_text_decor import EXPECTED, FIXTURES, page
from tools.recorders.browser import chromium_tab, write_json
from tools.recorders.model_outline import colour_bbox


def main() -> None:
    from PIL import Image

    out: dict[str, dict[str, object]] = {}
    with chromium_tab((640, 360)) as tab:
        for name, html in FIXTURES.items():
            tab.set_content(page(html))
            shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            out[name] = {"html": html, "bbox": colour_bbox(shot, "#ff0000")}
    write_json(EXPECTED, out, sort_keys=True)


if __name__ == "__main__":
    main()
