"""deckforge's own OPC package layer (ISO/IEC 29500-2): parts, relationships, content types, part
names and the zip container, as small as the PPTX writer needs. The plain conversion path writes
decks with it alone (no python-pptx import); a PowerPoint template is read by python-pptx and
handed over to it (engine/pptx/base.py)."""

from engine.pptx.opc.constants import CT, RT
from engine.pptx.opc.package import Package, content_types_xml
from engine.pptx.opc.parts import XML_PARSER, Part, XmlPart
from engine.pptx.opc.rels import Relationship, Relationships
from engine.pptx.opc.zipio import read_package, write_package

__all__ = [
    "CT",
    "RT",
    "XML_PARSER",
    "Package",
    "Part",
    "Relationship",
    "Relationships",
    "XmlPart",
    "content_types_xml",
    "read_package",
    "write_package",
]
