"""Text widths, word positions and font fallback against Chromium 156 (Debian 12).

Expected numbers are span / Range getBoundingClientRect widths from headless Chromium
(tools/recorders/fonts_probe.py; Chromium snaps them to 1/64 px, so 0.02 px tolerance).
Over 600 lines of text (8 fonts, 16-72 px, regular/bold, corpus sentences, CJK) every word
edge was within 0.02 px of Chromium when a text is measured in one piece.
"""

from __future__ import annotations

import itertools

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
TOL = 0.02
FOX = "The quick brown fox jumps over the lazy dog while AVATAR Tests WAVE"
KERN = "Typography: kerning pairs like AV, To, Wa, Yo, LT, and P. matter"


@needs_fonts
@pytest.mark.parametrize(
    ("family", "size", "weight", "text", "width"),
    [
        ("Arial", 16, 400, "Hello", 36.46875),
        ("Liberation Sans", 16, 400, FOX, 511.625),
        ("Liberation Sans", 16, 700, FOX, 547.921875),
        ("Liberation Sans", 48, 400, FOX, 1534.859375),
        ("Liberation Serif", 48, 700, FOX, 1505.203125),
        ("DejaVu Sans", 16, 700, FOX, 641.71875),
        ("DejaVu Serif", 48, 400, FOX, 1756.265625),
        ("Noto Sans", 48, 700, FOX, 1680.34375),
        ("Noto Serif", 16, 400, FOX, 547.875),
        ("Carlito", 48, 400, FOX, 1375.828125),
        ("DejaVu Sans Mono", 16, 700, FOX, 645.40625),
        ("Liberation Sans", 72, 400, KERN, 2010.515625),
        ("Liberation Serif", 72, 400, KERN, 1862.765625),
        ("Carlito", 72, 400, KERN, 1792.34375),
        ("Noto Sans CJK SC", 16, 400, "Hello 你好", 74.890625),
    ],
)
def test_widths_match_chromium(
    family: str, size: float, weight: int, text: str, width: float
) -> None:
    assert font_stack((family,), weight, "normal").measure(text, size) == pytest.approx(
        width, abs=TOL
    )


QRG = "Quarterly revenue grew in every region"


@needs_fonts
@pytest.mark.parametrize(
    ("family", "size", "text", "lang", "width"),
    [
        # tools/recorders/fonts_probe.py: fractional sizes (0.95vw, 1.1rem, 17.3px...) are shaped at the
        # platform font's size: x 100 truncated in float, then a truncated 26.6 size.
        ("Liberation Sans", 17.3, QRG, "", 298.734375),
        ("Liberation Serif", 15.2, QRG, "", 239.9375),
        ("DejaVu Sans", 16.3, QRG, "", 321.9375),
        ("Liberation Sans", 12.16, QRG, "", 210.140625),
        ("Liberation Sans", 17.6, QRG, "", 304.140625),
        ("Noto Sans CJK JP", 16.3, "国内のクラウド会計市場", "ja", 179.109375),
    ],
)
def test_fractional_sizes_shape_at_platform_size(
    family: str, size: float, text: str, lang: str, width: float
) -> None:
    assert font_stack((family,), 400, "normal", lang).measure(text, size) == pytest.approx(
        width, abs=TOL
    )


def test_shaping_size_quantization() -> None:
    from engine.fonts.measure import shaping_size

    assert shaping_size(16.0) == 16.0
    assert shaping_size(17.3) == 1106 / 64  # 17.3f x 100 = 1729.99... -> 17.29
    assert shaping_size(16.02) == 1025 / 64
    assert shaping_size(15.2) == 972 / 64
    assert shaping_size(0.0) == 0.0


@needs_fonts
def test_word_positions_from_one_shaping() -> None:
    # Liberation Sans 16px: Chromium's [left, right] of the first words of FOX.
    stack = font_stack(("Liberation Sans",), 400, "normal")
    x = [0.0, *itertools.accumulate(stack.char_advances(FOX, 16))]
    assert (x[0], x[3]) == pytest.approx((0, 27.578125), abs=TOL)
    assert (x[4], x[9]) == pytest.approx((32.015625, 69.375), abs=TOL)
    av = FOX.index("AVATAR")
    assert (x[av], x[av + 6]) == pytest.approx((361.0625, 420.34375), abs=TOL)
    # Liberation Serif 72px: the last word "matter" starts at 1678.84 in Chromium; shaping
    # the words one by one would lose the kerning against spaces (~9 px over this line).
    serif = font_stack(("Liberation Serif",), 400, "normal")
    xs = [0.0, *itertools.accumulate(serif.char_advances(KERN, 72))]
    assert xs[len(KERN) - 6] == pytest.approx(1678.84375, abs=TOL)


@needs_fonts
def test_kerning_is_applied() -> None:
    stack = font_stack(("Liberation Sans",), 400, "normal")
    plain = sum(stack.primary.advance(c) for c in "AVATAR") * 100
    assert stack.measure("AVATAR", 100) < plain - 10


@needs_fonts
def test_letter_and_word_spacing() -> None:
    # Carlito has fi/ffi/fl ligatures; letter-spacing turns them off (Chromium: 101.78125
    # without spacing, 138.3125 with 2px: 18 characters + unligated glyphs).
    carlito = font_stack(("Carlito",), 400, "normal")
    assert carlito.measure("official fish flow", 16) == pytest.approx(101.78125, abs=TOL)
    assert carlito.measure("official fish flow", 16, 2) == pytest.approx(138.3125, abs=TOL)
    lib = font_stack(("Liberation Sans",), 400, "normal")
    assert lib.measure("AVATAR Tower", 16, 1.5) == pytest.approx(124.109375, abs=TOL)
    assert lib.measure("AVATAR Tower", 16, 0, 10) == pytest.approx(116.109375, abs=TOL)
    adv = lib.char_advances("AVATAR Tower", 16, 1.5, 10)
    assert sum(adv) == pytest.approx(lib.measure("AVATAR Tower", 16, 1.5, 10))


@needs_fonts
def test_cjk_fallback_segments_and_width() -> None:
    # Chromium (lang en-US): Liberation Sans draws 'Hello ', ' → '; Noto Sans CJK JP draws
    # 你好 and also ★ ✓ (the fallback font chosen for 你 covers the rest of the Han run).
    stack = font_stack(("Liberation Sans",), 400, "normal")
    text = "Hello 你好 ★ → ✓"
    segs = [(f.family, t) for f, t in stack.segments(text)]
    assert segs == [
        ("Liberation Sans", "Hello "),
        ("Noto Sans CJK JP", "你好"),
        ("Liberation Sans", " "),
        ("Noto Sans CJK JP", "★"),
        ("Liberation Sans", " → "),
        ("Noto Sans CJK JP", "✓"),
    ]
    assert stack.measure(text, 16) == pytest.approx(129.171875, abs=TOL)
    # Alone, ★ falls back to DejaVu Sans (14.34375 px in Chromium).
    assert [f.family for f, _ in stack.segments("★")] == ["DejaVu Sans"]
    assert stack.measure("★", 16) == pytest.approx(14.34375, abs=TOL)


@needs_fonts
def test_cjk_fallback_depends_on_language_and_weight() -> None:
    text = "Hello 你好世界"
    en = font_stack(("Liberation Sans",), 700, "normal")
    cjk = [f for f, t in en.segments(text) if "你" in t][0]
    # System fallback ignores the weight: the Regular file, emboldened.
    assert (cjk.family, cjk.synthetic_bold, cjk.index) == ("Noto Sans CJK JP", True, 0)
    zh = font_stack(("Liberation Sans",), 700, "normal", "zh-CN")
    cjk = [f for f, t in zh.segments(text) if "你" in t][0]
    # zh-CN: the Han standard font (Noto Sans CJK SC) is in the list, so its real Bold.
    assert (cjk.family, cjk.synthetic_bold, cjk.index) == ("Noto Sans CJK SC", False, 2)
    assert cjk.path.endswith("NotoSansCJK-Bold.ttc")
    assert zh.measure(text, 16) == pytest.approx(107.578125, abs=TOL)


@needs_fonts
@pytest.mark.parametrize(
    ("family", "lang", "text", "width"),
    [
        # Fullwidth punctuation pairs are halved with `halt` (text-spacing-trim: normal).
        ("Noto Sans CJK SC", "zh-CN", "“你好。”（测试）、【标题】：内容；", 248.015625),
        ("Noto Sans CJK SC", "zh-CN", "（（测试））", 80.015625),
        ("Noto Sans CJK SC", "zh-CN", "你好、「世界」。", 112.015625),
        ("Noto Sans CJK SC", "zh-CN", "你好，世界。这是测试！", 176.015625),
        ("Noto Sans CJK JP", "en", "“你好。”（测试）、【标题】：内容；", 239.171875),
        ("Noto Sans CJK JP", "zh-CN", "“你好。”（测试）、【标题】：内容；", 248.015625),
        ("Noto Sans CJK TC", "en", "“你好。”（测试）、【标题】：内容；", 256.015625),
        ("Noto Sans CJK SC", "zh-CN", "中文English中文123测试", 177.0),
    ],
)
def test_cjk_punctuation_trimming(family: str, lang: str, text: str, width: float) -> None:
    assert font_stack((family,), 400, "normal", lang).measure(text, 16) == pytest.approx(
        width, abs=TOL
    )


@needs_fonts
def test_pair_split_by_a_line_break_is_not_collapsed() -> None:
    # Chromium 156 does not trim opening punctuation at a line start: for "（测试）（测试）"
    # broken after "）", the second line "（测试）" is 48px wide, not 40.
    stack = font_stack(("Noto Sans CJK SC",), 400, "normal", "zh-CN")
    assert stack.measure("（测试）（测试）", 16) == pytest.approx(120.0, abs=TOL)
    assert stack.measure("（测试）", 16) == pytest.approx(64.0, abs=TOL)


@needs_fonts
@requires_fonts("fonts-noto-color-emoji")
@pytest.mark.parametrize(
    ("text", "families", "width"),
    [
        # Emoji-presentation characters use the emoji fallback (the font fontconfig gives
        # U+1F46A for und-Zsye: Noto Color Emoji), unless a listed family has them (DejaVu
        # Sans has U+26A1). Chromium 156 (tools/recorders/fonts_probe.py --fonts) reports Noto Color Emoji
        # for the emoji; its advance comes from the bitmap strike (136 px at 109 ppem).
        ("a⚡b", ("Liberation Sans",), 37.765625),
        ("a⚡b", ("DejaVu Sans",), 31.203125),
        ("a😀b", ("Liberation Sans",), 37.765625),
        ("a✅b", ("Liberation Sans",), 37.765625),
    ],
)
def test_symbol_and_emoji_fallback(text: str, families: tuple[str, ...], width: float) -> None:
    assert font_stack(families, 400, "normal").measure(text, 16) == pytest.approx(width, abs=TOL)


@needs_fonts
@requires_fonts("fonts-dejavu-extra")
def test_synthetic_bold_keeps_advances() -> None:
    # Chromium: DejaVu Math TeX Gyre has no bold; 400 and 700 both measure 171.359375.
    regular = font_stack(("DejaVu Math TeX Gyre",), 400, "normal")
    bold = font_stack(("DejaVu Math TeX Gyre",), 700, "normal")
    assert bold.primary.synthetic_bold
    assert bold.measure("Hello World AVATAR", 16) == pytest.approx(171.359375, abs=TOL)
    assert regular.measure("Hello World AVATAR", 16) == bold.measure("Hello World AVATAR", 16)


@needs_fonts
def test_measure_is_cached_and_consistent() -> None:
    stack = font_stack(("Noto Sans", "DejaVu Sans", "Arial", "sans-serif"), 400, "normal")
    first = stack.measure("Quarterly", 20)
    assert stack.measure("Quarterly", 20) == first
    assert sum(stack.char_advances("Quarterly", 20)) == pytest.approx(first)
    assert stack.measure("", 20) == 0.0
    assert stack.segments("") == []
