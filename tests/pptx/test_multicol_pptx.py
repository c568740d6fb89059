"""Multi-column content in the PPTX: each column's text is its own text box at the column's
x, and `column-rule` becomes one thin filled rectangle centred in each gap."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from engine import convert
from tests.layout.chromium_boxes import page

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU = 9525

WORDS = " ".join(f"word{i:02d}" for i in range(80))
HTML = (
    '<div style="position:absolute;left:100px;top:50px;width:620px;column-count:2;'
    "column-gap:20px;column-rule:2px solid rgb(204,0,0);font:16px/20px 'Liberation Sans'\">"
    f"<p style='margin:0'>{WORDS}</p></div>"
)


def _shapes() -> list[etree._Element]:
    data = convert([page(HTML)]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    return list(xml.iterfind(".//p:sp", NS))


def _box(sp: etree._Element) -> tuple[float, float, float, float]:
    off = sp.find("p:spPr/a:xfrm/a:off", NS)
    ext = sp.find("p:spPr/a:xfrm/a:ext", NS)
    return (
        int(off.get("x")) / EMU,
        int(off.get("y")) / EMU,
        int(ext.get("cx")) / EMU,
        int(ext.get("cy")) / EMU,
    )


def test_each_column_is_a_text_box_and_text_stays_in_order() -> None:
    texts = [sp for sp in _shapes() if sp.find(".//a:t", NS) is not None]
    assert len(texts) == 2
    left, right = sorted(texts, key=lambda sp: _box(sp)[0])
    assert abs(_box(left)[0] - 100) < 2 and abs(_box(right)[0] - 420) < 2
    words = [
        w for sp in (left, right) for t in sp.iterfind(".//a:t", NS) for w in (t.text or "").split()
    ]
    assert words == WORDS.split()


def test_column_rule_is_a_rectangle_in_the_gap() -> None:
    rules = [
        sp
        for sp in _shapes()
        if sp.find("p:spPr/a:solidFill/a:srgbClr", NS) is not None
        and sp.find("p:spPr/a:solidFill/a:srgbClr", NS).get("val") == "CC0000"
    ]
    assert len(rules) == 1
    x, y, w, h = _box(rules[0])
    assert (x, y, w) == (409.0, 50.0, 2.0)  # 100 + 300 + (20 - 2) / 2
    assert h > 100
