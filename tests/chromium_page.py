"""Headless Chromium for the fixture recorders (a viewport -> a Playwright page; values -> an expected-values JSON file).

The recorder scripts (tests/*/chromium_*.py) are run by hand to record what Chromium does; the
tests read their JSON files and need no browser. Run them with a Python that has Playwright
(the fidelity tools' virtualenv) and Chromium at /usr/bin/chromium.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"


@contextmanager
def chromium_tab(viewport: tuple[int, int] | None = None, *args: str) -> Iterator[Any]:
    """A page of a fresh headless Chromium (`viewport` width x height, or Playwright's default),
    closed on exit."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", *args])
        try:
            if viewport is None:
                yield browser.new_page()
            else:
                yield browser.new_page(viewport={"width": viewport[0], "height": viewport[1]})
        finally:
            browser.close()


def write_json(path: Path, data: Any, **dump: Any) -> None:
    """Write recorded values as the tests read them (indent 1, a final newline)."""
    path.write_text(json.dumps(data, indent=1, **dump) + "\n")
