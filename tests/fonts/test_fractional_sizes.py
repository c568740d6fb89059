"""Fractional font sizes break lines where Chromium breaks them (engine.fonts.measure.shaping_size).

Chromium 156 lines (tools/recorders/layout_text.py LINES_SCRIPT) of one sentence in a width
chosen between the first line's width at the computed size and at the size Blink shapes at:
the line fits in Chromium (17.3px is shaped at 17.28125px), so it must fit in the engine too.
"""

from __future__ import annotations

import pytest

from engine.layout.fragments import TextFragment
from tests.conftest import requires_fonts
from tests.layout.chromium_boxes import page
from tests.layout.conftest import find_fragment, layout

TEXT = "Quarterly revenue grew in every region while churn fell to its lowest level since launch"
CASES = {
    (17.3, 246): [
        "Quarterly revenue grew in every",
        "region while churn fell to its",
        "lowest level since launch",
    ],
    (15.2, 451): [
        "Quarterly revenue grew in every region while churn fell to its lowest",
        "level since launch",
    ],
    (13.6, 235): [
        "Quarterly revenue grew in every region",
        "while churn fell to its lowest level since",
        "launch",
    ],
}


@requires_fonts("fonts-liberation")
@pytest.mark.parametrize(("size", "width"), sorted(CASES))
def test_lines_break_as_in_chromium(size: float, width: int) -> None:
    html = (
        f'<p id="a" style="width:{width}px;margin:0;font:{size}px \'Liberation Sans\'">{TEXT}</p>'
    )
    frag, _x, _y = find_fragment(layout(page(html)), id="a")
    lines = []
    for line in frag.lines:
        items = sorted((i for i in line.items if isinstance(i, TextFragment)), key=lambda i: i.x)
        lines.append("".join(i.text for i in items).strip())
    assert lines == CASES[(size, width)]
