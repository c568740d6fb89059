"""write_deck: package, slide size, slide order, blank slides, backgrounds, notes, determinism."""

from __future__ import annotations

import datetime as dt
import io
import zipfile

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

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx import write_deck


def _label(text: str) -> dict:
    para = {"runs": [{"text": text, "size": 12}]}
    return {"kind": "text", "x": 0, "y": 0, "w": 100, "h": 20, "text": text_body(para)}


def _slide(*shapes: dict, **keys) -> dict:
    return {"background": None, "shapes": list(shapes), "notes": None, "blank": False, **keys}


def test_slide_size_1280x720_in_emu() -> None:
    written = write([])
    sld_sz = written.xml("ppt/presentation.xml").find("p:sldSz", NS)
    assert sld_sz.get("cx") == "12192000"
    assert sld_sz.get("cy") == "6858000"
    assert sld_sz.get("type") is None  # the template's "screen4x3" label is dropped
    prs = written.prs()
    assert (prs.slide_width, prs.slide_height) == (12192000, 6858000)


def test_other_slide_size() -> None:
    data = write_deck({"width": 960, "height": 540, "slides": []}, {})
    sld_sz = zipfile.ZipFile(io.BytesIO(data)).read("ppt/presentation.xml")
    assert b'cx="9144000"' in sld_sz and b'cy="5143500"' in sld_sz


def test_n_slides_in_order_on_the_blank_layout() -> None:
    written = write(slides=[_slide(_label(f"slide {i}")) for i in range(5)])
    prs = written.prs()
    assert len(prs.slides) == 5
    texts = [slide.shapes[0].text_frame.text for slide in prs.slides]
    assert texts == [f"slide {i}" for i in range(5)]
    assert all(slide.slide_layout.name == "Blank" for slide in prs.slides)
    ids = [slide.slide_id for slide in prs.slides]
    assert ids == [256, 257, 258, 259, 260]


def test_empty_deck_is_a_valid_package() -> None:
    written = write(slides=[])
    assert len(written.prs().slides) == 0


def test_blank_slide_has_no_shapes_and_no_background() -> None:
    blank = {"background": None, "shapes": [_label("ignored")], "notes": None, "blank": True}
    written = write(slides=[_slide(_label("first")), blank])
    assert written.shapes(2) == []
    assert written.slide(2).find("p:cSld/p:bg", NS) is None
    # The master's background (bg1 = white) shows through.
    master = written.xml("ppt/slideMasters/slideMaster1.xml")
    assert master.find("p:cSld/p:bg/p:bgRef/a:schemeClr", NS).get("val") == "bg1"
    assert len(written.prs().slides) == 2


def test_blank_slide_keeps_a_given_background() -> None:
    blank = {
        "background": {"type": "solid", "color": "112233", "alpha": 1},
        "shapes": [],
        "blank": True,
    }
    written = write(slides=[blank])
    fill = written.slide().find("p:cSld/p:bg/p:bgPr/a:solidFill/a:srgbClr", NS)
    assert fill.get("val") == "112233"


def test_solid_background_comes_first_in_csld_with_effect_list() -> None:
    bg = {"type": "solid", "color": "abcdef", "alpha": 0.5}
    written = write(slides=[_slide(_label("x"), background=bg)])
    c_sld = written.slide().find("p:cSld", NS)
    assert [local(child) for child in c_sld] == ["bg", "spTree"]
    bg_pr = c_sld.find("p:bg/p:bgPr", NS)
    assert [local(child) for child in bg_pr] == ["solidFill", "effectLst"]
    clr = bg_pr.find("a:solidFill/a:srgbClr", NS)
    assert clr.get("val") == "ABCDEF"
    assert clr.find("a:alpha", NS).get("val") == "50000"


def test_gradient_background() -> None:
    bg = {
        "type": "gradient",
        "path": "linear",
        "angle": 90,
        "stops": [
            {"pos": 0, "color": "FFFFFF", "alpha": 1},
            {"pos": 1, "color": "000000", "alpha": 1},
        ],
    }
    written = write(slides=[_slide(background=bg)])
    grad = written.slide().find("p:cSld/p:bg/p:bgPr/a:gradFill", NS)
    assert grad.find("a:lin", NS).get("ang") == "5400000"
    assert [gs.get("pos") for gs in grad.findall("a:gsLst/a:gs", NS)] == ["0", "100000"]


def test_image_background_is_a_blip_fill_with_crop() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    bg = {"type": "image", "media": sha1, "crop": {"l": 0.25, "t": 0, "r": 0.25, "b": 0.1}}
    written = write(slides=[_slide(background=bg)], media={sha1: entry})
    blip_fill = written.slide().find("p:cSld/p:bg/p:bgPr/a:blipFill", NS)
    rid = blip_fill.find("a:blip", NS).get(R_EMBED)
    assert written.target(rid) == "../media/image1.png"
    src = blip_fill.find("a:srcRect", NS)
    assert (src.get("l"), src.get("t"), src.get("r"), src.get("b")) == (
        "25000",
        "0",
        "25000",
        "10000",
    )
    assert written.zip.read("ppt/media/image1.png") == entry["data"]


def test_unusable_background_is_left_out() -> None:
    written = write(slides=[_slide(background={"type": "image", "media": "missing"})])
    assert written.slide().find("p:cSld/p:bg", NS) is None


def test_notes_text_goes_into_each_notes_slide() -> None:
    slides = [
        _slide(_label("a"), notes="First line\nsecond line"),
        _slide(_label("b")),
        _slide(_label("c"), notes="Third slide notes"),
        _slide(_label("d"), notes="   "),
    ]
    prs = write(slides=slides).prs()
    notes = [s.notes_slide.notes_text_frame.text if s.has_notes_slide else None for s in prs.slides]
    assert notes == ["First line\nsecond line", None, "Third slide notes", None]


def test_notes_slides_are_related_both_ways() -> None:
    slides = [_slide(notes="one"), _slide(notes="two")]
    written = write(slides=slides)
    for n in (1, 2):
        rels = written.rels(n)
        targets = [r.get("Target") for r in rels.values()]
        assert f"../notesSlides/notesSlide{n}.xml" in targets
        notes_rels = written.xml(f"ppt/notesSlides/_rels/notesSlide{n}.xml.rels")
        notes_targets = [r.get("Target") for r in notes_rels]
        assert f"../slides/slide{n}.xml" in notes_targets
        assert "../notesMasters/notesMaster1.xml" in notes_targets


def test_output_is_deterministic() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    pic = {"kind": "picture", "x": 0, "y": 0, "w": 20, "h": 10, "media": sha1}
    slides = [_slide(_label("x"), pic, notes="n"), _slide(_label("y"))]
    deck = {"width": 1280, "height": 720, "slides": slides, "title": "T"}
    first = write_deck(complete(deck, Deck), {sha1: entry})
    second = write_deck(complete(deck, Deck), {sha1: entry})
    assert first == second
    for info in zipfile.ZipFile(io.BytesIO(first)).infolist():
        assert info.date_time == (1980, 1, 1, 0, 0, 0)


def test_images_are_stored_and_xml_is_deflated() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    pic = {"kind": "picture", "x": 0, "y": 0, "w": 20, "h": 10, "media": sha1}
    written = write([pic], media={sha1: entry})
    infos = {info.filename: info for info in written.zip.infolist()}
    assert infos["ppt/media/image1.png"].compress_type == zipfile.ZIP_STORED
    assert infos["ppt/slides/slide1.xml"].compress_type == zipfile.ZIP_DEFLATED


def test_core_properties_fixed_timestamps_and_title() -> None:
    props = write([], title="Quarterly review").prs().core_properties
    fixed = dt.datetime(2000, 1, 1)
    assert props.title == "Quarterly review"
    assert props.created.replace(tzinfo=None) == fixed
    assert props.modified.replace(tzinfo=None) == fixed
    assert props.last_modified_by == "deckforge"
    assert props.author == ""


def test_a_title_longer_than_powerpoint_keeps_is_shortened_not_refused() -> None:
    title = "A very long deck title " * 20  # 460 characters; PowerPoint keeps at most 255
    props = write([], title=title, author="B" * 300).prs().core_properties
    assert len(props.title) == 255 and props.title.endswith("\u2026")
    assert title.startswith(props.title[:-1])
    assert len(props.author) == 255


def test_core_properties_from_caller() -> None:
    props = write([], created="2024-05-06T07:08:09Z", author="Ann").prs().core_properties
    assert props.created.replace(tzinfo=None) == dt.datetime(2024, 5, 6, 7, 8, 9)
    assert props.modified.replace(tzinfo=None) == dt.datetime(2024, 5, 6, 7, 8, 9)
    assert props.author == "Ann"


def test_app_properties_and_no_template_thumbnail() -> None:
    written = write(slides=[_slide(notes="n"), _slide()])
    app = written.zip.read("docProps/app.xml").decode()
    assert "<Slides>2</Slides>" in app and "<Notes>1</Notes>" in app
    assert "<Application>deckforge</Application>" in app
    names = written.zip.namelist()
    assert "docProps/thumbnail.jpeg" not in names
    assert b"thumbnail" not in written.zip.read("_rels/.rels")


def test_media_shared_by_slides_is_stored_once() -> None:
    sha1, entry = media_entry(png_bytes(), "image/png")
    pic = {"kind": "picture", "x": 0, "y": 0, "w": 20, "h": 10, "media": sha1}
    written = write(slides=[_slide(pic), _slide(pic)], media={sha1: entry})
    media = [n for n in written.zip.namelist() if n.startswith("ppt/media/")]
    assert media == ["ppt/media/image1.png"]
    for n in (1, 2):
        rid = written.shapes(n)[0].find("p:blipFill/a:blip", NS).get(R_EMBED)
        assert written.target(rid, n) == "../media/image1.png"


def test_svg_part_content_type() -> None:
    png_sha, png = media_entry(png_bytes(), "image/png")
    svg_sha, svg = media_entry(SVG_BYTES, "image/svg+xml")
    pic = {"kind": "picture", "x": 0, "y": 0, "w": 20, "h": 10, "media": png_sha}
    pic["svg_media"] = svg_sha
    written = write([pic], media={png_sha: png, svg_sha: svg})
    types = written.xml("[Content_Types].xml")
    overrides = {o.get("PartName"): o.get("ContentType") for o in types}
    assert overrides["/ppt/media/image2.svg"] == "image/svg+xml"
    assert written.zip.read("ppt/media/image2.svg") == SVG_BYTES
