"""Record conic-gradient colours from headless Chromium (FIXTURES -> sampled pixel colours, in
tests/model/expected_conic.json).

Each fixture is rendered inside a 1280x720 white `.slide`; the screenshot is sampled every 8 px
inside the element `#g`, keeping the points whose 5x5 neighbourhood is even (no slice boundary,
no anti-aliased edge), and stored with the fixture. The tests compare the slide model's shapes
with these colours and need no browser.

    python -m tools.recorders.model_conic
"""

from __future__ import annotations

import io
from pathlib import Path

from tools.recorders.browser import TESTS, chromium_tab, write_json

OUT = TESTS / "model" / "expected_conic.json"

BOX = "position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;"
FIXTURES = {
    # A donut/pie as business decks draw it: hard stops in percentages, a round box.
    "pie_percent": BOX.format(x=100, y=100, w=250, h=250)
    + "border-radius:50%;background:conic-gradient(#1f9e89 0 46%,#f2a541 46% 73%,"
    "#1b2a4a 73% 91%,#e76f51 91% 100%)",
    # Angle stops, a square box, the first colour before its stop and the last after.
    "angles_square": BOX.format(x=400, y=100, w=200, h=160)
    + "background:conic-gradient(red 45deg,lime 45deg 0.5turn,blue 0.5turn 270deg,#ff0 0)",
    # A smooth gradient turned by `from` around an off-centre point.
    "smooth_from_at": BOX.format(x=650, y=100, w=240, h=140)
    + "background:conic-gradient(from 90deg at 25% 40%,#f00,#00f)",
    # Auto-distributed stops, a rounded rectangle, translucent colours over the white slide.
    "auto_stops_alpha": BOX.format(x=100, y=400, w=300, h=180)
    + "border-radius:24px;background:conic-gradient(rgba(0,0,255,.5),rgba(0,0,255,.5) 30%,"
    "rgba(255,0,0,.8) 30%,rgba(255,0,0,.8) 70%,#222 70%)",
    # A gauge as AI decks write it: the stop from a custom property through calc().
    "gauge_calc_var": BOX.format(x=750, y=400, w=150, h=150)
    + "--p:64;border-radius:50%;background:conic-gradient(#f2a541 calc(var(--p)*1%),#e9edf2 0)",
    # A repeating conic gradient: four sectors from two 90deg stops.
    "repeating": BOX.format(x=500, y=400, w=160, h=160)
    + "background:repeating-conic-gradient(#000 0 25%,#eee 0 50%)",
}

PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0}"
    ".slide{position:relative;width:1280px;height:720px;background:#fff}</style></head>"
    '<body><div class="slide"><div id="g" style="{style}"></div></div></body></html>'
)


def page(style: str) -> str:
    return PAGE.replace("{style}", style)


def record(fixtures: dict[str, str], out: Path) -> None:
    """Render each fixture's `#g` and store its even-neighbourhood samples in `out`."""
    from PIL import Image

    data: dict[str, dict[str, object]] = {}
    with chromium_tab((1280, 720), "--disable-gpu") as tab:
        for name, style in fixtures.items():
            tab.set_content(page(style))
            box = tab.evaluate(
                "() => { const r = document.getElementById('g').getBoundingClientRect();"
                " return [r.x, r.y, r.width, r.height]; }"
            )
            img = Image.open(io.BytesIO(tab.screenshot())).convert("RGB")
            x0, y0, w, h = (int(v) for v in box)
            samples = []
            for y in range(y0 + 4, y0 + h - 4, 8):
                for x in range(x0 + 4, x0 + w - 4, 8):
                    c = img.getpixel((x, y))
                    near = [img.getpixel((x + dx, y + dy)) for dx in (-2, 2) for dy in (-2, 2)]
                    if all(max(abs(a - b) for a, b in zip(c, n, strict=True)) <= 6 for n in near):
                        samples.append([x, y, "{:02X}{:02X}{:02X}".format(*c)])
            data[name] = {"style": style, "samples": samples}
    write_json(out, data)
    print(", ".join(f"{k} {len(v['samples'])}" for k, v in data.items()))


def main() -> None:
    record(FIXTURES, OUT)


if __name__ == "__main__":
    main()
