"""Record fallback faces from headless Chromium (tests/model/chromium_fallback_fonts.py FIXTURES ->
the platform fonts drawing each text node, via CDP CSS.getPlatformFontsForNode, in
tests/model/expected_fallback_fonts.json).

    python -m tools.recorders.model_fallback_fonts
"""

from __future__ import annotations

from tests.model.chromium_fallback_fonts import FIXTURES, OUT, page
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:

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


if __name__ == "__main__":
    main()
