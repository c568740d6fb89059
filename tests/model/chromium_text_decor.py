"""Expected text-decoration line rectangles from headless Chromium: for each fixture (white text
with a #ff0000 overline / line-through / underline of some thickness, offset and position in
a 640x360 white `.slide`) the bounding box of the red pixels, in expected_text_decor.json.
The tests compare the engine's decoration shapes with these boxes and need no browser.
Recorded by `python -m tools.recorders.model_text_decor`.
"""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPECTED = HERE / "expected_text_decor.json"
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0;padding:0}"
    ".slide{position:relative;width:640px;height:360px;background:#fff}</style></head>"
    '<body><div class="slide">{snippet}</div></body></html>'
)


def page(snippet: str) -> str:
    return PAGE.replace("{snippet}", snippet)


def snippet(family: str, size: int, decoration: str) -> str:
    return (
        f"<span style=\"position:absolute;left:20px;top:30px;font-family:'{family}';"
        f'font-size:{size}px;color:#fff;{decoration}">Hxo Hxo</span>'
    )


CASES = {
    "overline": "text-decoration:overline #ff0000",
    "overline_3px": "text-decoration:overline #ff0000;text-decoration-thickness:3px",
    "strike": "text-decoration:line-through #ff0000",
    "strike_3px": "text-decoration:line-through #ff0000;text-decoration-thickness:3px",
    "strike_015em": "text-decoration:line-through #ff0000;text-decoration-thickness:0.15em",
    "under_3px": "text-decoration:underline #ff0000;text-decoration-thickness:3px",
    "under_015em": "text-decoration:underline #ff0000;text-decoration-thickness:0.15em",
    "under_offset": "text-decoration:underline #ff0000;text-underline-offset:4px",
    "under_3px_02em": (
        "text-decoration:underline #ff0000;text-decoration-thickness:3px;"
        "text-underline-offset:0.2em"
    ),
    "under_under": "text-decoration:underline #ff0000;text-underline-position:under",
}
FIXTURES = {
    f"{key}_{fam.split()[0].lower()}_{size}": snippet(fam, size, css)
    for key, css in CASES.items()
    for fam in ("Liberation Sans", "DejaVu Serif")
    for size in (16, 20, 37)
}
