"""A PPTX package checked against the ISO/IEC 29500 Transitional schemas (tests/schemas/, see
NOTICE.md there): every XML part of PresentationML, DrawingML and the package ([Content_Types],
relationships, slides, layouts, masters, themes, notes, presentation.xml, the properties parts).

Parts are read the way Office reads them (ISO/IEC 29500-3, markup compatibility): namespaces a
part lists in mc:Ignorable are dropped (elements and attributes) unless the schemas know them,
mc:AlternateContent keeps its first mc:Choice whose Requires namespaces are all known, else its
mc:Fallback. Extension lists (a:extLst, p:extLst) are lax in the schemas: their content is an
application's own, and so are parts whose root is in no ISO/IEC 29500 namespace (Office 2010+
extension parts of a PowerPoint template, custom XML data): only parsed. docProps/core.xml is
only parsed too: its Dublin Core schemas are not part of ECMA-376.

The schemas are compiled once per process (lxml XMLSchema, ~0.1 s) and a part that validated
once is not validated again (the layouts, master and theme of every deck are the same bytes).
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from functools import lru_cache
from pathlib import Path

from lxml import etree

SCHEMAS = Path(__file__).resolve().parent / "schemas"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
XML_NS = "http://www.w3.org/XML/1998/namespace"

# Published-schema erratum, patched in memory (the vendored files stay as published): the
# Transitional schema declares ST_TextBulletSize (thousandths of a percent, or "NN%") for
# a:buSzPct but types the attribute with its "NN%" member only. Office writes thousandths and
# reads both (MS-OI29500); LibreOffice (7.4 and its current importer) reads thousandths only
# and ignores "NN%" (the bullet falls back to 100 %), so the writer keeps thousandths.
ERRATA = (
    (
        "dml-main.xsd",
        '<xsd:attribute name="val" type="ST_TextBulletSizePercent" use="required"/>',
        '<xsd:attribute name="val" type="ST_TextBulletSize" use="required"/>',
    ),
)


class _Resolver(etree.Resolver):
    """Schema imports resolve to the vendored files only (never the network)."""

    def __init__(self, files: dict[str, str]) -> None:
        super().__init__()
        self.files = files

    def resolve(self, url: str | None, pubid: str | None, context: object) -> object:
        name = (url or "").rsplit("/", 1)[-1]
        if name in self.files:
            return self.resolve_string(self.files[name], context)
        return None


@lru_cache(maxsize=1)
def schema() -> etree.XMLSchema:
    """Every namespace of the vendored set in one schema (compiled once)."""
    files = {
        path.name: path.read_text(encoding="utf-8-sig")
        for folder in ("ecma-376-transitional", "opc")
        for path in sorted((SCHEMAS / folder).glob("*.xsd"))
    }
    for name, old, new in ERRATA:
        assert old in files[name], f"{name}: erratum text not found"
        files[name] = files[name].replace(old, new)
    imports = "".join(
        f'<xsd:import namespace="{_target(text)}" schemaLocation="{name}"/>'
        for name, text in files.items()
    )
    root = (
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" '
        f'targetNamespace="urn:deckforge:tests:all">{imports}</xsd:schema>'
    )
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    parser.resolvers.add(_Resolver(files))
    return etree.XMLSchema(etree.fromstring(root.encode(), parser, base_url="all.xsd"))


def _target(text: str) -> str:
    start = text.index('targetNamespace="') + len('targetNamespace="')
    return text[start : text.index('"', start)]


@lru_cache(maxsize=1)
def known_namespaces() -> frozenset[str]:
    return frozenset(
        _target(path.read_text(encoding="utf-8-sig"))
        for folder in ("ecma-376-transitional", "opc")
        for path in (SCHEMAS / folder).glob("*.xsd")
    )


def _prefixes(el: etree._Element, value: str) -> set[str]:
    out = set()
    for prefix in value.split():
        uri = el.nsmap.get(prefix)
        assert uri is not None, f"mc prefix {prefix!r} is not declared"
        out.add(uri)
    return out


def compatible(root: etree._Element) -> etree._Element:
    """The part as an application knowing only the Transitional namespaces reads it."""
    known = known_namespaces()

    def walk(el: etree._Element, ignorable: frozenset[str]) -> None:
        listed = el.get(f"{{{MC}}}Ignorable")
        if listed is not None:
            ignorable = ignorable | _prefixes(el, listed)
        for name in list(el.attrib):
            uri = etree.QName(name).namespace
            if uri in (MC, XML_NS) or (uri in ignorable and uri not in known):
                del el.attrib[name]
        for child in list(el):
            if not isinstance(child.tag, str):
                continue
            uri = etree.QName(child).namespace
            if uri == MC and etree.QName(child).localname == "AlternateContent":
                chosen = _choose(child, known)
                at = el.index(child)
                el.remove(child)
                for offset, kept in enumerate(list(chosen) if chosen is not None else []):
                    el.insert(at + offset, kept)
                    walk(kept, ignorable)
            elif uri in ignorable and uri not in known:
                el.remove(child)
            elif etree.QName(child).localname != "extLst":
                walk(child, ignorable)

    walk(root, frozenset())
    return root


def _choose(alternate: etree._Element, known: frozenset[str]) -> etree._Element | None:
    for alt in alternate:
        if not isinstance(alt.tag, str):
            continue
        name = etree.QName(alt).localname
        if name == "Choice" and _prefixes(alt, alt.get("Requires", "")) <= known:
            return alt
        if name == "Fallback":
            return alt
    return None


_VALID: set[bytes] = set()  # digests of parts that validated
CHECKED: list[int] = []  # sizes of the decks the test hook (tests/conftest.py) checked


def part_errors(name: str, data: bytes) -> list[str]:
    """Schema errors of one XML part (empty when valid or not a schema part)."""
    digest = hashlib.sha1(data).digest()
    if digest in _VALID:
        return []
    root = etree.fromstring(data, etree.XMLParser(huge_tree=True, resolve_entities=False))
    if name == "docProps/core.xml":
        return []
    if etree.QName(root).namespace not in known_namespaces():
        return []  # an application's own part (an extension), read only by who knows it
    checker = schema()
    if checker.validate(compatible(root)):
        _VALID.add(digest)
        return []
    return [f"{name}: line {e.line}: {e.message}" for e in list(checker.error_log)[:10]]


def pptx_errors(data: bytes) -> list[str]:
    """Schema errors of every XML part of a PPTX package."""
    errors: list[str] = []
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        for info in zf.infolist():
            if info.filename.endswith((".xml", ".rels")):
                errors.extend(part_errors(info.filename, zf.read(info)))
    return errors


def assert_valid_pptx(data: bytes) -> None:
    errors = pptx_errors(data)
    assert not errors, "PPTX not valid against ISO/IEC 29500 Transitional:\n" + "\n".join(errors)
