"""Expected fallback faces from headless Chromium (fixture -> the platform fonts drawing each
text node, via CDP CSS.getPlatformFontsForNode, as JSON).

Each fixture is one `<span id="t">` whose text mixes characters of its first family with
characters that family lacks; Chromium's font families and glyph counts for it are stored in
expected_fallback_fonts.json.
Recorded by `python -m tools.recorders.model_fallback_fonts`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_fallback_fonts.json"

FIXTURES = {
    # Tailwind's font stack: Noto Sans lacks the triangles, Arial (Liberation Sans) has them.
    "triangle_in_noto_stack": (
        'ui-sans-serif,system-ui,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif',
        "\u25b2 212% and \u25bc 0.3 pts",
    ),
    "emoji_after_text": ('"Noto Sans",sans-serif', "Growing 3\u00d7 year over year \U0001f4c8"),
    "emoji_first": ('"Liberation Sans",sans-serif', "\U0001f680 Series A raised"),
    "arrows_in_serif": ('"Liberation Serif",serif', "Learn more \u2192 next \u2713 done"),
}

PAGE = (
    "<!DOCTYPE html><html><head><meta charset='utf-8'><style>html,body{margin:0}"
    ".slide{width:1280px;height:720px}</style></head><body><div class='slide'>"
    "<span id='t' style='font-family:{family};font-size:20px'>{text}</span></div></body></html>"
)


def page(family: str, text: str) -> str:
    return PAGE.replace("{family}", family).replace("{text}", text)
