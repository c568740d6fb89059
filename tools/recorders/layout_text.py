"""Record visible text from headless Chromium (tests/layout: text fixtures -> boxes, line
breaks, ellipsis and clamp cuts, as JSON).

Each fixture is rendered inside the 1280x720 `.slide` of tests/layout/chromium_boxes.py. For
every element with an id: its border box relative to the slide. For every element with
`data-lines`: its text split into the lines Chromium broke it into (from per-character client
rects) and each line's right edge. For every element with `data-visible`: the text a viewer
sees, ellipsis included. Chromium does not expose the text it truncates, so the cut is read
from pixels: the element's screenshot is compared with probes that draw candidate texts
("prefix…" per line, white-space: pre, same box and styles) in its place, and the closest
probe wins (its pixel difference is stored; 0 = identical).

    python -m tools.recorders.layout_text                       # every suite
    python -m tools.recorders.layout_text --suites breaks       # text, balance, breaks, smallcaps
    python -m tools.recorders.layout_text --only NAME ...       # print, write nothing (text suite)
"""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path
from typing import Any

from tests.layout import chromium_balance, chromium_breaks, chromium_smallcaps, chromium_text
from tests.layout.chromium_boxes import load_fixtures, page
from tools.recorders.browser import BOXES_SCRIPT as SCRIPT
from tools.recorders.browser import layout_tab, write_json

# suite -> (its fixtures module in tests/layout, the file it is recorded into)
SUITES: dict[str, tuple[str, Path]] = {
    "text": ("text_fixtures", chromium_text.EXPECTED),
    "balance": ("balance_fixtures", chromium_balance.EXPECTED),
    "breaks": ("break_fixtures", chromium_breaks.EXPECTED),
    "smallcaps": ("smallcaps_fixtures", chromium_smallcaps.EXPECTED),
}

LINES_SCRIPT = """(el) => {
  const lines = [];
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  let node;
  while ((node = walker.nextNode())) {
    for (let i = 0; i < node.data.length; i++) {
      range.setStart(node, i); range.setEnd(node, i + 1);
      const r = Array.from(range.getClientRects()).filter(q => q.height > 0)[0];
      if (!r) continue;
      const top = Math.round(r.top);
      let line = lines.find(l => Math.abs(l.top - top) <= 2);
      if (!line) { line = {top: top, text: '', right: -1e9}; lines.push(line); }
      line.text += node.data[i];
      if (node.data[i] !== ' ') line.right = Math.max(line.right, r.right);
    }
  }
  const slide = document.querySelector('.slide').getBoundingClientRect();
  return lines.map(l => [l.text, l.right - slide.x]);
}"""

PROBE_SCRIPT = """([el, text]) => {
  let probe = document.getElementById('__probe');
  if (probe) probe.remove();
  probe = el.cloneNode(false);
  probe.id = '__probe';
  probe.textContent = text;
  probe.style.textOverflow = 'clip';
  probe.style.webkitLineClamp = 'none';
  probe.style.display = 'block';
  probe.style.whiteSpace = 'pre';
  const r = el.getBoundingClientRect();
  probe.style.width = r.width + 'px';
  probe.style.height = r.height + 'px';
  probe.style.boxSizing = 'border-box';
  el.style.display = 'none';
  el.parentNode.insertBefore(probe, el);
}"""

# What a viewer sees once the page has loaded: finite animations run to completion, infinite
# ones cancelled (as Playwright's `animations: "disabled"` screenshots do).
FINISH_SCRIPT = """() => {
  for (const a of document.getAnimations()) {
    const timing = a.effect && a.effect.getComputedTiming();
    if (timing && timing.iterations === Infinity) a.cancel(); else a.finish();
  }
}"""

STYLE_SCRIPT = """() => {
  const out = {};
  for (const el of document.querySelectorAll('.slide [data-style]')) {
    const cs = getComputedStyle(el);
    out[el.id] = {opacity: cs.opacity, transform: cs.transform, color: cs.color,
                  visibility: cs.visibility};
  }
  return out;
}"""

RESTORE_SCRIPT = """(el) => {
  const probe = document.getElementById('__probe');
  if (probe) probe.remove();
  el.style.display = '';
}"""


def render_pages(pages: dict[str, str]) -> dict[str, dict[str, Any]]:
    """Whole documents, the viewport sized to the `.slide` element: boxes relative to it."""
    out: dict[str, dict[str, Any]] = {}
    with layout_tab(1600, 900) as tab:
        for name, html in pages.items():
            tab.set_viewport_size({"width": 1600, "height": 900})
            tab.set_content(html)
            tab.evaluate("document.fonts.ready")
            slide = tab.evaluate(
                "() => { const r = document.querySelector('.slide').getBoundingClientRect();"
                " return [r.width, r.height]; }"
            )
            # As the fidelity harness does: the viewport sized to the slide, then reloaded.
            tab.set_viewport_size({"width": round(slide[0]), "height": round(slide[1])})
            tab.set_content(html)
            tab.evaluate("document.fonts.ready")
            out[name] = {"slide": slide, "boxes": tab.evaluate(SCRIPT)}
    return out


def _pixels(tab: Any, clip: dict[str, float]) -> Any:
    import numpy as np
    from PIL import Image

    shot = tab.screenshot(clip=clip, animations="disabled")
    return np.asarray(Image.open(io.BytesIO(shot)).convert("RGB"), dtype=np.int32)


def _candidates(lines: list[str]) -> list[str]:
    """Texts to try: the visible lines with the last one cut at every length, plus '…'."""
    if not lines:
        return []
    head = [line.rstrip(" ") for line in lines[:-1]]
    last = lines[-1]
    out = []
    for k in range(len(last), 0, -1):
        out.append("\n".join([*head, last[:k] + "\u2026"]))
    out.append("\n".join(lines).rstrip(" "))
    return out


def _visible(tab: Any, handle: Any, limit: int | None) -> tuple[str, int]:
    lines = [text for text, _right in tab.evaluate(LINES_SCRIPT, handle)]
    if limit is not None:
        lines = lines[:limit]
    box = handle.bounding_box()
    clip = {"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}
    target = _pixels(tab, clip)
    best = ("", 1 << 62)
    for text in _candidates(lines):
        tab.evaluate(PROBE_SCRIPT, [handle, text])
        diff = int(abs(_pixels(tab, clip) - target).sum())
        tab.evaluate(RESTORE_SCRIPT, handle)
        if diff < best[1]:
            best = (text, diff)
        if diff == 0:
            break
    return best


def render(fixtures: dict[str, str]) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    with layout_tab(1280, 720) as tab:
        for name, snippet in fixtures.items():
            tab.set_content(page(snippet))
            tab.evaluate("document.fonts.ready")
            tab.evaluate(FINISH_SCRIPT)
            record: dict[str, Any] = {"boxes": tab.evaluate(SCRIPT), "lines": {}, "visible": {}}
            record["styles"] = tab.evaluate(STYLE_SCRIPT)
            for handle in tab.query_selector_all(".slide [data-lines]"):
                record["lines"][handle.get_attribute("id")] = tab.evaluate(LINES_SCRIPT, handle)
            for handle in tab.query_selector_all(".slide [data-visible]"):
                value = handle.get_attribute("data-visible") or ""
                limit = int(value) if value.isdigit() else None
                text, diff = _visible(tab, handle, limit)
                record["visible"][handle.get_attribute("id")] = {"text": text, "diff": diff}
            out[name] = record
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="*", help="text fixtures to print (nothing is written)")
    parser.add_argument("--suites", nargs="*", choices=sorted(SUITES), help="default: all")
    args = parser.parse_args()
    if args.only:
        fixtures = load_fixtures("text", "text_fixtures")
        chosen = {k: v for k, v in fixtures.items() if k in args.only}
        for name, record in render(chosen).items():
            print(name, json.dumps(record, ensure_ascii=False))
        return
    for suite in args.suites or SUITES:
        module, expected = SUITES[suite]
        fixtures = load_fixtures(suite, module)
        records = render(fixtures)
        data = {name: {"html": fixtures[name], **records[name]} for name in fixtures}
        if suite == "text":  # whole documents, the viewport sized to their slide
            pages = dict(__import__(module).PAGES)
            for name, record in render_pages(pages).items():
                data[name] = {"html": pages[name], **record}
        write_json(expected, data, sort_keys=True, ensure_ascii=False)


if __name__ == "__main__":
    main()
