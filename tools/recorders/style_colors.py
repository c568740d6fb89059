"""Record the sRGB colours of CSS colour functions from headless Chromium (color-mix() in every
interpolation space, calc() percentages, color(), relative colours, light-dark(), Chromium's
syntax and parse-time clamps, invalid colours): each value is an element's computed `color`,
painted into a 1x1 canvas and read back, in tests/style/expected_colors.json.

    python -m tools.recorders.style_colors
"""

from __future__ import annotations

from tools.recorders.browser import TESTS, chromium_tab, write_json

EXPECTED = TESTS / "style" / "expected_colors.json"
VARS = "--v:20;--c:#e11d48"

CASES = [
    "color-mix(in srgb, #2563eb calc(20 * 1%), #eff6ff)",
    "color-mix(in srgb, #2563eb calc(var(--v) * 1%), #eff6ff)",
    "color-mix(in srgb, red calc(150%), blue)",
    "color-mix(in srgb, red 20%, blue 20%)",
    "color-mix(in srgb, #2563eb, #fbbf24 80%)",
    "color-mix(in srgb, #2563eb 20%, transparent)",
    "color-mix(in srgb-linear, red, blue)",
    "color-mix(in oklab, var(--c) 60%, black)",
    "color-mix(in oklab, #2563eb 25%, transparent)",
    "color-mix(in oklch, red, blue)",
    "color-mix(in oklch, blue, white)",
    "color-mix(in oklch longer hue, red, blue)",
    "color-mix(in oklch, #2563eb 25%, transparent)",
    "color-mix(in lab, red 40%, white)",
    "color-mix(in lch, #2563eb 30%, white)",
    "color-mix(in hsl, red, blue)",
    "color-mix(in hsl, white, red)",
    "color-mix(in hsl increasing hue, #2563eb, #16a34a)",
    "color-mix(in hsl decreasing hue, #2563eb, #16a34a)",
    "color-mix(in hwb, #2563eb, #fbbf24)",
    "color-mix(in xyz, #2563eb, #fbbf24)",
    "color(srgb 0.2 0.4 0.6)",
    "color(srgb-linear 0.2 0.4 0.6 / 0.5)",
    "color(display-p3 1 0 0)",
    "color(display-p3 0.2 0.6 0.4)",
    "color(xyz-d50 0.3 0.2 0.5)",
    "rgb(from #2563eb r g b / 50%)",
    "rgb(from #2563eb calc(r + 40) g b)",
    "rgb(from var(--c) r g b / .2)",
    "hsl(from #2563eb h s calc(l + 20))",
    "hsl(from #2563eb calc(h + 180) s l)",
    "hsla(from #2563eb h s l / 0.5)",
    "hwb(from #2563eb h w b)",
    "lab(from #2563eb l a b / alpha)",
    "oklch(from #2563eb calc(l * 1.2) c h)",
    "oklch(from #2563eb l c calc(h + 60))",
    "oklch(from var(--c) 0.95 calc(c * 0.2) h)",
    "light-dark(#111, #eee)",
    # Chromium's syntax and parse-time clamps (where tinycss2.color4 alone differs).
    "rgb(255 50% 0)",
    "rgb(10 20 30 / none)",
    "hsl(120 100% 25)",
    "hsl(calc(90deg) 50% 50%)",
    "hsl(120, calc(50%), 25%)",
    "lab(-10 20 30)",
    "oklab(-0.2 0.1 0)",
    "lch(50 -20 30)",
    "oklch(0.5 -0.1 30)",
    "hwb(30 -10% 20%)",
    "hsl(0 150% 50%)",
    "color(a98-rgb 0.5 0.2 0.1)",
    "color(rec2020 0.1 0.8 0.6)",
    "color(rec2020 0.01 0.03 0.05)",
    "color(prophoto-rgb 0.3 0.6 0.2)",
    "color(prophoto-rgb 0.01 0.02 0.03)",
    "oklch(from #f5af7a59 calc(l * 1.49) c h)",
    "lab(from #61f3dc calc(l * 1.48) a b)",
    "rgb(from #2563eb80 r g b)",
    # Invalid in Chromium: the element keeps the colour declared before (rgb(1, 2, 3)).
    "rgb(255, 50%, 0)",
    "rgb(none, 20, 30)",
    "hsl(120, 100, 25)",
    "hsl(50% 100% 50%)",
    "hwb(200, 10%, 20%)",
    "lab(50, 20, 30)",
]
BEFORE = "color:rgb(1, 2, 3)"  # what an invalid colour leaves

_READ = """cs => cs.map(c => {
  const cv = document.createElement('canvas'); cv.width = cv.height = 1;
  const g = cv.getContext('2d'); g.fillStyle = c; g.fillRect(0, 0, 1, 1);
  return Array.from(g.getImageData(0, 0, 1, 1).data);
})"""


def main() -> None:
    body = "".join(
        f'<div id="c{i}" style="{VARS};{BEFORE};color:{c}">x</div>' for i, c in enumerate(CASES)
    )
    with chromium_tab((400, 400)) as tab:
        tab.set_content(f"<body>{body}</body>")
        computed = tab.evaluate(
            "n => Array.from({length: n}, (_, i) =>"
            " getComputedStyle(document.getElementById('c' + i)).color)",
            len(CASES),
        )
        pixels = tab.evaluate(_READ, computed)
    out = [{"css": c, "rgba": p} for c, p in zip(CASES, pixels, strict=True)]
    write_json(EXPECTED, {"vars": VARS, "before": BEFORE, "cases": out})


if __name__ == "__main__":
    main()
