"""Expected flex/grid/flow (block, inline, positioned) boxes from headless Chromium (fixture HTML -> element border boxes as JSON).

The fixtures live in flex_fixtures.py and grid_fixtures.py. Each one is rendered inside a
1280x720 `.slide` (see `page()`); the border box of every element with an id is read with
getBoundingClientRect, relative to the slide, and stored in expected_flex.json /
expected_grid.json together with the fixture HTML. The tests compare the engine's fragments
with these numbers and need no browser.

Regenerate after adding or changing a fixture (Chromium at /usr/bin/chromium, Playwright from
the fidelity tools' virtualenv, Liberation fonts installed):

    ../shared/tools/fidelity/.venv/bin/python tests/layout/chromium_boxes.py

`--only NAME` re-renders single fixtures and prints their boxes without writing anything;
`--suites NAME...` records only those suites (the others' JSON stays untouched).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

PAGE = (
    "<!DOCTYPE html><html><head><style>"
    "html,body{margin:0;padding:0}"
    "body{font-family:'Liberation Sans';font-size:16px}"
    ".slide{position:relative;width:1280px;height:720px}"
    '</style></head><body><div class="slide">{snippet}</div></body></html>'
)

SCRIPT = """() => {
  const slide = document.querySelector('.slide').getBoundingClientRect();
  const out = {};
  for (const el of document.querySelectorAll('.slide [id]')) {
    const r = el.getBoundingClientRect();
    out[el.id] = [r.x - slide.x, r.y - slide.y, r.width, r.height];
  }
  return out;
}"""

SUITES = {
    "flex": "flex_fixtures",
    "grid": "grid_fixtures",
    "flow": "flow_fixtures",
    "valign": "valign_fixtures",
    "segments": "segment_fixtures",
}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def load_fixtures(suite: str) -> dict[str, str]:
    sys.path.insert(0, str(HERE))
    module = __import__(SUITES[suite])
    return dict(module.FIXTURES)


def expected_path(suite: str) -> Path:
    return HERE / f"expected_{suite}.json"


def render(fixtures: dict[str, str]) -> dict[str, dict[str, list[float]]]:
    from playwright.sync_api import sync_playwright

    out: dict[str, dict[str, list[float]]] = {}
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
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="*", help="fixture names to print (nothing is written)")
    parser.add_argument("--suites", nargs="*", help="suites to record (default: all of them)")
    args = parser.parse_args()
    for suite in args.suites or SUITES:
        fixtures = load_fixtures(suite)
        if args.only:
            chosen = {k: v for k, v in fixtures.items() if k in args.only}
            for name, found in render(chosen).items():
                print(suite, name, json.dumps(found))
            continue
        boxes = render(fixtures)
        data = {name: {"html": fixtures[name], "boxes": boxes[name]} for name in fixtures}
        expected_path(suite).write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"wrote {expected_path(suite)} ({len(data)} fixtures)")


if __name__ == "__main__":
    main()
