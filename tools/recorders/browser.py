"""Headless Chromium for the recorders: Debian's /usr/bin/chromium driven by Playwright (never a
downloaded browser), one set of flags, and the JSON layout the tests read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Every element with an id -> its border box [x, y, width, height] relative to the `.slide`.
BOXES_SCRIPT = """() => {
  const slide = document.querySelector('.slide').getBoundingClientRect();
  const out = {};
  for (const el of document.querySelectorAll('.slide [id]')) {
    const r = el.getBoundingClientRect();
    out[el.id] = [r.x - slide.x, r.y - slide.y, r.width, r.height];
  }
  return out;
}"""


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


@contextmanager
def layout_tab(width: int = 1280, height: int = 720) -> Iterator[Any]:
    """A page of a headless Chromium started with CHROMIUM_ARGS (the layout recorders' flags)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser.new_page(viewport={"width": width, "height": height})
        finally:
            browser.close()


def evaluate_pages(pages: dict[str, str], script: str, viewport: tuple[int, int]) -> dict[str, Any]:
    """name -> `script`'s value on that whole HTML document, once its fonts are ready."""
    out: dict[str, Any] = {}
    with layout_tab(*viewport) as tab:
        for name, html in pages.items():
            tab.set_content(html)
            tab.evaluate("document.fonts.ready")
            out[name] = tab.evaluate(script)
    return out


def write_json(path: Path, data: Any, **dump: Any) -> None:
    """Write recorded values as the tests read them (indent 1, a final newline)."""
    path.write_text(json.dumps(data, indent=1, **dump) + "\n")
    print(f"wrote {path.relative_to(ROOT)} ({len(data)} entries)")
