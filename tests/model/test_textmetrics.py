"""Tests for engine.model.text.metrics against numbers measured in LibreOffice 7.4.7 and Chromium 156.

How the numbers were produced: `python3 benchmarks/calibrate_text.py --out /tmp/ct_full`
(LibreOffice 7.4.7.2 through ../shared/tools/fidelity/render_pptx.sh, PDF read with
PyMuPDF rawdict: origin = (x, baseline), pt * 4/3 = slide px; Chromium 156 through the
fidelity tool's word_layout.WORDS_JS).  Every LibreOffice box has zero insets, anchor t,
a:noAutofit; baselines are px below the box top.  Values are rounded to 0.01 px from
/tmp/ct_full/measurements.json.  Rerun the script after a LibreOffice/Chromium upgrade and
update these tables if the model has to change.
"""

from __future__ import annotations

import pytest
import text_reference as ref

from engine.model.text import metrics as tm
from engine.model.text.metrics import FaceMetrics, ParagraphLines
from engine.units import pt_to_px

# Face metrics as stored in the installed fonts (head.unitsPerEm, hhea, OS/2 typo, OS/2 win,
# fsSelection bit 7).
LIBERATION_SANS = FaceMetrics.from_font_units(
    2048, (1854, -434, 67), (1491, -431, 307), (1854, 434), False
)
DEJAVU_SERIF = FaceMetrics.from_font_units(
    2048, (1901, -483, 0), (1556, -492, 410), (1901, 483), False
)
NOTO_SANS_CJK_SC = FaceMetrics.from_font_units(
    1000, (1160, -288, 0), (880, -120, 0), (1160, 288), False
)
CARLITO = FaceMetrics.from_font_units(
    2048, (1536, -512, 452), (1536, -512, 452), (1950, 550), False
)
CALADEA = FaceMetrics.from_font_units(1000, (900, -250, 0), (900, -250, 0), (1050, 250), True)
FACES = {
    "Liberation Sans": LIBERATION_SANS,
    "DejaVu Serif": DEJAVU_SERIF,
    "Noto Sans CJK SC": NOTO_SANS_CJK_SC,
    "Carlito": CARLITO,
    "Caladea": CALADEA,
}

# --- LibreOffice text boxes (experiment "vertical") -------------------------------------
# Liberation Sans, 'Hxg0' a:br 'Hxg1' a:br 'Hxg2' in one paragraph, 'Hxg3' in a second one;
# the four baselines.  The other eight fonts give identical numbers (font-independent line
# spacing); two of them are repeated at the end.
TEXT_BOX = [
    (12, None, [12.01, 26.41, 40.81, 55.21]),
    (12, {"pct": 0.9}, [10.31, 23.24, 36.17, 49.09]),
    (12, {"pct": 1.0}, [12.06, 26.46, 40.86, 55.26]),
    (12, {"pct": 1.15}, [14.12, 30.68, 47.35, 63.86]),
    (12, {"pct": 1.5}, [19.23, 40.81, 62.28, 83.9]),
    (12, {"pct": 2.0}, [26.46, 55.26, 84.06, 112.86]),
    (12, {"pts": 8.64}, [9.21, 20.66, 32.15, 43.72]),
    (12, {"pts": 9.0}, [9.63, 21.61, 33.63, 45.61]),
    (12, {"pts": 16.2}, [19.28, 40.86, 62.48, 84.06]),
    (12, {"pts": 21.97}, [26.94, 56.15, 85.48, 114.81]),
    (16, None, [15.91, 35.11, 54.31, 73.51]),
    (16, {"pct": 0.9}, [13.75, 30.94, 48.25, 65.45]),
    (16, {"pct": 1.0}, [16.02, 35.11, 54.31, 73.51]),
    (16, {"pct": 1.15}, [18.86, 40.86, 63.01, 85.01]),
    (16, {"pct": 1.5}, [25.61, 54.26, 82.95, 111.75]),
    (16, {"pct": 2.0}, [35.11, 73.51, 111.76, 150.16]),
    (16, {"pts": 11.52}, [12.21, 27.52, 42.86, 58.21]),
    (16, {"pts": 12.0}, [12.8, 28.79, 44.81, 60.8]),
    (16, {"pts": 21.6}, [25.62, 54.42, 83.22, 112.02]),
    (16, {"pts": 29.17}, [35.64, 74.61, 113.54, 152.47]),
    (24, None, [24.03, 52.83, 81.63, 110.43]),
    (24, {"pct": 0.9}, [20.71, 46.61, 72.46, 98.31]),
    (24, {"pct": 1.15}, [28.3, 61.38, 94.56, 127.63]),
    (24, {"pct": 1.5}, [38.48, 81.68, 124.88, 168.08]),
    (24, {"pct": 2.0}, [52.79, 110.39, 167.99, 225.59]),
    (24, {"pts": 17.28}, [18.29, 41.38, 64.28, 87.38]),
    (24, {"pts": 18.0}, [19.28, 43.28, 67.28, 91.28]),
    (24, {"pts": 32.4}, [38.39, 81.59, 124.79, 167.99]),
    (24, {"pts": 43.57}, [53.25, 111.38, 169.51, 227.48]),
    (48, None, [47.99, 105.59, 163.19, 220.79]),
    (48, {"pct": 0.9}, [41.38, 93.24, 145.09, 196.83]),
    (48, {"pct": 1.15}, [56.68, 122.78, 189.08, 255.22]),
    (48, {"pct": 1.5}, [76.83, 163.23, 249.63, 336.03]),
    (48, {"pct": 2.0}, [105.68, 220.88, 336.08, 451.28]),
    (48, {"pts": 34.56}, [36.38, 82.53, 128.68, 174.68]),
    (48, {"pts": 36.0}, [38.43, 86.43, 134.43, 182.43]),
    (48, {"pts": 64.8}, [76.88, 163.28, 249.68, 336.08]),
    (48, {"pts": 86.77}, [106.12, 221.73, 337.46, 453.19]),
    (104, None, [104.05, 228.85, 353.65, 478.45]),
    (104, {"pct": 0.9}, [89.75, 202.12, 314.41, 426.66]),
    (104, {"pct": 1.15}, [122.72, 266.2, 409.78, 553.25]),
    (104, {"pct": 1.5}, [166.4, 353.6, 540.8, 728.0]),
    (104, {"pct": 2.0}, [228.85, 478.45, 728.05, 977.65]),
    (104, {"pts": 74.88}, [79.11, 178.85, 278.74, 378.6]),
    (104, {"pts": 78.0}, [83.21, 187.19, 291.2, 395.21]),
    (104, {"pts": 140.4}, [166.45, 353.65, 540.85, 728.05]),
    (104, {"pts": 187.57}, [229.27, 479.4, 729.53, 979.54]),
    # DejaVu Serif / Noto Sans CJK SC / Carlito: the very same numbers
    (72, None, [72.03, 158.43, 244.83, 331.23]),
    (72, {"pct": 1.5}, [115.28, 244.88, 374.48, 504.08]),
    (72, {"pts": 51.84}, [54.68, 123.89, 192.98, 262.18]),
]

# --- paragraphs with spcBef/spcAft (pt) on every paragraph; 1, 2 and 1 lines --------------
PARAGRAPHS = [
    (16, None, 6.0, 0.0, [16.01, 43.19, 62.27, 89.45]),
    (16, None, 0.0, 9.0, [16.01, 47.19, 66.28, 97.46]),
    (16, None, 12.0, 12.0, [16.01, 67.07, 86.27, 137.45]),
    (16, None, 24.0, 3.0, [16.01, 71.19, 90.28, 145.46]),
    (16, {"pct": 1.5}, 12.0, 12.0, [25.61, 86.27, 114.92, 175.58]),
    (16, {"pts": 18.0}, 6.0, 0.0, [20.81, 52.79, 76.79, 108.8]),
    (16, {"pts": 18.0}, 24.0, 3.0, [20.81, 80.79, 104.79, 164.81]),
    (48, None, 12.0, 12.0, [47.99, 137.6, 195.2, 284.81]),
    (48, {"pct": 1.5}, 24.0, 3.0, [76.79, 199.21, 285.61, 407.99]),
    (48, {"pts": 54.0}, 0.0, 9.0, [62.39, 146.41, 218.41, 302.39]),
    (48, {"pts": 54.0}, 12.0, 12.0, [62.39, 166.4, 238.4, 342.41]),
]

# --- one line holding a small and a big run, then a line of the small size only ---------
MIXED = [
    (16, 32, None, [32.0, 54.41]),
    (16, 32, {"pct": 1.5}, [51.2, 83.06]),
    (16, 32, {"pct": 0.9}, [27.62, 48.25]),
    (16, 32, {"pts": 33.6}, [38.39, 86.39]),
    (12, 48, None, [47.99, 69.61]),
    (12, 48, {"pts": 50.4}, [57.59, 132.01]),
    (24, 72, {"pct": 1.5}, [115.19, 167.99]),
    (24, 72, {"pct": 0.9}, [62.12, 98.41]),
]

# --- LibreOffice 7.4 table cells (1x1 table, zero margins): first two baselines ---------
TABLE_CELL = [
    ("Liberation Sans", 16, None, [14.55, 32.42]),
    ("Liberation Sans", 16, {"pts": 19.2}, [22.18, 47.77]),
    ("Liberation Sans", 48, None, [43.45, 97.2]),
    ("Liberation Sans", 48, {"pts": 57.6}, [66.55, 143.35]),
    ("DejaVu Serif", 16, None, [14.85, 33.63]),
    ("DejaVu Serif", 48, {"pts": 57.6}, [65.45, 142.25]),
    ("Noto Sans CJK SC", 16, None, [18.55, 41.76]),
    ("Noto Sans CJK SC", 48, None, [55.58, 125.05]),
    ("Noto Sans CJK SC", 48, {"pts": 57.6}, [63.07, 139.87]),
    ("Carlito", 16, None, [12.01, 28.04]),
    ("Carlito", 48, None, [36.01, 84.01]),
    ("Carlito", 48, {"pts": 57.6}, [64.81, 141.61]),
    ("Caladea", 16, None, [14.43, 32.84]),
    ("Caladea", 48, None, [43.19, 98.41]),
]

# --- Chromium (experiment "end_to_end"): first baseline below the block top, and the
# distance to the second baseline; css line-height in px (None = normal) ------------------
CHROMIUM = [
    ("Liberation Sans", 14, None, 13.0, 16),
    ("Liberation Sans", 14, 16.8, 12.997, 16.7969),
    ("Liberation Sans", 14, 21.0, 14.988, 21.0),
    ("Liberation Sans", 16, None, 14.0, 18),
    ("Liberation Sans", 16, 16.0, 12.987, 16.0),
    ("Liberation Sans", 16, 19.2, 14.991, 19.1875),
    ("Liberation Sans", 16, 40.0, 24.987, 40.0),
    ("Liberation Sans", 72, None, 66.0, 82),
    ("Liberation Sans", 72, 86.4, 67.987, 86.3906),
    ("Liberation Sans", 72, 40.0, 44.991, 40.0),
    ("DejaVu Serif", 16, None, 15.0, 19),
    ("DejaVu Serif", 72, None, 67.0, 84),
    ("Noto Sans CJK SC", 14, None, 16.0, 20),
    ("Noto Sans CJK SC", 16, None, 19.0, 24),
    ("Noto Sans CJK SC", 16, 32.0, 23.0, 32),
    ("Noto Sans CJK SC", 72, None, 84.0, 105),
    ("Noto Sans CJK SC", 72, 144.0, 102.997, 144.0),
    ("Carlito", 14, None, 12.0, 18),  # ascent 10.5 and descent 3.5 round half up
    ("Carlito", 16, None, 14.0, 20),
    ("Carlito", 72, 108.0, 71.997, 108.0),
    ("Caladea", 16, None, 14.0, 18),  # USE_TYPO_METRICS
    ("Caladea", 72, None, 65.0, 83),
]


def text_box_baselines(size: float, ls: tm.LineSpacing) -> list[float]:
    paras = [ParagraphLines([size] * 3, ls), ParagraphLines([size], ls)]
    return [b for p in tm.layout_baselines(paras) for b in p]


@pytest.mark.parametrize(("size", "ls", "measured"), TEXT_BOX)
def test_text_box_baselines_match_libreoffice(
    size: float, ls: tm.LineSpacing, measured: list[float]
) -> None:
    model = text_box_baselines(size, ls)
    assert len(model) == len(measured)
    for m, b in zip(model, measured, strict=True):
        assert abs(m - b) < 0.15


@pytest.mark.parametrize("face", list(FACES.values()))
def test_text_boxes_ignore_the_font_metrics(face: FaceMetrics) -> None:
    for ls in (None, {"pct": 1.5}, {"pts": 51.84}):
        assert tm.first_baseline_offset(face, 72, ls) == tm.first_baseline_offset(
            LIBERATION_SANS, 72, ls
        )
        assert tm.line_pitch(face, 72, ls) == tm.line_pitch(LIBERATION_SANS, 72, ls)


def test_first_baseline_and_pitch_closed_forms() -> None:
    m = LIBERATION_SANS
    # single: baseline 1.0 x size, pitch 1.2 x size
    assert tm.first_baseline_offset(m, 16, None) == pytest.approx(16, abs=0.05)
    assert tm.line_pitch(m, 16, None) == pytest.approx(19.2, abs=0.05)
    # exact spacing X: baseline X - 0.2 x size (measured 20.81 for 16 px, 18 pt = 24 px)
    assert tm.first_baseline_offset(m, 16, {"pts": 18}) == pytest.approx(20.81, abs=0.1)
    assert tm.line_pitch(m, 16, {"pts": 18}) == pytest.approx(24.0, abs=0.03)
    # proportional >= 100 %: surplus above the glyphs
    assert tm.first_baseline_offset(m, 48, {"pct": 1.5}) == pytest.approx(1.5 * 57.6 - 9.6, abs=0.1)
    # proportional < 100 %: ascent 80 % of the shrunk line
    assert tm.first_baseline_offset(m, 48, {"pct": 0.9}) == pytest.approx(0.96 * 0.9 * 48, abs=0.1)


def test_percentages_are_truncated_to_whole_percents() -> None:
    m = LIBERATION_SANS
    assert tm.line_pitch(m, 20, {"pct": 1.375}) == tm.line_pitch(m, 20, {"pct": 1.37})
    assert tm.line_pitch(m, 20, {"pct": 1.005}) == tm.line_pitch(m, 20, None)
    # measured: 20 px at 137.5 % -> 32.81 px pitch (not 33.0)
    assert tm.line_pitch(m, 20, {"pct": 1.375}) == pytest.approx(32.81, abs=0.03)


@pytest.mark.parametrize(("size", "ls", "bef", "aft", "measured"), PARAGRAPHS)
def test_paragraph_spacing(
    size: float, ls: tm.LineSpacing, bef: float, aft: float, measured: list[float]
) -> None:
    paras = [ParagraphLines([size] * n, ls, bef, aft) for n in (1, 2, 1)]
    model = [b for p in tm.layout_baselines(paras) for b in p]
    for m, b in zip(model, measured, strict=True):
        assert abs(m - b) < 0.15


def test_first_paragraph_space_before_is_ignored() -> None:
    with_bef = tm.layout_baselines([ParagraphLines([16], None, 24.0)])
    assert with_bef == tm.layout_baselines([ParagraphLines([16], None)])


def test_empty_paragraph_takes_its_end_size() -> None:
    # measured: 16 px line, empty paragraph (endParaRPr 16 px, or none = 18 pt), 16 px line
    sized = tm.layout_baselines([ParagraphLines([16]), ParagraphLines([16]), ParagraphLines([16])])
    assert sized[2][0] == pytest.approx(54.26, abs=0.15)
    default = tm.layout_baselines(
        [ParagraphLines([16]), ParagraphLines([24]), ParagraphLines([16])]
    )
    assert default[2][0] == pytest.approx(64.01, abs=0.15)


@pytest.mark.parametrize(("small", "big", "ls", "measured"), MIXED)
def test_mixed_sizes_follow_the_largest(
    small: float, big: float, ls: tm.LineSpacing, measured: list[float]
) -> None:
    model = tm.layout_baselines([ParagraphLines([big, small], ls)])[0]
    for m, b in zip(model, measured, strict=True):
        assert abs(m - b) < 0.15


@pytest.mark.parametrize(("font", "size", "ls", "measured"), TABLE_CELL)
def test_table_cells_use_the_font_metrics(
    font: str, size: float, ls: tm.LineSpacing, measured: list[float]
) -> None:
    model = tm.layout_baselines([ParagraphLines([size, size], ls)], FACES[font], table_cell=True)[0]
    for m, b in zip(model, measured, strict=True):
        assert abs(m - b) < 0.35


def test_table_cell_needs_metrics() -> None:
    with pytest.raises(ValueError):
        tm.layout_baselines([ParagraphLines([16])], table_cell=True)


@pytest.mark.parametrize(("font", "size", "lh", "first", "pitch"), CHROMIUM)
def test_chromium_baseline_model(
    font: str, size: float, lh: float | None, first: float, pitch: float
) -> None:
    m = FACES[font]
    assert ref.css_first_baseline(m, size, lh) == pytest.approx(first, abs=0.02)
    assert ref.css_line_pitch(m, size, lh) == pytest.approx(pitch, abs=0.001)


def test_chromium_normal_line_height() -> None:
    assert ref.css_normal_line_height(LIBERATION_SANS, 16) == 18  # 14 + 3 + 1
    assert ref.blink_metrics(CARLITO, 14) == (11, 4, 3)  # 10.5 and 3.5 round up
    assert ref.blink_metrics(CALADEA, 72) == (65, 18, 0)  # typo, not win


@pytest.mark.parametrize("lh", [12.0, 14.4, 18.0, 19.2, 24.0, 27.5, 40.0, 57.6, 100.0, 130.0])
@pytest.mark.parametrize("size", [12.0, 16.0, 24.0, 48.0, 104.0])
def test_line_spacing_for_reproduces_the_css_pitch(lh: float, size: float) -> None:
    ls = tm.line_spacing_for(lh, LIBERATION_SANS, size)
    want = max(lh, tm.MIN_FIXED_LINE_FACTOR * size)  # tiny pitches are raised (see below)
    assert set(ls) == {"pts"}
    assert ls["pts"] == pytest.approx(want * 0.75, abs=0.005)
    assert tm.line_pitch(LIBERATION_SANS, size, ls) == pytest.approx(want, abs=0.03)


def test_line_spacing_for_pct_when_exact() -> None:
    assert tm.line_spacing_for(28.8, LIBERATION_SANS, 16, prefer="pct") == {"pct": 1.5}
    # 27.29 px lies between 142 % (27.17 px) and 143 % (27.40 px) of the 16 px line: points
    assert tm.line_spacing_for(27.29, LIBERATION_SANS, 16, prefer="pct") == {"pts": 20.47}


@pytest.mark.parametrize("font", list(FACES))
@pytest.mark.parametrize("lh", [None, 1.0, 1.5, 2.0])
def test_box_top_for_baseline_puts_the_first_baseline_on_chromiums(
    font: str, lh: float | None
) -> None:
    m, size, block_top = FACES[font], 24.0, 100.0
    lh_px = None if lh is None else lh * size
    target = block_top + ref.css_first_baseline(m, size, lh_px)
    ls = tm.line_spacing_for(ref.css_line_pitch(m, size, lh_px), m, size)
    top = tm.box_top_for_baseline(target, m, size, ls)
    assert top + tm.first_baseline_offset(m, size, ls) == pytest.approx(target)
    # and the following lines follow Chromium's pitch
    assert tm.line_pitch(m, size, ls) == pytest.approx(ref.css_line_pitch(m, size, lh_px), abs=0.03)


def test_escapement() -> None:
    # CSS vertical-align: super raises by size/3 + 1 (measured in Chromium: 6.33 px at 16 px)
    assert ref.css_superscript_shift(16) == pytest.approx(6.333, abs=0.01)
    assert ref.css_subscript_shift(72) == pytest.approx(15.4)
    # whole percents only; LibreOffice measured: 40 % of 16 px = 6.42 px raise, glyph 9.18 px
    assert tm.escapement_for(ref.css_superscript_shift(16), 16) == 40000
    assert tm.escapement_for(ref.css_superscript_shift(72), 72) == 35000
    assert abs(0.40 * 16 - 6.42) < 0.05
    assert abs(tm.ESCAPEMENT_SIZE * 16 - 9.18) < 0.15
    assert abs(tm.ESCAPEMENT_SIZE * 72 - 41.73) < 0.1


def test_letter_spacing() -> None:
    assert ref.spc_for_letter_spacing(2.0) == 150
    assert ref.spc_for_letter_spacing(-1.0) == -75
    # measured per character: 1.986 px for 2 px, 11.998 for 12 px, 5.458 for 5.5 px
    for px, measured in ((2.0, 1.986), (12.0, 11.998), (5.5, 5.458)):
        assert pt_to_px(ref.spc_for_letter_spacing(px) / 100) == pytest.approx(measured, abs=0.06)


# CJK glyphs are exactly 1 em wide: LibreOffice's advance per em, measured on 20 glyphs.
CJK_ADVANCE_PER_EM = [
    (10.0, 1.0086),
    (10.5, 1.0069),
    (11.25, 0.9945),
    (13.5, 0.9945),
    (14.0, 0.9931),
    (16.0, 0.9992),
    (16.5, 0.9976),
    (24.0, 1.0),
]


@pytest.mark.parametrize(("size", "measured"), CJK_ADVANCE_PER_EM)
def test_lo_advances_are_rounded_on_a_600_dpi_device(size: float, measured: float) -> None:
    assert tm.lo_advance_px(1.0, size) / size == pytest.approx(measured, abs=0.0025)


# Noto Sans CJK SC lines (all advances 1 em): (size, glyphs, LibreOffice width, Chromium width)
CJK_LINES = [
    (12, 37, 444.69, 444.016),
    (14, 37, 514.33, 518.0),
    (16, 37, 591.56, 592.016),
    (48, 20, 960.0, 960.016),
]


@pytest.mark.parametrize(("size", "n", "lo", "chromium"), CJK_LINES)
def test_lo_line_width(size: float, n: int, lo: float, chromium: float) -> None:
    assert ref.lo_line_width([1.0] * n, size) == pytest.approx(lo, rel=0.003)
    spc = ref.spc_correction_px(chromium, [1.0] * n, size)
    assert ref.lo_line_width([1.0] * n, size) + n * spc == pytest.approx(chromium)


def test_box_width_slack_covers_the_worst_measured_line() -> None:
    # worst measured: Liberation Sans 12 px, Chromium 970.34 px, LibreOffice 978.37 px (+0.83 %);
    # LibreOffice's own wrap decision is fuzzy by about 1 px
    assert tm.box_width_for_line(970.34, 12) > 978.37 + 1.0


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("Abc中文Abc 1中2", 4),
        ("中%中(A)中", 4),
        ("（A）中，A。中 A", 5),
        ("中-中 x中.中", 6),
        ("中文字", 0),
        ("abc", 0),
        # general punctuation, arrows, currency, maths take the kind before them (measured)
        ("中文“中”文—中→文€中≈文…", 0),
        ("ab“中”", 1),
        ("中×中·中", 4),
    ],
)
def test_cjk_autospace_count(text: str, count: int) -> None:
    assert tm.cjk_autospace_count(text) == count


def test_cjk_autospace_px() -> None:
    # measured at 16 px: 0.98 em of extra width in "Abc中文Abc 1中2", 1.199 em in "（A）中，A。中 A"
    assert tm.cjk_autospace_px("Abc中文Abc 1中2", 16) / 16 == pytest.approx(0.98, abs=0.04)
    assert tm.cjk_autospace_px("（A）中，A。中 A", 16) / 16 == pytest.approx(1.199, abs=0.04)


def test_face_metrics_from_font_units() -> None:
    assert LIBERATION_SANS.hhea_ascent == pytest.approx(0.9053, abs=1e-4)
    assert LIBERATION_SANS.hhea_descent == pytest.approx(0.2119, abs=1e-4)
    assert LIBERATION_SANS.ascent_descent_gap() == (
        LIBERATION_SANS.hhea_ascent,
        LIBERATION_SANS.hhea_descent,
        LIBERATION_SANS.hhea_line_gap,
    )
    assert CALADEA.ascent_descent_gap() == (0.9, 0.25, 0.0)  # USE_TYPO_METRICS: typo
    assert CARLITO.ascent_descent_gap()[0] == 0.75  # hhea, not win (0.952)


def test_line_spacing_for_never_loses_the_text() -> None:
    # measured: 48 px text with spcPts below 0.2 x 48 px is not drawn at all
    ls = tm.line_spacing_for(0.0, LIBERATION_SANS, 48)
    assert tm.first_baseline_offset(LIBERATION_SANS, 48, ls) > 0
    assert ls == {"pts": 9.0}  # 0.25 x 48 px
