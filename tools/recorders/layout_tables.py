"""Record table boxes from headless Chromium (tests/layout/table_fixtures.py ->
expected_tables.json: each fixture's HTML and the border box of every element with an id,
relative to the 1280x720 `.slide` of tests/layout/chromium_tables.py `page()`).

    python -m tools.recorders.layout_tables                   # record every fixture
    python -m tools.recorders.layout_tables --only NAME ...   # print boxes, write nothing
    python -m tools.recorders.layout_tables --corpus PAGE.html ...

`--corpus` prints, for each table of real pages, Chromium's column widths and cell boxes
(relative to the `.slide` element) as JSON lines, for comparing with the engine (the pages are
wrapped like the fidelity harness does when they are bare fragments).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from tests.layout.chromium_tables import EXPECTED, load_fixtures, page
from tools.recorders.browser import BOXES_SCRIPT, layout_tab, write_json

TABLES_JS = """() => {
  const slide = document.querySelector('.slide').getBoundingClientRect();
  const rel = r => [r.x - slide.x, r.y - slide.y, r.width, r.height];
  return Array.from(document.querySelectorAll('.slide table')).map(t => ({
    table: rel(t.getBoundingClientRect()),
    cells: Array.from(t.querySelectorAll('td, th')).map(c => rel(c.getBoundingClientRect())),
  }));
}"""


_DOC_RE = re.compile(r"<\s*(!doctype|html|head|body)\b", re.I)


_DOC_RE = re.compile(r"<\s*(!doctype|html|head|body)\b", re.I)


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
    out: list[object] = []
    with layout_tab(1280, 720) as tab:
        for html in documents:
            tab.set_content(html)
            tab.evaluate("document.fonts.ready")
            out.append(tab.evaluate(script))
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
            chosen, _render([page(s) for s in chosen.values()], BOXES_SCRIPT), strict=True
        ):
            print(name, json.dumps(boxes))
        return
    boxes = _render([page(s) for s in fixtures.values()], BOXES_SCRIPT)
    data = {
        name: {"html": fixtures[name], "boxes": b} for name, b in zip(fixtures, boxes, strict=True)
    }
    write_json(EXPECTED, data, sort_keys=True)


if __name__ == "__main__":
    main()
