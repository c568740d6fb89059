"""Part names (ISO/IEC 29500-2 §9.1.1: "/ppt/slides/slide1.xml") and the references between them."""

from __future__ import annotations

import posixpath

PACKAGE = "/"
CONTENT_TYPES = "/[Content_Types].xml"


def base_uri(partname: str) -> str:
    """The folder of a part ("/ppt/slides"); "/" for the package itself."""
    return posixpath.split(partname)[0]


def extension(partname: str) -> str:
    """The extension without its dot ("xml"), as written."""
    return posixpath.splitext(partname)[1].lstrip(".")


def member_name(partname: str) -> str:
    """The zip member that stores a part ("ppt/slides/slide1.xml")."""
    return partname[1:]


def rels_name(partname: str) -> str:
    """The relationships part of a part ("/ppt/slides/_rels/slide1.xml.rels")."""
    folder, filename = posixpath.split(partname)
    return posixpath.join(folder, "_rels", f"{filename}.rels")


def relative_ref(partname: str, base: str) -> str:
    """The Target of a relationship from a part in folder `base` to `partname`."""
    return partname[1:] if base == "/" else posixpath.relpath(partname, base)


def resolve_ref(base: str, ref: str) -> str:
    """The part name a relationship Target `ref`, relative to folder `base`, points to."""
    return posixpath.abspath(posixpath.join(base, ref))
