"""Text placement model (font metrics + CSS line boxes -> OOXML line spacing and text-box offsets that put LibreOffice's baselines where Chromium's are).

Measured against LibreOffice Impress 7.4 (PPTX -> PDF) and Chromium 156; the numbers and
the method are in docs/text-placement.md, the script that re-measures them is
benchmarks/calibrate_text.py.

LibreOffice, text boxes and auto shapes (`p:sp`): the PPTX importer sets
*FontIndependentLineSpacing* on every text body, so the font's metrics are never read.
With S = the largest font size on the line (px):

    single (no a:lnSpc)   pitch 1.2 S              first baseline S
    spcPct p >= 100 %     pitch p * 1.2 S          first baseline p * 1.2 S - 0.2 S
    spcPct p <  100 %     pitch p * 1.2 S          first baseline 0.96 p S
    spcPts X (px)         pitch X                  first baseline X - 0.2 S

(p is truncated to a whole percent on import.)  Extra space always goes *above* the
glyphs, the line's bottom stays 0.2 S under the baseline.  spcBef of the first paragraph
is ignored; between paragraphs spcAft + spcBef are added (no collapsing).

LibreOffice 7.4, table cells: font-dependent (the face's ascent and descent from hhea,
or the OS/2 typo values when USE_TYPO_METRICS is set), see `first_baseline_offset`.

Chromium's line box, the reference these numbers are measured against, is modelled in
tests/model/text_reference.py.

`metrics` may be None wherever table_cell is False (text boxes never read it).  All lengths
are CSS px unless the name says pt.  Pure functions, no I/O.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from functools import cache
from typing import Literal, NamedTuple

from engine.model.schema.text import LineSpacing as ModelLineSpacing
from engine.model.schema.text import PercentSpacing
from engine.units import ABSOLUTE_UNITS, PX_PER_IN, px_to_pt

LineSpacing = ModelLineSpacing | None
"""What goes into a:lnSpc, as in the slide model: {"pts": pt}, {"pct": fraction}, or None (single)."""

SINGLE_LINE_FACTOR = 1.2
"""LibreOffice (FixedCellHeight) and PowerPoint: a single-spaced line is 1.2 x the font size."""

MIN_FIXED_LINE_FACTOR = 0.25
"""Smallest exact line height line_spacing_for writes, x the font size: LibreOffice puts the
baseline X - 0.2 S below the line top and loses the text altogether when that is negative
(measured: 48 px text vanishes at spcPts below 9.6 px)."""

ESCAPEMENT_SIZE = 0.58
"""LibreOffice draws a run with a:rPr/@baseline != 0 at 58 % of its sz (DFLT_ESC_PROP)."""

CJK_AUTOSPACE_EM = 0.24
"""LibreOffice adds about this much (x the font size) where CJK meets Latin letters/digits;
Chromium adds nothing (see docs/text-placement.md)."""

WIDTH_SLACK_EM = 0.25
"""Recommended extra text-box width (x the largest font size) over the laid-out line width,
so LibreOffice never wraps a line Chromium did not wrap."""

WIDTH_SLACK_FRACTION = 0.01
"""Recommended extra text-box width as a fraction of the laid-out line width (added to the
em part)."""


class FaceMetrics(NamedTuple):
    """Vertical metrics of one font face, as fractions of the em (descents positive, below the baseline)."""

    units_per_em: int
    hhea_ascent: float
    hhea_descent: float
    hhea_line_gap: float
    typo_ascent: float
    typo_descent: float
    typo_line_gap: float
    win_ascent: float
    win_descent: float
    use_typo_metrics: bool

    @classmethod
    def from_font_units(
        cls,
        units_per_em: int,
        hhea: tuple[int, int, int],
        typo: tuple[int, int, int],
        win: tuple[int, int],
        use_typo_metrics: bool,
    ) -> FaceMetrics:
        """Build from raw table values: hhea (ascender, descender, lineGap) and OS/2
        (sTypoAscender, sTypoDescender, sTypoLineGap), (usWinAscent, usWinDescent), with
        the descenders signed as stored in the font (negative below the baseline)."""
        u = float(units_per_em)
        return cls(
            units_per_em,
            hhea[0] / u,
            -hhea[1] / u,
            hhea[2] / u,
            typo[0] / u,
            -typo[1] / u,
            typo[2] / u,
            win[0] / u,
            win[1] / u,
            use_typo_metrics,
        )

    def ascent_descent_gap(self) -> tuple[float, float, float]:
        """The (ascent, descent, line gap) that FreeType-based engines (Chromium/Skia on
        Linux, LibreOffice's VCL) use: typo with USE_TYPO_METRICS, else hhea, else win."""
        if self.use_typo_metrics and (self.typo_ascent or self.typo_descent):
            return self.typo_ascent, self.typo_descent, self.typo_line_gap
        if self.hhea_ascent or self.hhea_descent:
            return self.hhea_ascent, self.hhea_descent, self.hhea_line_gap
        return self.win_ascent, self.win_descent, 0.0


class ParagraphLines(NamedTuple):
    """One paragraph for `layout_baselines`: the largest font size (px) on each of its lines."""

    line_sizes: Sequence[float]
    line_spacing: LineSpacing = None
    space_before_pt: float = 0.0
    space_after_pt: float = 0.0


# ---------------------------------------------------------------------------
# a:lnSpc
# ---------------------------------------------------------------------------


def spc_pct_value(fraction: float) -> int:
    """a:spcPct/@val for a line-spacing fraction (1.5 -> 150000)."""
    return int(round(fraction * 100000))


def spc_pts_value(pt: float) -> int:
    """a:spcPts/@val (hundredths of a point) for a spacing in pt."""
    return int(round(pt * 100))


def line_spacing_for(
    css_line_height_px: float,
    metrics: FaceMetrics | None,
    size_px: float,
    *,
    prefer: Literal["pts", "pct"] = "pts",
) -> ModelLineSpacing:
    """What to write into a:lnSpc so that consecutive baselines are css_line_height_px apart.

    "pts" (exact spacing) gives that pitch in LibreOffice and PowerPoint alike, whatever the
    font and size (to 1/100 mm, i.e. 0.02 px per line); it is the default.  prefer="pct"
    returns {"pct": f} instead when a whole percent of the single line (1.2 x size) lands
    within PCT_TOLERANCE_PX of the wanted pitch in LibreOffice, else still pts.  size_px is
    the largest font size on the lines; pitches below MIN_FIXED_LINE_FACTOR x size_px are
    raised to it (LibreOffice would not draw the text).  `metrics` is unused: LibreOffice's
    text boxes have font-independent line spacing; it is kept so a caller need not know that.
    """
    del metrics
    pitch = max(css_line_height_px, MIN_FIXED_LINE_FACTOR * size_px, 0.0)
    if prefer == "pct" and size_px > 0:
        whole = round(pitch / (SINGLE_LINE_FACTOR * size_px) * 100)
        if whole > 0:
            cand: PercentSpacing = {"pct": whole / 100}
            if abs(line_pitch(None, size_px, cand) - pitch) <= PCT_TOLERANCE_PX:
                return cand
    return {"pts": round(px_to_pt(pitch), 2)}


PCT_TOLERANCE_PX = 0.1
"""line_spacing_for(prefer="pct"): the largest per-line pitch error accepted for a percentage."""


_MM100_PER_PX = 100.0 / ABSOLUTE_UNITS["mm"]
"""LibreOffice lays text out in whole 1/100 mm; the model repeats its integer arithmetic."""


def _mm100(px: float) -> int:
    return int(round(px * _MM100_PER_PX))


def _spacing_mm100(pt: float) -> int:
    """oox GetTextSpacingPoint: a:spcPts/@val (1/100 pt) -> 1/100 mm, rounded."""
    val = spc_pts_value(pt)
    return (val * 254 + 360) // 720 if val > 0 else val


def _mode(line_spacing: LineSpacing) -> tuple[str, float]:
    if not line_spacing:
        return "single", 0.0
    if "pts" in line_spacing:
        return "pts", float(line_spacing["pts"])
    if "pct" in line_spacing:
        whole = spc_pct_value(float(line_spacing["pct"])) // 1000
        return ("single", 0.0) if whole in (0, 100) else ("pct", float(whole))
    return "single", 0.0


def _apply_spacing(asc: int, height: int, line_spacing: LineSpacing) -> tuple[int, int]:
    """editeng ImpEditEngine::CreateLines: fixed and proportional line spacing, in 1/100 mm."""
    mode, value = _mode(line_spacing)
    if mode == "pts":
        fixed = _spacing_mm100(value)
        return asc + fixed - height, fixed
    if mode == "pct":
        pct = int(value)
        new_height = height * pct // 100
        if pct < 100:
            return min(asc, new_height * 4 // 5), new_height
        return asc + new_height - height, new_height
    return asc, height


def _line_box_mm100(
    metrics: FaceMetrics | None, size_px: float, line_spacing: LineSpacing, table_cell: bool
) -> tuple[int, int]:
    font_height = _mm100(size_px)
    if table_cell:
        if metrics is None:
            raise ValueError("table_cell=True needs the face metrics")
        a, d, _gap = metrics.ascent_descent_gap()
        asc = round(a * font_height)
        height = asc + round(d * font_height)
    else:  # FixedCellHeight: ImplCalculateFontIndependentLineSpacing
        asc, height = font_height, font_height * 12 // 10
    return _apply_spacing(asc, height, line_spacing)


def line_box(
    metrics: FaceMetrics | None,
    size_px: float,
    line_spacing: LineSpacing,
    *,
    table_cell: bool = False,
) -> tuple[float, float]:
    """(ascent, height) of one LibreOffice line whose largest font is size_px: the baseline
    is `ascent` below the line's top and the next line starts `height` below it."""
    asc, height = _line_box_mm100(metrics, size_px, line_spacing, table_cell)
    return asc / _MM100_PER_PX, height / _MM100_PER_PX


def first_baseline_offset(
    metrics: FaceMetrics | None,
    size_px: float,
    line_spacing: LineSpacing,
    *,
    table_cell: bool = False,
) -> float:
    """px from the top of a zero-inset, top-anchored text box to LibreOffice's first baseline.

    size_px is the largest font size on the first line.  Text boxes and shapes ignore the
    font's metrics; table_cell=True models LibreOffice 7.4's table cells, which use them
    (see docs/text-placement.md: newer LibreOffice versions treat cells like text boxes)."""
    return line_box(metrics, size_px, line_spacing, table_cell=table_cell)[0]


def line_pitch(
    metrics: FaceMetrics | None,
    size_px: float,
    line_spacing: LineSpacing,
    *,
    table_cell: bool = False,
) -> float:
    """px between consecutive LibreOffice baselines of one paragraph (lines of equal size)."""
    return line_box(metrics, size_px, line_spacing, table_cell=table_cell)[1]


def box_top_for_baseline(
    baseline_y: float,
    metrics: FaceMetrics | None,
    size_px: float,
    line_spacing: LineSpacing,
    *,
    table_cell: bool = False,
) -> float:
    """Where the top of a zero-inset, top-anchored text box goes so that LibreOffice's first
    baseline lands on baseline_y (add the top inset if the box has one)."""
    return baseline_y - first_baseline_offset(metrics, size_px, line_spacing, table_cell=table_cell)


def layout_baselines(
    paragraphs: Sequence[ParagraphLines],
    metrics: FaceMetrics | None = None,
    *,
    table_cell: bool = False,
) -> list[list[float]]:
    """Every line's baseline (px below the top of a zero-inset, top-anchored text box) for
    LibreOffice, paragraph by paragraph.  The first paragraph's space before is ignored (as
    LibreOffice does); between paragraphs the space after and the next space before add up.
    metrics is needed only for table_cell=True."""
    out: list[list[float]] = []
    y = 0  # 1/100 mm
    for i, para in enumerate(paragraphs):
        if i:
            y += _spacing_mm100(paragraphs[i - 1].space_after_pt) + _spacing_mm100(
                para.space_before_pt
            )
        lines: list[float] = []
        for size in para.line_sizes:
            asc, height = _line_box_mm100(metrics, size, para.line_spacing, table_cell)
            lines.append((y + asc) / _MM100_PER_PX)
            y += height
        out.append(lines)
    return out


# ---------------------------------------------------------------------------
# Runs: escapement, widths
# ---------------------------------------------------------------------------


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def escapement_for(shift_px: float, run_size_px: float) -> int:
    """a:rPr/@baseline (thousandths of a percent, + up) that moves a run of sz run_size_px
    by shift_px, in whole percents (LibreOffice keeps only those).  LibreOffice (and
    PowerPoint) also shrink the run's glyphs, LibreOffice to ESCAPEMENT_SIZE x run_size_px."""
    if run_size_px <= 0:
        return 0
    return int(round(shift_px / run_size_px * 100)) * 1000


LO_DEVICE_DPI = 600
"""LibreOffice Impress formats text on a 600 dpi reference device: the font is scaled to a
whole number of its pixels per em and every glyph advance is rounded to one of its pixels."""

_DEVICE_PX_PER_PX = LO_DEVICE_DPI / PX_PER_IN


def lo_device_ppem(size_px: float) -> int:
    """LibreOffice's font size on its reference device, in whole device pixels."""
    return _round_half_up(_mm100(size_px) / _MM100_PER_PX * _DEVICE_PX_PER_PX)


def lo_advance_px(advance_em: float, size_px: float) -> float:
    """One glyph's advance as LibreOffice lays it out (advance_em = hmtx advance / upem)."""
    return _round_half_up(advance_em * lo_device_ppem(size_px)) / _DEVICE_PX_PER_PX


def box_width_for_line(line_width_px: float, size_px: float) -> float:
    """A text-box width (zero insets) wide enough that LibreOffice keeps a line of
    line_width_px (as Chromium laid it out, largest font size_px) on one line."""
    return line_width_px * (1 + WIDTH_SLACK_FRACTION) + WIDTH_SLACK_EM * size_px


def is_cjk_char(ch: str) -> bool:
    """CJK ideographs, kana, hangul, CJK punctuation and full-width forms."""
    o = ord(ch)
    return (
        0x3001 <= o <= 0x30FF
        or 0x3400 <= o <= 0x4DBF
        or 0x4E00 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x2FA1F
    )


@cache
def _cjk_char() -> re.Pattern[str]:
    """The ranges of is_cjk_char, for a quick "any CJK character at all?" search; compiled on
    first non-ASCII text (its wide classes cost ~20 ms to compile)."""
    return re.compile(
        "[\u3001-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
        "\U00020000-\U0002fa1f]"
    )


def is_weak_char(ch: str) -> bool:
    """Characters LibreOffice gives the script of the character before them (i18npool's
    WEAK class): white space, and the blocks from General Punctuation to Miscellaneous
    Symbols and Arrows (U+2000-U+2BFF: quotes, dashes, ellipsis, currency, arrows, maths).
    Measured: "中文“中”文", "中—文", "中→文", "中€文", "中≈文" get no CJK spacing, while
    Basic Latin and Latin-1 punctuation ("(", "%", ".", "×", "·") count as Latin."""
    return ch.isspace() or "\u2000" <= ch <= "\u2bff"


def cjk_text(text: str) -> bool:
    """Whether `text` holds any CJK character (is_cjk_char)."""
    return not text.isascii() and _cjk_char().search(text) is not None


def cjk_autospace_count(text: str) -> int:
    """How many CJK / non-CJK boundaries LibreOffice pads in one line of text: characters are
    CJK (is_cjk_char) or not, weak characters (is_weak_char: white space, general
    punctuation...) take the kind of the character before them, and every change of kind
    between two characters is a boundary."""
    if text.isascii() or _cjk_char().search(text) is None:  # one kind throughout: no boundary
        return 0
    count = 0
    prev: bool | None = None
    for ch in text:
        kind = prev if is_weak_char(ch) else is_cjk_char(ch)
        if kind is None:
            continue
        if prev is not None and kind != prev:
            count += 1
        prev = kind
    return count


def cjk_autospace_px(text: str, size_px: float) -> float:
    """Extra width LibreOffice adds to one line of `text` (one font size) for its CJK /
    non-CJK boundaries (CJK_AUTOSPACE_EM each; Chromium adds none)."""
    return cjk_autospace_count(text) * CJK_AUTOSPACE_EM * size_px
