"""Font sets: CSS font stacks resolved with this machine's fonts or with the Office fonts."""

from __future__ import annotations

import io
import zipfile

from engine import convert
from engine.fonts import font_stack
from engine.fonts.fontsets import measured_with, office_family, use_font_set
from engine.options import Options
from tests.conftest import requires_fonts

pytestmark = requires_fonts(
    "fonts-liberation2", "fonts-dejavu-core", "fonts-noto-core", "fonts-noto-cjk"
)


def test_css_families_as_a_windows_browser_with_office_fonts_sees_them() -> None:
    assert office_family("system-ui", "Latn") == "Segoe UI"
    assert office_family("-apple-system", "Latn") == "Segoe UI"
    assert office_family("Helvetica Neue", "Latn") == "Arial"
    assert office_family("'PingFang SC'", "Hans") == "Microsoft YaHei"
    assert office_family("Georgia", "Latn") == "Georgia"
    assert office_family("monospace", "Latn") == "Consolas"
    assert office_family("sans-serif", "Hans") == "Microsoft YaHei"
    assert office_family("Noto Sans", "Latn") is None  # not on a stock Office machine
    assert office_family("Inter", "Latn") is None
    assert measured_with("Arial") == "Liberation Sans" and measured_with("Calibri") == "Carlito"
    assert measured_with("Microsoft YaHei") == "Noto Sans CJK SC"


def test_office_set_names_office_families_measured_with_twins() -> None:
    stack = ("Inter", "Noto Sans", "Helvetica", "sans-serif")
    linux = font_stack(stack)
    with use_font_set("office"):
        office = font_stack(stack)
        cjk = font_stack(("PingFang SC", "sans-serif"), lang="zh-CN")
    assert linux.primary.family == "Noto Sans"
    assert office.primary.family == "Arial"  # Inter and Noto Sans skipped, Helvetica -> Arial
    assert office.measure("Ship it", 20) == font_stack(("Liberation Sans",)).measure("Ship it", 20)
    assert cjk.primary.family == "Microsoft YaHei"
    assert cjk.measure("年度", 20) == 40.0


def _slide_xml(options: Options, body: str, lang: str = "en") -> str:
    page = (
        f'<html lang="{lang}"><body style="margin:0"><div class="slide" style="width:480px;'
        f'height:270px">{body}</div></body></html>'
    )
    data = convert([page], options=options).pptx_bytes
    return zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml").decode()


def test_a_deck_laid_out_with_the_office_set_names_office_fonts_only() -> None:
    body = (
        '<p style="font-family:system-ui">Quarterly review</p>'
        "<p style=\"font-family:'Noto Sans',Helvetica\">Revenue</p>"
        "<p style=\"font-family:'PingFang SC',sans-serif\">年度经营 2025</p>"
    )
    linux = _slide_xml(Options(), body, "zh-CN")
    office = _slide_xml(Options(font_set="office"), body, "zh-CN")
    assert 'typeface="Noto Sans"' in linux
    assert 'typeface="Segoe UI"' in office and 'typeface="Arial"' in office
    assert 'typeface="Microsoft YaHei"' in office
    assert "Noto" not in office and "DejaVu" not in office


def test_an_unknown_font_set_is_a_bad_request() -> None:
    import pytest

    from engine.errors import InvalidRequest

    with pytest.raises(InvalidRequest) as info:
        convert(
            ['<div class="slide" style="width:10px;height:10px"></div>'],
            options=Options(font_set="mac"),
        )
    assert info.value.details[0].field == "options.font_set"


def test_office_names_measured_with_stand_ins_carry_their_kind_s_hints() -> None:
    from engine.pptx.typefaces import font_attrs

    assert font_attrs("Segoe UI") == {"typeface": "Segoe UI", "pitchFamily": "34", "charset": "0"}
    assert font_attrs("Consolas")["pitchFamily"] == "49"
    yahei = font_attrs("Microsoft YaHei")
    assert (yahei["pitchFamily"], yahei["charset"]) == ("34", "-122") and "panose" not in yahei
