"""OPC package plumbing (python-pptx Presentation -> media parts by sha1, document properties, deterministic zip bytes)."""

from __future__ import annotations

import base64
import datetime as dt
import io
import zipfile
from collections.abc import Mapping
from typing import Any

from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.opc.serialized import PackageWriter
from pptx.parts.image import ImagePart
from pptx.presentation import Presentation

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

# Already-compressed formats are stored, not deflated again (faster, same size).
_STORED_EXTENSIONS = frozenset({"png", "jpeg", "jpg", "gif"})

# A 1x1 transparent PNG: the raster fallback of an SVG picture that has no PNG rendition.
FALLBACK_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="
)

DEFAULT_TIMESTAMP = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)
_ZIP_TIMESTAMP = (1980, 1, 1, 0, 0, 0)

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

    def __init__(self, package: Any, media: Mapping[str, Mapping[str, Any]]):
        self._package = package
        self._media = media
        self._parts: dict[str, Part | None] = {}
        self._count = 0
        self._fallback: Part | None = None

    def _new_part(self, content_type: str, data: bytes) -> Part:
        self._count += 1
        ext = IMAGE_EXTENSIONS[content_type]
        partname = PackURI(f"/ppt/media/image{self._count}.{ext}")
        if content_type == SVG_CONTENT_TYPE:
            return Part(partname, content_type, self._package, data)
        return ImagePart(partname, content_type, self._package, data)

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


def set_document_properties(prs: Presentation, deck: Mapping[str, Any], notes: int) -> None:
    """Core properties from the deck (fixed timestamps unless given), a clean app.xml, no thumbnail."""
    core = prs.core_properties
    title = deck.get("title")
    core.title = clean_text(title) if isinstance(title, str) else ""
    author = deck.get("author")
    core.author = clean_text(author) if isinstance(author, str) else ""
    core.last_modified_by = "deckforge"
    core.comments = ""
    core.revision = 1
    created = _timestamp(deck.get("created"))
    core.created = created
    core.modified = _timestamp(deck.get("modified"), created)
    package = prs.part.package
    for rel in list(package._rels.values()):  # the package-level relationships
        if rel.reltype == RT.EXTENDED_PROPERTIES and not rel.is_external:
            app = _APP_XML.format(slides=len(prs.slides), notes=notes)
            rel.target_part.blob = app.encode("utf-8")
        elif rel.reltype == RT.THUMBNAIL:  # python-pptx's template thumbnail
            package.drop_rel(rel.rId)


def _timestamp(value: Any, default: dt.datetime = DEFAULT_TIMESTAMP) -> dt.datetime:
    if isinstance(value, dt.datetime):
        return value
    if isinstance(value, str):
        try:
            return dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return default
    return default


class _FixedTimeZip:
    """Physical package writer: fixed member timestamps, images stored, XML deflated."""

    def __init__(self, file: io.BytesIO):
        self._zip = zipfile.ZipFile(file, "w", zipfile.ZIP_DEFLATED)

    def __enter__(self) -> _FixedTimeZip:
        return self

    def __exit__(self, *exc: object) -> None:
        self._zip.close()

    def write(self, pack_uri: PackURI, blob: bytes) -> None:
        info = zipfile.ZipInfo(pack_uri.membername, date_time=_ZIP_TIMESTAMP)
        stored = pack_uri.ext.lower() in _STORED_EXTENSIONS
        info.compress_type = zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        self._zip.writestr(info, blob)


class _DeterministicPackageWriter(PackageWriter):
    """python-pptx's PackageWriter with a byte-for-byte reproducible zip container."""

    def _write(self) -> None:
        with _FixedTimeZip(self._pkg_file) as phys_writer:  # type: ignore[arg-type]
            self._write_content_types_stream(phys_writer)  # type: ignore[arg-type]
            self._write_pkg_rels(phys_writer)  # type: ignore[arg-type]
            self._write_parts(phys_writer)  # type: ignore[arg-type]


def package_bytes(prs: Presentation) -> bytes:
    """The .pptx bytes of `prs`; identical input gives identical bytes."""
    package = prs.part.package
    out = io.BytesIO()
    _DeterministicPackageWriter.write(out, package._rels, tuple(package.iter_parts()))
    return out.getvalue()


def release_package(prs: Presentation) -> None:
    """Break the reference cycles of a written presentation (package <-> parts <-> relationships).

    Without this its slide XML trees live until the next full garbage collection: a table slide's
    tree holds ~100 MB, and a worker converting deck after deck (with collections paused while
    pages convert) kept several. Cleared, reference counting frees them as the writer returns."""
    package = prs.part.package
    for part in list(package.iter_parts()):
        vars(part).clear()
    vars(package).clear()
