"""Row-spanning cells whose text reaches into their last row: the text is drawn over the table (XML)."""

from __future__ import annotations

from lxml import etree

from tests.model.slide_xml import slide_root

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}

# A financial-statement header: the stub cell spans both header rows and sits at the bottom
# (its rows as the layout gives them, which match Chromium 156 for such headers).
# LibreOffice sizes the last row of a vertical merge for the merged cell's whole margins and
# text, so that text cannot stay in the cell without growing the second header row.
TABLE = (
    "<table style='border-collapse:collapse;width:600px;font:15px Liberation Sans'><thead>"
    "<tr><th rowspan='2' style='vertical-align:{va};border-bottom:2px solid #000'>USD</th>"
    "<th colspan='2' style='border-bottom:1px solid #000;font-size:13px;padding:4px 8px'>FY24</th></tr>"
    "<tr><th style='font-size:12px;padding:4px 10px 6px'>Jun</th>"
    "<th style='font-size:12px;padding:4px 10px 6px'>Dec</th></tr></thead>"
    "<tbody><tr><td>a</td><td>1</td><td>2</td></tr></tbody></table>"
)


def _slide(body: str) -> etree._Element:
    return slide_root(body)


def _cell_texts(root: etree._Element) -> list[str]:
    return ["".join(tc.itertext()) for tc in root.iterfind(".//a:tc", NS)]


def _box_texts(root: etree._Element) -> list[str]:
    return [
        "".join(sp.find("p:txBody", NS).itertext())
        for sp in root.iterfind(".//p:sp", NS)
        if sp.find("p:txBody", NS) is not None
    ]


def test_bottom_aligned_rowspan_text_is_drawn_over_the_table() -> None:
    root = _slide(TABLE.replace("{va}", "bottom"))
    cells = _cell_texts(root)
    assert cells[0] == ""  # the merged stub cell is empty
    assert "Jun" in cells and "FY24" in cells
    assert "USD" in _box_texts(root)
    heights = [int(tr.get("h")) for tr in root.iterfind(".//a:tr", NS)]
    assert heights == [223838, 233362, 190500]  # 23.5, 24.5, 20 px as laid out


def test_top_aligned_rowspan_text_that_fits_the_first_row_stays_in_the_cell() -> None:
    root = _slide(TABLE.replace("{va}", "top"))
    assert _cell_texts(root)[0] == "USD"
    assert "USD" not in _box_texts(root)
