"""LibreOffice draws a deck generated on a real template like the template's own slides: the
master's picture, background and logo are where the template has them (pixels compared beside
a slide of the template on the same layout), and the generated titles are there as text."""

from __future__ import annotations

import io
import subprocess
from pathlib import Path

import pptx
import pytest
from brand_testkit import MARKDOWN, sample
from PIL import Image, ImageChops, ImageStat

from generator.api import generate_from_markdown
from generator.brand.package import load_pptx_template
from generator.brand.safety import check_pptx
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_tools

pytestmark = [pytest.mark.slow, requires_tools("soffice", "pdftoppm")]


def _pages(pptx: bytes, tmp: Path, stem: str) -> tuple[list[Image.Image], str]:
    src = tmp / f"{stem}.pptx"
    src.write_bytes(pptx)
    pdf = libreoffice_pdf(src, tmp)
    subprocess.run(
        ["pdftoppm", "-r", "40", "-png", str(pdf), str(tmp / stem)], check=True, capture_output=True
    )
    text = subprocess.run(
        ["pdftotext", str(pdf), "-"], check=True, capture_output=True
    ).stdout.decode()
    files = sorted(tmp.glob(f"{stem}-*.png"))
    return [Image.open(f).convert("RGB") for f in files], text


def _diff(a: Image.Image, b: Image.Image, box: tuple[float, float, float, float]) -> float:
    w, h = a.size
    crop = (int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h))
    stat = ImageStat.Stat(ImageChops.difference(a.crop(crop), b.resize(a.size).crop(crop)))
    return float(sum(stat.mean) / 3)


def test_generated_deck_renders_on_the_templates_master(tmp_path: Path) -> None:
    data = sample("sales")
    template = load_pptx_template(data, filename="sales.potx")
    deck = generate_from_markdown(MARKDOWN, template.id, templates={template.id: template})
    ours, text = _pages(deck.pptx_bytes, tmp_path, "generated")
    theirs, _ = _pages(check_pptx(data).data, tmp_path, "template")
    assert len(ours) == deck.page_count
    assert "Revenue Growth" in text and "Quarterly Review" in text
    # Slide 2 of both decks is on "Title and Content": same sky, logo and mountains.
    band = (0.0, 0.0, 1.0, 0.08)  # the logo on the master's top edge
    bottom = (0.0, 0.9, 1.0, 1.0)  # the mountains of the background picture
    assert _diff(ours[1], theirs[1], band) < 6
    assert _diff(ours[1], theirs[1], bottom) < 6
    assert _diff(ours[1], theirs[1], (0.0, 0.0, 1.0, 1.0)) > 0.5  # the text differs
    sheet = Image.new("RGB", (ours[1].width * 2, ours[1].height))
    sheet.paste(theirs[1].resize(ours[1].size), (0, 0))
    sheet.paste(ours[1], (ours[1].width, 0))
    buf = io.BytesIO()
    sheet.save(buf, "PNG")
    (tmp_path / "side-by-side.png").write_bytes(buf.getvalue())


def test_picture_in_its_placeholder_renders_like_powerpoints_insert_picture(
    tmp_path: Path,
) -> None:
    """The picture slide beside the template's picture layout filled by python-pptx's
    `insert_picture` (PowerPoint's picture-into-placeholder, cropped to fill): same frame, same
    crop, same caption place."""
    from test_brand_pictures import markdown, picture

    data = sample("sales")
    template = load_pptx_template(data, filename="sales.potx")
    deck = generate_from_markdown(
        markdown(800, 400), template.id, templates={template.id: template}
    )
    ours, text = _pages(deck.pptx_bytes, tmp_path, "generated")
    assert "Opened in March, with 120 desks." in text
    prs = pptx.Presentation(io.BytesIO(check_pptx(data).data))
    layout = next(lay for lay in prs.slide_layouts if lay.name == "Picture with Caption")
    slide = prs.slides.add_slide(layout)
    for ph in slide.placeholders:
        kind = str(ph.placeholder_format.type)
        if "PICTURE" in kind:
            ph.insert_picture(io.BytesIO(picture(800, 400)))  # type: ignore[attr-defined]
        elif ph.placeholder_format.idx == 0:
            ph.text_frame.text = "The new office"
        elif "BODY" in kind:
            ph.text_frame.text = "Opened in March, with 120 desks."
    out = io.BytesIO()
    prs.save(out)
    reference, _ = _pages(out.getvalue(), tmp_path, "reference")
    index = [p.title for p in deck.pages].index("The new office")
    mine, theirs = ours[index], reference[-1]
    frame = (0.196, 0.085, 0.79, 0.685)  # the layout's picture placeholder, as fractions
    assert _diff(mine, theirs, frame) < 3
    assert _diff(mine, theirs, (0.0, 0.0, 1.0, 0.93)) < 3  # title and caption too
    w, h = mine.size
    centre = mine.getpixel((w // 2, int(h * 0.385)))
    left = mine.getpixel((int(w * 0.205), int(h * 0.385)))
    assert isinstance(centre, tuple) and isinstance(left, tuple)
    assert centre[0] > 200 and centre[2] < 100  # the yellow disc at the frame's centre
    assert left[2] > 150 and left[0] < 100  # blue: the red band on the left was cropped off
