"""Paragraphs written to wrap in their box (line_breaks "soft") break where Chromium broke them
when LibreOffice lays them out: Chromium's recorded lines (tests/layout/expected_breaks.json,
expected_balance.json) against the lines of LibreOffice's PDF, one fixture per slide."""

from __future__ import annotations

import io
import json
import re
import subprocess
import zipfile
from pathlib import Path

import pytest
from lxml import etree

from engine import convert
from engine.options import Options
from tests.layout.chromium_balance import EXPECTED as BALANCE
from tests.layout.chromium_boxes import page
from tests.layout.chromium_breaks import EXPECTED as BREAKS
from tests.layout.test_line_fit import chromium_lines
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_fonts, requires_tools

pytestmark = [
    pytest.mark.slow,
    requires_fonts("fonts-liberation", "fonts-dejavu-core", "fonts-noto-cjk"),
    requires_tools("soffice", "pdftotext"),
]

# Where a box width cannot reproduce Chromium's breaks, the renderer wraps the paragraph its own
# way (the text stays whole and editable). Each is a documented class (docs/text-placement.md):
NOT_REPRODUCED = {
    # text-wrap: balance / pretty choose breaks no single width gives to a greedy line breaker
    "balance:five_lines",
    "balance:four_lines_center",
    "balance:line_clamp",
    "balance:too_many_lines",
    "balance:with_br",
    # word-break: keep-all in Chinese: LibreOffice breaks between any two ideographs
    "breaks:keep_all_chinese",
    # the engine's own lines differ from Chromium's here (exact line breaks fail them too)
    "balance:cjk",
    "balance:letter_spacing",
    # nowrap lines running past the slide's right edge (the PDF's text stops at the page)
    "balance:balance_then_nowrap",
    "balance:text_wrap_nowrap",
}


def _fixtures() -> dict[str, dict]:
    out = {}
    for suite, path in (("breaks", BREAKS), ("balance", BALANCE)):
        for name, fixture in json.loads(Path(path).read_text()).items():
            if "a" in fixture.get("lines", {}) and not name.startswith("min_content"):
                out[f"{suite}:{name}"] = fixture
    return dict(sorted(out.items()))


def _chromium(key: str, fixture: dict) -> list[str]:
    suite, name = key.split(":")
    visible = (fixture.get("visible") or {}).get("a")
    if visible:
        return visible["text"].split("\n")
    if suite == "breaks":
        return chromium_lines(name)
    return [text for text, _right in fixture["lines"]["a"]]


def _norm(line: str) -> str:
    """Letters only: no white space, soft hyphen, U+200B, hyphen shown at a break, marker."""
    line = re.sub("[\\s\\u00ad\\u200b\\u2010]", "", line)
    return re.sub("^(•|1\\.)", "", line).rstrip("-")


def _pdf_lines(pdf: Path, boxes: list[list[float]]) -> list[list[str]]:
    """Per page, the words of its fixture's box (text may overflow it to the right) grouped
    into lines by baseline."""
    html = pdf.with_suffix(".html")
    subprocess.run(["pdftotext", "-bbox", str(pdf), str(html)], check=True)
    doc = etree.parse(str(html), etree.HTMLParser(encoding="utf-8"))
    out = []
    for pg, (bx, by, _bw, bh) in zip(doc.iter("page"), boxes, strict=True):
        rows: dict[float, list[tuple[float, str]]] = {}
        for w in pg.iter("word"):
            x0, y0 = float(w.get("xmin")) * 4 / 3, float(w.get("ymin")) * 4 / 3
            x1, y1 = float(w.get("xmax")) * 4 / 3, float(w.get("ymax")) * 4 / 3
            if not (bx - 60 <= (x0 + x1) / 2 and by <= (y0 + y1) / 2 <= by + bh):
                continue  # another element of the page (overflow to the right is the text's)
            key = next((k for k in rows if abs(k - y1) < 3), y1)
            rows.setdefault(key, []).append((x0, w.text or ""))
        out.append(["".join(t for _x, t in sorted(v)) for _k, v in sorted(rows.items())])
    return out


def test_libreoffice_breaks_soft_paragraphs_where_chromium_did(tmp_path: Path) -> None:
    fixtures = _fixtures()
    names = list(fixtures)
    deck = tmp_path / "soft.pptx"
    conv = convert([page(fixtures[n]["html"]) for n in names], options=Options())
    deck.write_bytes(conv.pptx_bytes)
    libreoffice_pdf(deck, tmp_path)
    got = _pdf_lines(tmp_path / "soft.pdf", [fixtures[n]["boxes"]["a"] for n in names])
    same = {
        name
        for name, lines in zip(names, got, strict=True)
        if [_norm(x) for x in lines] == [_norm(x) for x in _chromium(name, fixtures[name])]
    }
    assert set(names) - same == NOT_REPRODUCED
    assert len(same) >= 60


def test_libreoffice_draws_cap_all_in_capitals(tmp_path: Path) -> None:
    html = '<p style="text-transform:uppercase;font:24px Liberation Sans">Quarterly Review</p>'
    data = convert([page(html)]).pptx_bytes
    assert b'cap="all"' in _slide_xml(data)
    deck = tmp_path / "caps.pptx"
    deck.write_bytes(data)
    libreoffice_pdf(deck, tmp_path)
    out = subprocess.run(
        ["pdftotext", str(tmp_path / "caps.pdf"), "-"], check=True, capture_output=True, text=True
    )
    assert out.stdout.split() == ["QUARTERLY", "REVIEW"]


def _slide_xml(data: bytes) -> bytes:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return z.read("ppt/slides/slide1.xml")
