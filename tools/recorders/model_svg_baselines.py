"""Record how far each SVG dominant-baseline moves <text> from its alphabetic baseline in headless
Chromium (the change of getBBox().y, px), per font and size, in
tests/model/expected_svg_baselines.json.

    python -m tools.recorders.model_svg_baselines
"""

from __future__ import annotations

from tools.recorders.browser import TESTS, chromium_tab, write_json

EXPECTED = TESTS / "model" / "expected_svg_baselines.json"
BASELINES = [
    "middle",
    "central",
    "hanging",
    "text-before-edge",
    "text-after-edge",
    "mathematical",
    "ideographic",
    "text-top",
]
FONTS = ["Noto Sans", "Liberation Sans", "DejaVu Sans", "Carlito"]
SIZES = [100, 28, 13]


def main() -> None:
    cases = [(f, s, b) for f in FONTS for s in SIZES for b in ["alphabetic", *BASELINES]]
    texts = "".join(
        f'<text id="t{i}" x="10" y="{150 + i * 40}" font-family="{f}" font-size="{s}"'
        f' dominant-baseline="{b}">Hx</text>'
        for i, (f, s, b) in enumerate(cases)
    )
    height = 200 + 40 * len(cases)
    with chromium_tab((400, 400)) as tab:
        tab.set_content(
            f'<body style="margin:0"><svg width="400" height="{height}">{texts}</svg></body>'
        )
        tops = tab.evaluate(
            "n => Array.from({length: n}, (_, i) => document.getElementById('t' + i).getBBox().y)",
            len(cases),
        )
    out: list[dict[str, object]] = []
    base = 0.0
    for i, (font, size, baseline) in enumerate(cases):
        top = tops[i] - (150 + i * 40)
        if baseline == "alphabetic":
            base = top
            continue
        out.append(
            {"font": font, "size": size, "baseline": baseline, "shift": round(top - base, 3)}
        )
    write_json(EXPECTED, out)


if __name__ == "__main__":
    main()
