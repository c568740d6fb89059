"""Record the border boxes of layout fixtures from headless Chromium (tests/layout: fixture HTML
-> expected_<suite>.json with each fixture's HTML and the box of every element with an id).

    python -m tools.recorders.layout_boxes                    # every suite
    python -m tools.recorders.layout_boxes --suites flex grid # only these suites
    python -m tools.recorders.layout_boxes --only NAME ...    # print boxes, write nothing

A box split across columns is reported by getBoundingClientRect as the union of its column
fragments (the multicol suite); the tests compare that union.
"""

from __future__ import annotations

import argparse
import json

from tests.layout.chromium_boxes import SUITES, expected_path, load_fixtures, page
from tools.recorders.browser import BOXES_SCRIPT, evaluate_pages, write_json

# suite -> its fixtures module in tests/layout (the boxes format: {"html", "boxes"}).
RECORDED = {
    **SUITES,
    "abspos_flex": "abspos_flex_fixtures",
    "multicol": "multicol_fixtures",
    "markers": "marker_fixtures",
}


def render(fixtures: dict[str, str]) -> dict[str, dict[str, list[float]]]:
    """name -> {element id: [x, y, width, height]} for fixture snippets in `page()`."""
    pages = {name: page(snippet) for name, snippet in fixtures.items()}
    return evaluate_pages(pages, BOXES_SCRIPT, (1280, 720))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--only", nargs="*", help="fixture names to print (nothing is written)")
    parser.add_argument("--suites", nargs="*", choices=sorted(RECORDED), help="default: all")
    args = parser.parse_args()
    for suite in args.suites or RECORDED:
        fixtures = load_fixtures(suite, RECORDED[suite])
        if args.only:
            chosen = {k: v for k, v in fixtures.items() if k in args.only}
            for name, found in render(chosen).items():
                print(suite, name, json.dumps(found))
            continue
        boxes = render(fixtures)
        data = {name: {"html": fixtures[name], "boxes": boxes[name]} for name in fixtures}
        write_json(expected_path(suite), data, sort_keys=True)


if __name__ == "__main__":
    main()
