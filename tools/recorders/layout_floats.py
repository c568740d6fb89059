"""Record float and ::first-letter layout from headless Chromium (tests/layout/float_fixtures.py
-> expected_floats.json: border boxes of elements with an id and the lines of elements with
`data-lines`).

Lines are read per character with Range.getClientRects: characters whose rectangles share a top
edge form a line; each line gives its text, left edge and top (relative to the slide).

    python -m tools.recorders.layout_floats            # record every fixture
    python -m tools.recorders.layout_floats NAME ...   # print these, write nothing
"""

from __future__ import annotations

import json
import sys

from tests.layout.chromium_boxes import page
from tests.layout.float_fixtures import FIXTURES
from tools.recorders.browser import TESTS, evaluate_pages, write_json

EXPECTED = TESTS / "layout" / "expected_floats.json"

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


def main() -> None:
    only = sys.argv[1:]
    chosen = {k: page(v) for k, v in FIXTURES.items() if not only or k in only}
    result = evaluate_pages(chosen, SCRIPT, (1280, 720))
    if only:
        for name, data in result.items():
            print(name, json.dumps(data))
        return
    data = {name: {"html": FIXTURES[name], **result[name]} for name in FIXTURES}
    write_json(EXPECTED, data, sort_keys=True)


if __name__ == "__main__":
    main()
