"""Record the pixels of CSS masks from headless Chromium (a black 100x100 box on white with a
mask-image / -webkit-mask-image / mask -> the grey level at sample points, 255 = fully masked
away, in tests/model/expected_masks.json).

    python -m tools.recorders.model_masks
"""

from __future__ import annotations

import io

from tools.recorders.browser import TESTS, chromium_tab, write_json

EXPECTED = TESTS / "model" / "expected_masks.json"

RING = "radial-gradient(farthest-side, transparent calc(100% - 12px), #000 calc(100% - 11px))"
CASES = {
    "fade-bottom": "mask-image: linear-gradient(to bottom, #000 60%, transparent)",
    "webkit-fade-right": "-webkit-mask-image: linear-gradient(to right, #000, transparent)",
    "shorthand-fade-top": "mask: linear-gradient(to top, transparent, #000 50%) no-repeat",
    "ring": f"border-radius: 50%; mask: {RING}",
    "webkit-ring": f"border-radius: 50%; -webkit-mask: {RING}",
    "disc": "mask-image: radial-gradient(circle 30px, #000 99%, transparent 100%)",
}
POINTS = [(50, 5), (50, 30), (50, 55), (50, 65), (50, 80), (50, 95), (5, 50), (30, 50), (95, 50)]
POINTS += [(50, 50), (50, 70), (50, 85), (50, 92), (10, 10)]


def main() -> None:
    from PIL import Image

    body = "".join(
        f'<div style="position:absolute;left:{i * 110}px;top:0;width:100px;height:100px;'
        f'background:#000;{css}"></div>'
        for i, css in enumerate(CASES.values())
    )
    out = []
    with chromium_tab((700, 120)) as tab:
        tab.set_content(f"<body style='margin:0;background:#fff'>{body}</body>")
        shot = Image.open(io.BytesIO(tab.screenshot())).convert("L")
        for i, (name, css) in enumerate(CASES.items()):
            grey = {f"{x},{y}": shot.getpixel((i * 110 + x, y)) for x, y in POINTS}
            out.append({"name": name, "css": css, "grey": grey})
    write_json(EXPECTED, out)


if __name__ == "__main__":
    main()
