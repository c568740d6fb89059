"""Reading generated decks as their users' software does: the slide XML of the PPTX."""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

from lxml import etree

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}
EMU_PER_PX = 9525


@dataclass(frozen=True)
class Run:
    text: str
    size_px: float  # a:rPr/@sz (hundredths of a point) in CSS px
    east_asian: str  # a:ea/@typeface ('' when absent)
    lang: str


def slides(pptx: bytes) -> list[etree._Element]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as zf:
        names = sorted(
            (n for n in zf.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)),
            key=lambda n: int(re.findall(r"\d+", n)[0]),
        )
        return [etree.fromstring(zf.read(n)) for n in names]


def runs(slide: etree._Element) -> list[Run]:
    out = []
    for r in slide.iterfind(".//a:r", NS):
        rpr = r.find("a:rPr", NS)
        sz = rpr.get("sz") if rpr is not None else None
        ea = rpr.find("a:ea", NS) if rpr is not None else None
        out.append(
            Run(
                r.findtext("a:t", default="", namespaces=NS),
                int(sz) / 100 * 4 / 3 if sz else 0.0,
                ea.get("typeface", "") if ea is not None else "",
                rpr.get("lang", "") if rpr is not None else "",
            )
        )
    return out


def text(slide: etree._Element) -> str:
    return " ".join(r.text for r in runs(slide))


def paragraphs(slide: etree._Element) -> list[str]:
    """Every a:p's text, in document order."""
    return [
        "".join(t.text or "" for t in p.iterfind(".//a:t", NS))
        for p in slide.iterfind(".//a:p", NS)
    ]


def tables(slide: etree._Element) -> list[list[list[str]]]:
    """Each a:tbl as rows of cell texts."""
    out = []
    for tbl in slide.iterfind(".//a:tbl", NS):
        rows = []
        for tr in tbl.iterfind("a:tr", NS):
            rows.append(
                [
                    "".join(t.text or "" for t in tc.iterfind(".//a:t", NS)).strip()
                    for tc in tr.iterfind("a:tc", NS)
                ]
            )
        out.append(rows)
    return out


def shape_boxes(slide: etree._Element) -> list[tuple[str, float, float, float, float]]:
    """(text, x, y, w, h) in px of every shape with text."""
    out = []
    for sp in slide.iterfind(".//p:sp", NS):
        off = sp.find(".//a:off", NS)
        ext = sp.find(".//a:ext", NS)
        words = "".join(t.text or "" for t in sp.iterfind(".//a:t", NS))
        if off is None or ext is None or not words.strip():
            continue
        x, y = int(off.get("x")) / EMU_PER_PX, int(off.get("y")) / EMU_PER_PX
        w, h = int(ext.get("cx")) / EMU_PER_PX, int(ext.get("cy")) / EMU_PER_PX
        out.append((words, x, y, w, h))
    return out


def lines(slide: etree._Element) -> list[str]:
    """Every line of text: paragraphs cut at their line breaks (a:br), in document order."""
    out = []
    for p in slide.iterfind(".//a:p", NS):
        current = [""]
        for child in p:
            if child.tag == f"{{{NS['a']}}}br":
                current.append("")
            elif child.tag == f"{{{NS['a']}}}r":
                current[-1] += child.findtext("a:t", default="", namespaces=NS)
        out += current
    return out
