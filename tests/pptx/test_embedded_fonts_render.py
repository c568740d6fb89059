"""Embedded fonts load in a renderer: a deck whose only source of a face is its .fntdata part.

A probe face (DejaVu Sans Mono renamed "Deckforge Probe Mono") is installed in a private
fontconfig set-up for the conversion only: the engine measures with it and embeds it. The deck
is then rendered where that face is not installed, by Aspose.Slides (it reads PowerPoint's EOT
font parts; LibreOffice before 25.8 ignores p:embeddedFontLst, docs/fonts.md): the PDF it writes
must draw the text with the probe face, which only the deck can have supplied.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from engine.fonts.resolve import fc_match
from tests.conftest import requires_fonts
from tests.requires import requires_tools

PROBE = "Deckforge Probe Mono"
PROBE_PS = "DeckforgeProbeMono"
ROOT = Path(__file__).resolve().parents[2]

try:
    import aspose.slides  # noqa: F401

    ASPOSE_ERROR = ""
except Exception as exc:  # noqa: BLE001 - missing package or its native libraries
    ASPOSE_ERROR = f"aspose-slides not usable ({type(exc).__name__}): pip install aspose-slides"

pytestmark = [
    requires_fonts("fonts-dejavu-core"),
    requires_tools("aspose", "pdffonts"),
    pytest.mark.slow,
]

RENDER = """
import sys
import aspose.slides as slides
with slides.Presentation(sys.argv[1]) as pres:
    print("|".join(f.font_name for f in pres.fonts_manager.get_embedded_fonts()))
    pres.save(sys.argv[2], slides.export.SaveFormat.PDF)
"""


def _probe_fonts(tmp: Path) -> Path:
    """fonts.conf: the system's fonts plus the probe face."""
    source = fc_match("DejaVu Sans Mono", 400, "normal")
    assert source is not None
    font = TTFont(source.path, fontNumber=source.index)
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = PROBE
        elif record.nameID == 6:
            record.string = PROBE_PS
    (tmp / "fonts").mkdir()
    font.save(tmp / "fonts" / "probe.ttf")
    conf = tmp / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{tmp / 'fonts'}</dir><cachedir>{tmp / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8",
    )
    return conf


def _convert(tmp: Path, conf: Path, mode: str) -> Path:
    page = tmp / "page.html"
    page.write_text(
        '<div class="slide" style="width:640px;height:360px;background:#fff">'
        f"<p style=\"font:40px '{PROBE}';margin:40px\">iiii WWWW 0123</p></div>",
        encoding="utf-8",
    )
    out = tmp / f"{mode}.pptx"
    env = {**os.environ, "FONTCONFIG_FILE": str(conf), "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "engine", "convert", str(page), "-o", str(out), "-q"]
        + ["--embed-fonts", mode],
        check=True,
        env=env,
        capture_output=True,
        timeout=120,
    )
    return out


def _render(deck: Path) -> tuple[str, str]:
    """(embedded font names Aspose read, pdffonts listing of its PDF)."""
    pdf = deck.with_suffix(".pdf")
    done = subprocess.run(
        [sys.executable, "-c", RENDER, str(deck), str(pdf)],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    fonts = subprocess.run(["pdffonts", str(pdf)], check=True, capture_output=True, text=True)
    return done.stdout.strip(), fonts.stdout


def test_the_embedded_face_draws_the_text_where_it_is_not_installed(tmp_path: Path) -> None:
    conf = _probe_fonts(tmp_path)
    assert fc_match(PROBE, 400, "normal") is None  # not installed for the renderer
    embedded = _convert(tmp_path, conf, "subset")
    names, pdf_fonts = _render(embedded)
    assert names == PROBE
    assert PROBE_PS in pdf_fonts
    plain = _convert(tmp_path, conf, "none")
    names, pdf_fonts = _render(plain)
    assert names == ""
    assert PROBE_PS not in pdf_fonts  # without the part, a substitute draws it
