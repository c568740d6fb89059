"""List markers in the PPTX: an item whose content is blocks (text then a nested list, or
paragraphs) keeps its marker on its first line, nested items get theirs, colours follow the item."""

from __future__ import annotations

import io
import zipfile

import pytest
from lxml import etree

from engine import convert
from tests.layout.chromium_boxes import page

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS = {"a": A, "p": "http://schemas.openxmlformats.org/presentationml/2006/main"}


def paragraphs(snippet: str) -> dict[str, etree._Element]:
    """Paragraph text -> its a:pPr, over every text shape of the slide."""
    data = convert([page(snippet)]).pptx_bytes
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        xml = etree.fromstring(z.read("ppt/slides/slide1.xml"))
    out = {}
    for p in xml.iterfind(".//p:sp//a:p", NS):
        text = "".join(t.text or "" for t in p.iterfind(".//a:t", NS)).strip()
        if text:
            out[text] = p.find("a:pPr", NS)
    return out


def bullet(ppr: etree._Element) -> tuple[str, dict[str, str]]:
    for el in ppr:
        name = etree.QName(el).localname
        if name in ("buChar", "buAutoNum", "buNone"):
            return name, dict(el.attrib)
    return "none", {}


NESTED = (
    "<ul style=\"font:20px 'Liberation Sans';color:#333333\">"
    "<li>First item</li><li>Parent item<ul><li>Child one</li><li>Child two</li></ul></li>"
    "<li>Last item</li></ul>"
)


@pytest.mark.fonts("fonts-liberation")
def test_item_with_a_nested_list_keeps_its_bullet() -> None:
    paras = paragraphs(NESTED)
    assert bullet(paras["Parent item"]) == ("buChar", {"char": "\u2022"})
    assert bullet(paras["First item"]) == ("buChar", {"char": "\u2022"})
    assert bullet(paras["Child one"]) == ("buChar", {"char": "\u25e6"})
    parent_indent = int(paras["Parent item"].get("marL"))
    assert parent_indent > 0 and int(paras["Parent item"].get("indent")) == -parent_indent


@pytest.mark.fonts("fonts-liberation")
def test_item_made_of_paragraphs_numbers_its_first_one() -> None:
    paras = paragraphs(
        "<ol style=\"font:20px 'Liberation Sans'\"><li>First item</li>"
        '<li><p style="margin:0">Parent para</p><p style="margin:0">second</p></li></ol>'
    )
    assert bullet(paras["Parent para"]) == ("buAutoNum", {"type": "arabicPeriod", "startAt": "2"})
    assert bullet(paras["second"])[0] == "buNone"


@pytest.mark.fonts("fonts-liberation")
def test_bullet_colour_is_the_items_colour() -> None:
    paras = paragraphs(
        '<ul style="font:20px \'Liberation Sans\';color:#333333"><li style="color:#00aa00">'
        "Green<ul><li>Grey child</li></ul></li></ul>"
    )
    clr = paras["Green"].find("a:buClr/a:srgbClr", NS)
    assert clr is not None and clr.get("val") == "00AA00"
    child = paras["Grey child"].find("a:buClr/a:srgbClr", NS)
    assert child is not None and child.get("val") == "00AA00"  # inherited from the li
