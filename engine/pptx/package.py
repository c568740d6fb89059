"""Deck-level package plumbing on engine/pptx/opc: media parts by sha1, document properties, the deck's zip bytes."""

from __future__ import annotations

import base64
import datetime as dt
import io
from collections.abc import Mapping
from typing import Any

from lxml import etree

from engine.pptx.opc import CT, RT, Package, Part, XmlPart, write_package
from engine.pptx.oxml import clean_text

SVG_CONTENT_TYPE = "image/svg+xml"

# Content types PowerPoint embeds as they are, with the part-name extension used for each.
IMAGE_EXTENSIONS: dict[str, str] = {
    "image/png": "png",
    "image/jpeg": "jpeg",
    "image/jpg": "jpeg",
    "image/gif": "gif",
    "image/bmp": "bmp",
    "image/tiff": "tiff",
    "image/x-emf": "emf",
    "image/x-wmf": "wmf",
    SVG_CONTENT_TYPE: "svg",
}
_CANONICAL_TYPES = {"image/jpg": "image/jpeg"}

# A 1x1 transparent PNG: the raster fallback of an SVG picture that has no PNG rendition.
FALLBACK_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="
)

DEFAULT_TIMESTAMP = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)

_APP_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"'
    ' xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes">'
    "<TotalTime>0</TotalTime><Application>deckforge</Application>"
    "<PresentationFormat>Custom</PresentationFormat><Slides>{slides}</Slides>"
    "<Notes>{notes}</Notes><HiddenSlides>0</HiddenSlides><MMClips>0</MMClips>"
    "<ScaleCrop>false</ScaleCrop><LinksUpToDate>false</LinksUpToDate>"
    "<SharedDoc>false</SharedDoc><HyperlinksChanged>false</HyperlinksChanged></Properties>"
)


def _sniff(data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    head = data[:512].lstrip()
    if head.startswith(b"<") and b"<svg" in data[:4096]:
        return SVG_CONTENT_TYPE
    return None


def _to_png(data: bytes) -> bytes | None:
    """Re-encode a raster PowerPoint cannot embed (webp, avif, ...) as PNG; None if unreadable."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as img:
            out = io.BytesIO()
            img.convert("RGBA").save(out, "PNG")
            return out.getvalue()
    except Exception:  # noqa: BLE001 - any undecodable image is simply not embedded
        return None


class MediaParts:
    """One package part per media sha1, created on first use and shared by all slides."""

    def __init__(self, media: Mapping[str, Mapping[str, Any]]):
        self._media = media
        self._parts: dict[str, Part | None] = {}
        self._count = 0
        self._fallback: Part | None = None

    def _new_part(self, content_type: str, data: bytes) -> Part:
        self._count += 1
        ext = IMAGE_EXTENSIONS[content_type]
        return Part(f"/ppt/media/image{self._count}.{ext}", content_type, data)

    def part(self, sha1: str | None) -> Part | None:
        """The image part for a media sha1 (None when unknown or not decodable)."""
        if sha1 is None:
            return None
        if sha1 in self._parts:
            return self._parts[sha1]
        part: Part | None = None
        entry = self._media.get(sha1)
        data = entry.get("data") if isinstance(entry, Mapping) else None
        if isinstance(data, bytes | bytearray) and data:
            data = bytes(data)
            declared = entry.get("content_type") if isinstance(entry, Mapping) else None
            declared = declared if isinstance(declared, str) else None
            content_type = declared if declared in IMAGE_EXTENSIONS else _sniff(data)
            content_type = _CANONICAL_TYPES.get(str(content_type), content_type)
            if content_type in IMAGE_EXTENSIONS:
                part = self._new_part(str(content_type), data)
            else:
                png = _to_png(data)
                part = self._new_part("image/png", png) if png is not None else None
        self._parts[sha1] = part
        return part

    def fallback_png(self) -> Part:
        if self._fallback is None:
            self._fallback = self._new_part("image/png", FALLBACK_PNG)
        return self._fallback

    def picture_parts(self, sha1: str, svg_sha1: str | None) -> tuple[Part, Part | None] | None:
        """(raster part for r:embed, SVG part for svgBlip or None) of a picture or image fill."""
        main = self.part(sha1)
        svg = self.part(svg_sha1) if svg_sha1 else None
        if svg is not None and svg.content_type != SVG_CONTENT_TYPE:
            svg = None
        if main is not None and main.content_type == SVG_CONTENT_TYPE:
            main, svg = None, main
        if main is None:
            if svg is None:
                return None
            main = self.fallback_png()
        return main, svg


_NS_CORE = {
    "cp": "http://schemas.openxmlformats.org/package/2006/metadata/core-properties",
    "dc": "http://purl.org/dc/elements/1.1/",
    "dcterms": "http://purl.org/dc/terms/",
}
_XSI = "http://www.w3.org/2001/XMLSchema-instance"
_MAX_PROPERTY = 255  # characters of a text core property
# A package without core properties gets this part (then filled in).
_NEW_CORE = (
    f'<cp:coreProperties xmlns:cp="{_NS_CORE["cp"]}" xmlns:dc="{_NS_CORE["dc"]}"'
    f' xmlns:dcterms="{_NS_CORE["dcterms"]}"/>\n'
)
CORE_PARTNAME = "/docProps/core.xml"


def _core_element(root: etree._Element, name: str) -> etree._Element:
    """The core property element `name` ("dc:title"), appended when the part has none."""
    prefix, local = name.split(":")
    tag = f"{{{_NS_CORE[prefix]}}}{local}"
    found = root.find(tag)
    return found if found is not None else etree.SubElement(root, tag)


def _set_text(root: etree._Element, name: str, value: str) -> None:
    """Set a text core property; a longer value than PowerPoint keeps (255 characters) is
    shortened with an ellipsis: a long title never fails the deck."""
    if len(value) > _MAX_PROPERTY:
        value = value[: _MAX_PROPERTY - 1].rstrip() + "\u2026"
    _core_element(root, name).text = value


def _set_date(root: etree._Element, name: str, value: dt.datetime) -> None:
    element = _core_element(root, name)
    element.text = value.strftime("%Y-%m-%dT%H:%M:%SZ")
    root.set(f"{{{_XSI}}}foo", "bar")  # declares xsi: on the root, not on each element
    element.set(f"{{{_XSI}}}type", "dcterms:W3CDTF")
    del root.attrib[f"{{{_XSI}}}foo"]


def core_properties(package: Package) -> XmlPart:
    """The package's core properties part; a new one when it has none (a template without)."""
    try:
        part = package.part_related_by(RT.CORE_PROPERTIES)
    except KeyError:
        part = XmlPart.parse(CORE_PARTNAME, CT.CORE_PROPERTIES, _NEW_CORE.encode())
        root = part.element
        _set_text(root, "dc:title", "PowerPoint Presentation")
        _set_text(root, "cp:lastModifiedBy", "python-pptx")
        _set_text(root, "cp:revision", "1")
        _set_date(root, "dcterms:modified", DEFAULT_TIMESTAMP)
        package.rels.get_or_add(RT.CORE_PROPERTIES, part)
    if not isinstance(part, XmlPart):  # held as bytes: the same part, as a tree
        xml = XmlPart.parse(part.partname, part.content_type, part.blob)
        for rel in list(package.rels):
            if rel.target is part:
                package.rels.retarget(rel.rid, xml)
        part = xml
    return part


def set_document_properties(
    package: Package, presentation: XmlPart, deck: Mapping[str, Any], notes: int
) -> None:
    """Core properties from the deck (fixed timestamps unless given), a clean app.xml, no thumbnail."""
    root = core_properties(package).element
    title = deck.get("title")
    _set_text(root, "dc:title", clean_text(title) if isinstance(title, str) else "")
    author = deck.get("author")
    _set_text(root, "dc:creator", clean_text(author) if isinstance(author, str) else "")
    _set_text(root, "cp:lastModifiedBy", "deckforge")
    _set_text(root, "dc:description", "")
    _set_text(root, "cp:revision", "1")
    created = _timestamp(deck.get("created"))
    _set_date(root, "dcterms:created", created)
    _set_date(root, "dcterms:modified", _timestamp(deck.get("modified"), created))
    slides = presentation.element.find(f"{{{_NS_P}}}sldIdLst")
    for rel in list(package.rels):  # the package-level relationships
        if rel.reltype == RT.EXTENDED_PROPERTIES and not rel.is_external:
            count = len(slides) if slides is not None else 0
            rel.target_part.blob = _APP_XML.format(slides=count, notes=notes).encode("utf-8")
        elif rel.reltype == RT.THUMBNAIL:  # a template's thumbnail
            package.rels.pop(rel.rid)


_NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def _timestamp(value: Any, default: dt.datetime = DEFAULT_TIMESTAMP) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return default
    return default


def package_bytes(package: Package) -> bytes:
    """The .pptx bytes of `package`; identical input gives identical bytes."""
    return write_package(package)


def release_package(package: Package) -> None:
    """Break the reference cycles of a written deck (slides <-> notes slides relate both ways).

    Without this its slide XML trees live until the next full garbage collection: a table slide's
    tree holds ~100 MB, and a worker converting deck after deck (with collections paused while
    pages convert) kept several. Cleared, reference counting frees them as the writer returns."""
    for part in list(package.iter_parts()):
        vars(part).clear()
    vars(package).clear()
