"""Web font bytes (TTF, OTF, WOFF, WOFF2) -> a validated single-face sfnt, decompression bounded.

WOFF tables are zlib streams and WOFF2 data is one Brotli stream: both are decompressed once
with an output bound (the declared sizes, and at most `max_bytes`) before fontTools reads them,
so a small file cannot expand into gigabytes. The font must parse with fontTools and have the
tables the engine measures and draws with (cmap with a Unicode subtable, head, hhea, hmtx,
maxp, glyf+loca or CFF/CFF2); anything else is refused with a reason (WebFontError).
"""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from typing import Literal

__all__ = ["FontData", "WebFontError", "sfnt_of", "sniff_format"]

Flavor = Literal["truetype", "opentype", "woff", "woff2", "collection", "unknown"]
_REQUIRED = ("cmap", "head", "hhea", "hmtx", "maxp")


class WebFontError(Exception):
    """Font bytes the engine does not use; the message says why."""


@dataclass(frozen=True)
class FontData:
    """A decoded face: its sfnt bytes, the format it came in, and its OS/2 fsType."""

    sfnt: bytes
    flavor: Flavor
    fs_type: int
    outlines: Literal["glyf", "cff"]


def sniff_format(data: bytes) -> Flavor:
    """The font format by its signature (format() hints are advice; the bytes decide)."""
    head = data[:4]
    if head in (b"\x00\x01\x00\x00", b"true"):
        return "truetype"
    if head == b"OTTO":
        return "opentype"
    if head == b"wOFF":
        return "woff"
    if head == b"wOF2":
        return "woff2"
    if head == b"ttcf":
        return "collection"
    return "unknown"


def _check_woff(data: bytes, max_bytes: int) -> None:
    """Every WOFF table decompresses to its declared length, and all of them to at most
    `max_bytes` (each zlib stream is inflated with that output bound)."""
    if len(data) < 44:
        raise WebFontError("truncated WOFF header")
    num_tables, _, total = struct.unpack(">HHI", data[12:20])
    if total > max_bytes:
        raise WebFontError(f"WOFF font expands to {total} bytes (limit {max_bytes})")
    seen = 0
    for i in range(num_tables):
        at = 44 + 20 * i
        if at + 20 > len(data):
            raise WebFontError("truncated WOFF table directory")
        _, offset, comp, orig, _ = struct.unpack(">4sIIII", data[at : at + 20])
        seen += orig
        if seen > max_bytes:
            raise WebFontError(f"WOFF tables expand past {max_bytes} bytes")
        if offset + comp > len(data):
            raise WebFontError("WOFF table outside the file")
        if comp < orig:
            try:
                out = zlib.decompressobj().decompress(data[offset : offset + comp], orig + 1)
            except zlib.error as exc:
                raise WebFontError(f"WOFF table does not inflate ({exc})") from exc
            if len(out) != orig:
                raise WebFontError("WOFF table inflates to another length than declared")


def _check_woff2(data: bytes, max_bytes: int) -> None:
    """The WOFF2 Brotli stream inflates to at most its declared size and `max_bytes`."""
    try:
        import brotli
        from fontTools.misc import sstruct
        from fontTools.ttLib.woff2 import (
            WOFF2DirectoryEntry,
            woff2DirectoryFormat,
            woff2DirectorySize,
        )
    except ImportError as exc:  # pragma: no cover - brotli is a dependency
        raise WebFontError("WOFF2 needs the brotli module") from exc
    stream = io.BytesIO(data)
    header = sstruct.unpack(woff2DirectoryFormat, stream.read(woff2DirectorySize))
    if header["sfntVersion"] == b"ttcf":
        raise WebFontError("WOFF2 font collections are not read")
    declared = 0
    for _ in range(header["numTables"]):
        entry = WOFF2DirectoryEntry()
        entry.fromFile(stream)
        declared += entry.length
    if declared > max_bytes or header["totalSfntSize"] > max_bytes:
        raise WebFontError(f"WOFF2 font expands past {max_bytes} bytes")
    compressed = data[stream.tell() : stream.tell() + header["totalCompressedSize"]]
    decompressor = brotli.Decompressor()
    out = decompressor.process(compressed, output_buffer_limit=declared + 1)
    if len(out) > declared or not decompressor.is_finished():
        raise WebFontError("WOFF2 data inflates past its declared size")


def _decode(data: bytes, flavor: Flavor, max_bytes: int) -> FontData:
    from fontTools.ttLib import TTFont

    if flavor == "woff":
        _check_woff(data, max_bytes)
    elif flavor == "woff2":
        _check_woff2(data, max_bytes)
    font = TTFont(io.BytesIO(data), lazy=True)
    tags = set(font.keys())
    missing = [t for t in _REQUIRED if t not in tags]
    if missing:
        raise WebFontError(f"font without {', '.join(missing)}")
    outlines: Literal["glyf", "cff"]
    if "glyf" in tags and "loca" in tags:
        outlines = "glyf"
    elif "CFF " in tags or "CFF2" in tags:
        outlines = "cff"
    else:
        raise WebFontError("font without outlines (glyf or CFF)")
    cmap = font["cmap"].getBestCmap()
    if not cmap:
        raise WebFontError("font without a Unicode cmap")
    font["head"]  # noqa: B018 - decompile: a damaged table raises here
    font["hhea"]  # noqa: B018
    if flavor in ("woff", "woff2"):
        font.flavor = None
        out = io.BytesIO()
        font.save(out, reorderTables=False)
        sfnt = out.getvalue()
    else:
        sfnt = data
    fs_type = int(font["OS/2"].fsType) if "OS/2" in tags else 0
    return FontData(sfnt, flavor, fs_type, outlines)


def sfnt_of(data: bytes, max_bytes: int) -> FontData:
    """Validate web font bytes and decode them to a plain sfnt (raises WebFontError)."""
    if len(data) > max_bytes:
        raise WebFontError(f"font of {len(data)} bytes (limit {max_bytes})")
    flavor = sniff_format(data)
    if flavor == "collection":
        raise WebFontError("font collections (.ttc) are not read from pages")
    if flavor == "unknown":
        raise WebFontError("not a TrueType, OpenType, WOFF or WOFF2 font")
    try:
        found = _decode(data, flavor, max_bytes)
    except WebFontError:
        raise
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted bytes
        raise WebFontError(f"malformed {flavor} font ({type(exc).__name__})") from exc
    if len(found.sfnt) > max_bytes:
        raise WebFontError(f"font expands to {len(found.sfnt)} bytes (limit {max_bytes})")
    return found
