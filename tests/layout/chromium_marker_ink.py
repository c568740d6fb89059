"""Where Chromium paints outside disc/circle/square markers (fixture lists -> the ink box of each
marker in a screenshot, relative to the item's content edge and first baseline, as JSON).

Chromium paints these markers as shapes, not glyphs, so their box is not in the DOM: each
fixture is one `<li>` with a one-letter `<span>` (its baseline read from a zero-size inline-block
after it); the marker's ink is found in a screenshot left of the item. Regenerate with

    <a python with Playwright, e.g. the fidelity harness venv> tests/layout/chromium_marker_ink.py   # any venv with Playwright
"""

from __future__ import annotations

import io
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_marker_ink.json"
SIZES = (12, 14, 16, 20, 24, 32, 40)
KINDS = ("disc", "circle", "square")
FAMILY = "Liberation Sans"


def fixture(kind: str, size: int) -> str:
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0;background:#fff}"
        f"ul{{margin:0;padding:20px 0 20px 100px;font:{size}px '{FAMILY}';color:#000;"
        f"list-style-type:{kind}}}</style></head><body>"
        "<div class='slide' style='position:relative;width:400px;height:200px'><ul><li id='li'>x"
        "<span id='b' style='display:inline-block;width:0;height:0'></span></li></ul></div>"
        "</body></html>"
    )


def main() -> None:
    from PIL import Image
    from playwright.sync_api import sync_playwright

    from tests.layout.chromium_boxes import CHROMIUM_ARGS

    out: dict[str, dict[str, float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 400, "height": 200})
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
        browser.close()
    EXPECTED.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n")
    print(f"wrote {EXPECTED} ({len(out)} markers)")


if __name__ == "__main__":
    main()
