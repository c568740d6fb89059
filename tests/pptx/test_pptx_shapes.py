"""rect / picture / line / group shapes -> p:sp, p:pic, p:cxnSp, p:grpSp with exact DrawingML values."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from pptx_testkit import (
    NS,
    R_EMBED,
    SVG_BYTES,
    local,
    media_entry,
    png_bytes,
    text_body,
    write,
)

from engine.model.schema import ModelError

RED_STOPS = [
    {"pos": 0, "color": "FF0000", "alpha": 1},
    {"pos": 0.4, "color": "00FF00", "alpha": 0.5},
    {"pos": 1, "color": "0000FF", "alpha": 1},
]


def _rect(**keys) -> dict:
    return {"kind": "rect", "x": 10, "y": 20, "w": 200, "h": 100, "geom": "rect", **keys}


def _sp_pr(shape: dict):
    return write([shape]).shapes()[0].find("p:spPr", NS)


# -- rect ------------------------------------------------------------------------------------


def test_rect_xfrm_geometry_and_no_fill_no_line() -> None:
    sp = write([_rect(fill=None, line=None)]).shapes()[0]
    assert [local(c) for c in sp] == ["nvSpPr", "spPr"]
    assert sp.find("p:nvSpPr/p:cNvSpPr", NS).get("txBox") is None
    sp_pr = sp.find("p:spPr", NS)
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom", "noFill", "ln"]
    xfrm = sp_pr.find("a:xfrm", NS)
    assert xfrm.get("rot") is None
    assert xfrm.find("a:off", NS).attrib == {"x": "95250", "y": "190500"}
    assert xfrm.find("a:ext", NS).attrib == {"cx": "1905000", "cy": "952500"}
    assert sp_pr.find("a:prstGeom", NS).get("prst") == "rect"
    assert list(sp_pr.find("a:prstGeom/a:avLst", NS)) == []
    assert [local(c) for c in sp_pr.find("a:ln", NS)] == ["noFill"]


def test_rect_rotation_is_clockwise_60000ths() -> None:
    xfrm = _sp_pr(_rect(rotation=15)).find("a:xfrm", NS)
    assert xfrm.get("rot") == "900000"
    assert _sp_pr(_rect(rotation=-90)).find("a:xfrm", NS).get("rot") == "16200000"


def test_round_rect_adjust_value() -> None:
    geom = _sp_pr(_rect(geom="roundRect", radius=10)).find("a:prstGeom", NS)
    assert geom.get("prst") == "roundRect"
    gd = geom.find("a:avLst/a:gd", NS)
    assert (gd.get("name"), gd.get("fmla")) == ("adj", "val 10000")  # 10 / min(200, 100)


def test_round_rect_adjust_is_clamped_to_half() -> None:
    gd = _sp_pr(_rect(geom="roundRect", radius=80)).find("a:prstGeom/a:avLst/a:gd", NS)
    assert gd.get("fmla") == "val 50000"


def test_ellipse_and_unknown_geometry() -> None:
    assert _sp_pr(_rect(geom="ellipse")).find("a:prstGeom", NS).get("prst") == "ellipse"
    assert _sp_pr(_rect(geom="custom")).find("a:prstGeom", NS).get("prst") == "rect"
    assert _sp_pr(_rect(geom="<bad>")).find("a:prstGeom", NS).get("prst") == "rect"


def test_solid_fill_with_alpha() -> None:
    clr = _sp_pr(_rect(fill={"type": "solid", "color": "FF8800", "alpha": 0.8})).find(
        "a:solidFill/a:srgbClr", NS
    )
    assert clr.get("val") == "FF8800"
    assert clr.find("a:alpha", NS).get("val") == "80000"


def test_linear_gradient_stops_and_angle() -> None:
    # Two stops stay one gradFill (three or more become bands: test_pptx_bands.py).
    fill = {"type": "gradient", "path": "linear", "angle": 45, "stops": RED_STOPS[1:]}
    grad = _sp_pr(_rect(fill=fill)).find("a:gradFill", NS)
    assert [local(c) for c in grad] == ["gsLst", "lin"]
    stops = grad.findall("a:gsLst/a:gs", NS)
    assert [gs.get("pos") for gs in stops] == ["40000", "100000"]
    assert [gs.find("a:srgbClr", NS).get("val") for gs in stops] == ["00FF00", "0000FF"]
    assert stops[0].find("a:srgbClr/a:alpha", NS).get("val") == "50000"
    lin = grad.find("a:lin", NS)
    assert (lin.get("ang"), lin.get("scaled")) == ("2700000", "0")


def test_gradient_stops_are_sorted() -> None:
    stops = [RED_STOPS[2], RED_STOPS[0]]
    fill = {"type": "gradient", "path": "linear", "angle": 0, "stops": stops}
    grad = _sp_pr(_rect(fill=fill)).find("a:gradFill", NS)
    assert [gs.get("pos") for gs in grad.findall("a:gsLst/a:gs", NS)] == ["0", "100000"]


def test_radial_gradient_path_circle() -> None:
    fill = {"type": "gradient", "path": "circle", "angle": 0, "stops": RED_STOPS}
    grad = _sp_pr(_rect(fill=fill)).find("a:gradFill", NS)
    path = grad.find("a:path", NS)
    assert path.get("path") == "circle"
    rect = path.find("a:fillToRect", NS)
    assert rect.attrib == {"l": "50000", "t": "50000", "r": "50000", "b": "50000"}
    assert grad.find("a:lin", NS) is None


def test_single_stop_gradient_is_solid() -> None:
    fill = {"type": "gradient", "path": "linear", "angle": 0, "stops": RED_STOPS[:1]}
    sp_pr = _sp_pr(_rect(fill=fill))
    assert sp_pr.find("a:solidFill/a:srgbClr", NS).get("val") == "FF0000"


def test_line_width_colour_dash() -> None:
    line = {"width": 2, "color": "112233", "alpha": 0.5, "dash": "dash"}
    ln = _sp_pr(_rect(line=line)).find("a:ln", NS)
    assert ln.get("w") == "19050"
    assert [local(c) for c in ln] == ["solidFill", "prstDash", "miter"]
    clr = ln.find("a:solidFill/a:srgbClr", NS)
    assert clr.get("val") == "112233"
    assert clr.find("a:alpha", NS).get("val") == "50000"
    assert ln.find("a:prstDash", NS).get("val") == "dash"


def test_line_dash_values() -> None:
    for dash in ("solid", "sysDot", "lgDashDot"):
        line = {"width": 1, "color": "000000", "alpha": 1, "dash": dash}
        assert _sp_pr(_rect(line=line)).find("a:ln/a:prstDash", NS).get("val") == dash
    with pytest.raises(ModelError, match=r"shapes\[0\]\.line"):
        write([_rect(line={"width": 1, "color": "000000", "alpha": 1, "dash": "wavy"})])


def test_zero_width_line_is_no_line() -> None:
    line = {"width": 0, "color": "000000", "alpha": 1, "dash": "solid"}
    ln = _sp_pr(_rect(line=line)).find("a:ln", NS)
    assert [local(c) for c in ln] == ["noFill"]


def test_outer_shadow_values() -> None:
    shadow = {"blur": 8, "dist": 4, "dir": 90, "color": "000000", "alpha": 0.3}
    sp_pr = _sp_pr(_rect(fill={"type": "solid", "color": "FFFFFF", "alpha": 1}, shadow=shadow))
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom", "solidFill", "ln", "effectLst"]
    shdw = sp_pr.find("a:effectLst/a:outerShdw", NS)
    assert dict(shdw.attrib) == {
        "blurRad": "76200",
        "dist": "38100",
        "dir": "5400000",
        "algn": "ctr",
        "rotWithShape": "0",
    }
    clr = shdw.find("a:srgbClr", NS)
    assert clr.get("val") == "000000"
    assert clr.find("a:alpha", NS).get("val") == "30000"


def test_shadow_spread_scales_around_the_centre() -> None:
    shadow = {"blur": 0, "dist": 0, "dir": 0, "color": "000000", "alpha": 1, "spread": 10}
    shdw = _sp_pr(_rect(shadow=shadow)).find("a:effectLst/a:outerShdw", NS)
    assert (shdw.get("sx"), shdw.get("sy")) == ("110000", "120000")  # 220/200, 120/100


def test_inset_shadow_is_inner_shadow() -> None:
    shadow = {"blur": 6, "dist": 2, "dir": 270, "color": "FF0000", "alpha": 1, "inset": True}
    effects = _sp_pr(_rect(shadow=shadow)).find("a:effectLst", NS)
    assert [local(c) for c in effects] == ["innerShdw"]
    shdw = effects[0]
    assert (shdw.get("blurRad"), shdw.get("dist"), shdw.get("dir")) == (
        "57150",
        "19050",
        "16200000",
    )


def test_rect_with_text_body() -> None:
    para = {"runs": [{"text": "Inside", "size": 14}]}
    sp = write([_rect(text=text_body(para, anchor="b"))]).shapes()[0]
    assert [local(c) for c in sp] == ["nvSpPr", "spPr", "txBody"]
    assert sp.find("p:txBody/a:bodyPr", NS).get("anchor") == "b"
    assert sp.find("p:txBody/a:p/a:r/a:t", NS).text == "Inside"


def test_shape_names_and_unique_ids() -> None:
    shapes = [
        _rect(name="div.card"),
        {"kind": "group", "x": 0, "y": 0, "w": 100, "h": 100, "shapes": [_rect(), _rect()]},
        _rect(),
    ]
    tree = write(shapes).sp_tree()
    c_nv = tree.findall(".//p:cNvPr", NS)
    ids = [c.get("id") for c in c_nv]
    assert ids == ["1", "2", "3", "4", "5", "6"]
    assert [c.get("name") for c in c_nv][1:] == [
        "div.card",
        "Shape 3",
        "Shape 4",
        "Shape 5",
        "Shape 6",
    ]


def test_unknown_kind_is_refused_with_its_place() -> None:
    with pytest.raises(ModelError, match=r"slides\[0\]\.shapes\[0\]\.kind: 'video' is not one of"):
        write([{"kind": "video", "x": 0, "y": 0, "w": 1, "h": 1}, _rect()])


# -- picture ---------------------------------------------------------------------------------


def _picture(sha1: str, **keys) -> dict:
    return {"kind": "picture", "x": 100, "y": 50, "w": 200, "h": 100, "media": sha1, **keys}


def test_picture_blip_fill_and_image_part() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    written = write([_picture(sha1, name="img.hero", alt="A red box")], media={sha1: entry})
    pic = written.shapes()[0]
    assert local(pic) == "pic"
    assert [local(c) for c in pic] == ["nvPicPr", "blipFill", "spPr"]
    c_nv_pr = pic.find("p:nvPicPr/p:cNvPr", NS)
    assert (c_nv_pr.get("name"), c_nv_pr.get("descr")) == ("img.hero", "A red box")
    assert pic.find("p:nvPicPr/p:cNvPicPr/a:picLocks", NS).get("noChangeAspect") == "1"
    blip_fill = pic.find("p:blipFill", NS)
    assert [local(c) for c in blip_fill] == ["blip", "srcRect", "stretch"]
    assert blip_fill.find("a:stretch/a:fillRect", NS) is not None
    blip = blip_fill.find("a:blip", NS)
    assert list(blip) == []
    assert written.target(blip.get(R_EMBED)) == "../media/image1.png"
    sp_pr = pic.find("p:spPr", NS)
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom"]
    assert sp_pr.find("a:xfrm/a:off", NS).attrib == {"x": "952500", "y": "476250"}
    image = written.prs().slides[0].shapes[0].image
    assert image.content_type == "image/png" and image.blob == entry["data"]


def test_picture_crop_alpha_roundrect_line_shadow() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    shape = _picture(
        sha1,
        crop={"l": 0.1, "t": 0.05, "r": 0.2, "b": 0},
        alpha=0.4,
        geom="roundRect",
        radius=25,
        line={"width": 1, "color": "000000", "alpha": 1, "dash": "solid"},
        shadow={"blur": 2, "dist": 1, "dir": 45, "color": "000000", "alpha": 0.5},
        rotation=30,
    )
    pic = write([shape], media={sha1: entry}).shapes()[0]
    src = pic.find("p:blipFill/a:srcRect", NS)
    assert src.attrib == {"l": "10000", "t": "5000", "r": "20000", "b": "0"}
    assert pic.find("p:blipFill/a:blip/a:alphaModFix", NS).get("amt") == "40000"
    sp_pr = pic.find("p:spPr", NS)
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom", "ln", "effectLst"]
    assert sp_pr.find("a:xfrm", NS).get("rot") == "1800000"
    assert sp_pr.find("a:prstGeom/a:avLst/a:gd", NS).get("fmla") == "val 25000"
    assert sp_pr.find("a:ln", NS).get("w") == "9525"
    assert sp_pr.find("a:effectLst/a:outerShdw", NS).get("dir") == "2700000"


def test_picture_ellipse() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    pic = write([_picture(sha1, geom="ellipse")], media={sha1: entry}).shapes()[0]
    assert pic.find("p:spPr/a:prstGeom", NS).get("prst") == "ellipse"


def test_svg_picture_has_png_fallback_and_svg_blip() -> None:
    png_sha, png = media_entry(png_bytes(), "image/png")
    svg_sha, svg = media_entry(SVG_BYTES, "image/svg+xml")
    written = write([_picture(png_sha, svg_media=svg_sha)], media={png_sha: png, svg_sha: svg})
    blip = written.shapes()[0].find("p:blipFill/a:blip", NS)
    assert written.target(blip.get(R_EMBED)) == "../media/image1.png"
    ext = blip.find("a:extLst/a:ext", NS)
    assert ext.get("uri") == "{96DAC541-7B7A-43D3-8B79-37D633B846F1}"
    svg_rid = ext.find("asvg:svgBlip", NS).get(R_EMBED)
    assert written.target(svg_rid) == "../media/image2.svg"
    rel_types = {r.get("Type").rsplit("/", 1)[1] for r in written.rels().values()}
    assert "image" in rel_types


def test_alpha_mod_fix_comes_before_ext_list() -> None:
    png_sha, png = media_entry(png_bytes(), "image/png")
    svg_sha, svg = media_entry(SVG_BYTES, "image/svg+xml")
    shape = _picture(png_sha, svg_media=svg_sha, alpha=0.5)
    blip = (
        write([shape], media={png_sha: png, svg_sha: svg}).shapes()[0].find("p:blipFill/a:blip", NS)
    )
    assert [local(c) for c in blip] == ["alphaModFix", "extLst"]


def test_svg_only_media_gets_a_transparent_png_fallback() -> None:
    svg_sha, svg = media_entry(SVG_BYTES, "image/svg+xml")
    written = write([_picture(svg_sha)], media={svg_sha: svg})
    blip = written.shapes()[0].find("p:blipFill/a:blip", NS)
    fallback = written.zip.read("ppt/" + written.target(blip.get(R_EMBED))[3:])
    assert Image.open(io.BytesIO(fallback)).size == (1, 1)
    svg_rid = blip.find("a:extLst/a:ext/asvg:svgBlip", NS).get(R_EMBED)
    assert written.target(svg_rid).endswith(".svg")


def test_unsupported_raster_is_converted_to_png() -> None:
    out = io.BytesIO()
    Image.new("RGB", (3, 2), (0, 128, 0)).save(out, "PPM")
    sha1, entry = media_entry(out.getvalue(), "image/x-portable-pixmap")
    written = write([_picture(sha1)], media={sha1: entry})
    target = written.target(written.shapes()[0].find("p:blipFill/a:blip", NS).get(R_EMBED))
    assert target == "../media/image1.png"
    converted = Image.open(io.BytesIO(written.zip.read("ppt/media/image1.png")))
    assert converted.size == (3, 2)
    assert converted.convert("RGB").getpixel((0, 0)) == (0, 128, 0)


def test_jpeg_keeps_its_format() -> None:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), (1, 2, 3)).save(out, "JPEG")
    sha1, entry = media_entry(out.getvalue(), "image/jpeg")
    written = write([_picture(sha1)], media={sha1: entry})
    assert "ppt/media/image1.jpeg" in written.zip.namelist()


def test_picture_with_unknown_media_is_skipped() -> None:
    written = write([_picture("0" * 40), _rect()])
    assert [local(s) for s in written.shapes()] == ["sp"]


# -- line ------------------------------------------------------------------------------------


def _line(x1, y1, x2, y2) -> dict:
    line = {"width": 3, "color": "00FF00", "alpha": 1, "dash": "sysDot"}
    return {"kind": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "line": line}


def test_line_is_connector_with_line_geometry() -> None:
    cxn = write([_line(10, 20, 110, 70)]).shapes()[0]
    assert local(cxn) == "cxnSp"
    assert [local(c) for c in cxn] == ["nvCxnSpPr", "spPr"]
    sp_pr = cxn.find("p:spPr", NS)
    assert [local(c) for c in sp_pr] == ["xfrm", "prstGeom", "ln"]
    xfrm = sp_pr.find("a:xfrm", NS)
    assert xfrm.get("flipH") is None and xfrm.get("flipV") is None
    assert xfrm.find("a:off", NS).attrib == {"x": "95250", "y": "190500"}
    assert xfrm.find("a:ext", NS).attrib == {"cx": "952500", "cy": "476250"}
    assert sp_pr.find("a:prstGeom", NS).get("prst") == "line"
    ln = sp_pr.find("a:ln", NS)
    assert ln.get("w") == "28575"
    assert ln.find("a:prstDash", NS).get("val") == "sysDot"


def test_line_direction_flips() -> None:
    flips = []
    for coords in ((110, 20, 10, 70), (10, 70, 110, 20), (110, 70, 10, 20)):
        xfrm = write([_line(*coords)]).shapes()[0].find("p:spPr/a:xfrm", NS)
        flips.append((xfrm.get("flipH"), xfrm.get("flipV")))
        assert xfrm.find("a:off", NS).attrib == {"x": "95250", "y": "190500"}
    assert flips == [("1", None), (None, "1"), ("1", "1")]


def test_horizontal_line_has_zero_height() -> None:
    ext = write([_line(0, 5, 100, 5)]).shapes()[0].find("p:spPr/a:xfrm/a:ext", NS)
    assert ext.attrib == {"cx": "952500", "cy": "0"}


# -- group -----------------------------------------------------------------------------------


def test_group_child_space_equals_its_box() -> None:
    group = {
        "kind": "group",
        "x": 10,
        "y": 500,
        "w": 200,
        "h": 100,
        "rotation": 10,
        "shapes": [_rect(x=10, y=500, w=100, h=50), _line(110, 550, 210, 600)],
    }
    grp = write([group]).shapes()[0]
    assert local(grp) == "grpSp"
    assert [local(c) for c in grp] == ["nvGrpSpPr", "grpSpPr", "sp", "cxnSp"]
    xfrm = grp.find("p:grpSpPr/a:xfrm", NS)
    assert xfrm.get("rot") == "600000"
    assert [local(c) for c in xfrm] == ["off", "ext", "chOff", "chExt"]
    assert xfrm.find("a:off", NS).attrib == xfrm.find("a:chOff", NS).attrib
    assert xfrm.find("a:ext", NS).attrib == xfrm.find("a:chExt", NS).attrib
    assert xfrm.find("a:off", NS).attrib == {"x": "95250", "y": "4762500"}
    assert xfrm.find("a:ext", NS).attrib == {"cx": "1905000", "cy": "952500"}
    child_off = grp.find("p:sp/p:spPr/a:xfrm/a:off", NS)
    assert child_off.attrib == {"x": "95250", "y": "4762500"}  # children stay in slide px


def test_group_without_size_uses_its_children_bounds() -> None:
    group = {"kind": "group", "shapes": [_rect(x=10, y=20, w=30, h=40), _line(50, 5, 60, 15)]}
    xfrm = write([group]).shapes()[0].find("p:grpSpPr/a:xfrm", NS)
    assert xfrm.find("a:off", NS).attrib == {"x": "95250", "y": "47625"}
    assert xfrm.find("a:ext", NS).attrib == {"cx": "476250", "cy": "523875"}


def test_python_pptx_sees_every_shape_kind() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    table = {
        "kind": "table",
        "x": 0,
        "y": 0,
        "w": 100,
        "h": 20,
        "columns": [100],
        "rows": [{"h": 20, "cells": [{"text": text_body({"runs": [{"text": "c"}]})}]}],
    }
    shapes = [
        _rect(),
        {"kind": "text", "x": 0, "y": 0, "w": 10, "h": 10, "text": text_body()},
        _picture(sha1),
        _line(0, 0, 10, 10),
        table,
        {"kind": "group", "x": 0, "y": 0, "w": 10, "h": 10, "shapes": [_rect()]},
    ]
    slide = write(shapes, media={sha1: entry}).prs().slides[0]
    kinds = [type(s).__name__ for s in slide.shapes]
    assert kinds == ["Shape", "Shape", "Picture", "Connector", "GraphicFrame", "GroupShape"]
    assert slide.shapes[4].has_table
    assert slide.shapes[4].table.cell(0, 0).text == "c"
