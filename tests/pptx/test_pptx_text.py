"""TextBody -> txBody: bodyPr, paragraphs (pPr, bullets, spacing), runs (rPr, links, breaks)."""

from __future__ import annotations

from pptx_testkit import NS, R_ID, local, text_shape, write


def _sp(*paragraphs: dict, **body):
    return write([text_shape(*paragraphs, **body)]).shapes()[0]


def _para(*runs: dict, **keys) -> dict:
    return {"runs": list(runs), **keys}


def test_text_box_structure_and_geometry() -> None:
    sp = _sp(_para({"text": "Hi"}))
    assert local(sp) == "sp"
    assert [local(c) for c in sp] == ["nvSpPr", "spPr", "txBody"]
    assert sp.find("p:nvSpPr/p:cNvSpPr", NS).get("txBox") == "1"
    c_nv_pr = sp.find("p:nvSpPr/p:cNvPr", NS)
    assert (c_nv_pr.get("id"), c_nv_pr.get("name")) == ("2", "Shape 2")
    sp_pr = sp.find("p:spPr", NS)
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom", "noFill"]
    off, ext = sp_pr.find("a:xfrm/a:off", NS), sp_pr.find("a:xfrm/a:ext", NS)
    assert (off.get("x"), off.get("y")) == ("95250", "190500")  # 10, 20 px
    assert (ext.get("cx"), ext.get("cy")) == ("2857500", "476250")  # 300 x 50 px
    assert sp.find("p:spPr/a:ln", NS) is None


def test_body_pr_defaults() -> None:
    body_pr = _sp(_para({"text": "x"})).find("p:txBody/a:bodyPr", NS)
    assert dict(body_pr.attrib) == {
        "wrap": "square",
        "lIns": "0",
        "tIns": "0",
        "rIns": "0",
        "bIns": "0",
        "rtlCol": "0",
        "anchor": "t",
    }
    assert [local(c) for c in body_pr] == ["noAutofit"]


def test_body_pr_insets_anchor_nowrap_and_vertical() -> None:
    sp = _sp(
        _para({"text": "x"}), wrap=False, insets=[4, 2, 8, 1], anchor="ctr", vertical="vert270"
    )
    body_pr = sp.find("p:txBody/a:bodyPr", NS)
    assert body_pr.get("wrap") == "none"
    assert body_pr.get("anchor") == "ctr"
    assert body_pr.get("vert") == "vert270"
    ins = [body_pr.get(k) for k in ("lIns", "tIns", "rIns", "bIns")]
    assert ins == ["38100", "19050", "76200", "9525"]


def test_run_properties_attributes() -> None:
    run = {
        "text": "Styled",
        "size": 13.5,
        "bold": True,
        "italic": True,
        "underline": True,
        "strike": True,
        "spacing": 1.25,
        "baseline": 30000,
    }
    rpr = _sp(_para(run)).find("p:txBody/a:p/a:r/a:rPr", NS)
    assert rpr.get("sz") == "1350"
    assert (rpr.get("b"), rpr.get("i")) == ("1", "1")
    assert rpr.get("u") == "sng"
    assert rpr.get("strike") == "sngStrike"
    assert rpr.get("spc") == "125"
    assert rpr.get("baseline") == "30000"
    assert list(rpr.attrib) == ["sz", "b", "i", "u", "strike", "spc", "baseline"]


def test_explicit_false_styles_are_written_off() -> None:
    run = {"text": "x", "bold": False, "italic": False, "underline": False, "strike": False}
    rpr = _sp(_para(run)).find("p:txBody/a:p/a:r/a:rPr", NS)
    assert (rpr.get("b"), rpr.get("i"), rpr.get("u"), rpr.get("strike")) == (
        "0",
        "0",
        "none",
        "noStrike",
    )


def test_run_fonts_colour_alpha_in_schema_order() -> None:
    run = {
        "text": "漢字 and Latin",
        "font": "Inter",
        "ea_font": "Noto Sans CJK JP",
        "cs_font": "Noto Sans Arabic",
        "color": "1a2b3c",
        "alpha": 0.25,
        "highlight": "FFFF00",
        "lang": "ja-JP",
        "caps": "small",
    }
    rpr = _sp(_para(run)).find("p:txBody/a:p/a:r/a:rPr", NS)
    assert [local(c) for c in rpr] == ["solidFill", "highlight", "latin", "ea", "cs"]
    assert rpr.find("a:latin", NS).get("typeface") == "Inter"
    assert rpr.find("a:ea", NS).get("typeface") == "Noto Sans CJK JP"
    assert rpr.find("a:cs", NS).get("typeface") == "Noto Sans Arabic"
    clr = rpr.find("a:solidFill/a:srgbClr", NS)
    assert clr.get("val") == "1A2B3C"
    assert clr.find("a:alpha", NS).get("val") == "25000"
    assert rpr.find("a:highlight/a:srgbClr", NS).get("val") == "FFFF00"
    assert rpr.get("lang") == "ja-JP"
    assert rpr.get("cap") == "small"
    assert list(rpr.attrib) == ["lang", "cap"]


def test_opaque_colour_has_no_alpha_element() -> None:
    rpr = _sp(_para({"text": "x", "color": "000000", "alpha": 1})).find(
        "p:txBody/a:p/a:r/a:rPr", NS
    )
    assert rpr.find("a:solidFill/a:srgbClr/a:alpha", NS) is None


def test_hyperlink_relationship_and_text_colour_extension() -> None:
    url = "https://example.com/a?b=1&c=2"
    written = write([text_shape(_para({"text": "link", "href": url, "color": "0000FF"}))])
    rpr = written.shapes()[0].find("p:txBody/a:p/a:r/a:rPr", NS)
    assert [local(c) for c in rpr] == ["solidFill", "hlinkClick"]
    link = rpr.find("a:hlinkClick", NS)
    rel = written.rels()[link.get(R_ID)]
    assert rel.get("Target") == url
    assert rel.get("TargetMode") == "External"
    assert rel.get("Type").endswith("/hyperlink")
    ext = link.find("a:extLst/a:ext", NS)
    assert ext.get("uri") == "{A12FA001-AC4F-418D-AE19-62706E023703}"
    assert ext.find("ahyp:hlinkClr", NS).get("val") == "tx"
    run = written.prs().slides[0].shapes[0].text_frame.paragraphs[0].runs[0]
    assert run.hyperlink.address == url


def test_same_link_twice_uses_one_relationship() -> None:
    url = "https://example.com/"
    written = write([text_shape(_para({"text": "a", "href": url}, {"text": "b", "href": url}))])
    links = written.shapes()[0].findall(".//a:hlinkClick", NS)
    assert len(links) == 2 and links[0].get(R_ID) == links[1].get(R_ID)
    assert links[0].find("a:extLst", NS) is None  # no colour given: theme link colour


def test_break_run_becomes_br_with_previous_run_properties() -> None:
    p = _sp(
        _para(
            {"text": "one", "size": 20, "font": "Inter"}, {"break": True}, {"text": "2", "size": 8}
        )
    ).find("p:txBody/a:p", NS)
    assert [local(c) for c in p] == ["pPr", "r", "br", "r", "endParaRPr"]
    br_rpr = p.find("a:br/a:rPr", NS)
    assert br_rpr.get("sz") == "2000"
    assert br_rpr.find("a:latin", NS).get("typeface") == "Inter"


def test_leading_break_takes_the_next_run_properties() -> None:
    p = _sp(_para({"break": True}, {"text": "after", "size": 9})).find("p:txBody/a:p", NS)
    assert [local(c) for c in p] == ["pPr", "br", "r", "endParaRPr"]
    assert p.find("a:br/a:rPr", NS).get("sz") == "900"


def test_newline_inside_run_text_becomes_br() -> None:
    p = _sp(_para({"text": "a\nb", "size": 10})).find("p:txBody/a:p", NS)
    assert [local(c) for c in p] == ["pPr", "r", "br", "r", "endParaRPr"]
    assert [t.text for t in p.findall("a:r/a:t", NS)] == ["a", "b"]


def test_xml_illegal_characters_are_dropped() -> None:
    p = _sp(_para({"text": "a\x00b\x0bc\x1fd"})).find("p:txBody/a:p", NS)
    assert p.find("a:r/a:t", NS).text == "abcd"


def test_empty_paragraph_keeps_its_size_in_end_para_rpr() -> None:
    body = _sp(_para({"text": "", "size": 20, "font": "Inter"})).find("p:txBody", NS)
    p = body.find("a:p", NS)
    assert [local(c) for c in p] == ["pPr", "endParaRPr"]
    end = p.find("a:endParaRPr", NS)
    assert end.get("sz") == "2000"
    assert end.find("a:latin", NS).get("typeface") == "Inter"


def test_end_run_overrides_end_paragraph_properties() -> None:
    p = _sp(_para({"text": "x", "size": 10}, end_run={"size": 30})).find("p:txBody/a:p", NS)
    assert p.find("a:endParaRPr", NS).get("sz") == "3000"


def test_body_without_paragraphs_still_has_one() -> None:
    body = _sp().find("p:txBody", NS)
    assert [local(c) for c in body] == ["bodyPr", "lstStyle", "p"]


def test_paragraph_properties_in_schema_order() -> None:
    para = _para(
        {"text": "x"},
        align="just",
        line_spacing={"pts": 21.5},
        space_before=6,
        space_after=3.5,
        indent=-12,
        margin_left=24,
    )
    ppr = _sp(para).find("p:txBody/a:p/a:pPr", NS)
    assert list(ppr.attrib) == ["marL", "indent", "algn"]
    assert (ppr.get("marL"), ppr.get("indent"), ppr.get("algn")) == ("228600", "-114300", "just")
    assert [local(c) for c in ppr] == ["lnSpc", "spcBef", "spcAft", "buNone"]
    assert ppr.find("a:lnSpc/a:spcPts", NS).get("val") == "2150"
    assert ppr.find("a:spcBef/a:spcPts", NS).get("val") == "600"
    assert ppr.find("a:spcAft/a:spcPts", NS).get("val") == "350"


def test_percentage_line_spacing_and_rtl() -> None:
    ppr = _sp(_para({"text": "x"}, line_spacing={"pct": 1.15}, rtl=True, align="r")).find(
        "p:txBody/a:p/a:pPr", NS
    )
    assert ppr.find("a:lnSpc/a:spcPct", NS).get("val") == "115000"
    assert (ppr.get("algn"), ppr.get("rtl")) == ("r", "1")


def test_char_bullet_with_font_colour_and_size() -> None:
    bullet = {"char": "•", "font": "Arial", "color": "ff0000", "size": 0.8}
    ppr = _sp(_para({"text": "item"}, bullet=bullet, margin_left=18, indent=-18)).find(
        "p:txBody/a:p/a:pPr", NS
    )
    assert [local(c) for c in ppr] == ["buClr", "buSzPct", "buFont", "buChar"]
    assert ppr.find("a:buClr/a:srgbClr", NS).get("val") == "FF0000"
    assert ppr.find("a:buSzPct", NS).get("val") == "80000"
    assert ppr.find("a:buFont", NS).get("typeface") == "Arial"
    assert ppr.find("a:buChar", NS).get("char") == "•"


def test_autonumber_bullet_with_start() -> None:
    paras = [
        _para({"text": "a"}, bullet={"autonum": "romanLcPeriod", "start": 4}),
        _para({"text": "b"}, bullet={"autonum": "arabicPeriod", "start": 1}),
        _para({"text": "c"}, bullet={"autonum": "notAScheme", "start": 2}),
    ]
    nums = _sp(*paras).findall("p:txBody/a:p/a:pPr/a:buAutoNum", NS)
    assert [(n.get("type"), n.get("startAt")) for n in nums] == [
        ("romanLcPeriod", "4"),
        ("arabicPeriod", None),
        ("arabicPeriod", "2"),
    ]


def test_no_bullet_is_bu_none() -> None:
    ppr = _sp(_para({"text": "x"}, bullet=None)).find("p:txBody/a:p/a:pPr", NS)
    assert [local(c) for c in ppr] == ["buNone"]


def test_python_pptx_reads_the_text_back() -> None:
    shape = text_shape(
        _para({"text": "Hello "}, {"text": "world", "bold": True}),
        _para({"text": "line 2"}),
    )
    frame = write([shape]).prs().slides[0].shapes[0].text_frame
    assert frame.text == "Hello world\nline 2"
    assert frame.paragraphs[0].runs[1].font.bold is True


def test_identical_styles_give_identical_xml() -> None:
    # Property subtrees are copied from a per-deck cache: equal input, equal XML, no sharing.
    run = {"text": "x", "size": 12, "color": "123456", "font": "Inter"}
    written = write([text_shape(_para(run)), text_shape(_para(dict(run, text="y")))])
    first, second = (sp.find("p:txBody/a:p/a:r/a:rPr", NS) for sp in written.shapes())
    assert first is not second
    from lxml import etree

    assert etree.tostring(first) == etree.tostring(second)


def test_hyperlink_targets_are_percent_encoded() -> None:
    url = " https://example.com/a b?q=é&x=%20#top "
    written = write([text_shape(_para({"text": "go", "href": url}))])
    link = written.shapes()[0].find(".//a:hlinkClick", NS)
    assert written.target(link.get(R_ID)) == "https://example.com/a%20b?q=%C3%A9&x=%20#top"


def test_empty_href_makes_no_link() -> None:
    written = write([text_shape(_para({"text": "x", "href": "  "}, {"text": "y", "href": ""}))])
    assert written.shapes()[0].find(".//a:hlinkClick", NS) is None
    assert not any(r.get("Type").endswith("/hyperlink") for r in written.rels().values())


def test_non_finite_numbers_are_ignored() -> None:
    nan, inf = float("nan"), float("inf")
    run = {
        "text": "x",
        "size": nan,
        "spacing": inf,
        "baseline": nan,
        "color": "000000",
        "alpha": nan,
    }
    sp = _sp(_para(run, line_spacing={"pts": inf}, indent=nan), insets=[nan, 1, inf, 2])
    rpr = sp.find("p:txBody/a:p/a:r/a:rPr", NS)
    assert dict(rpr.attrib) == {}
    assert rpr.find("a:solidFill/a:srgbClr/a:alpha", NS) is None
    ppr = sp.find("p:txBody/a:p/a:pPr", NS)
    assert ppr.get("indent") is None and ppr.find("a:lnSpc", NS) is None
    body_pr = sp.find("p:txBody/a:bodyPr", NS)
    assert [body_pr.get(k) for k in ("lIns", "tIns", "rIns", "bIns")] == ["0", "9525", "0", "19050"]
