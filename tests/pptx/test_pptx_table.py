"""table shapes -> p:graphicFrame/a:tbl: grid, rows, merges, cell margins, borders, fills."""

from __future__ import annotations

from pptx_testkit import NS, local, text_body, write

BLACK = {"width": 1, "color": "000000", "alpha": 1, "dash": "solid"}
RED = {"width": 2, "color": "FF0000", "alpha": 1, "dash": "dash"}


def _cell(text: str = "", **keys) -> dict:
    return {"text": text_body({"runs": [{"text": text, "size": 10}]}), **keys}


def _table(rows: list[list[dict]], columns=(100, 150, 50), heights=None) -> dict:
    heights = heights or [30] * len(rows)
    return {
        "kind": "table",
        "x": 600,
        "y": 300,
        "w": sum(columns),
        "h": sum(heights),
        "columns": list(columns),
        "rows": [{"h": h, "cells": cells} for h, cells in zip(heights, rows, strict=True)],
    }


def _tbl(shape: dict):
    return write([shape]).shapes()[0]


def test_graphic_frame_grid_and_rows() -> None:
    frame = _tbl(_table([[_cell("a"), _cell("b"), _cell("c")]], heights=[40]))
    assert local(frame) == "graphicFrame"
    assert [local(c) for c in frame] == ["nvGraphicFramePr", "xfrm", "graphic"]
    locks = frame.find("p:nvGraphicFramePr/p:cNvGraphicFramePr/a:graphicFrameLocks", NS)
    assert locks.get("noGrp") == "1"
    xfrm = frame.find("p:xfrm", NS)
    assert xfrm.find("a:off", NS).attrib == {"x": "5715000", "y": "2857500"}
    assert xfrm.find("a:ext", NS).attrib == {"cx": "2857500", "cy": "381000"}
    data = frame.find("a:graphic/a:graphicData", NS)
    assert data.get("uri") == "http://schemas.openxmlformats.org/drawingml/2006/table"
    tbl = data.find("a:tbl", NS)
    assert [local(c) for c in tbl] == ["tblPr", "tblGrid", "tr"]
    widths = [col.get("w") for col in tbl.findall("a:tblGrid/a:gridCol", NS)]
    assert widths == ["952500", "1428750", "476250"]
    assert tbl.find("a:tr", NS).get("h") == "381000"
    texts = [tc.find("a:txBody/a:p/a:r/a:t", NS).text for tc in tbl.findall("a:tr/a:tc", NS)]
    assert texts == ["a", "b", "c"]


def test_table_properties_have_no_style() -> None:
    tbl_pr = _tbl(_table([[_cell(), _cell(), _cell()]])).find(".//a:tblPr", NS)
    assert dict(tbl_pr.attrib) == {"firstRow": "0", "bandRow": "0"}
    assert list(tbl_pr) == []


def test_cell_margins_anchor_borders_fill_in_schema_order() -> None:
    cell = _cell(
        "x",
        margins=[5, 2, 6, 3],
        anchor="ctr",
        borders={"l": BLACK, "r": None, "t": RED, "b": BLACK},
        fill={"type": "solid", "color": "EEEEEE", "alpha": 1},
    )
    tc = _tbl(_table([[cell, _cell(), _cell()]])).find(".//a:tc", NS)
    assert [local(c) for c in tc] == ["txBody", "tcPr"]
    tc_pr = tc.find("a:tcPr", NS)
    assert dict(tc_pr.attrib) == {
        "marL": "47625",
        "marR": "57150",
        "marT": "19050",
        "marB": "28575",
        "anchor": "ctr",
    }
    assert [local(c) for c in tc_pr] == ["lnL", "lnR", "lnT", "lnB", "solidFill"]
    assert tc_pr.find("a:lnL", NS).get("w") == "9525"
    assert [local(c) for c in tc_pr.find("a:lnR", NS)] == ["noFill"]
    assert tc_pr.find("a:lnT/a:prstDash", NS).get("val") == "dash"
    assert tc_pr.find("a:lnT/a:solidFill/a:srgbClr", NS).get("val") == "FF0000"
    assert tc_pr.find("a:solidFill/a:srgbClr", NS).get("val") == "EEEEEE"


def test_cell_defaults_no_borders_no_fill_zero_margins() -> None:
    tc_pr = _tbl(_table([[_cell(), _cell(), _cell()]])).find(".//a:tc/a:tcPr", NS)
    assert [tc_pr.get(k) for k in ("marL", "marR", "marT", "marB", "anchor")] == [
        "0",
        "0",
        "0",
        "0",
        "t",
    ]
    assert [local(c) for c in tc_pr] == ["lnL", "lnR", "lnT", "lnB", "noFill"]
    assert all([local(c) for c in side] == ["noFill"] for side in list(tc_pr)[:4])


def test_cells_sharing_borders_and_fill_keep_their_own_margins_and_anchor() -> None:
    """tcPr children are built once per (borders, fill) and copied: each copy carries its own
    cell's margins and anchor, and cells with other borders or fills get their own."""
    grey = {"type": "solid", "color": "EEEEEE", "alpha": 1}
    same = {"borders": {"l": BLACK, "r": BLACK, "t": BLACK, "b": BLACK}, "fill": grey}
    cells = [
        _cell("a", margins=[1, 2, 3, 4], anchor="t", **same),
        _cell("b", margins=[5, 6, 7, 8], anchor="b", **same),
        _cell("c", margins=[1, 2, 3, 4], borders={"t": RED}, fill=grey),
    ]
    tc_prs = _tbl(_table([cells])).findall(".//a:tc/a:tcPr", NS)
    margins = [[tc.get(k) for k in ("marL", "marT", "marR", "marB", "anchor")] for tc in tc_prs]
    assert margins == [
        ["9525", "19050", "28575", "38100", "t"],
        ["47625", "57150", "66675", "76200", "b"],
        ["9525", "19050", "28575", "38100", "t"],
    ]
    assert [tc.find("a:lnT/a:solidFill/a:srgbClr", NS) is not None for tc in tc_prs] == [True] * 3
    assert [tc.find("a:lnT/a:solidFill/a:srgbClr", NS).get("val") for tc in tc_prs] == [
        "000000",
        "000000",
        "FF0000",
    ]
    assert [local(c) for c in tc_prs[2].find("a:lnL", NS)] == ["noFill"]
    assert tc_prs[0] is not tc_prs[1]
    tc_prs[0].find("a:lnL", NS).set("w", "1")  # a copy, not a shared element
    assert tc_prs[1].find("a:lnL", NS).get("w") == "9525"


def test_cell_txbody_has_plain_body_pr_and_vertical_text_goes_to_tc_pr() -> None:
    body = text_body({"runs": [{"text": "v"}]}, vertical="vert", insets=[2, 2, 2, 2])
    cell = {"text": body, "margins": [1, 1, 1, 1]}
    tc = _tbl(_table([[cell, _cell(), _cell()]])).find(".//a:tc", NS)
    body_pr = tc.find("a:txBody/a:bodyPr", NS)
    assert dict(body_pr.attrib) == {} and list(body_pr) == []
    tc_pr = tc.find("a:tcPr", NS)
    assert tc_pr.get("vert") == "vert"
    assert tc_pr.get("marL") == "9525"  # the cell's margins, not the text's insets


def test_spans_give_grid_span_row_span_h_merge_v_merge() -> None:
    fill = {"type": "solid", "color": "DDDDDD", "alpha": 1}
    origin = _cell(
        "merged", span=[2, 2], fill=fill, borders={"l": BLACK, "r": RED, "t": BLACK, "b": RED}
    )
    rows = [
        [origin, {"merged": True}, _cell("c")],
        [{"merged": True}, {"merged": True}, _cell("f")],
        [_cell("g"), _cell("h"), _cell("i")],
    ]
    tbl = _tbl(_table(rows)).find(".//a:tbl", NS)
    attrs = [[dict(tc.attrib) for tc in tr.findall("a:tc", NS)] for tr in tbl.findall("a:tr", NS)]
    assert attrs == [
        [{"rowSpan": "2", "gridSpan": "2"}, {"rowSpan": "2", "hMerge": "1"}, {}],
        [{"gridSpan": "2", "vMerge": "1"}, {"hMerge": "1", "vMerge": "1"}, {}],
        [{}, {}, {}],
    ]
    first_row = tbl.findall("a:tr", NS)[0].findall("a:tc", NS)
    covered = first_row[1]
    assert covered.find("a:txBody/a:p/a:r", NS) is None  # covered cells are empty
    # Covered cells repeat the origin's fill and the origin's borders on the merged edges.
    assert covered.find("a:tcPr/a:solidFill/a:srgbClr", NS).get("val") == "DDDDDD"
    assert covered.find("a:tcPr/a:lnR", NS).get("w") == "19050"
    assert covered.find("a:tcPr/a:lnT", NS).get("w") == "9525"
    assert [local(c) for c in covered.find("a:tcPr/a:lnL", NS)] == ["noFill"]
    assert [local(c) for c in covered.find("a:tcPr/a:lnB", NS)] == ["noFill"]


def test_python_pptx_reads_the_merge() -> None:
    rows = [
        [_cell("wide", span=[1, 3]), {"merged": True}, {"merged": True}],
        [_cell("tall", span=[2, 1]), _cell("b"), _cell("c")],
        [{"merged": True}, _cell("e"), _cell("f")],
    ]
    table = write([_table(rows)]).prs().slides[0].shapes[0].table
    wide, tall = table.cell(0, 0), table.cell(1, 0)
    assert wide.is_merge_origin and (wide.span_height, wide.span_width) == (1, 3)
    assert table.cell(0, 2).is_spanned
    assert tall.is_merge_origin and (tall.span_height, tall.span_width) == (2, 1)
    assert table.cell(2, 0).is_spanned
    assert wide.text == "wide" and tall.text == "tall"


def test_spans_are_clipped_to_the_grid_and_overlaps_ignored() -> None:
    rows = [
        [_cell("a", span=[5, 9]), {"merged": True}, {"merged": True}],
        [{"merged": True}, _cell("e", span=[2, 2]), {"merged": True}],
    ]
    tbl = _tbl(_table(rows)).find(".//a:tbl", NS)
    attrs = [[dict(tc.attrib) for tc in tr.findall("a:tc", NS)] for tr in tbl.findall("a:tr", NS)]
    assert attrs[0][0] == {"rowSpan": "2", "gridSpan": "3"}
    assert attrs[1][1] == {"hMerge": "1", "vMerge": "1"}  # covered by the first span


def test_short_rows_are_padded_and_long_rows_cut() -> None:
    rows = [[_cell("only")], [_cell("1"), _cell("2"), _cell("3"), _cell("4")]]
    tbl = _tbl(_table(rows)).find(".//a:tbl", NS)
    assert [len(tr.findall("a:tc", NS)) for tr in tbl.findall("a:tr", NS)] == [3, 3]


def test_cell_hyperlink() -> None:
    cell = {"text": text_body({"runs": [{"text": "go", "href": "https://example.org/"}]})}
    written = write([_table([[cell, _cell(), _cell()]])])
    link = written.shapes()[0].find(".//a:tc/a:txBody/a:p/a:r/a:rPr/a:hlinkClick", NS)
    rid = link.get("{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id")
    assert written.target(rid) == "https://example.org/"


def test_empty_table_is_skipped() -> None:
    empty = {"kind": "table", "x": 0, "y": 0, "w": 0, "h": 0, "columns": [], "rows": []}
    assert write([empty]).shapes() == []
