"""A layout fixture converted to PPTX with exact line breaks -> the lines of its first text shape
(split at a:br / a:p), for tests that check the written breaks against Chromium's."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from engine import convert
from engine.options import Options
from tests.layout.chromium_boxes import page

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}


def slide_texts(html: str) -> tuple[list[str], int]:
    """The text of the slide's first text shape split at its a:br, and how many a:br it has
    (line_breaks "exact": every line the layout broke ends in a:br)."""
    data = convert([page(html)], options=Options(line_breaks="exact")).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    body = next(sp for sp in xml.iterfind(".//p:sp", NS) if sp.find(".//a:t", NS) is not None)
    texts, current, breaks = [], "", 0
    for el in body.iter(f"{{{NS['a']}}}t", f"{{{NS['a']}}}br", f"{{{NS['a']}}}p"):
        if el.tag.endswith("}t"):
            current += el.text or ""
        elif current:
            breaks += el.tag.endswith("}br")
            texts.append(current)
            current = ""
    if current:
        texts.append(current)
    return [t.strip() for t in texts], breaks
