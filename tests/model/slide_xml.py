"""A slide body converted on a 1280x720 slide -> its slide1.xml as an lxml element (XML tests)."""

from __future__ import annotations

import io
import zipfile

from lxml import etree

from engine import convert

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
}


def slide_root(body: str, background: str = "") -> etree._Element:
    """`body` inside `<div class="slide">` (1280x720, body margin 0; `background` as CSS)."""
    fill = f";background:{background}" if background else ""
    html = (
        f"<html><head><style>body{{margin:0}} .slide{{width:1280px;height:720px{fill}}}"
        f'</style></head><body><div class="slide">{body}</div></body></html>'
    )
    data = convert([html]).pptx_bytes
    return etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("ppt/slides/slide1.xml"))
