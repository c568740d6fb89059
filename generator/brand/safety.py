"""An uploaded PowerPoint template's bytes -> a checked .pptx package, or a clear refusal.

Checks, in order, before python-pptx (lxml) reads anything: file size; an OLE compound file
(encrypted OOXML or a legacy .ppt) is refused; the zip container (member count, declared sizes,
compression ratios: generator.sources.errors.check_zip); every member name; [Content_Types].xml
(a presentation or template, not macro-enabled); no VBA project or ActiveX parts; every XML part
parsed with defusedxml (no DTD, no entities: XML bombs) under a per-part size limit; no
external relationship in a part the deck keeps (master, layouts, theme, ...); media per file and
in total. A template (.potx) or show (.ppsx) is re-labelled as a presentation so python-pptx
opens it. Every refusal is a GeneratorError 1010 whose problems name `file` or the member.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
from dataclasses import dataclass, field

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from generator.errors import GeneratorError, Problem
from generator.sources.errors import SourceError, SourceLimits, check_zip, read_member

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
CT_NS = "{http://schemas.openxmlformats.org/package/2006/content-types}"
REL_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
PRESENTATION_MAIN = (
    "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
)
ACCEPTED_MAIN = {
    PRESENTATION_MAIN: "presentation",
    "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml": "template",
    "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml": "show",
}
MACRO_MAIN = {
    "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
    "application/vnd.ms-powerpoint.addin.macroEnabled.main+xml",
}
REFUSED_PARTS = ("vbaproject", "activex")
# Parts dropped with the example slides: an external link there never reaches a deck.
DROPPED_PREFIXES = ("ppt/slides/", "ppt/notesSlides/", "ppt/comments/")


@dataclass(frozen=True)
class BrandLimits:
    """Bounds of one PowerPoint template upload (service settings may lower or raise them)."""

    max_file_bytes: int = 15 * 1024 * 1024
    max_members: int = 1_500
    max_unpacked_bytes: int = 120 * 1024 * 1024
    max_xml_bytes: int = 8 * 1024 * 1024  # one XML part
    max_media_bytes: int = 8 * 1024 * 1024  # one picture, video or font
    max_media_total_bytes: int = 40 * 1024 * 1024
    max_ratio: float = 100.0  # uncompressed / compressed, per member over 1 MiB
    max_layouts: int = 200
    max_masters: int = 20


@dataclass
class CheckedPackage:
    """A package that passed every check: its bytes as python-pptx opens them, its kind
    (presentation | template | show) and warnings about what will be left out."""

    data: bytes
    kind: str
    warnings: list[str] = field(default_factory=list)


def refuse(reason: str, where: str = "file") -> GeneratorError:
    return GeneratorError("invalid PowerPoint template", [Problem(where, reason)])


def check_pptx(
    data: bytes, limits: BrandLimits | None = None, name: str = "file"
) -> CheckedPackage:
    """The checks above; returns the package to open or raises GeneratorError 1010."""
    limits = limits or BrandLimits()
    if not isinstance(data, (bytes, bytearray)):
        raise refuse("must be the bytes of a .pptx or .potx file")
    data = bytes(data)
    if len(data) > limits.max_file_bytes:
        raise refuse(f"is {len(data)} bytes; at most {limits.max_file_bytes} allowed")
    if data.startswith(OLE_MAGIC):
        raise refuse(
            "is an OLE compound file: a password-protected (encrypted) PowerPoint file or a "
            "legacy .ppt; save it unprotected as .pptx or .potx"
        )
    if not data.startswith(b"PK"):
        raise refuse("is not a PowerPoint file (.pptx or .potx: a zip package)")
    source_limits = SourceLimits(
        max_zip_members=limits.max_members,
        max_zip_unpacked_bytes=limits.max_unpacked_bytes,
        max_zip_member_bytes=max(limits.max_xml_bytes, limits.max_media_bytes),
        max_zip_ratio=limits.max_ratio,
    )
    try:
        archive = check_zip(data, source_limits, "file")
    except SourceError as exc:
        raise refuse(exc.message.removeprefix("file: ")) from None
    infos = {info.filename: info for info in archive.infolist()}
    _check_names(list(infos))
    if "[Content_Types].xml" not in infos:
        raise refuse("is a zip file but not a PowerPoint package (no [Content_Types].xml)")
    content_types = _parse(archive, "[Content_Types].xml", source_limits, limits)
    kind, main_part = _main_part(content_types, infos)
    _check_media(infos, limits)
    warnings: list[str] = []
    for member, info in infos.items():
        if not member.endswith((".xml", ".rels")) or member == "[Content_Types].xml":
            continue
        if info.file_size > limits.max_xml_bytes:
            raise refuse(
                f"XML part is {info.file_size} bytes; at most {limits.max_xml_bytes}", member
            )
        root = _parse(archive, member, source_limits, limits)
        if member.endswith(".rels"):
            _check_rels(member, root, warnings)
    if kind != "presentation":
        data = _relabel(archive, main_part)
    return CheckedPackage(data, kind, warnings)


def _check_names(names: list[str]) -> None:
    for name in names:
        lowered = name.lower()
        if any(part in lowered for part in REFUSED_PARTS):
            raise refuse(
                "macro-enabled or ActiveX content is not accepted (VBA / ActiveX part)", name
            )
        if name.startswith("/") or "\\" in name or ".." in name.split("/"):
            raise refuse("bad member name (absolute path or traversal)", name[:120])


def _parse(
    archive: zipfile.ZipFile, member: str, source_limits: SourceLimits, limits: BrandLimits
) -> object:
    raw = read_member(archive, member, source_limits, "file")
    if len(raw) > limits.max_xml_bytes and member.endswith((".xml", ".rels")):
        raise refuse("XML part too large", member)
    try:
        return SafeET.fromstring(raw, forbid_dtd=True)
    except DefusedXmlException:
        raise refuse(
            "XML with a DTD or entity declarations is refused (XML bomb guard)", member
        ) from None
    except SafeET.ParseError as exc:
        raise refuse(f"not well-formed XML ({exc})"[:200], member) from None


def _main_part(content_types: object, infos: dict[str, zipfile.ZipInfo]) -> tuple[str, str]:
    """(kind, member name of the main part) from [Content_Types].xml's overrides."""
    for override in content_types.iter(f"{CT_NS}Override"):  # type: ignore[attr-defined]
        ctype = override.get("ContentType", "")
        part = override.get("PartName", "").lstrip("/")
        if ctype in MACRO_MAIN:
            raise refuse(
                "is macro-enabled (.pptm / .potm / .ppsm); save it as .pptx or .potx without macros"
            )
        if ctype in ACCEPTED_MAIN:
            if part not in infos:
                raise refuse("its main part is missing", part[:120] or "file")
            return ACCEPTED_MAIN[ctype], part
    raise refuse("is not a PowerPoint presentation or template (no presentation part)")


def _check_media(infos: dict[str, zipfile.ZipInfo], limits: BrandLimits) -> None:
    total = 0
    for name, info in infos.items():
        if name.endswith((".xml", ".rels")):
            continue
        if info.file_size > limits.max_media_bytes:
            raise refuse(
                f"is {info.file_size} bytes; at most {limits.max_media_bytes} allowed per media file",
                name,
            )
        total += info.file_size
    if total > limits.max_media_total_bytes:
        raise refuse(
            f"media and other binary parts total {total} bytes; at most "
            f"{limits.max_media_total_bytes} allowed"
        )


def _check_rels(member: str, root: object, warnings: list[str]) -> None:
    source = _source_of(member)
    for rel in root.iter(f"{REL_NS}Relationship"):  # type: ignore[attr-defined]
        if rel.get("TargetMode") != "External":
            continue
        reltype = rel.get("Type", "").rsplit("/", 1)[-1]
        if source.startswith(DROPPED_PREFIXES):
            warnings.append(f"{source}: external {reltype} left out with the example slides")
            continue
        raise refuse(
            f"has an external relationship ({reltype} -> {rel.get('Target', '')[:80]!r}); "
            "linked pictures, media or data are not accepted in a template",
            source or member,
        )


def _source_of(rels_member: str) -> str:
    """`ppt/slides/_rels/slide1.xml.rels` -> `ppt/slides/slide1.xml`."""
    folder, name = posixpath.split(rels_member)
    return posixpath.join(posixpath.dirname(folder), name.removesuffix(".rels"))


def _relabel(archive: zipfile.ZipFile, main_part: str) -> bytes:
    """The package with its main part labelled as a presentation (a .potx/.ppsx opened as a
    .pptx); every other member copied as it is."""
    import xml.etree.ElementTree as ET

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in archive.infolist():
            data = archive.read(info)
            if info.filename == "[Content_Types].xml":
                ET.register_namespace("", CT_NS.strip("{}"))
                root = SafeET.fromstring(data, forbid_dtd=True)
                for override in root.iter(f"{CT_NS}Override"):
                    if override.get("PartName", "").lstrip("/") == main_part:
                        override.set("ContentType", PRESENTATION_MAIN)
                data = ET.tostring(root, xml_declaration=True, encoding="UTF-8")
            target.writestr(info, data)
    return out.getvalue()
