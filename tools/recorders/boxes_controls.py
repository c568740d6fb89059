"""Record form-control boxes from headless Chromium (tests/boxes/chromium_controls.py FIXTURES ->
each id'd element's border box, in tests/boxes/expected_controls.json). Chromium runs with
--hide-scrollbars, as the fidelity harness renders pages.

    python -m tools.recorders.boxes_controls
"""

from __future__ import annotations

from tests.boxes.chromium_controls import FIXTURES, OUT, PAGE
from tools.recorders.browser import chromium_tab, write_json


def main() -> None:

    out: dict[str, object] = {}
    with chromium_tab((640, 360), "--hide-scrollbars") as tab:
        for name, snippet in FIXTURES.items():
            tab.set_content(PAGE.replace("{snippet}", snippet))
            rects = tab.evaluate(
                """() => Object.fromEntries([...document.querySelectorAll('.slide [id]')].map(
                e => { const r = e.getBoundingClientRect();
                       return [e.id, [r.x, r.y, r.width, r.height]]; }))"""
            )
            out[name] = {"rects": rects}
    write_json(OUT, out)


if __name__ == "__main__":
    main()
