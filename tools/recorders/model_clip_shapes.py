"""Record the colours of boxes and pictures cut by clip-path circle() / ellipse() / path() from
headless Chromium (tests/model/chromium_clip_shapes.py FIXTURES -> samples "x y RRGGBB" over
`#g`'s bounding box grown by 12 px, in tests/model/expected_clip_shapes.json).

    python -m tools.recorders.model_clip_shapes
"""

from __future__ import annotations

import io

from tests.model.chromium_clip_shapes import FIXTURES, OUT, page, quadrants_png
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:
    from PIL import Image

    png = quadrants_png()
    data: dict[str, dict[str, object]] = {}
    with chromium_tab((1280, 720), "--disable-gpu") as tab:
        for name, html in FIXTURES.items():
            html = html.replace("{png}", png)
            tab.set_content(page(html))
            tab.wait_for_load_state("load")
            box = tab.evaluate(
                "() => { const r = document.getElementById('g').getBoundingClientRect();"
                " return [r.x, r.y, r.width, r.height]; }"
            )
            img = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            x0, y0, w, h = (int(v) for v in box)
            samples = []
            for y in range(max(2, y0 - 12), min(718, y0 + h + 12), 12):
                for x in range(max(2, x0 - 12), min(1278, x0 + w + 12), 12):
                    c = img.getpixel((x, y))
                    near = [img.getpixel((x + dx, y + dy)) for dx in (-2, 2) for dy in (-2, 2)]
                    if all(max(abs(a - b) for a, b in zip(c, n, strict=True)) <= 6 for n in near):
                        samples.append("{} {} {:02X}{:02X}{:02X}".format(x, y, *c))
            data[name] = {"html": html, "samples": samples}
    write_json(OUT, data)
    print(", ".join(f"{k} {len(v['samples'])}" for k, v in data.items()))


if __name__ == "__main__":
    main()
