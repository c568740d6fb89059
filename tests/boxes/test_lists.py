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
