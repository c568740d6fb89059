"""Blink's vertical metrics: rounded ascent/descent/line gap, line-height: normal, half-leading.

Expected values: headless Chromium 156 on Debian 12 (tools/recorders/fonts_probe.py), a span in
a div with line-height normal: content height = span height, line box = div height, baseline =
top of a zero-size inline-block.  212 font/size pairs were compared, all equal; a sample is here.
"""

from __future__ import annotations

import pytest

from engine.fonts import font_stack
from tests.conftest import requires_fonts

# Chromium measured these fonts' files (tests/conftest.py skips, naming what to install).
needs_fonts = requires_fonts(
    "fonts-liberation",
    "fonts-dejavu-core",
    "fonts-noto-core",
    "fonts-noto-cjk",
    "fonts-crosextra-carlito",
    "fonts-crosextra-caladea",
)


@needs_fonts
def test_liberation_sans_16px() -> None:
    face = font_stack(("Liberation Sans",), 400, "normal").primary
    assert face.units_per_em == 2048
    assert (face.ascent(16), face.descent(16), face.line_gap(16)) == (14.0, 3.0, 1.0)
    assert face.normal_line_height(16) == 18.0
    assert face.line_box(16) == (14.0, 4.0)  # half-leading 1px: 0 above, 1 below
    # Raw design metrics (em), hhea 1854/-434/67, OS/2 typo 1491/-431/307, win 1854/434.
    assert face.hhea_ascent == pytest.approx(1854 / 2048)
    assert face.hhea_descent == pytest.approx(434 / 2048)
    assert face.hhea_line_gap == pytest.approx(67 / 2048)
    assert face.typo_ascent == pytest.approx(1491 / 2048)
    assert face.typo_line_gap == pytest.approx(307 / 2048)
    assert face.win_ascent == pytest.approx(1854 / 2048)
    assert not face.use_typo_metrics


# (family, size px, content height, line-height normal, baseline from line top) from Chromium.
CHROMIUM_LINES = [
    ("Liberation Sans", 16, 17, 18, 14),
    ("Liberation Sans", 21.7, 25, 26, 20),
    ("Liberation Sans", 48, 53, 55, 44),
    ("Liberation Serif", 21.7, 24, 25, 19),
    ("Liberation Serif", 48, 53, 55, 44),
    ("Liberation Mono", 48, 54, 54, 40),
    ("DejaVu Sans", 16, 19, 19, 15),
    ("DejaVu Serif", 48, 56, 56, 45),
    ("Noto Sans", 21.7, 29, 29, 23),
    ("Noto Serif", 48, 65, 65, 51),
    ("Noto Sans CJK SC", 16, 24, 24, 19),
    ("Noto Sans CJK SC", 48, 70, 70, 56),
    ("Noto Serif CJK SC", 16, 23, 23, 18),
    ("Carlito", 16, 16, 20, 14),
    ("Carlito", 48, 48, 59, 41),
    ("Caladea", 21.7, 25, 25, 20),  # USE_TYPO_METRICS font
    ("Caladea", 48, 55, 55, 43),
]


@needs_fonts
@pytest.mark.parametrize(("family", "size", "content", "line", "baseline"), CHROMIUM_LINES)
def test_line_metrics_match_chromium(
    family: str, size: float, content: int, line: int, baseline: int
) -> None:
    face = font_stack((family,), 400, "normal").primary
    assert face.ascent(size) + face.descent(size) == content
    assert face.normal_line_height(size) == line
    above, below = face.line_box(size)
    assert above == baseline and above + below == line


@needs_fonts
def test_caladea_uses_typo_metrics() -> None:
    face = font_stack(("Caladea",), 400, "normal").primary
    assert face.use_typo_metrics
    assert face.metric_ascent == pytest.approx(face.typo_ascent)


@needs_fonts
@pytest.mark.parametrize(
    ("family", "size", "line_height", "baseline"),
    [
        # line-height as Chromium computes it (LayoutUnit, 1/64 px), baseline from line top.
        ("Liberation Sans", 16, 24.0, 17),  # 1.5
        ("Liberation Sans", 16, 19.1875, 15),  # 1.2
        ("Liberation Sans", 32, 36.796875, 29),  # 1.15
        ("Liberation Sans", 16, 16.0, 13),  # 1: negative half-leading
        ("Noto Sans CJK SC", 32, 48.0, 38),
        ("Noto Sans CJK SC", 16, 13.0, 13),
        ("Caladea", 32, 38.390625, 29),
    ],
)
def test_half_leading_with_explicit_line_height(
    family: str, size: float, line_height: float, baseline: int
) -> None:
    above, below = font_stack((family,), 400, "normal").primary.line_box(size, line_height)
    assert above == baseline
    assert above + below == pytest.approx(line_height)


@needs_fonts
def test_normal_line_box_grows_with_fallback_fonts() -> None:
    # "Hxg 你好" in Liberation Sans 16px: Chromium's line box is 24px, baseline at 19
    # (the CJK fallback font's own ascent/descent/half-leading are united in).
    stack = font_stack(("Liberation Sans",), 400, "normal")
    assert stack.normal_line_extent("Hxg", 16) == (14.0, 4.0)
    above, below = stack.normal_line_extent("Hxg 你好", 16)
    assert (above, above + below) == (19.0, 24.0)
    serif = font_stack(("DejaVu Serif",), 400, "normal")
    above, below = serif.normal_line_extent("Hxg 你好", 32)
    assert (above, above + below) == (37.0, 46.0)
