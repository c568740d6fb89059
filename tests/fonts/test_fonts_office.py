"""Office font knowledge: the list, twins, substitution hints read from font files, EOT, subsets."""

from __future__ import annotations

import ctypes
import ctypes.util
import io
import struct

import pytest
from fontTools.ttLib import TTFont

from engine.fonts import office
from engine.fonts.embedding import (
    EmbeddingMode,
    EmbedRefused,
    embedding_permission,
    font_for_embedding,
)
from engine.fonts.eot import EOT_MAGIC, EOT_VERSION, FLAG_SUBSET, EotError, read_eot, to_eot
from engine.fonts.resolve import fc_match
from tests.conftest import requires_fonts
from tests.requires import requires_tools


def _path(family: str) -> tuple[str, int]:
    font = fc_match(family, 400, "normal")
    assert font is not None, family
    return font.path, font.index


def test_office_list_is_the_shared_list() -> None:
    names = office.office_fonts()
    for name in ("Arial", "Calibri", "Segoe UI", "Microsoft YaHei", "DengXian", "Consolas"):
        assert office.is_office_font(name)
    for name in ("Liberation Sans", "Noto Sans", "DejaVu Sans", "Carlito", "PingFang SC"):
        assert not office.is_office_font(name)
    assert len(names) > 90


def test_twins_name_the_office_font_and_others_keep_their_name() -> None:
    assert office.office_name("Liberation Sans") == "Arial"
    assert office.office_name("Liberation Sans Narrow") == "Arial Narrow"
    assert office.office_name("Liberation Serif") == "Times New Roman"
    assert office.office_name("Liberation Mono") == "Courier New"
    assert office.office_name("Carlito") == "Calibri"
    assert office.office_name("Caladea") == "Cambria"
    assert office.office_name("Noto Color Emoji") == "Segoe UI Emoji"
    assert office.office_name("Georgia") == "Georgia"
    assert office.office_name("Noto Sans") is None
    assert office.office_name("DejaVu Sans") is None


def test_every_theme_script_font_is_an_office_font() -> None:
    assert all(office.is_office_font(name) for name in office.THEME_SCRIPT_FONTS.values())


@requires_fonts("fonts-liberation2", "fonts-crosextra-carlito", "fonts-crosextra-caladea")
def test_hints_of_twins_are_those_of_the_office_fonts() -> None:
    # Arial 020B0604020202020204 / 34 / 0, Calibri 020F0502020204030204 / 34, Cambria 18,
    # Courier New 49 (what PowerPoint writes for them)
    arial = office.typeface_hints(*_path("Liberation Sans"))
    assert (arial.panose, arial.pitch_family, arial.charset) == ("020B0604020202020204", 34, 0)
    calibri = office.typeface_hints(*_path("Carlito"))
    assert (calibri.panose, calibri.pitch_family) == ("020F0502020204030204", 34)
    assert office.typeface_hints(*_path("Caladea")).pitch_family == 18
    assert office.typeface_hints(*_path("Liberation Mono")).pitch_family == 49


@requires_fonts("fonts-noto-cjk")
def test_cjk_collection_face_gets_its_language_charset() -> None:
    path, index = _path("Noto Sans CJK SC")
    hints = office.typeface_hints(path, index, "Noto Sans CJK SC")
    assert hints.charset == 134 and hints.charset_xml == "-122"  # GB2312, written signed
    path, index = _path("Noto Sans CJK JP")
    assert office.typeface_hints(path, index, "Noto Sans CJK JP").charset == 128


@pytest.mark.parametrize(
    ("fs_type", "permission"),
    [
        (0x0000, "installable"),
        (0x0008, "editable"),
        (0x0004, "preview"),
        (0x0002, "restricted"),
        (0x000C, "editable"),  # an old font with several bits: the least restrictive
        (0x0208, "bitmap"),
        (0x0108, "editable"),
    ],
)
def test_embedding_permission(fs_type: int, permission: str) -> None:
    assert embedding_permission(fs_type) == permission


def _font_bytes(family: str) -> bytes:
    path, index = _path(family)
    font = TTFont(path, fontNumber=index)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


@requires_fonts("fonts-dejavu-core")
def test_eot_header_layout_and_round_trip() -> None:
    data = _font_bytes("DejaVu Sans")
    eot = to_eot(data, family="DejaVu Sans", charset=0, subset=True)
    size, data_size, version, flags = struct.unpack_from("<IIII", eot, 0)
    assert (size, data_size, version, flags) == (len(eot), len(data), EOT_VERSION, FLAG_SUBSET)
    assert struct.unpack_from("<H", eot, 34)[0] == EOT_MAGIC
    assert eot[16:26] == bytes.fromhex("020B0603030804020204")  # DejaVu Sans's PANOSE
    assert eot.endswith(data)
    parsed = read_eot(eot)
    assert parsed.font_data == data
    assert (parsed.family_name, parsed.style_name) == ("DejaVu Sans", "Book")
    assert parsed.subset and not parsed.compressed and parsed.fs_type == 0
    # family name as PowerPoint writes it: UTF-16LE with a terminating NUL, size counting it
    assert struct.unpack_from("<HH", eot, 80) == (0, len("DejaVu Sans\0") * 2)


def test_read_eot_rejects_what_is_not_an_eot() -> None:
    with pytest.raises(EotError):
        read_eot(b"\x00\x01\x00\x00" + bytes(100))
    with pytest.raises(EotError):
        read_eot(bytes(10))


@requires_fonts("fonts-dejavu-core")
def test_truncated_eot_is_rejected() -> None:
    eot = to_eot(_font_bytes("DejaVu Sans Mono"), family="DejaVu Sans Mono")
    with pytest.raises(EotError):
        read_eot(eot[:-10])


@requires_fonts("fonts-dejavu-core")
def test_subset_keeps_the_characters_used_and_ascii() -> None:
    path, index = _path("DejaVu Sans")
    full = font_for_embedding(path, index, "", "full")
    part = font_for_embedding(path, index, "Ωλ→", "subset")
    assert part.subset and not full.subset
    font = TTFont(io.BytesIO(part.data))
    cmap = font.getBestCmap()
    assert {ord("Ω"), ord("λ"), ord("→"), ord("A"), ord("~")} <= set(cmap)
    assert ord("Ж") not in cmap  # in DejaVu Sans, not used
    assert "GPOS" in font and "GSUB" in font  # kerning and shaping kept
    assert len(part.data) < len(full.data) / 4


@requires_fonts("fonts-noto-cjk")
def test_cjk_cff_collection_face_becomes_a_truetype_subset() -> None:
    path, index = _path("Noto Sans CJK SC")
    prepared = font_for_embedding(path, index, "年度经营汇报", "subset")
    font = TTFont(io.BytesIO(prepared.data))
    assert font.sfntVersion == "\x00\x01\x00\x00" and "glyf" in font and "CFF " not in font
    cmap = font.getBestCmap()
    assert all(ord(c) in cmap for c in "年度经营汇报")
    assert font["name"].getDebugName(1) == "Noto Sans CJK SC"
    glyph = font["glyf"][cmap[ord("年")]]
    assert glyph.numberOfContours > 0  # an outline, not an empty glyph
    assert len(prepared.data) < 200_000


def _with_fs_type(family: str, fs_type: int, tmp_path: object) -> str:
    path, index = _path(family)
    font = TTFont(path, fontNumber=index)
    font["OS/2"].fsType = fs_type
    out = f"{tmp_path}/restricted.ttf"
    font.save(out)
    return out


@requires_fonts("fonts-dejavu-core")
@pytest.mark.parametrize("fs_type", [0x0002, 0x0004, 0x0200])
def test_fonts_whose_licence_forbids_editable_embedding_are_refused(
    fs_type: int, tmp_path: object
) -> None:
    path = _with_fs_type("DejaVu Sans", fs_type, tmp_path)
    with pytest.raises(EmbedRefused):
        font_for_embedding(path, 0, "abc", "subset")


@requires_fonts("fonts-dejavu-core")
def test_no_subsetting_bit_embeds_the_whole_font(tmp_path: object) -> None:
    path = _with_fs_type("DejaVu Sans", 0x0100, tmp_path)
    prepared = font_for_embedding(path, 0, "abc", "subset")
    assert not prepared.subset
    assert ord("Ж") in TTFont(io.BytesIO(prepared.data)).getBestCmap()


def _libeot() -> ctypes.CDLL | None:
    name = ctypes.util.find_library("eot") or "libeot.so.0"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    lib.EOT2ttf_buffer.argtypes = [
        ctypes.c_char_p,
        ctypes.c_uint,
        ctypes.c_void_p,
        ctypes.POINTER(ctypes.POINTER(ctypes.c_uint8)),
        ctypes.POINTER(ctypes.c_uint),
    ]
    lib.EOT2ttf_buffer.restype = ctypes.c_int
    lib.EOTcanLegallyEdit.argtypes = [ctypes.c_void_p]
    lib.EOTcanLegallyEdit.restype = ctypes.c_bool
    lib.EOTfreeBuffer.argtypes = [ctypes.POINTER(ctypes.c_uint8)]
    lib.EOTfreeMetadata.argtypes = [ctypes.c_void_p]
    return lib


LIBEOT = _libeot()


def _libeot_decode(eot: bytes) -> tuple[int, bytes, bool]:
    """libeot (the EOT reader LibreOffice's PPTX import uses): (error code, font, editable)."""
    assert LIBEOT is not None
    metadata = ctypes.create_string_buffer(4096)  # struct EOTMetadata is far smaller
    out = ctypes.POINTER(ctypes.c_uint8)()
    size = ctypes.c_uint(0)
    code = LIBEOT.EOT2ttf_buffer(eot, len(eot), metadata, ctypes.byref(out), ctypes.byref(size))
    if code != 0:
        return code, b"", False
    data = ctypes.string_at(out, size.value)
    editable = bool(LIBEOT.EOTcanLegallyEdit(metadata))
    LIBEOT.EOTfreeBuffer(out)
    LIBEOT.EOTfreeMetadata(metadata)
    return code, data, editable


@requires_tools("libeot")
@requires_fonts("fonts-dejavu-core", "fonts-noto-cjk")
@pytest.mark.parametrize("family", ["DejaVu Sans", "Noto Sans CJK SC"])
def test_libeot_reads_the_eot_we_write(family: str) -> None:
    path, index = _path(family)
    prepared = font_for_embedding(path, index, "Ship it 年度", "subset")
    code, data, editable = _libeot_decode(to_eot(prepared.data, family=family, subset=True))
    assert code == 0 and editable
    assert data == prepared.data
    assert _libeot_decode(prepared.data)[0] != 0  # a bare TrueType font is not an EOT


@requires_fonts("fonts-dejavu-core")
@pytest.mark.parametrize("mode", ["subset", "full"])
def test_an_embedded_face_keeps_the_fonts_own_timestamp(mode: EmbeddingMode) -> None:
    """The same deck gives the same bytes whenever it is written: the embedded font's
    head.modified is the font file's own, not the time of writing."""
    path, index = _path("DejaVu Sans")
    prepared = font_for_embedding(path, index, "Ship it on time", mode)
    written = TTFont(io.BytesIO(prepared.data))["head"]
    source = TTFont(path, fontNumber=index, lazy=True)["head"]
    assert written.modified == source.modified
    assert written.created == source.created
