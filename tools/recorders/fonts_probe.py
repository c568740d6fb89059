"""Measure text in headless Chromium: the expected numbers of tests/fonts come from here (items
as JSON on stdin -> measurements as JSON on stdout; the fidelity harness's flags, device scale
factor 1, locale en-US).

    echo '[{"family": "Arial", "size": 16, "text": "Hello"}]' | \\
        python -m tools.recorders.fonts_probe --fonts

Each item becomes a ``<div style="font:...; line-height:...; white-space:pre">`` holding a
zero-size inline-block (its top = the baseline) and a ``<span>`` with the text.  Printed per
item: ``w`` span width (getBoundingClientRect), ``sh`` span height (content area = rounded
ascent + descent), ``dh`` line box height, ``base`` baseline offset in the line box, ``words``
[left, right] of each space-separated word (Range rects) and, with --fonts, the fonts
Chromium used (CDP CSS.getPlatformFontsForNode: family, PostScript name, glyph count).
"""

from __future__ import annotations

import html
import json
import os
import sys
import tempfile
from typing import Any

from tools.recorders.browser import CHROMIUM

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
    "--force-color-profile=srgb",
    "--disable-extensions",
    "--mute-audio",
]

JS = """(n) => { const out = [];
 for (let i = 0; i < n; i++) {
  const d = document.getElementById('d' + i).getBoundingClientRect();
  const m = document.getElementById('m' + i).getBoundingClientRect();
  const s = document.getElementById('s' + i).getBoundingClientRect();
  const o = {w: s.width, sh: s.height, dh: d.height, base: m.top - d.top};
  const t = document.getElementById('s' + i).firstChild; const xs = []; let p = 0;
  for (const wd of t.data.split(' ')) {
   if (wd.length) { const r = document.createRange(); r.setStart(t, p); r.setEnd(t, p + wd.length);
    const b = r.getBoundingClientRect(); xs.push([b.left - s.left, b.right - s.left]); }
   p += wd.length + 1; }
  o.words = xs; out.push(o); }
 return out; }"""


def build(items: list[dict[str, Any]]) -> str:
    parts = []
    for i, it in enumerate(items):
        st = (
            f"font-family:{it.get('family', '')};font-size:{it.get('size', 16)}px;"
            f"font-weight:{it.get('weight', 400)};font-style:{it.get('style', 'normal')};"
            f"letter-spacing:{it.get('ls', 0)}px;word-spacing:{it.get('ws', 0)}px;"
            f"line-height:{it.get('lh', 'normal')};white-space:pre;width:max-content"
        )
        lang = f' lang="{it["lang"]}"' if it.get("lang") else ""
        parts.append(
            f'<div id="d{i}"{lang} style="{html.escape(st)}">'
            f'<span id="m{i}" style="display:inline-block;width:0;height:0"></span>'
            f'<span id="s{i}">{html.escape(it["text"])}</span></div>'
        )
    return "<!doctype html><html><body style='margin:0'>" + "".join(parts) + "</body></html>"


def run(items: list[dict[str, Any]], fonts: bool = False) -> list[dict[str, Any]]:
    from playwright.sync_api import sync_playwright

    tmp = tempfile.mkdtemp()
    with sync_playwright() as pw:
        ctx = pw.chromium.launch_persistent_context(
            os.path.join(tmp, "profile"),
            executable_path=CHROMIUM,
            headless=True,
            args=FLAGS,
            viewport={"width": 1280, "height": 720},
            device_scale_factor=1,
            locale="en-US",
        )
        page = ctx.new_page()
        path = os.path.join(tmp, "t.html")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(build(items))
        page.goto("file://" + path)
        page.evaluate("document.fonts.ready")
        res = page.evaluate(JS, len(items))
        if fonts:
            cdp = ctx.new_cdp_session(page)
            cdp.send("DOM.enable")
            cdp.send("CSS.enable")
            root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
            for i, r in enumerate(res):
                node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": f"#s{i}"})
                pf = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node["nodeId"]})
                r["fonts"] = [
                    (f["familyName"], f.get("postScriptName"), f["glyphCount"]) for f in pf["fonts"]
                ]
        ctx.close()
    return res  # type: ignore[no-any-return]


def main() -> None:
    print(json.dumps(run(json.load(sys.stdin), fonts="--fonts" in sys.argv)))


if __name__ == "__main__":
    main()
