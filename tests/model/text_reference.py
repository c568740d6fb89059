"""Reference models the text-placement tests and benchmarks/calibrate_text.py measure against
(the engine lays text out itself and never calls these):

- Chromium's line box: ascent A, descent D, line gap G are the face's values at the used
  size, each rounded to whole px; line-height normal is A + D + G; the first baseline sits
  floor((L - (A + D)) / 2) + A below the line box top, L truncated to 1/64 px (LayoutUnit);
  vertical-align super/sub move by size/3 + 1 and size/5 + 1.
- LibreOffice's run width on its 600 dpi reference device, and the per-character letter
  spacing (a:rPr/@spc) that would make it as wide as Chromium's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from engine.model.text import metrics as tm
from engine.model.text.metrics import FaceMetrics
from engine.units import PX_PER_IN, px_to_pt


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def blink_metrics(metrics: FaceMetrics, size_px: float) -> tuple[int, int, int]:
    """Chromium's (ascent, descent, line gap) in whole px at size_px (SkScalarRoundToInt)."""
    asc, desc, gap = metrics.ascent_descent_gap()
    return (
        _round_half_up(asc * size_px),
        _round_half_up(desc * size_px),
        _round_half_up(gap * size_px),
    )


def css_normal_line_height(metrics: FaceMetrics, size_px: float) -> int:
    """Chromium's line-height: normal, px."""
    a, d, g = blink_metrics(metrics, size_px)
    return a + d + g


def css_first_baseline(
    metrics: FaceMetrics, size_px: float, css_line_height_px: float | None = None
) -> float:
    """px from the top of a Chromium line box (line-height L, None = normal) to its baseline,
    for a line whose only font is this face at size_px."""
    a, d, g = blink_metrics(metrics, size_px)
    line = float(a + d + g) if css_line_height_px is None else css_line_height_px
    line = math.floor(line * 64) / 64  # LayoutUnit
    return math.floor((line - (a + d)) / 2) + a


def css_line_pitch(
    metrics: FaceMetrics, size_px: float, css_line_height_px: float | None = None
) -> float:
    """Chromium's baseline-to-baseline distance (the line box height, LayoutUnit-truncated)."""
    line = (
        css_normal_line_height(metrics, size_px)
        if css_line_height_px is None
        else css_line_height_px
    )
    return math.floor(line * 64) / 64


def css_superscript_shift(parent_size_px: float) -> float:
    """Chromium's vertical-align: super raise (px, up) for a parent font of parent_size_px."""
    return parent_size_px / 3 + 1


def css_subscript_shift(parent_size_px: float) -> float:
    """Chromium's vertical-align: sub drop (px, down) for a parent font of parent_size_px."""
    return parent_size_px / 5 + 1


def spc_for_letter_spacing(letter_spacing_px: float) -> int:
    """a:rPr/@spc (hundredths of a point) for CSS letter-spacing.  Both add it after every
    character, the last one included, except that LibreOffice leaves *negative* spacing off
    the last character of every script portion of a run (the run's end, and each
    CJK / non-CJK boundary), so what follows starts |spacing| further right than in Chromium."""
    return int(round(px_to_pt(letter_spacing_px) * 100))


def lo_line_width(advances_em: Sequence[float], size_px: float, kerning_px: float = 0.0) -> float:
    """LibreOffice's width of a run of one font and size: its glyphs' advances (em) rounded
    on the reference device, plus the run's kerning (px at size_px, e.g. Chromium's width
    minus the plain advance sum), which LibreOffice scales like the font."""
    device_px_per_px = tm.LO_DEVICE_DPI / PX_PER_IN
    ppem = tm.lo_device_ppem(size_px)
    width = sum(_round_half_up(a * ppem) for a in advances_em) / device_px_per_px
    return width + (kerning_px * ppem / (size_px * device_px_per_px) if size_px > 0 else 0.0)


def spc_correction_px(
    css_width_px: float, advances_em: Sequence[float], size_px: float, kerning_px: float = 0.0
) -> float:
    """Extra letter spacing (px per character; add it to the CSS letter-spacing before
    spc_for_letter_spacing) that makes LibreOffice draw the run as wide as Chromium did."""
    if not advances_em:
        return 0.0
    return (css_width_px - lo_line_width(advances_em, size_px, kerning_px)) / len(advances_em)
