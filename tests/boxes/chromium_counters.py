"""Expected generated text of counter()/counters() with a counter style, from headless Chromium
(fixture CSS -> the page's layout text as JSON).

Each fixture styles `li::before` of a 12-item list; Chromium's layout text (DOMSnapshot, which
includes generated content) is stored, whitespace removed, in expected_counters.json.

Regenerate (Chromium at /usr/bin/chromium, Playwright from the fidelity tools' virtualenv):

    ../shared/tools/fidelity/.venv/bin/python tests/boxes/chromium_counters.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_counters.json"
BASE = "ol{list-style:none;counter-reset:s;margin:0}li{counter-increment:s;font-size:14px}"
FIXTURES = {
    "leading_zero": "li::before{content:counter(s,decimal-leading-zero) ' '}",
    "upper_roman": "li::before{content:'Step ' counter(s,upper-roman) ': '}",
    "lower_alpha": "li::before{content:counter(s,lower-alpha) ') '}",
    "upper_latin": "li::before{content:'(' counter(s,upper-latin) ')'}",
    "disc": "li::before{content:counter(s,disc) ' '}",
    "decimal_default": "li::before{content:counter(s) '. '}",
    "counters_leading_zero": "li::before{content:counters(s,'.',decimal-leading-zero) ' '}",
}


def page(css: str) -> str:
    items = "".join(f"<li>x{i}</li>" for i in range(1, 13))
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0}"
        f".slide{{width:1280px;height:720px}}{BASE}{css}</style></head>"
        f'<body><div class="slide"><ol>{items}</ol></div></body></html>'
    )


def main() -> None:
    sys.path.insert(0, str(HERE.parent))
    from chromium_page import chromium_tab, write_json

    out = {}
    with chromium_tab() as tab:
        cdp = tab.context.new_cdp_session(tab)
        for name, css in FIXTURES.items():
            tab.set_content(page(css))
            snap = cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": []})
            strings = snap["strings"]
            texts = [strings[i] for i in snap["documents"][0]["layout"]["text"] if i >= 0]
            out[name] = {"css": css, "text": "".join("".join(texts).split())}
    write_json(OUT, out, ensure_ascii=False)
    print(f"wrote {OUT} ({len(out)} fixtures)")


if __name__ == "__main__":
    main()
