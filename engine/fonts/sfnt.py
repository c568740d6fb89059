"""The few sfnt tables text measurement and typeface hints read, straight from the font file.

A face's metrics (head, hhea, OS/2), its family (name), its fixed pitch (post) and, for fonts
without an OS/2 x-height, the top of the 'x' glyph (cmap -> loca -> glyf header) are a few
dozen bytes at known offsets: reading them with `struct` costs well under a millisecond, where
importing fontTools' TTFont costs ~40 ms of a short command's start-up (and decoding a
`post` table's glyph names another 10 ms per face).

The values are fontTools' own (tests/fonts/test_sfnt.py compares them for every font file on the
machine). The reader handles plain sfnt files and collections (TrueType, CFF, Apple `true`);
anything it cannot decide with certainty raises `SfntError`: WOFF/WOFF2 files, cmap formats
other than 4/12/13, and tables fontTools would refuse or read differently (wrong length,
unknown version, inconsistent offsets). The callers then read the face with fontTools, so a
doubtful file gets exactly the old answer (engine/fonts/face.py, engine/fonts/office.py).
"""

from __future__ import annotations

import struct
import sys
from array import array
from typing import BinaryIO, NamedTuple

__all__ = [
    "FaceTables",
    "Head",
    "Hhea",
    "Os2",
    "SfntError",
    "SfntFace",
    "family_from_name_table",
    "read_face_tables",
]

_SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
# OS/2 length by version (fontTools' formats 0, 1, 2-4, 5).
_OS2_SIZES = {0: 78, 1: 86, 2: 96, 3: 96, 4: 96, 5: 100}
_POST_FORMATS = (0x00010000, 0x00020000, 0x00030000, 0x00040000)
# Unicode cmap subtables, the first one present wins (fontTools' getBestCmap, HarfBuzz's order).
_CMAP_PREFERENCES = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))
_MAC_ROMAN = (1, 0)
_LITTLE_ENDIAN = sys.byteorder == "little"


class SfntError(ValueError):
    """A font file (or one of its tables) this reader leaves to fontTools."""


class Head(NamedTuple):
    units_per_em: int
    x_min: int
    x_max: int
    mac_style: int
    index_to_loc_format: int


class Hhea(NamedTuple):
    ascent: int
    descent: int
    line_gap: int


class Os2(NamedTuple):
    version: int
    avg_char_width: int
    weight_class: int
    fs_type: int
    panose: bytes  # the ten PANOSE bytes
    fs_selection: int
    typo_ascender: int
    typo_descender: int
    typo_line_gap: int
    win_ascent: int
    win_descent: int
    code_page_range1: int  # 0 before version 1
    x_height: int  # sxHeight; 0 before version 2


class FaceTables(NamedTuple):
    """What a FontFile keeps of a face's tables."""

    head: Head
    hhea: Hhea
    os2: Os2 | None
    x_height: float  # font units: OS/2 sxHeight, else the 'x' glyph's top, else 0
    family: str  # nameID 1 ("" when none decodes)
    bitmap_only: bool  # colour bitmaps (CBDT) without outlines


def _unpack(fmt: str, data: bytes, offset: int = 0) -> tuple[int, ...]:
    try:
        return struct.unpack_from(fmt, data, offset)
    except struct.error as exc:
        raise SfntError(str(exc)) from None


class SfntFace:
    """One face of an sfnt file or collection: its table directory, tables read on demand."""

    def __init__(self, path: str, index: int = 0) -> None:
        self.path = path
        with open(path, "rb") as f:
            start = self._face_offset(f, index)
            f.seek(start)
            header = f.read(12)
            if len(header) != 12 or header[:4] not in _SFNT_VERSIONS:
                raise SfntError("not a TrueType or OpenType font (or a WOFF one)")
            (count,) = _unpack(">H", header, 4)
            raw = f.read(16 * count)
        if len(raw) != 16 * count:
            raise SfntError("truncated table directory")
        self.tables: dict[str, tuple[int, ...]] = {}
        for i in range(count):
            tag = raw[16 * i : 16 * i + 4].decode("latin-1")
            self.tables[tag] = _unpack(">LL", raw, 16 * i + 8)  # (offset, length)
        self._data: dict[str, bytes] = {}

    @staticmethod
    def _face_offset(f: BinaryIO, index: int) -> int:
        head = f.read(12)
        if head[:4] != b"ttcf":
            return 0  # a single font: the face index does not apply
        if len(head) != 12:
            raise SfntError("truncated collection header")
        version, count = _unpack(">LL", head, 4)
        if version not in (0x00010000, 0x00020000) or not 0 <= index < count:
            raise SfntError("bad collection header or face index")
        offsets = f.read(4 * count)
        if len(offsets) != 4 * count:
            raise SfntError("truncated collection header")
        return int(_unpack(">L", offsets, 4 * index)[0])

    def __contains__(self, tag: str) -> bool:
        return tag in self.tables

    def data(self, tag: str) -> bytes:
        """The raw table (KeyError when the face has none)."""
        found = self._data.get(tag)
        if found is None:
            offset, length = self.tables[tag]
            with open(self.path, "rb") as f:
                f.seek(offset)
                found = f.read(length)
            if len(found) != length:
                raise SfntError(f"truncated {tag!r} table")
            self._data[tag] = found
        return found

    # -- tables ---------------------------------------------------------------------------
    def head(self) -> Head:
        data = self.data("head")
        if len(data) < 54 or (len(data) > 54 and data[54:] != b"\0\0"):
            raise SfntError("bad 'head' length")
        upem, x_min, _y_min, x_max, _y_max, mac_style = _unpack(">H16x4hH", data, 18)
        (loc_format,) = _unpack(">h", data, 50)
        return Head(upem, x_min, x_max, mac_style, loc_format)

    def hhea(self) -> Hhea:
        data = self.data("hhea")
        if len(data) != 36:
            raise SfntError("bad 'hhea' length")
        return Hhea(*_unpack(">3h", data, 4))

    def os2(self) -> Os2 | None:
        if "OS/2" not in self.tables:
            return None
        data = self.data("OS/2")
        (version,) = _unpack(">H", data)
        size = _OS2_SIZES.get(version)
        if size is None or len(data) < size:
            raise SfntError("unknown 'OS/2' version or short table")
        avg, weight, _width, fs_type = _unpack(">hHHH", data, 2)
        panose = data[32:42]
        (fs_selection,) = _unpack(">H", data, 62)
        typo = _unpack(">3h", data, 68)
        win = _unpack(">2H", data, 74)
        return Os2(
            version=version,
            avg_char_width=avg,
            weight_class=weight,
            fs_type=fs_type,
            panose=panose,
            fs_selection=fs_selection,
            typo_ascender=typo[0],
            typo_descender=typo[1],
            typo_line_gap=typo[2],
            win_ascent=win[0],
            win_descent=win[1],
            code_page_range1=_unpack(">L", data, 78)[0] if version >= 1 else 0,
            x_height=_unpack(">h", data, 86)[0] if version >= 2 else 0,
        )

    def is_fixed_pitch(self) -> bool:
        """post.isFixedPitch (False without a post table); the glyph names are not read."""
        if "post" not in self.tables:
            return False
        data = self.data("post")
        if len(data) < 32:
            raise SfntError("short 'post' table")
        (fmt,) = _unpack(">L", data)
        if fmt not in _POST_FORMATS:
            raise SfntError("'post' format fontTools does not read")
        if fmt in (0x00010000, 0x00020000):
            self._check_post_names(data, fmt)
        return bool(_unpack(">L", data, 12)[0])

    def _check_post_names(self, data: bytes, fmt: int) -> None:
        """Raise where fontTools' decoding of post glyph names would fail."""
        glyphs = self.glyph_count()
        if fmt == 0x00020000:
            (count,) = _unpack(">H", data, 32)
            count = min(count, glyphs)
            if len(data) - 34 < 2 * count and (len(data) - 34) % 2:
                raise SfntError("truncated 'post' glyph name indices")

    def glyph_count(self) -> int:
        data = self.data("maxp")
        (version,) = _unpack(">L", data)
        if len(data) != (6 if version == 0x00005000 else 32):
            raise SfntError("bad 'maxp' length")
        return int(_unpack(">H", data, 4)[0])

    def family(self) -> str:
        """nameID 1 as fontTools' getName finds it ("" without a name table)."""
        if "name" not in self.tables:
            return ""
        return family_from_name_table(self.data("name"))

    # -- the 'x' glyph --------------------------------------------------------------------
    def glyph_top(self, cp: int, head: Head) -> float:
        """The yMax of the glyph the best Unicode cmap gives `cp` (0 when it has none, an
        empty glyph, or no glyf table)."""
        if "cmap" not in self.tables:
            raise SfntError("no cmap: fontTools names the glyphs")
        gid = self._cmap_glyph(cp)
        if not gid or "glyf" not in self.tables:
            return 0.0
        glyphs = self.glyph_count()
        self._check_glyph_names(glyphs)
        if gid >= glyphs:
            return 0.0
        loca = self._loca(head)
        if gid + 1 >= len(loca):
            return 0.0  # fontTools has no glyph of that name
        start, end = loca[gid], loca[gid + 1]
        if start == end:
            return 0.0  # an empty glyph has no bounding box
        data = self.data("glyf")
        if end - start < 10:
            raise SfntError("short glyph")
        (y_max,) = _unpack(">h", data, start + 8)
        return float(max(0, y_max))

    def _check_glyph_names(self, glyphs: int) -> None:
        """fontTools names glyphs from `post` (or the cmap): raise where that would fail or
        give fewer names than glyphs (then glyph IDs and names may not correspond)."""
        if "CFF " in self.tables or "post" not in self.tables or "MAXP" in self.tables:
            raise SfntError("glyph names from CFF or cmap")
        data = self.data("post")
        if len(data) < 32:
            raise SfntError("short 'post' table")
        (fmt,) = _unpack(">L", data)
        if fmt not in _POST_FORMATS or (fmt == 0x00010000 and glyphs > 258):
            raise SfntError("'post' names fontTools reads otherwise")
        if fmt in (0x00010000, 0x00020000):
            self._check_post_names(data, fmt)

    def _loca(self, head: Head) -> array[int]:
        """glyf offsets, checked as fontTools' glyf table checks them (all of them)."""
        raw = self.data("loca")
        loca = array("I" if head.index_to_loc_format else "H")
        if len(raw) % loca.itemsize:
            raise SfntError("odd 'loca' length")
        loca.frombytes(raw)
        if _LITTLE_ENDIAN:
            loca.byteswap()
        if not head.index_to_loc_format:
            loca = array("I", (2 * x for x in loca))
        if any(a > b for a, b in zip(loca, loca[1:], strict=False)):
            raise SfntError("'loca' offsets out of order")
        if loca and loca[-1] > self.tables["glyf"][1]:
            raise SfntError("'loca' beyond the 'glyf' table")
        return loca

    def _cmap_glyph(self, cp: int) -> int:
        data = self.data("cmap")
        subtables = _cmap_subtables(data)
        for wanted in _CMAP_PREFERENCES:
            for plat_enc, fmt, offset, length in subtables:
                if plat_enc == wanted:
                    body = data[offset : offset + length]
                    if fmt == 4:
                        return _format4_glyph(body, cp)
                    if fmt in (12, 13):
                        return _format12_glyph(body, cp, fmt)
                    raise SfntError(f"cmap format {fmt}")
        return 0


def _cmap_subtables(data: bytes) -> list[tuple[tuple[int, int], int, int, int]]:
    """((platform, encoding), format, offset, length) of every subtable, in directory order,
    validated as fontTools validates the cmap directory."""
    _version, count = _unpack(">HH", data)
    out: list[tuple[tuple[int, int], int, int, int]] = []
    for i in range(count):
        platform, encoding, offset = _unpack(">HHL", data, 4 + 8 * i)
        (fmt,) = _unpack(">H", data, offset)
        if fmt in (12, 13):
            (length,) = _unpack(">L", data, offset + 4)
            minimum = 16
        elif fmt in (0, 2, 4, 6):
            (length,) = _unpack(">H", data, offset + 2)
            minimum = 6
        elif fmt == 14:  # Unicode variation sequences: not a character map
            (length,) = _unpack(">L", data, offset + 2)
            minimum = 10
        else:
            raise SfntError(f"cmap format {fmt}")
        if not length:
            continue  # fontTools skips zero-length subtables
        if length < minimum or offset + length > len(data):
            raise SfntError("truncated cmap subtable")
        if fmt in (12, 13):
            (groups,) = _unpack(">L", data, offset + 12)
            if length != 16 + 12 * groups:
                raise SfntError("inconsistent cmap group count")
        out.append(((platform, encoding), fmt, offset, length))
    return out


def _format4_glyph(body: bytes, cp: int) -> int:
    """The glyph of `cp` in a format 4 subtable, as fontTools decodes it: every segment but the
    last; a later segment overrides an earlier one unless it maps the character to glyph 0."""
    (seg_x2,) = _unpack(">H", body, 6)
    codes = array("H")
    rest = body[14:]
    if len(rest) % 2:
        raise SfntError("odd cmap format 4 length")
    codes.frombytes(rest)
    if struct.pack("=H", 1) != struct.pack(">H", 1):
        codes.byteswap()
    n = seg_x2 // 2
    ends = codes[:n]
    starts = codes[n + 1 : 2 * n + 1]
    deltas = codes[2 * n + 1 : 3 * n + 1]
    range_offsets = codes[3 * n + 1 : 4 * n + 1]
    glyph_ids = codes[4 * n + 1 :]
    if len(range_offsets) != n:
        raise SfntError("truncated cmap format 4 subtable")
    found = 0
    for i in range(len(starts) - 1):  # fontTools leaves out the last segment
        start, end, range_offset = starts[i], ends[i], range_offsets[i]
        if range_offset:
            partial = range_offset // 2 - start + i - n
            if start <= end and not (
                0 <= start + partial < len(glyph_ids) and 0 <= end + partial < len(glyph_ids)
            ):
                raise SfntError("cmap format 4 glyph index out of range")
        if not start <= cp <= end:
            continue
        if range_offset:
            gid = glyph_ids[cp + partial]
            gid = (gid + deltas[i]) & 0xFFFF if gid else 0
        else:
            gid = (cp + deltas[i]) & 0xFFFF
        if gid:
            found = gid
    return found


def _format12_glyph(body: bytes, cp: int, fmt: int) -> int:
    """The glyph of `cp` in a format 12/13 subtable (groups sorted and not overlapping, as in
    every well-formed font; others are left to fontTools)."""
    (count,) = _unpack(">L", body, 12)
    last_end = -1
    found = 0
    for i in range(count):
        start, end, gid = _unpack(">LLL", body, 16 + 12 * i)
        if start > end or start <= last_end or end > 0x10FFFF:
            raise SfntError("cmap groups fontTools reads otherwise")
        last_end = end
        if start <= cp <= end:
            found = gid if fmt == 13 else gid + cp - start
    return found


def read_face_tables(path: str, index: int = 0) -> FaceTables:
    """The tables of one face (SfntError where fontTools should read it instead)."""
    face = SfntFace(path, index)
    head, hhea, os2 = face.head(), face.hhea(), face.os2()
    if os2 is not None and os2.version >= 2 and os2.x_height > 0:
        x_height = float(os2.x_height)
    else:
        x_height = face.glyph_top(ord("x"), head)
    bitmap_only = "CBDT" in face and "glyf" not in face and "CFF " not in face
    return FaceTables(head, hhea, os2, x_height, face.family(), bitmap_only)


def family_from_name_table(data: bytes) -> str:
    """The family (nameID 1) of an OpenType `name` table, as fontTools' getName finds it: the
    first record of (Windows, Unicode BMP, en-US), else (Mac, Roman, English), else (Windows,
    Unicode BMP, any language); "" when none decodes."""
    try:
        _fmt, count, storage = struct.unpack_from(">HHH", data, 0)
        records = [struct.unpack_from(">6H", data, 6 + 12 * i) for i in range(count)]
    except struct.error:
        return ""
    wanted = ((3, 1, 0x409), (1, 0, 0), (3, 1, None))
    for platform, encoding, language in wanted:
        for plat, enc, lang, name_id, length, offset in records:
            if name_id != 1 or (plat, enc) != (platform, encoding):
                continue
            if language is not None and lang != language:
                continue
            raw = data[storage + offset : storage + offset + length]
            codec = "mac_roman" if (plat, enc) == _MAC_ROMAN else "utf_16_be"
            try:
                return raw.decode(codec).strip()
            except UnicodeDecodeError:
                break  # as fontTools: this record does not decode, try the next choice
    return ""
