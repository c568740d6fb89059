"""Relationship types, content types and namespaces of the OPC packages deckforge writes (ECMA-376 Part 2)."""

from __future__ import annotations

from typing import Final

_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


class RT:
    """Relationship types."""

    CORE_PROPERTIES: Final = (
        "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties"
    )
    EXTENDED_PROPERTIES: Final = _RT + "extended-properties"
    FONT: Final = _RT + "font"
    HYPERLINK: Final = _RT + "hyperlink"
    IMAGE: Final = _RT + "image"
    NOTES_MASTER: Final = _RT + "notesMaster"
    NOTES_SLIDE: Final = _RT + "notesSlide"
    OFFICE_DOCUMENT: Final = _RT + "officeDocument"
    SLIDE: Final = _RT + "slide"
    SLIDE_LAYOUT: Final = _RT + "slideLayout"
    SLIDE_MASTER: Final = _RT + "slideMaster"
    THEME: Final = _RT + "theme"
    THUMBNAIL: Final = (
        "http://schemas.openxmlformats.org/package/2006/relationships/metadata/thumbnail"
    )


_PML = "application/vnd.openxmlformats-officedocument.presentationml."


class CT:
    """Content types."""

    CORE_PROPERTIES: Final = "application/vnd.openxmlformats-package.core-properties+xml"
    RELATIONSHIPS: Final = "application/vnd.openxmlformats-package.relationships+xml"
    XML: Final = "application/xml"
    FONTDATA: Final = "application/x-fontdata"
    NOTES_MASTER: Final = _PML + "notesMaster+xml"
    NOTES_SLIDE: Final = _PML + "notesSlide+xml"
    PRESENTATION: Final = _PML + "presentation.main+xml"
    SLIDE: Final = _PML + "slide+xml"
    SLIDE_LAYOUT: Final = _PML + "slideLayout+xml"
    SLIDE_MASTER: Final = _PML + "slideMaster+xml"
    THEME: Final = "application/vnd.openxmlformats-officedocument.theme+xml"


NS_CONTENT_TYPES: Final = "http://schemas.openxmlformats.org/package/2006/content-types"
NS_RELATIONSHIPS: Final = "http://schemas.openxmlformats.org/package/2006/relationships"

# (extension, content type) pairs written as a <Default> of [Content_Types].xml rather than one
# <Override> per part (the pairs ISO/IEC 29500-2 and Office use; every other part is overridden).
DEFAULT_CONTENT_TYPES: Final = frozenset(
    {
        ("bin", _PML + "printerSettings"),
        ("bin", "application/vnd.openxmlformats-officedocument.spreadsheetml.printerSettings"),
        ("bin", "application/vnd.openxmlformats-officedocument.wordprocessingml.printerSettings"),
        ("bmp", "image/bmp"),
        ("emf", "image/x-emf"),
        ("fntdata", "application/x-fontdata"),
        ("gif", "image/gif"),
        ("jpe", "image/jpeg"),
        ("jpeg", "image/jpeg"),
        ("jpg", "image/jpeg"),
        ("mov", "video/quicktime"),
        ("mp4", "video/mp4"),
        ("mpg", "video/mpeg"),
        ("png", "image/png"),
        ("rels", "application/vnd.openxmlformats-package.relationships+xml"),
        ("tif", "image/tiff"),
        ("tiff", "image/tiff"),
        ("vid", "video/unknown"),
        ("wdp", "image/vnd.ms-photo"),
        ("wmf", "image/x-wmf"),
        ("wmv", "video/x-ms-wmv"),
        ("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
        ("xml", "application/xml"),
    }
)
