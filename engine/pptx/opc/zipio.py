"""A package as a zip file: written byte-for-byte reproducibly, read back into parts."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Container

from lxml import etree

from engine.pptx.opc.constants import NS_CONTENT_TYPES, NS_RELATIONSHIPS
from engine.pptx.opc.package import Package, content_types_xml
from engine.pptx.opc.partnames import (
    CONTENT_TYPES,
    PACKAGE,
    base_uri,
    extension,
    member_name,
    rels_name,
    resolve_ref,
)
from engine.pptx.opc.parts import Part, XmlPart

_ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
# Already-compressed formats are stored, not deflated again (faster, same size).
_STORED_EXTENSIONS = frozenset({"png", "jpeg", "jpg", "gif"})


class _FixedTimeZip:
    """Zip members with a fixed timestamp and mode; images stored, the rest deflated."""

    def __init__(self, file: io.BytesIO):
        self._zip = zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED)

    def write(self, partname: str, blob: bytes) -> None:
        info = zipfile.ZipInfo(member_name(partname), date_time=_ZIP_TIMESTAMP)
        stored = extension(partname).lower() in _STORED_EXTENSIONS
        info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, blob)

    def close(self) -> None:
        self._zip.close()


def write_package(package: Package) -> bytes:
    """The zip bytes of `package`: [Content_Types].xml, the package relationships, then each
    part (depth first from the package) followed by its relationships part; identical packages
    give identical bytes."""
    parts = list(package.iter_parts())
    out = io.BytesIO()
    writer = _FixedTimeZip(out)
    try:
        writer.write(CONTENT_TYPES, content_types_xml(parts))
        writer.write(rels_name(PACKAGE), package.rels.xml(PACKAGE))
        for part in parts:
            writer.write(part.partname, part.blob)
            if len(part.rels):
                writer.write(rels_name(part.partname), part.rels.xml(part.base_uri))
    finally:
        writer.close()
    return out.getvalue()


class _ContentTypes:
    """[Content_Types].xml read back: overrides by part name, defaults by extension (both
    matched without regard to case)."""

    def __init__(self, xml: bytes):
        root = etree.fromstring(xml, etree.XMLParser(resolve_entities=False))
        ns = f"{{{NS_CONTENT_TYPES}}}"
        self.overrides = {
            str(el.get("PartName", "")).lower(): str(el.get("ContentType", ""))
            for el in root.iter(f"{ns}Override")
        }
        self.defaults = {
            str(el.get("Extension", "")).lower(): str(el.get("ContentType", ""))
            for el in root.iter(f"{ns}Default")
        }

    def __getitem__(self, partname: str) -> str:
        found = self.overrides.get(partname.lower())
        if found is None:
            found = self.defaults[extension(partname).lower()]
        return found


_RelRecord = tuple[str, str, str, bool]  # (rId, type, target part name or URL, external)


def _rels_of(members: dict[str, bytes], partname: str) -> list[_RelRecord]:
    data = members.get(rels_name(partname))
    if data is None:
        return []
    root = etree.fromstring(data, etree.XMLParser(resolve_entities=False))
    records: list[_RelRecord] = []
    for el in root.iter(f"{{{NS_RELATIONSHIPS}}}Relationship"):
        ref = str(el.get("Target", ""))
        external = el.get("TargetMode") == "External"
        target = ref if external else resolve_ref(base_uri(partname), ref)
        records.append((str(el.get("Id", "")), str(el.get("Type", "")), target, external))
    return records


def read_package(data: bytes, xml_types: Container[str] = ()) -> Package:
    """The package stored in zip `data`: the parts its relationships reach (parts of a content
    type in `xml_types` parsed as XML trees, the others kept as bytes); relationships to parts
    that are missing are left out."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = {f"/{name}": zf.read(name) for name in zf.namelist()}
    types = _ContentTypes(members[CONTENT_TYPES])
    rels: dict[str, list[_RelRecord]] = {}
    stack = [PACKAGE]
    while stack:  # every part name the relationships reach, depth first
        name = stack.pop()
        if name in rels:
            continue
        rels[name] = _rels_of(members, name)
        stack.extend(t for _, _, t, ext in reversed(rels[name]) if not ext and t not in rels)
    parts: dict[str, Part] = {}
    for name in rels:
        if name == PACKAGE or name not in members:
            continue
        content_type = types[name]
        blob = members[name]
        parts[name] = (
            XmlPart.parse(name, content_type, blob)
            if content_type in xml_types
            else Part(name, content_type, blob)
        )
    package = Package()
    for name, records in rels.items():
        owner = package.rels if name == PACKAGE else parts[name].rels if name in parts else None
        if owner is None:
            continue
        for rid, reltype, target, external in records:
            if external:
                owner.add(reltype, target, rid)
            elif target in parts:
                owner.add(reltype, parts[target], rid)
    return package
