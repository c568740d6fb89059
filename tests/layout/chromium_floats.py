"""Expected float and ::first-letter layout from headless Chromium (float_fixtures.py -> border
boxes of elements with an id and the lines of elements with `data-lines`, as expected_floats.json).

Lines are read per character with Range.getClientRects: characters whose rectangles share a top
edge form a line; each line gives its text, left edge and top (relative to the slide). Regenerate
after changing a fixture (Chromium at /usr/bin/chromium, Playwright from the fidelity venv):

    <a python with Playwright, e.g. the fidelity harness venv> tests/layout/chromium_floats.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from tests.layout.chromium_boxes import CHROMIUM_ARGS, page  # noqa: E402
from tests.layout.float_fixtures import FIXTURES  # noqa: E402

EXPECTED = HERE / "expected_floats.json"

SCRIPT = """() => {
  const slide = document.querySelector('.slide').getBoundingClientRect();
  const boxes = {};
  for (const el of document.querySelectorAll('.slide [id]')) {
    const r = el.getBoundingClientRect();
    boxes[el.id] = [r.x - slide.x, r.y - slide.y, r.width, r.height];
  }
  const lines = {};
  for (const el of document.querySelectorAll('.slide [data-lines]')) {
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let node;
    while ((node = walker.nextNode())) {
      for (let i = 0; i < node.data.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rects = range.getClientRects();
        if (!rects.length || rects[0].width === 0) continue;
        const r = rects[0];
        const top = Math.round((r.y - slide.y) * 10) / 10;
        const last = out[out.length - 1];
        if (last && Math.abs(last.top - top) < 2 && r.x - slide.x >= last.right - 1) {
          last.text += node.data[i];
          last.right = r.x - slide.x + r.width;
        } else {
          out.push({text: node.data[i], left: r.x - slide.x, top: top, right: r.x - slide.x + r.width});
        }
      }
    }
    lines[el.id] = out.map(l => [l.text.trim(), l.left, l.top]);
  }
  return {boxes, lines};
}"""


def render(fixtures: dict[str, str]) -> dict[str, dict[str, object]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, dict[str, object]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 720})
        for name, snippet in fixtures.items():
            tab.set_content(page(snippet))
            tab.evaluate("document.fonts.ready")
            out[name] = tab.evaluate(SCRIPT)
        browser.close()
    return out


def main() -> None:
    only = sys.argv[1:]
    chosen = {k: v for k, v in FIXTURES.items() if not only or k in only}
    result = render(chosen)
    if only:
        for name, data in result.items():
            print(name, json.dumps(data))
        return
    data = {name: {"html": FIXTURES[name], **result[name]} for name in FIXTURES}
    EXPECTED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {EXPECTED} ({len(data)} fixtures)")


if __name__ == "__main__":
    main()
