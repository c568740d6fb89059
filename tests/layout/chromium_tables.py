"""Expected table boxes from headless Chromium (table fixture HTML -> element border boxes as JSON).

The fixtures live in table_fixtures.py. Each one is rendered inside a 1280x720 `.slide`
(see `page()`, standards mode, body margin 0, Liberation Sans 16px); the border box of every
element with an id is read with getBoundingClientRect, relative to the slide, and stored in
expected_tables.json together with the fixture HTML. test_table.py compares the engine's
fragments with these numbers and needs no browser.

Regenerate after adding or changing a fixture (Chromium at /usr/bin/chromium, Playwright from
the fidelity tools' virtualenv, Liberation fonts installed):

    ../shared/tools/fidelity/.venv/bin/python tests/layout/chromium_tables.py

`--only NAME...` re-renders single fixtures and prints their boxes without writing anything.
`--corpus PAGE.html...` prints, for each table of real pages, Chromium's column widths and
cell boxes (relative to the `.slide` element) as JSON lines, for comparing with the engine
(the pages are wrapped like the fidelity harness does when they are bare fragments).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from chromium_boxes import CHROMIUM_ARGS  # noqa: E402 - the same browser flags for every generator
from chromium_boxes import SCRIPT as BOXES_JS  # noqa: E402

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_tables.json"

PAGE = (
    '<!DOCTYPE html><html><head><meta charset="utf-8"><style>'
    "html,body{margin:0;padding:0}"
    "body{font-family:'Liberation Sans';font-size:16px}"
    ".slide{position:relative;width:1280px;height:720px}"
    '</style></head><body><div class="slide">{snippet}</div></body></html>'
)

TABLES_JS = """() => {
  const slide = document.querySelector('.slide').getBoundingClientRect();
  const rel = r => [r.x - slide.x, r.y - slide.y, r.width, r.height];
  return Array.from(document.querySelectorAll('.slide table')).map(t => ({
    table: rel(t.getBoundingClientRect()),
    cells: Array.from(t.querySelectorAll('td, th')).map(c => rel(c.getBoundingClientRect())),
  }));
}"""


_DOC_RE = re.compile(r"<\s*(!doctype|html|head|body)\b", re.I)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def load_fixtures() -> dict[str, str]:
    sys.path.insert(0, str(HERE))
    import table_fixtures

    return dict(table_fixtures.FIXTURES)


def corpus_document(path: Path) -> str:
    """A corpus page as the fidelity harness loads it: full documents as they are, bare
    fragments wrapped in a standards-mode document with a zero body margin."""
    text = path.read_text(encoding="utf-8")
    if _DOC_RE.search(text):
        return text
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
        "<style>html,body{margin:0;padding:0}</style></head>\n<body>\n"
        + text
        + "\n</body></html>\n"
    )


def _render(documents: list[str], script: str) -> list[object]:
    from playwright.sync_api import sync_playwright

    out: list[object] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 720})
        for html in documents:
            tab.set_content(html)
            tab.evaluate("document.fonts.ready")
            out.append(tab.evaluate(script))
        browser.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="*", help="fixture names to print (nothing is written)")
    parser.add_argument(
        "--corpus", nargs="*", type=Path, help="real pages: print their table geometry"
    )
    args = parser.parse_args()
    if args.corpus:
        for path, tables in zip(
            args.corpus, _render([corpus_document(p) for p in args.corpus], TABLES_JS), strict=True
        ):
            print(json.dumps({"page": str(path), "tables": tables}))
        return
    fixtures = load_fixtures()
    if args.only:
        chosen = {k: v for k, v in fixtures.items() if k in args.only}
        for name, boxes in zip(
            chosen, _render([page(s) for s in chosen.values()], BOXES_JS), strict=True
        ):
            print(name, json.dumps(boxes))
        return
    boxes = _render([page(s) for s in fixtures.values()], BOXES_JS)
    data = {
        name: {"html": fixtures[name], "boxes": b} for name, b in zip(fixtures, boxes, strict=True)
    }
    EXPECTED.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {EXPECTED} ({len(data)} fixtures)")


if __name__ == "__main__":
    main()
