"""Record where Chromium paints outside disc/circle/square markers (tests/layout/
chromium_marker_ink.py `fixture()` lists -> expected_marker_ink.json: the ink box of each marker
in a screenshot, relative to the item's content edge and first baseline).

    python -m tools.recorders.layout_marker_ink
"""

from __future__ import annotations

import io

from tests.layout.chromium_marker_ink import EXPECTED, KINDS, SIZES, fixture
from tools.recorders.browser import layout_tab, write_json


def main() -> None:
    from PIL import Image

    out: dict[str, dict[str, float]] = {}
    with layout_tab(400, 200) as tab:
        for kind in KINDS:
            for size in SIZES:
                tab.set_content(fixture(kind, size))
                tab.evaluate("document.fonts.ready")
                li = tab.evaluate(
                    "(() => {const r=document.getElementById('li').getBoundingClientRect(); return [r.x, r.y]})()"
                )
                base = tab.evaluate("document.getElementById('b').getBoundingClientRect().bottom")
                img = Image.open(io.BytesIO(tab.screenshot())).convert("L")
                ink = [
                    (x, y)
                    for y in range(img.height)
                    for x in range(int(li[0]) - 60, int(li[0]))
                    if img.getpixel((x, y)) < 128
                ]
                xs, ys = [x for x, _ in ink], [y for _, y in ink]
                out[f"{kind}-{size}"] = {
                    "left": min(xs) - li[0],
                    "right": max(xs) + 1 - li[0],
                    "top": base - min(ys),  # above the baseline
                    "bottom": base - (max(ys) + 1),
                }
    write_json(EXPECTED, out, sort_keys=True)


if __name__ == "__main__":
    main()
