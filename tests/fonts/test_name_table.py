"""The family name read from the raw `name` table is the one fontTools' name table gives
(nameID 1, English Windows record first), for every font file on the machine."""

from __future__ import annotations

import struct

from fontTools.ttLib import TTCollection, TTFont

from engine.fonts.face import family_from_name_table
from tests.requires import installed_font_files, requires_fonts

FILES = installed_font_files()


def fonttools_family(font: TTFont) -> str:
    name = font["name"]
    for rec in (name.getName(1, 3, 1, 0x409), name.getName(1, 1, 0, 0), name.getName(1, 3, 1)):
        if rec is not None:
            try:
                return str(rec.toUnicode()).strip()
            except UnicodeDecodeError:
                continue
    return ""


@requires_fonts("fonts-liberation")
def test_raw_name_table_matches_fonttools() -> None:
    checked = 0
    for path in FILES[:400]:
        faces = TTCollection(path).fonts if path.endswith(".ttc") else [TTFont(path, lazy=True)]
        for font in faces:
            raw = bytes(font.reader["name"])
            assert family_from_name_table(raw) == fonttools_family(font), path
            checked += 1
    assert checked >= len(FILES[:400])


def name_table(*records: tuple[int, int, int, bytes]) -> bytes:
    """A format-0 name table of (platform, encoding, language, encoded nameID-1 string)."""
    head = struct.pack(">HHH", 0, len(records), 6 + 12 * len(records))
    rows, strings = b"", b""
    for plat, enc, lang, text in records:
        rows += struct.pack(">6H", plat, enc, lang, 1, len(text), len(strings))
        strings += text
    return head + rows + strings


def test_preference_order_and_bad_records() -> None:
    mac = (1, 0, 0, "Mac Family".encode("mac_roman"))
    french = (3, 1, 0x40C, "Famille".encode("utf_16_be"))
    english = (3, 1, 0x409, "Windows Family".encode("utf_16_be"))
    assert family_from_name_table(name_table(french, mac, english)) == "Windows Family"
    assert family_from_name_table(name_table(french, mac)) == "Mac Family"
    assert family_from_name_table(name_table(french)) == "Famille"
    odd = (3, 1, 0x409, b"\x00")  # an odd byte count is not UTF-16
    assert family_from_name_table(name_table(odd, mac)) == "Mac Family"
    assert family_from_name_table(b"\x00\x00") == ""
