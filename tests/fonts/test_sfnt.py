"""The struct reader of the few sfnt tables measurement and typeface hints need gives fontTools'
values for every face of every font file on the machine, and leaves what it cannot read (WOFF,
malformed tables) to fontTools, which then answers (or fails) as it always did."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont

from engine.fonts import office
from engine.fonts.face import FontFile
from engine.fonts.sfnt import SfntError, SfntFace, read_face_tables
from engine.fonts.sfnt_fonttools import fonttools_face_tables, fonttools_hint_tables
from tests.requires import installed_font_files, requires_fonts

FILES = installed_font_files()
LIBERATION = "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf"


def _faces() -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    for path in FILES:
        count = len(TTCollection(path, lazy=True).fonts) if path.endswith(".ttc") else 1
        out.extend((path, i) for i in range(count))
    return out


@requires_fonts("fonts-liberation", "fonts-dejavu-core", "fonts-noto-cjk")
def test_every_face_on_the_machine_reads_as_fonttools_reads_it() -> None:
    faces = _faces()
    glyph_tops = 0  # faces whose x-height comes from the 'x' glyph (no OS/2 sxHeight)
    for path, index in faces:
        direct = read_face_tables(path, index)  # no fallback here: every face must read
        assert direct == fonttools_face_tables(path, index), (path, index)
        face = SfntFace(path, index)
        hints = (face.os2(), face.is_fixed_pitch())
        assert hints == fonttools_hint_tables(path, index), (path, index)
        if direct.os2 is None or direct.os2.version < 2 or direct.os2.x_height <= 0:
            glyph_tops += 1
    assert len(faces) >= 100
    assert glyph_tops >= 10  # DejaVu (OS/2 version 1) and others take the glyf path


@requires_fonts("fonts-liberation")
def test_woff_is_left_to_fonttools(tmp_path: Path) -> None:
    font = TTFont(LIBERATION)
    font.flavor = "woff"
    woff = tmp_path / "LiberationSans.woff"
    font.save(str(woff))
    with pytest.raises(SfntError):
        read_face_tables(str(woff))
    ttf, wrapped = FontFile(LIBERATION, 0), FontFile(str(woff), 0)
    assert wrapped.metrics == ttf.metrics
    assert wrapped.family_name == ttf.family_name == "Liberation Sans"
    assert office.typeface_hints(str(woff)) == office.typeface_hints(LIBERATION)


def _with_table_length(tmp_path: Path, tag: bytes, change: int) -> str:
    """A copy of Liberation Sans whose directory gives table `tag` `change` more bytes."""
    data = bytearray(Path(LIBERATION).read_bytes())
    (count,) = struct.unpack_from(">H", data, 4)
    for i in range(count):
        at = 12 + 16 * i
        if data[at : at + 4] == tag:
            (length,) = struct.unpack_from(">L", data, at + 12)
            struct.pack_into(">L", data, at + 12, length + change)
    out = tmp_path / f"changed-{tag.decode().replace('/', '')}.ttf"
    out.write_bytes(bytes(data))
    return str(out)


@requires_fonts("fonts-liberation")
def test_a_table_fonttools_refuses_is_refused_the_same_way(tmp_path: Path) -> None:
    # hhea must be 36 bytes for fontTools: a longer one makes the face unreadable, as before
    path = _with_table_length(tmp_path, b"hhea", 2)
    with pytest.raises(SfntError):
        read_face_tables(path)
    with pytest.raises(struct.error):  # fontTools refuses it
        fonttools_face_tables(path, 0)
    with pytest.raises(struct.error):
        FontFile(path, 0)


@requires_fonts("fonts-liberation")
def test_a_short_os2_table_gives_no_hints_either_way(tmp_path: Path) -> None:
    path = _with_table_length(tmp_path, b"OS/2", -20)
    with pytest.raises(SfntError):
        SfntFace(path).os2()
    with pytest.raises(struct.error):
        fonttools_hint_tables(path, 0)
    with pytest.raises(struct.error):
        office.typeface_hints(path)


@requires_fonts("fonts-liberation")
def test_fonttools_is_not_needed_for_a_plain_face(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object) -> None:
        raise AssertionError("fontTools read the face")

    monkeypatch.setattr("engine.fonts.face.fonttools_face_tables", refuse)
    monkeypatch.setattr("engine.fonts.office.fonttools_hint_tables", refuse)
    office.typeface_hints.cache_clear()
    face = FontFile(LIBERATION, 0)
    assert face.family_name == "Liberation Sans"
    assert face.metrics["ascent"] == 1854 and face.metrics["x_height"] == 1082
    assert office.typeface_hints(LIBERATION).panose == "020B0604020202020204"
