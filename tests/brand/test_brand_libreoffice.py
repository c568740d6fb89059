"""LibreOffice draws a deck generated on a real template like the template's own slides: the
master's picture, background and logo are where the template has them (pixels compared beside
a slide of the template on the same layout), and the generated titles are there as text."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pytest
from brand_testkit import MARKDOWN, sample
from PIL import Image, ImageChops, ImageStat

from generator.api import generate_from_markdown
from generator.brand.package import load_pptx_template
from generator.brand.safety import check_pptx
from tests.requires import requires_tools

SOFFICE = shutil.which("soffice") or shutil.which("libreoffice")
pytestmark = [pytest.mark.slow, requires_tools("soffice", "pdftoppm")]


def _pages(pptx: bytes, tmp: Path, stem: str) -> tuple[list[Image.Image], str]:
    src = tmp / f"{stem}.pptx"
    src.write_bytes(pptx)
    profile = tmp / "lo-profile"
    subprocess.run(
        [
            str(SOFFICE),
            f"-env:UserInstallation=file://{profile}",
            "--headless",
            "--convert-to",
            "pdf",
            "--outdir",
            str(tmp),
            str(src),
        ],
        check=True,
        capture_output=True,
        timeout=240,
    )
    pdf = tmp / f"{stem}.pdf"
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
