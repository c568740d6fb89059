from lxml import html

from engine.boxes.lists import marker_text, ordinal_for


def test_marker_text_styles():
    assert marker_text("disc", 1) == "\u2022 "
    assert marker_text("decimal", 12) == "12. "
    assert marker_text("lower-alpha", 28) == "ab. "
    assert marker_text("upper-roman", 14) == "XIV. "
    assert marker_text("none", 1) is None


def test_ordinal_start_reversed_value():
    doc = html.fromstring(
        '<div><ol start="5"><li>a</li><li>b</li></ol><ol reversed><li>x</li><li>y</li><li>z</li></ol><ol><li>a</li><li value="10">b</li><li>c</li></ol></div>'
    )
    first, rev, val = doc.findall("ol")
    assert [ordinal_for(li) for li in first] == [5, 6]
    assert [ordinal_for(li) for li in rev] == [3, 2, 1]
    assert [ordinal_for(li) for li in val] == [1, 10, 11]


def test_disclosure_marker_text() -> None:
    assert marker_text("disclosure-closed", 3) == "\u25ba "
    assert marker_text("disclosure-open", 3) == "\u25bc "


def _slide_texts(snippet: str) -> list[str]:
    from engine.options import Options
    from engine.pipeline import convert_page

    page = f"<html><body style='margin:0'><div class=slide style='width:640px;height:360px'>{snippet}</div>"
    shapes = convert_page(page, Options(viewport=(640, 360))).slide["shapes"]
    texts = []
    for shape in shapes:
        for para in (shape.get("text") or {}).get("paragraphs", []):
            bullet = (para.get("bullet") or {}).get("char", "")
            texts.append(bullet + "".join(r.get("text", "") for r in para["runs"]))
    return texts


def test_closed_details_shows_only_its_summary_with_a_closed_triangle() -> None:
    texts = _slide_texts(
        "<details><summary>Terms</summary><p>Hidden</p>tail</details>"
        "<details open><summary>Open</summary><p>Shown</p></details>"
        "<details><summary style='list-style:none'>Plain</summary></details>"
    )
    # the triangle is the paragraph's bullet, hanging by Chromium's 0.66em + 0.4em advance
    assert texts == ["\u25baTerms", "\u25bcOpen", "Shown", "Plain"]
