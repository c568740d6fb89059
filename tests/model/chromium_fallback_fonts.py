"""Expected fallback faces from headless Chromium (fixture -> the platform fonts drawing each
text node, via CDP CSS.getPlatformFontsForNode, as JSON).

Each fixture is one `<span id="t">` whose text mixes characters of its first family with
characters that family lacks; Chromium's font families and glyph counts for it are stored in
expected_fallback_fonts.json.

Regenerate (Chromium at /usr/bin/chromium, Playwright from the fidelity tools' virtualenv):

    ../shared/tools/fidelity/.venv/bin/python tests/model/chromium_fallback_fonts.py
"""

from __future__ import annotations

import json
import sys
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


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    from chromium_page import chromium_tab, write_json

    out = {}
    with chromium_tab() as tab:
        cdp = tab.context.new_cdp_session(tab)
        cdp.send("DOM.enable")
        cdp.send("CSS.enable")
        for name, (family, text) in FIXTURES.items():
            tab.set_content(page(family, text))
            doc = cdp.send("DOM.getDocument", {"depth": -1})
            node = cdp.send(
                "DOM.querySelector", {"nodeId": doc["root"]["nodeId"], "selector": "#t"}
            )
            fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})["fonts"]
            out[name] = {
                "family": family,
                "text": text,
                "fonts": {f["familyName"]: f["glyphCount"] for f in fonts},
            }
    write_json(OUT, out, ensure_ascii=False)
    print(json.dumps(out, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
