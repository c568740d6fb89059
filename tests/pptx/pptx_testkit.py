"""Helpers for the PPTX writer tests: write a tiny slide model, then look inside the package."""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass
from typing import Any

from lxml import etree
from PIL import Image
from pptx import Presentation

from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx import write_deck

NS = {
    "a": "http://schemas.openxmlformats.org/drawingml/2006/main",
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "asvg": "http://schemas.microsoft.com/office/drawing/2016/SVG/main",
    "ahyp": "http://schemas.microsoft.com/office/drawing/2018/hyperlinkcolor",
    "rel": "http://schemas.openxmlformats.org/package/2006/relationships",
}
R_ID = f"{{{NS['r']}}}id"
R_EMBED = f"{{{NS['r']}}}embed"


@dataclass
class Written:
    """A written deck: its bytes plus helpers to look inside."""

    data: bytes

    @property
    def zip(self) -> zipfile.ZipFile:
        return zipfile.ZipFile(io.BytesIO(self.data))

    def xml(self, member: str) -> etree._Element:
        return etree.fromstring(self.zip.read(member))

    def slide(self, n: int = 1) -> etree._Element:
        return self.xml(f"ppt/slides/slide{n}.xml")

    def sp_tree(self, n: int = 1) -> etree._Element:
        return self.slide(n).find("p:cSld/p:spTree", NS)

    def shapes(self, n: int = 1) -> list[etree._Element]:
        """The shape elements of slide n (spTree children after nvGrpSpPr/grpSpPr)."""
        return list(self.sp_tree(n))[2:]

    def rels(self, n: int = 1) -> dict[str, etree._Element]:
        root = self.xml(f"ppt/slides/_rels/slide{n}.xml.rels")
        return {rel.get("Id"): rel for rel in root.findall("rel:Relationship", NS)}

    def target(self, rid: str, n: int = 1) -> str:
        return str(self.rels(n)[rid].get("Target"))

    def prs(self) -> Any:
        return Presentation(io.BytesIO(self.data))


def png_bytes(color: tuple[int, int, int, int] = (255, 0, 0, 255), size=(20, 10)) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", size, color).save(out, "PNG")
    return out.getvalue()


SVG_BYTES = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
    b'<rect width="20" height="10" fill="#0000ff"/></svg>'
)


def media_entry(data: bytes, content_type: str) -> tuple[str, dict[str, Any]]:
    sha1 = hashlib.sha1(data).hexdigest()
    return sha1, {
        "key": sha1,
        "content_type": content_type,
        "data": data,
        "width": 20,
        "height": 10,
    }


def write(
    shapes: list[dict[str, Any]] | None = None,
    slides: list[dict[str, Any]] | None = None,
    media: dict[str, dict[str, Any]] | None = None,
    **deck_keys: Any,
) -> Written:
    """Write one slide of `shapes` (or the given `slides`) at 1280x720 and wrap the bytes."""
    if slides is None:
        slides = [{"background": None, "shapes": shapes or [], "notes": None, "blank": False}]
    deck = {"width": 1280, "height": 720, "slides": slides, **deck_keys}
    return Written(write_deck(complete(deck, Deck), media or {}))


def text_body(*paragraphs: dict[str, Any], **body: Any) -> dict[str, Any]:
    return {
        "wrap": True,
        "anchor": "t",
        "insets": [0, 0, 0, 0],
        **body,
        "paragraphs": list(paragraphs),
    }


def text_shape(*paragraphs: dict[str, Any], **body: Any) -> dict[str, Any]:
    return {
        "kind": "text",
        "x": 10,
        "y": 20,
        "w": 300,
        "h": 50,
        "text": text_body(*paragraphs, **body),
    }


def local(el: etree._Element) -> str:
    return etree.QName(el).localname
