"""Pictures on a template's picture layout: a page with one picture and a short text is planned
on the "Picture with Caption" layout; the picture goes INTO the layout's picture placeholder as
PowerPoint inserts one (`p:pic` whose `p:ph` has the placeholder's type and idx, geometry from
the layout, `a:srcRect` cropping it to fill the frame), the text or the picture's alt text into
the caption placeholder; no empty picture placeholder is written; the preview draws the picture
where the placeholder is; a template without a picture layout gets the picture beside the text."""

from __future__ import annotations

import base64
import io
from functools import cache
from typing import Any

import pptx
import pytest
from brand_testkit import package_problems, sample
from lxml import etree
from PIL import Image, ImageDraw
from pptx.enum.shapes import MSO_SHAPE_TYPE
from pptx.shapes.placeholder import PlaceholderPicture

from generator.api import GeneratedDeck, generate_from_markdown
from generator.brand.build import fill_crop
from generator.brand.html import BrandTemplate
from generator.brand.package import load_pptx_template

NS = {
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
}
EMBED = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}embed"


def picture(width: int, height: int) -> bytes:
    """A picture whose crop shows: a red band on the left, a yellow disc in the middle."""
    img = Image.new("RGB", (width, height), (40, 120, 200))
    draw = ImageDraw.Draw(img)
    r = min(width, height) // 4
    draw.ellipse((width // 2 - r, height // 2 - r, width // 2 + r, height // 2 + r), (250, 200, 40))
    draw.rectangle((0, 0, width // 12, height), fill=(200, 30, 30))
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return buf.getvalue()


def markdown(width: int, height: int, text: str = "Opened in March, with 120 desks.") -> str:
    uri = "data:image/png;base64," + base64.b64encode(picture(width, height)).decode()
    return (
        f"# Site visit\nSpring\n\n## Places\n\n### The new office\n"
        f"![The new office in Berlin]({uri})\n\n{text}\n\n### Plain page\n- one\n- two\n"
    )


@cache
def template(name: str, settings: str | None = None) -> BrandTemplate:
    return load_pptx_template(sample(name), settings=settings, filename=f"{name}.pptx")


@cache
def deck(
    name: str, width: int = 800, height: int = 400, text: str = "Opened in March, with 120 desks."
) -> GeneratedDeck:
    t = template(name)
    return generate_from_markdown(markdown(width, height, text), t.id, templates={t.id: t})


def slide_of(d: GeneratedDeck, title: str) -> tuple[int, pptx.slide.Slide]:
    prs = pptx.Presentation(io.BytesIO(d.pptx_bytes))
    for i, slide in enumerate(prs.slides):
        if slide.shapes.title is not None and slide.shapes.title.text_frame.text == title:
            return i, slide
    raise AssertionError(f"no slide titled {title!r}")


def layout_placeholders(slide: pptx.slide.Slide) -> list[Any]:
    return [s for s in slide.slide_layout.shapes if s.is_placeholder]


def layout_picture(slide: pptx.slide.Slide) -> tuple[int, float, float]:
    """(idx, width, height in EMU) of the slide layout's picture placeholder."""
    for ph in layout_placeholders(slide):
        if ph.placeholder_format.type is not None and "PICTURE" in str(ph.placeholder_format.type):
            return ph.placeholder_format.idx, float(ph.width), float(ph.height)
    raise AssertionError("the layout has no picture placeholder")


@pytest.mark.parametrize(
    ("name", "width", "height"),
    [("sales", 800, 400), ("wide", 300, 900), ("company", 500, 700)],
)
def test_picture_goes_into_the_picture_placeholder(name: str, width: int, height: int) -> None:
    d = deck(name, width, height)
    i, slide = slide_of(d, "The new office")
    assert slide.slide_layout.name == "Picture with Caption"
    idx, frame_w, frame_h = layout_picture(slide)
    sld = etree.fromstring(slide.part.blob)
    pics = sld.findall(".//p:spTree/p:pic", NS)
    assert len(pics) == 1, "one picture, in the placeholder (nothing drawn on top)"
    pic = pics[0]
    ph = pic.find("p:nvPicPr/p:nvPr/p:ph", NS)
    assert ph is not None and ph.get("type") == "pic" and ph.get("idx") == str(idx)
    assert pic.find("p:nvPicPr/p:cNvPr", NS).get("descr") == "The new office in Berlin"
    assert pic.find("p:spPr/a:xfrm", NS) is None  # the layout's geometry
    blip = pic.find("p:blipFill/a:blip", NS)
    target = slide.part.related_part(blip.get(EMBED))
    assert str(target.partname).startswith("/ppt/media/") and target.content_type == "image/png"
    with Image.open(io.BytesIO(target.blob)) as img:
        assert img.size == (width, height)
    crop = pic.find("p:blipFill/a:srcRect", NS)
    cut = {k: int(crop.get(k, "0")) / 100000 for k in ("l", "t", "r", "b")}
    shown_w = width * (1 - cut["l"] - cut["r"])
    shown_h = height * (1 - cut["t"] - cut["b"])
    assert shown_w / shown_h == pytest.approx(frame_w / frame_h, rel=1e-3)  # no distortion
    assert cut["l"] == pytest.approx(cut["r"]) and cut["t"] == pytest.approx(cut["b"])
    assert max(cut.values()) > 0.05  # these pictures do not have the frame's shape
    placeholder = slide.placeholders[idx]
    assert isinstance(placeholder, PlaceholderPicture)
    assert placeholder.image.size == (width, height)
    captions = [s for s in slide.placeholders if s.placeholder_format.type is not None]
    assert any(
        s.has_text_frame and s.text_frame.text == "Opened in March, with 120 desks."
        for s in captions
    )
    assert package_problems(d.pptx_bytes) == []
    assert d.conversion.slides[i] is not None


def test_caption_is_the_alt_text_when_the_picture_comes_alone() -> None:
    d = deck("sales", 800, 400, text="")
    _, slide = slide_of(d, "The new office")
    assert slide.slide_layout.name == "Picture with Caption"
    body = [s for s in slide.placeholders if "BODY" in str(s.placeholder_format.type)]
    assert [s.text_frame.text for s in body] == ["The new office in Berlin"]


def test_no_empty_picture_placeholder_on_slides_without_a_picture() -> None:
    # Content slides on the picture layout (by settings): text in the body, no picture frame.
    t = template("sales", '{"layouts": {"content": "Picture with Caption"}}')
    d = generate_from_markdown(
        "# Deck\n\n## Part\n\n### Words only\nJust a sentence.\n", t.id, templates={t.id: t}
    )
    # (a section of one short page is one slide: the section's title over the page's text)
    slide = next(
        s
        for s in pptx.Presentation(io.BytesIO(d.pptx_bytes)).slides
        if any("Just a sentence." in p.text_frame.text for p in s.placeholders)
    )
    assert slide.slide_layout.name == "Picture with Caption"
    sld = etree.fromstring(slide.part.blob)
    assert sld.findall(".//p:ph[@type='pic']", NS) == []
    assert any(s.text_frame.text.endswith("Just a sentence.") for s in slide.placeholders)
    for other in pptx.Presentation(io.BytesIO(deck("sales").pptx_bytes)).slides:
        if other.slide_layout.name != "Picture with Caption":
            assert b'type="pic"' not in other.part.blob


def test_preview_draws_the_picture_where_the_placeholder_is() -> None:
    d = deck("sales")
    i, slide = slide_of(d, "The new office")
    idx, _, _ = layout_picture(slide)
    frame = next(ph for ph in layout_placeholders(slide) if ph.placeholder_format.idx == idx)
    shapes = d.conversion.slides[i]["shapes"]
    pictures = [s for s in shapes if s.get("kind") == "picture" and s.get("w", 0) > 300]
    assert len(pictures) == 1
    shown = pictures[0]
    box = (shown["x"], shown["y"], shown["w"], shown["h"])
    expected = tuple(v / 9525 for v in (frame.left, frame.top, frame.width, frame.height))
    assert box == pytest.approx(expected, abs=1.0)
    assert shown["crop"]["l"] == pytest.approx(1 / 6, abs=1e-3)  # 2:1 in 4:3
    from engine.render import render_model_png

    png = render_model_png(d.conversion.slides[i], 400, media=d.conversion.media, size=(960, 720))
    with Image.open(io.BytesIO(png)) as img:
        centre = img.convert("RGB").getpixel(
            (int(400 * (box[0] + box[2] / 2) / 960), int(300 * (box[1] + box[3] / 2) / 720))
        )
    assert isinstance(centre, tuple)
    assert centre[0] > 200 and centre[2] < 100  # the yellow disc at the frame's centre


def test_template_without_a_picture_layout_puts_the_picture_beside_the_text() -> None:
    d = deck("m3")
    i, slide = slide_of(d, "The new office")
    assert template("m3").layout_map.chosen_by["picture"] == "fallback"  # type: ignore[union-attr]
    body = next(s for s in slide.placeholders if s.placeholder_format.idx == 1)
    assert body.text_frame.text == "Opened in March, with 120 desks."
    sld = etree.fromstring(slide.part.blob)
    assert sld.findall(".//p:ph[@type='pic']", NS) == []
    own = [sp for sp in sld.iter(f"{{{NS['p']}}}sp") if sp.find("p:spPr/a:xfrm", NS) is not None]
    assert len(own) == 1  # the body placeholder, narrowed to the left half
    pic = next(s for s in slide.shapes if s.shape_type == MSO_SHAPE_TYPE.PICTURE)
    assert body.left + body.width <= pic.left  # side by side, no overlap
    assert package_problems(d.pptx_bytes) == []


@pytest.mark.parametrize(
    ("size", "frame", "crop"),
    [
        ((800, 400), (576, 432), {"l": 1 / 6, "t": 0.0, "r": 1 / 6, "b": 0.0}),
        ((300, 900), (648, 512), {"l": 0.0, "t": 0.3683, "r": 0.0, "b": 0.3683}),
        ((640, 480), (576, 432), None),
        ((0, 480), (576, 432), None),
    ],
)
def test_fill_crop(
    size: tuple[int, int], frame: tuple[int, int], crop: dict[str, float] | None
) -> None:
    got = fill_crop(size[0], size[1], frame[0], frame[1])
    if crop is None:
        assert got is None
    else:
        assert got == pytest.approx(crop, abs=1e-4)
