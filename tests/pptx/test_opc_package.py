"""engine/pptx/opc: the writer's own OPC package layer (part names, relationships, content types,
zip), and decks written with it as python-pptx and PowerPoint read them back."""

from __future__ import annotations

import base64
import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pptx
from lxml import etree
from pptx.opc.constants import RELATIONSHIP_TYPE as PPTX_RT

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx.deck import write_deck, write_deck_report
from engine.pptx.opc import CT, RT, Package, Part, XmlPart, read_package, write_package
from engine.pptx.opc.partnames import relative_ref, rels_name, resolve_ref
from engine.pptx.package import FALLBACK_PNG

ROOT = Path(__file__).resolve().parents[2]
NS_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>'


def _picture(media: str, x: float = 0) -> dict[str, object]:
    return {"kind": "picture", "x": x, "y": 0, "w": 40, "h": 40, "media": media}


def _text(text: str, href: str | None = None, font: str = "Arial") -> dict[str, object]:
    run: dict[str, object] = {"text": text, "font": font, "size": 18}
    if href:
        run["href"] = href
    body = {"wrap": True, "anchor": "t", "insets": [0, 0, 0, 0], "paragraphs": [{"runs": [run]}]}
    return {"kind": "text", "x": 0, "y": 60, "w": 400, "h": 40, "text": body}


def _deck() -> tuple[Deck, dict[str, dict[str, object]]]:
    media = {
        "png": {"content_type": "image/png", "data": FALLBACK_PNG},
        "svg": {"content_type": "image/svg+xml", "data": SVG},
    }
    slides = [
        {
            "shapes": [_picture("png"), _text("Link", "https://example.com/a b")],
            "notes": "one\ntwo",
        },
        {"shapes": [_picture("png"), _picture("png", 50), _picture("svg", 100)]},
        {"shapes": [_text("DejaVu", font="DejaVu Sans")], "notes": "three"},
    ]
    deck = complete({"width": 1280, "height": 720, "slides": slides, "title": "T"}, Deck)
    return deck, media


def test_a_deck_reads_back_in_python_pptx() -> None:
    deck, media = _deck()
    data, report = write_deck_report(deck, media, embed="subset")
    prs = pptx.Presentation(io.BytesIO(data))
    assert len(prs.slides) == 3
    assert (prs.slide_width, prs.slide_height) == (12192000, 6858000)
    assert prs.core_properties.title == "T"
    assert [s.slide_layout.name for s in prs.slides] == ["Blank"] * 3
    notes = [s.notes_slide.notes_text_frame.text if s.has_notes_slide else None for s in prs.slides]
    assert notes == ["one\ntwo", None, "three"]
    first = prs.slides[0].part
    links = [r for r in first.rels.values() if r.reltype == PPTX_RT.HYPERLINK]
    assert [(r.is_external, r.target_ref) for r in links] == [(True, "https://example.com/a%20b")]
    images = [
        r.target_part
        for s in prs.slides
        for r in s.part.rels.values()
        if r.reltype == PPTX_RT.IMAGE
    ]
    # one media part per sha1, shared by the slides; the SVG with its PNG fallback
    assert sorted({str(p.partname) for p in images}) == [
        "/ppt/media/image1.png",
        "/ppt/media/image2.svg",
        "/ppt/media/image3.png",
    ]
    second = prs.slides[1].part
    assert len([r for r in second.rels.values() if r.reltype == PPTX_RT.IMAGE]) == 3
    fonts = [r for r in prs.part.rels.values() if r.reltype == PPTX_RT.FONT]
    assert [f.target_part.content_type for f in fonts] == [CT.FONTDATA]
    assert [f.typeface for f in report.embedded] == ["DejaVu Sans"]
    assert fonts[0].target_part.blob[34:36] == b"LP"  # an EOT font part


def test_content_types_cover_every_part_once() -> None:
    deck, media = _deck()
    data = write_deck(deck, media)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        types = etree.fromstring(zf.read("[Content_Types].xml"))
    defaults = {el.get("Extension"): el.get("ContentType") for el in types.iter(f"{NS_CT}Default")}
    overrides = {el.get("PartName"): el.get("ContentType") for el in types.iter(f"{NS_CT}Override")}
    assert defaults["png"] == "image/png" and defaults["fntdata"] == CT.FONTDATA
    assert overrides["/ppt/media/image2.svg"] == "image/svg+xml"  # no Default for .svg
    assert overrides["/ppt/notesSlides/notesSlide2.xml"] == CT.NOTES_SLIDE
    assert list(overrides) == sorted(overrides) and list(defaults) == sorted(defaults)
    for name in names[1:]:
        assert f"/{name}" in overrides or name.rsplit(".", 1)[1] in defaults, name
    assert names[:2] == ["[Content_Types].xml", "_rels/.rels"]
    assert "docProps/thumbnail.jpeg" not in names


def _members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        return {name: zf.read(name) for name in zf.namelist()}


def test_read_package_round_trip() -> None:
    deck, media = _deck()
    data = write_deck(deck, media)
    package = read_package(data, {CT.PRESENTATION, CT.SLIDE})
    # the same members with the same bytes (written in the order the read relationships give)
    assert _members(write_package(package)) == _members(data)
    presentation = package.part_related_by(RT.OFFICE_DOCUMENT)
    assert isinstance(presentation, XmlPart)
    slide = presentation.related(RT.SLIDE)
    assert slide.partname == "/ppt/slides/slide1.xml"
    notes = slide.related(RT.NOTES_SLIDE)
    assert notes.related(RT.SLIDE) is slide
    assert notes.related(RT.NOTES_MASTER).partname == "/ppt/notesMasters/notesMaster1.xml"


def test_relationship_ids_fill_gaps_and_are_written_in_number_order() -> None:
    source = XmlPart.parse("/ppt/slides/slide1.xml", CT.SLIDE, b"<x/>")
    targets = [Part(f"/ppt/media/image{n}.png", "image/png", b"") for n in range(12)]
    rids = [source.relate_to(t, RT.IMAGE) for t in targets]
    assert rids == [f"rId{n}" for n in range(1, 13)]
    assert source.relate_to(targets[3], RT.IMAGE) == "rId4"  # the existing one
    source.rels.pop("rId2")
    source.rels.pop("rId5")
    assert source.rels.add(RT.IMAGE, targets[0]) == "rId5"  # highest gap first
    assert source.relate_external("https://example.com/?a=1&b=2", RT.HYPERLINK) == "rId2"
    xml = etree.fromstring(source.rels.xml(source.base_uri))
    ids = [el.get("Id") for el in xml]
    assert ids == [f"rId{n}" for n in range(1, 13)]
    link = xml[1]
    assert (link.get("Target"), link.get("TargetMode")) == (
        "https://example.com/?a=1&b=2",
        "External",
    )
    assert xml[0].get("Target") == "../media/image0.png" and xml[0].get("TargetMode") is None


def test_drop_rel_keeps_a_relationship_still_referred_to_twice() -> None:
    r = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    part = XmlPart.parse(
        "/ppt/slides/slide1.xml",
        CT.SLIDE,
        f'<x xmlns:r="{r}"><a r:id="rId1"/><b r:id="rId1"/><c r:id="rId2"/></x>'.encode(),
    )
    for n in (1, 2):
        part.relate_to(Part(f"/ppt/media/image{n}.png", "image/png"), RT.IMAGE)
    part.drop_rel("rId1")
    part.drop_rel("rId2")
    assert [rel.rid for rel in part.rels] == ["rId1"]


def test_part_names() -> None:
    assert rels_name("/") == "/_rels/.rels"
    assert rels_name("/ppt/slides/slide1.xml") == "/ppt/slides/_rels/slide1.xml.rels"
    assert relative_ref("/ppt/media/image1.png", "/ppt/slides") == "../media/image1.png"
    assert relative_ref("/ppt/presentation.xml", "/") == "ppt/presentation.xml"
    assert resolve_ref("/ppt/slides", "../media/image1.png") == "/ppt/media/image1.png"


def test_next_partname_takes_the_highest_free_number() -> None:
    package = Package()
    root = XmlPart.parse("/ppt/presentation.xml", CT.PRESENTATION, b"<x/>")
    package.rels.add(RT.OFFICE_DOCUMENT, root)
    for n in (1, 3):
        root.relate_to(Part(f"/ppt/fonts/font{n}.fntdata", CT.FONTDATA), RT.FONT)
    assert package.next_partname("/ppt/fonts/font%d.fntdata") == "/ppt/fonts/font2.fntdata"
    root.relate_to(Part("/ppt/fonts/font2.fntdata", CT.FONTDATA), RT.FONT)
    assert package.next_partname("/ppt/fonts/font%d.fntdata") == "/ppt/fonts/font4.fntdata"


def test_the_vendored_default_parts_are_python_pptx_default_template() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import vendor_pptx_default as vendor
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert vendor.main(["--check"]) == 0


def test_converting_a_page_does_not_import_python_pptx(tmp_path: Path) -> None:
    png = base64.b64encode(FALLBACK_PNG).decode()
    page = (
        '<div class="slide" style="width:1280px;height:720px;font-family:DejaVu Sans">'
        f'<h1><a href="https://example.com">Hi</a></h1><img src="data:image/png;base64,{png}">'
        '<aside class="notes">notes</aside></div>'
    )
    code = (
        "import json, sys\n"
        "from engine import convert\n"
        f"data = convert([{page!r}]).pptx_bytes\n"
        "print(json.dumps([len(data), sorted(m for m in sys.modules if m.split('.')[0] == 'pptx')]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT)
    )
    size, modules = json.loads(out.stdout.strip().splitlines()[-1])
    assert size > 0
    assert modules == []


def test_preset_geometries_are_the_shape_presets_of_st_shape_type() -> None:
    from pptx.enum.shapes import MSO_AUTO_SHAPE_TYPE

    from engine.pptx.geometry import PRESET_GEOMETRIES

    python_pptx = {str(m.xml_value) for m in MSO_AUTO_SHAPE_TYPE if m.xml_value}
    assert python_pptx | {"rect", "roundRect", "ellipse", "line"} == PRESET_GEOMETRIES
    xsd = etree.parse(str(ROOT / "tests" / "schemas" / "ecma-376-transitional" / "dml-main.xsd"))
    values = xsd.xpath(
        "//xsd:simpleType[@name='ST_ShapeType']//xsd:enumeration/@value",
        namespaces={"xsd": "http://www.w3.org/2001/XMLSchema"},
    )
    connectors = {str(v) for v in values if str(v)[:-1].endswith("Connector")}  # bentConnector3...
    assert {str(v) for v in values} - connectors == PRESET_GEOMETRIES
