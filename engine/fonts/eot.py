"""OpenType font bytes <-> Embedded OpenType (EOT), the format of PowerPoint's `.fntdata` font parts.

ECMA-376 Part 1 §15.2.13 stores a presentation's embedded fonts in parts of content type
`application/x-fontdata` "in the Embedded OpenType Format" (W3C Member Submission
SUBM-EOT-20080305); [MS-OI29500] says PowerPoint reads and writes them. A plain TTF/OTF part is
reported as a damaged file. The header written here is version 0x00020002, the one PowerPoint,
LibreOffice (>= 25.8, `vcl/source/font/EOTConverter.cxx`) and Canva write:

* little-endian; EOTSize, FontDataSize, Version, Flags, FontPANOSE[10], Charset, Italic, Weight,
  fsType, MagicNumber 0x504C, UnicodeRange1-4, CodePageRange1-2, CheckSumAdjustment, Reserved1-4;
* then FamilyName, StyleName, VersionName, FullName (each: a zero UInt16 padding, a UInt16 byte
  size, UTF-16LE text with a terminating NUL, as PowerPoint writes them), an empty RootString
  (its checksum 0x50475342), EUDCCodePage 1252, no signature, no EUDC font;
* the font data itself, neither MicroType-Express compressed (flag 0x4) nor XOR-obfuscated
  (0x10000000): uncompressed EOT is t2embed's default output (`TTEMBED_RAW`) and what LibreOffice
  and Canva write for PowerPoint. Flag 0x1 (TTEMBED_SUBSET) marks a subset, as PowerPoint does.

`read_eot` parses all three header versions (for tests and for checking written decks).
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from io import BytesIO
from typing import Any

from .sfnt_fonttools import PANOSE_KEYS

__all__ = [
    "EOT_MAGIC",
    "EOT_VERSION",
    "FLAG_SUBSET",
    "EotError",
    "EotFont",
    "read_eot",
    "to_eot",
]

EOT_MAGIC = 0x504C
EOT_VERSION = 0x00020002
FLAG_SUBSET = 0x00000001
FLAG_COMPRESSED = 0x00000004
FLAG_XOR = 0x10000000
_ROOT_CHECKSUM_XOR = 0x50475342
_EUDC_CODE_PAGE = 1252
# EOTSize .. Reserved4 (the fixed part of the header, 80 bytes).
_FIXED = struct.Struct("<IIII10sBBIHH6I5I")


class EotError(ValueError):
    """The bytes are not an EOT font this module can read."""


@dataclass(frozen=True)
class EotFont:
    """A parsed EOT: its header fields and the font data (decoded when XOR-obfuscated)."""

    version: int
    flags: int
    panose: bytes
    charset: int
    italic: int
    weight: int
    fs_type: int
    family_name: str
    style_name: str
    version_name: str
    full_name: str
    root_string: str
    font_data: bytes

    @property
    def compressed(self) -> bool:
        return bool(self.flags & FLAG_COMPRESSED)

    @property
    def subset(self) -> bool:
        return bool(self.flags & FLAG_SUBSET)


def _name(font: Any, name_id: int) -> str:
    table = font["name"]
    for rec in (table.getName(name_id, 3, 1, 0x409), table.getName(name_id, 3, 1)):
        if rec is not None:
            return str(rec.toUnicode())
    rec = table.getName(name_id, 1, 0, 0)
    return str(rec.toUnicode()) if rec is not None else ""


def _string(text: str) -> bytes:
    """Padding (UInt16 0), byte size (UInt16), UTF-16LE text + NUL; an empty text has size 0."""
    data = (text + "\0").encode("utf-16-le") if text else b""
    if len(data) > 0xFFFF:
        data = data[:0xFFFE]
    return struct.pack("<HH", 0, len(data)) + data


def to_eot(font_data: bytes, *, family: str, charset: int = 1, subset: bool = False) -> bytes:
    """Wrap OpenType font bytes (one font, not a collection) in an EOT 2.2 header.

    `family` is the FamilyName the font is registered under: the deck's typeface, which must be
    the font's own name ID 1 (PowerPoint writes the same string in both places). `charset` is the
    GDI charset byte (0-255) written in the deck's <p:font>."""
    from fontTools.ttLib import TTFont

    font = TTFont(BytesIO(font_data), lazy=True)
    os2 = font.get("OS/2")
    head = font["head"]
    if os2 is not None:
        p = os2.panose
        panose = bytes(getattr(p, k) & 0xFF for k in PANOSE_KEYS)
        italic = 1 if os2.fsSelection & 1 else 0
        weight, fs_type = int(os2.usWeightClass), int(os2.fsType)
        ranges: tuple[int, ...] = (
            os2.ulUnicodeRange1,
            os2.ulUnicodeRange2,
            os2.ulUnicodeRange3,
            os2.ulUnicodeRange4,
        )
        pages = (
            (getattr(os2, "ulCodePageRange1", 1), getattr(os2, "ulCodePageRange2", 0))
            if os2.version >= 1
            else (1, 0)
        )
    else:
        panose, italic, weight, fs_type = bytes(10), int(bool(head.macStyle & 2)), 400, 0
        ranges, pages = (0, 0, 0, 0), (1, 0)
    names = b"".join(
        _string(text) for text in (family, _name(font, 2), _name(font, 5), _name(font, 4))
    )
    tail = struct.pack("<HH", 0, 0)  # Padding5, RootStringSize (no root string)
    tail += struct.pack("<II", _ROOT_CHECKSUM_XOR, _EUDC_CODE_PAGE)
    tail += struct.pack("<HH", 0, 0)  # Padding6, SignatureSize
    tail += struct.pack("<II", 0, 0)  # EUDCFlags, EUDCFontSize
    size = _FIXED.size + len(names) + len(tail) + len(font_data)
    fixed = _FIXED.pack(
        size,
        len(font_data),
        EOT_VERSION,
        FLAG_SUBSET if subset else 0,
        panose,
        charset & 0xFF,
        italic,
        weight,
        fs_type & 0xFFFF,
        EOT_MAGIC,
        *(r & 0xFFFFFFFF for r in ranges),
        *(c & 0xFFFFFFFF for c in pages),
        int(head.checkSumAdjustment) & 0xFFFFFFFF,
        0,
        0,
        0,
        0,
    )
    return fixed + names + tail + font_data


class _Reader:
    def __init__(self, data: bytes, pos: int) -> None:
        self.data, self.pos = data, pos

    def take(self, fmt: str) -> tuple[int, ...]:
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise EotError("truncated EOT header")
        out = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return out

    def string(self) -> str:
        padding, size = self.take("<HH")
        if padding != 0:
            raise EotError("non-zero padding in the EOT header")
        if self.pos + size > len(self.data):
            raise EotError("truncated EOT string")
        raw = self.data[self.pos : self.pos + size]
        self.pos += size
        return raw.decode("utf-16-le", "replace").rstrip("\0")


def read_eot(data: bytes) -> EotFont:
    """Parse an EOT (versions 0x00010000, 0x00020001, 0x00020002); raises EotError."""
    if len(data) < _FIXED.size:
        raise EotError("too short for an EOT header")
    fields = _FIXED.unpack_from(data, 0)
    size, data_size, version, flags, panose, charset, italic, weight, fs_type, magic = fields[:10]
    if magic != EOT_MAGIC:
        raise EotError("no EOT magic number (0x504C)")
    if version not in (0x00010000, 0x00020001, EOT_VERSION):
        raise EotError(f"unknown EOT version {version:#010x}")
    if size != len(data):
        raise EotError(f"EOTSize {size} differs from the data's length {len(data)}")
    reader = _Reader(data, _FIXED.size)
    names = [reader.string() for _ in range(4)]
    root = ""
    if version >= 0x00020001:
        root = reader.string()
    if version == EOT_VERSION:
        checksum, _code_page = reader.take("<II")
        root_bytes = root.encode("utf-16-le")
        if checksum != (sum(root_bytes) ^ _ROOT_CHECKSUM_XOR):
            raise EotError("RootStringCheckSum does not match the root string")
        _padding, signature_size = reader.take("<HH")
        reader.pos += signature_size
        _eudc_flags, eudc_size = reader.take("<II")
        reader.pos += eudc_size
    if reader.pos + data_size != len(data):
        raise EotError("the font data does not end the EOT")
    font_data = data[reader.pos :]
    if flags & FLAG_XOR:
        font_data = bytes(b ^ 0x50 for b in font_data)
    return EotFont(
        version=version,
        flags=flags,
        panose=panose,
        charset=charset,
        italic=italic,
        weight=weight,
        fs_type=fs_type,
        family_name=names[0],
        style_name=names[1],
        version_name=names[2],
        full_name=names[3],
        root_string=root,
        font_data=font_data,
    )
