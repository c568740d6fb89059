"""CJK characters of a run whose east-asian face was chosen in the page's language stay in that run
(no fallback run naming the default language's face: Japanese for a Chinese page)."""

from __future__ import annotations

from engine.api import convert

PAGE = (
    '<!DOCTYPE html><html lang="{lang}"><body style="margin:0">'
    '<div class="slide" style="width:640px;height:360px">'
    "<p style=\"font-family:'DejaVu Sans Mono';font-size:20px\">// 这个是二进制运算</p>"
    "</div></body></html>"
)


def faces(lang: str) -> list[tuple[str, str | None, str | None]]:
    slide = convert([PAGE.format(lang=lang)]).slides[0]
    return [
        (r["text"], r.get("font"), r.get("ea_font"))
        for shape in slide["shapes"]
        if shape["kind"] == "text"
        for para in shape["text"]["paragraphs"]
        for r in para["runs"]
    ]


def test_chinese_page_keeps_its_chinese_face_in_one_run() -> None:
    assert faces("zh-CN") == [("// 这个是二进制运算", "DejaVu Sans Mono", "Noto Sans CJK SC")]


def test_english_page_still_names_the_fallback_face_it_measured() -> None:
    found = faces("en")
    assert len({ea for _, _, ea in found}) == 1 and found[0][2] is not None
    assert "".join(t for t, _, _ in found) == "// 这个是二进制运算"
