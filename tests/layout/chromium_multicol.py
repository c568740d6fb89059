"""Expected multi-column and ::marker boxes from headless Chromium (multicol_fixtures.py ->
expected_multicol.json, marker_fixtures.py -> expected_markers.json).

Same page and script as chromium_boxes.py. A box that is split across columns is reported by
getBoundingClientRect as the union of its column fragments; the tests compare that union.

    <a python with Playwright, e.g. the fidelity harness venv> tests/layout/chromium_multicol.py   # any venv with Playwright
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_multicol.json"
SUITES = {"multicol_fixtures": EXPECTED, "marker_fixtures": HERE / "expected_markers.json"}


def fixtures(module: str = "multicol_fixtures") -> dict[str, str]:
    sys.path.insert(0, str(HERE))
    return dict(__import__(module).FIXTURES)


def main() -> None:
    sys.path.insert(0, str(HERE))
    from chromium_boxes import render

    for module, path in SUITES.items():
        html = fixtures(module)
        boxes = render(html)
        data = {name: {"html": html[name], "boxes": boxes[name]} for name in html}
        path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
        print(f"wrote {path} ({len(data)} fixtures)")


if __name__ == "__main__":
    main()
