"""Table rows keep the height the engine gave them when LibreOffice renders the deck: cells
whose content is drawn over the table (inline-block badges, rounded code pills) must not make
LibreOffice grow the row (HTML -> PPTX -> soffice PDF -> word positions with pdftotext -bbox)."""

from __future__ import annotations

import io
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from engine import convert
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_tools

pytestmark = [
    pytest.mark.fonts("fonts-dejavu-core"),  # LibreOffice aborts when no font is installed
    pytest.mark.slow,
    requires_tools("soffice", "pdftotext"),
]

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
ROWS = 9
BADGE = "display:inline-block;padding:2px 8px;border-radius:999px;font-size:10px;background:#c6f6d5"
PILL = "font-family:monospace;font-size:11px;background:#eee;padding:1px 6px;border-radius:4px"


def _page() -> str:
    rows = "".join(
        f"<tr><td>Row{i}</td><td><span style='{BADGE}'>ok</span></td>"
        f"<td><code style='{PILL}'>v{i}</code></td>"
        f"<td style='border-bottom:1px solid rgba(0,0,0,.08)'>{i * 7}%</td></tr>"
        for i in range(1, ROWS + 1)
    )
    return (
        "<html><head><style>body{margin:0} .slide{width:1280px;height:720px;background:#fff;"
        "font-family:'Liberation Sans'} table{border-collapse:collapse;font-size:12px}"
        "td{padding:3px 10px}</style></head>"
        f'<body><div class="slide"><table>{rows}</table></div></body></html>'
    )


def _word_tops(pdf: Path) -> dict[str, float]:
    out = subprocess.run(
        ["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    tops: dict[str, float] = {}
    for m in re.finditer(r'<word xMin="[\d.]+" yMin="([\d.]+)"[^>]*>([^<]+)</word>', out):
        tops.setdefault(m.group(2), float(m.group(1)) * 4 / 3)  # pt -> px
    return tops


def test_rows_with_badges_do_not_grow_in_libreoffice(tmp_path: Path) -> None:
    data = convert([_page()]).pptx_bytes
    slide = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
    heights = [int(tr.get("h")) / 9525 for tr in slide.iter(f"{{{A}}}tr")]
    assert len(heights) == ROWS
    pptx = tmp_path / "rows.pptx"
    pptx.write_bytes(data)
    libreoffice_pdf(pptx, tmp_path)
    tops = _word_tops(tmp_path / "rows.pdf")
    first, last = tops["Row1"], tops[f"Row{ROWS}"]
    # Each row's text moves down by exactly the rows above it; a row grown by LibreOffice
    # (an 18 pt empty paragraph in a 20 px row) pushes every later row down by several px.
    assert last - first == pytest.approx(sum(heights[:-1]), abs=2.0)
