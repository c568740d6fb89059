"""The default deck every plain conversion starts from (engine/data/pptx, see its SOURCES.md):
master, layouts, theme and properties, new slides and speaker-notes parts, as OPC parts.

The vendored package is read once per process and kept as bytes; each deck gets its own part
objects, sharing those bytes and parsing the parts it edits (the presentation, the core
properties, new slides and notes slides), so no lxml tree is shared between decks or threads.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from engine.pptx.opc import CT, RT, XML_PARSER, Package, Part, XmlPart, read_package
from engine.pptx.oxml import NS_R, Element, p

_DATA = Path(__file__).resolve().parent.parent / "data" / "pptx"
NOTES_MASTER_PARTNAME = "/ppt/notesMasters/notesMaster1.xml"
# The parts deckforge edits, held as trees; the others stay bytes.
_EDITED = frozenset({CT.PRESENTATION, CT.CORE_PROPERTIES})
_LOCK = threading.Lock()


@dataclass
class DefaultDeck:
    """A fresh copy of the default package, with the parts the writer works on."""

    package: Package
    presentation: XmlPart
    blank_layout: Part


@dataclass(frozen=True)
class _Template:
    package: Package
    blank_layout: str  # part name of the "Blank" layout
    slide: bytes
    notes_slide: bytes
    notes_master: bytes
    notes_theme: bytes


@cache
def _template() -> _Template:
    package = read_package((_DATA / "default.pptx").read_bytes())
    presentation = package.part_related_by(RT.OFFICE_DOCUMENT)
    master = presentation.related(RT.SLIDE_MASTER)
    layouts = [
        master.rels[str(el.get(f"{{{NS_R}}}id"))].target_part
        for el in etree.fromstring(master.blob).iter(p("sldLayoutId"))
    ]
    blank = next((part for part in layouts if _layout_name(part) == "Blank"), layouts[6])
    return _Template(
        package=package,
        blank_layout=blank.partname,
        slide=(_DATA / "slide.xml").read_bytes(),
        notes_slide=(_DATA / "notesSlide.xml").read_bytes(),
        notes_master=(_DATA / "notesMaster.xml").read_bytes(),
        notes_theme=(_DATA / "notesTheme.xml").read_bytes(),
    )


def _layout_name(part: Part) -> str:
    c_sld = etree.fromstring(part.blob).find(p("cSld"))
    return str(c_sld.get("name", "")) if c_sld is not None else ""


def _loaded() -> _Template:
    with _LOCK:  # one reading of the files, whichever thread comes first
        return _template()


def new_default_deck() -> DefaultDeck:
    """A copy of the default package: new part objects and relationships, the parts deckforge
    edits parsed, the other parts' bytes shared."""
    template = _loaded()
    parts: dict[int, Part] = {}
    for part in template.package.iter_parts():
        name, content_type = part.partname, part.content_type
        parts[id(part)] = (
            XmlPart.parse(name, content_type, part.blob)
            if content_type in _EDITED
            else Part(name, content_type, part.blob)
        )
    package = Package()
    for source, rel in template.package.iter_rels():
        owner = package.rels if source is None else parts[id(source)].rels
        target = rel.target if isinstance(rel.target, str) else parts[id(rel.target)]
        if rel.rid not in owner:
            owner.add(rel.reltype, target, rel.rid)
    presentation = package.part_related_by(RT.OFFICE_DOCUMENT)
    assert isinstance(presentation, XmlPart)
    blank = next(part for part in package.iter_parts() if part.partname == template.blank_layout)
    return DefaultDeck(package, presentation, blank)


def new_slide_part(partname: str, layout: Part) -> XmlPart:
    """A new, empty slide on `layout`."""
    part = XmlPart.parse(partname, CT.SLIDE, _loaded().slide)
    part.relate_to(layout, RT.SLIDE_LAYOUT)
    return part


def new_notes_master(package: Package) -> Part:
    """The default notes master and its theme (a new part name after the package's themes)."""
    template = _loaded()
    master = Part(NOTES_MASTER_PARTNAME, CT.NOTES_MASTER, template.notes_master)
    theme = Part(package.next_partname("/ppt/theme/theme%d.xml"), CT.THEME, template.notes_theme)
    master.relate_to(theme, RT.THEME)
    return master


def notes_slide_element() -> Element:
    """A new notes slide's tree (slide image, notes body and slide number placeholders of the
    default notes master)."""
    return etree.fromstring(_loaded().notes_slide, XML_PARSER)
