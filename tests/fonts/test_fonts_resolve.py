"""CSS family lists -> the faces Chromium 156 picks on Debian 12 (fontconfig + Chromium rules).

Expected families were read from headless Chromium with CDP CSS.getPlatformFontsForNode
(tools/recorders/fonts_probe.py --fonts), fidelity flags, locale en-US.
"""

from __future__ import annotations

import os

import pytest

from engine.fonts import font_stack
from engine.fonts.resolve import css_weight_to_fc, fc_weight_to_css, script_for_lang
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
@pytest.mark.parametrize(
    ("families", "family", "file"),
    [
        (("Arial",), "Liberation Sans", "LiberationSans-Regular.ttf"),
        (("Helvetica",), "Liberation Sans", "LiberationSans-Regular.ttf"),
        (("Times New Roman",), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (("Times",), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (("Courier New",), "Liberation Mono", "LiberationMono-Regular.ttf"),
        (("Calibri",), "Carlito", "Carlito-Regular.ttf"),
        (("Cambria",), "Caladea", "Caladea-Regular.ttf"),
        # Georgia is not installed: fontconfig offers Noto Serif, which Chromium refuses,
        # so the next family is used.
        (("Georgia", "monospace"), "DejaVu Sans Mono", "DejaVuSansMono.ttf"),
        (("DejaVu Serif", "Georgia", "serif"), "DejaVu Serif", "DejaVuSerif.ttf"),
        (("sans-serif",), "Liberation Sans", "LiberationSans-Regular.ttf"),
        (("serif",), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (("monospace",), "DejaVu Sans Mono", "DejaVuSansMono.ttf"),
        (("system-ui",), "Noto Sans", "NotoSans-Regular.ttf"),
        (("Inter", "system-ui", "sans-serif"), "Noto Sans", "NotoSans-Regular.ttf"),
        (
            ("-apple-system", "Segoe UI", "Inter", "sans-serif"),
            "Liberation Sans",
            "LiberationSans-Regular.ttf",
        ),
        # Unknown families and no generic: the standard font (Times New Roman).
        (("Inter",), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (("Microsoft YaHei", "PingFang SC"), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (("SimHei",), "Liberation Serif", "LiberationSerif-Regular.ttf"),
        (
            ("Noto Sans CJK SC", "Microsoft YaHei", "PingFang SC", "sans-serif"),
            "Noto Sans CJK SC",
            "NotoSansCJK-Regular.ttc",
        ),
    ],
)
def test_primary_family(families: tuple[str, ...], family: str, file: str) -> None:
    face = font_stack(families, 400, "normal").primary
    assert face.family == family
    assert os.path.basename(face.path) == file


@needs_fonts
def test_ttc_index_of_cjk_sc() -> None:
    face = font_stack(("Noto Sans CJK SC",), 400, "normal").primary
    assert face.index == 2  # NotoSansCJK-Regular.ttc: JP 0, KR 1, SC 2, TC 3, HK 4
    assert face.is_cjk
    assert not font_stack(("Liberation Sans",), 400, "normal").primary.is_cjk


@needs_fonts
@pytest.mark.parametrize(
    ("lang", "generic", "family"),
    [
        ("zh-CN", "sans-serif", "Noto Sans CJK SC"),
        ("zh-CN", "serif", "Noto Serif CJK SC"),
        ("zh-CN", "Inter", "Noto Sans CJK SC"),  # the standard font of Han (Simplified)
        ("zh-CN", "monospace", "DejaVu Sans Mono"),
        ("zh-TW", "sans-serif", "Noto Sans CJK TC"),
        ("ja", "monospace", "Noto Sans Mono CJK JP"),
        ("ko", "serif", "Noto Serif CJK KR"),
        ("de", "sans-serif", "Liberation Sans"),
    ],
)
def test_generic_families_follow_content_language(lang: str, generic: str, family: str) -> None:
    assert font_stack((generic,), 400, "normal", lang).primary.family == family


@needs_fonts
@requires_fonts("fonts-dejavu-extra")  # DejaVu Sans ExtraLight, DejaVu Math TeX Gyre
def test_weight_matching_and_synthesis() -> None:
    bold = font_stack(("Liberation Sans",), 700, "normal").primary
    assert os.path.basename(bold.path) == "LiberationSans-Bold.ttf"
    assert bold.bold and not bold.synthetic_bold
    semi = font_stack(("DejaVu Sans",), 600, "normal").primary
    assert os.path.basename(semi.path) == "DejaVuSans-Bold.ttf"
    medium = font_stack(("DejaVu Sans",), 500, "normal").primary
    assert os.path.basename(medium.path) == "DejaVuSans.ttf"
    light = font_stack(("DejaVu Sans",), 300, "normal").primary
    assert os.path.basename(light.path) == "DejaVuSans-ExtraLight.ttf"
    # Synthetic bold when the requested weight exceeds the face's by more than 200
    # (checked in Chromium by ink coverage: 500 on ExtraLight is emboldened, 600 on a
    # regular-only family is not, 700 is).
    assert font_stack(("DejaVu Sans Light",), 500, "normal").primary.synthetic_bold
    assert not font_stack(("DejaVu Sans Light",), 400, "normal").primary.synthetic_bold
    assert not font_stack(("DejaVu Math TeX Gyre",), 600, "normal").primary.synthetic_bold
    assert font_stack(("DejaVu Math TeX Gyre",), 700, "normal").primary.synthetic_bold


@needs_fonts
def test_italic_real_and_synthetic() -> None:
    real = font_stack(("Liberation Sans",), 400, "italic").primary
    assert os.path.basename(real.path) == "LiberationSans-Italic.ttf"
    assert real.italic and not real.synthetic_italic
    cjk = font_stack(("Noto Sans CJK SC",), 400, "italic").primary
    assert cjk.synthetic_italic and cjk.italic
    assert os.path.basename(cjk.path) == "NotoSansCJK-Regular.ttc"


def test_weight_maps_and_lang_scripts() -> None:
    assert [css_weight_to_fc(w) for w in (100, 300, 400, 500, 600, 700, 900)] == [
        0,
        50,
        80,
        100,
        180,
        200,
        210,
    ]
    assert fc_weight_to_css(200) == 700 and fc_weight_to_css(40) == 200
    assert script_for_lang("zh-CN") == "Hans"
    assert script_for_lang("zh-Hant") == "Hant"
    assert script_for_lang("zh-HK") == "Hant"
    assert script_for_lang("ja-JP") == "Jpan"
    assert script_for_lang("en") == "Latn"


def test_stack_is_cached() -> None:
    assert font_stack(("Arial", "sans-serif"), 400, "normal") is font_stack(
        ("Arial", "sans-serif"), 400, "normal"
    )
