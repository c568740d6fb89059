"""a:buSzPct is written in thousandths of a percent (what Office writes and reads): LibreOffice
reads only that form and ignores the ISO/IEC 29500 "NN%" form, which the Transitional schema
lists alone (tests/ooxml_schema.py ERRATA). Measured on the bullet LibreOffice draws."""

from __future__ import annotations

import io
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx import write_deck
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_fonts, requires_tools

pytestmark = [
    pytest.mark.slow,
    requires_fonts("fonts-dejavu-core"),
    requires_tools("soffice", "pdftotext"),
]


def _slide(x: float) -> dict:
    para = {
        "align": "l",
        "margin_left": 40,
        "indent": -40,
        "bullet": {"char": "→", "font": "DejaVu Sans", "size": 2.0},
        "runs": [{"text": "item", "size": 12, "font": "DejaVu Sans"}],
    }
    body = {"wrap": True, "anchor": "t", "insets": [0, 0, 0, 0], "paragraphs": [para]}
    return {"kind": "text", "x": x, "y": 40, "w": 300, "h": 100, "text": body}


def _arrow_heights(pdf: Path) -> list[float]:
    html = pdf.with_suffix(".html")
    subprocess.run(["pdftotext", "-bbox", str(pdf), str(html)], check=True)
    doc = etree.parse(str(html), etree.HTMLParser(encoding="utf-8"))
    words = sorted(
        (float(w.get("xmin")), float(w.get("ymax")) - float(w.get("ymin")))
        for w in doc.iter("word")
        if (w.text or "").startswith("→")
    )
    return [h for _x, h in words]


def test_libreoffice_reads_bullet_sizes_in_thousandths_only(tmp_path: Path) -> None:
    deck = {"width": 960, "height": 540, "slides": [{"shapes": [_slide(40), _slide(500)]}]}
    data = write_deck(complete(deck, Deck), {})
    # the second box's bullet as the ISO form: "200%" instead of val="200000"
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            blob = src.read(info)
            if info.filename == "ppt/slides/slide1.xml":
                text = blob.decode()
                assert text.count('<a:buSzPct val="200000"/>') == 2
                last = text.rindex('<a:buSzPct val="200000"/>')
                text = text[:last] + '<a:buSzPct val="200%"/>' + text[last + 25 :]
                blob = text.encode()
            dst.writestr(info, blob)
    path = tmp_path / "bullets.pptx"
    path.write_bytes(out.getvalue())
    libreoffice_pdf(path, tmp_path)
    thousandths, iso = _arrow_heights(tmp_path / "bullets.pdf")
    # 200 % of 12 pt against the 100 % LibreOffice falls back to
    assert thousandths == pytest.approx(2 * iso, rel=0.15)
