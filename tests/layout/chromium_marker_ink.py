"""Where Chromium paints outside disc/circle/square markers (fixture lists -> the ink box of each
marker in a screenshot, relative to the item's content edge and first baseline, as JSON;
recorded by `python -m tools.recorders.layout_marker_ink`).

Chromium paints these markers as shapes, not glyphs, so their box is not in the DOM: each
fixture is one `<li>` with a one-letter `<span>` (its baseline read from a zero-size inline-block
after it); the marker's ink is found in a screenshot left of the item.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_marker_ink.json"
SIZES = (12, 14, 16, 20, 24, 32, 40)
KINDS = ("disc", "circle", "square")
FAMILY = "Liberation Sans"


def fixture(kind: str, size: int) -> str:
    return (
        "<!DOCTYPE html><html><head><style>html,body{margin:0;background:#fff}"
        f"ul{{margin:0;padding:20px 0 20px 100px;font:{size}px '{FAMILY}';color:#000;"
        f"list-style-type:{kind}}}</style></head><body>"
        "<div class='slide' style='position:relative;width:400px;height:200px'><ul><li id='li'>x"
        "<span id='b' style='display:inline-block;width:0;height:0'></span></li></ul></div>"
        "</body></html>"
    )
