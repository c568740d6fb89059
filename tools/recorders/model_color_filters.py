"""Record the colours of CSS colour filters from headless Chromium (filter + colour -> the pixel a
20x20 box paints, in tests/model/expected_color_filters.json).

    python -m tools.recorders.model_color_filters
"""

from __future__ import annotations

import io

from tools.recorders.browser import TESTS, chromium_tab, write_json

EXPECTED = TESTS / "model" / "expected_color_filters.json"

FILTERS = [
    "grayscale(100%)",
    "grayscale(0.4)",
    "sepia(1)",
    "sepia(50%)",
    "saturate(3)",
    "saturate(0.2)",
    "hue-rotate(90deg)",
    "hue-rotate(-0.5turn)",
    "invert(1)",
    "invert(30%)",
    "brightness(1.5)",
    "brightness(40%)",
    "contrast(2)",
    "contrast(0.5)",
    "grayscale(1) brightness(1.4) contrast(1.2)",
    "sepia(0.6) hue-rotate(200deg) saturate(2)",
]
COLOURS = ["#336699", "#e63c5a", "#10b981", "#fbbf24", "#7c5cff"]


def main() -> None:
    from PIL import Image

    cells = [(f, c) for f in FILTERS for c in COLOURS]
    body = "".join(
        f'<div style="position:absolute;left:{(i % 20) * 30}px;top:{(i // 20) * 30}px;'
        f'width:20px;height:20px;background:{c};filter:{f}"></div>'
        for i, (f, c) in enumerate(cells)
    )
    out = []
    with chromium_tab((640, 360)) as tab:
        tab.set_content(f"<body style='margin:0'>{body}</body>")
        shot = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
        for i, (f, c) in enumerate(cells):
            pixel = shot.getpixel(((i % 20) * 30 + 10, (i // 20) * 30 + 10))
            out.append({"filter": f, "colour": c, "rgb": list(pixel)})  # type: ignore[arg-type]
    write_json(EXPECTED, out)


if __name__ == "__main__":
    main()
