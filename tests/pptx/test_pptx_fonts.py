"""Typefaces a deck names (Office twins, hints, theme) and the fonts it embeds (p:embeddedFontLst, EOT parts)."""

from __future__ import annotations

import subprocess
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont
from lxml import etree
from pptx_testkit import NS, R_ID, Written, local, text_shape

from engine.fonts import office
from engine.fonts.eot import read_eot
from engine.model.schema import Deck
from engine.model.schema.complete import complete
from engine.pptx import write_deck_report
from tests.conftest import requires_fonts
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_tools

FONT_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/font"


def _write(runs: list[dict[str, Any]], embed: str = "subset", **kw: Any) -> tuple[Written, Any]:
    para: dict[str, Any] = {"runs": runs}
    deck = {
        "width": 1280,
        "height": 720,
        "slides": [{"background": None, "shapes": [text_shape(para)], "blank": False}],
    }
    data, report = write_deck_report(complete(deck, Deck), {}, embed=embed, **kw)  # type: ignore[arg-type]
    return Written(data), report


@requires_fonts("fonts-liberation2", "fonts-crosextra-carlito")
def test_twins_are_named_as_office_fonts_with_hints_from_the_font_file() -> None:
    run = {
        "text": "Hello",
        "font": "Liberation Sans",
        "ea_font": "Carlito",
        "cs_font": "Liberation Serif",
    }
    para = {"runs": [run], "bullet": {"char": "•", "font": "Liberation Sans"}}
    deck = {"width": 1280, "height": 720, "slides": [{"shapes": [text_shape(para)]}]}
    written = Written(write_deck_report(complete(deck, Deck), {})[0])
    p_el = written.shapes()[0].find("p:txBody/a:p", NS)
    latin = p_el.find("a:r/a:rPr/a:latin", NS)
    assert dict(latin.attrib) == {
        "typeface": "Arial",
        "panose": "020B0604020202020204",
        "pitchFamily": "34",
        "charset": "0",
    }
    assert p_el.find("a:r/a:rPr/a:ea", NS).get("typeface") == "Calibri"
    assert p_el.find("a:r/a:rPr/a:ea", NS).get("panose") == "020F0502020204030204"
    assert p_el.find("a:r/a:rPr/a:cs", NS).get("typeface") == "Times New Roman"
    assert p_el.find("a:r/a:rPr/a:cs", NS).get("pitchFamily") == "18"
    assert p_el.find("a:pPr/a:buFont", NS).get("typeface") == "Arial"
    assert "ppt/fonts/font1.fntdata" not in written.zip.namelist()  # Office fonts: nothing to embed


def test_theme_names_only_office_fonts() -> None:
    written, _ = _write([{"text": "x"}])
    theme = written.xml("ppt/theme/theme1.xml")
    names = [f.get("typeface") for f in theme.iter(f"{{{NS['a']}}}font")]
    names += [
        theme.find(f".//a:{g}/a:latin", NS).get("typeface") for g in ("majorFont", "minorFont")
    ]
    assert len(names) > 20
    assert all(office.is_office_font(n) for n in names), [
        n for n in names if not office.is_office_font(n)
    ]
    jpan = theme.find(".//a:minorFont/a:font[@script='Jpan']", NS)
    assert jpan.get("typeface") == "Yu Gothic"


def _embedded_list(written: Written) -> etree._Element:
    pres = written.xml("ppt/presentation.xml")
    lst = pres.find("p:embeddedFontLst", NS)
    assert lst is not None
    return lst


@requires_fonts("fonts-dejavu-core")
def test_a_face_users_lack_is_embedded_as_powerpoint_embeds_fonts() -> None:
    runs = [
        {"text": "Ship it", "font": "DejaVu Sans"},
        {"text": " → now", "font": "DejaVu Sans", "bold": True},
        {"text": "plain", "font": "Liberation Sans"},
    ]
    written, report = _write(runs)
    pres = written.xml("ppt/presentation.xml")
    children = [local(c) for c in pres]
    # schema order: ... sldSz, notesSz, embeddedFontLst, ... defaultTextStyle
    assert children.index("embeddedFontLst") == children.index("notesSz") + 1
    assert pres.get("embedTrueTypeFonts") == "1" and pres.get("saveSubsetFonts") == "1"
    (entry,) = _embedded_list(written)
    assert [local(c) for c in entry] == ["font", "regular", "bold"]
    assert dict(entry[0].attrib) == {
        "typeface": "DejaVu Sans",
        "panose": "020B0603030804020204",
        "pitchFamily": "34",
        "charset": "0",
    }
    rels = etree.fromstring(written.zip.read("ppt/_rels/presentation.xml.rels"))
    by_id = {r.get("Id"): r for r in rels}
    content_types = written.zip.read("[Content_Types].xml").decode()
    assert '<Default Extension="fntdata" ContentType="application/x-fontdata"/>' in content_types
    styles = []
    for slot, used in zip(entry[1:], ("S", "→"), strict=True):
        rel = by_id[slot.get(R_ID)]
        assert rel.get("Type") == FONT_REL
        assert rel.get("Target").startswith("fonts/font") and rel.get("Target").endswith(".fntdata")
        eot = read_eot(written.zip.read("ppt/" + rel.get("Target")))
        assert eot.family_name == "DejaVu Sans" and eot.subset and not eot.compressed
        styles.append(eot.style_name)
        cmap = TTFont(BytesIO(eot.font_data)).getBestCmap()
        assert ord(used) in cmap and ord("A") in cmap
    assert styles == ["Book", "Bold"]
    assert [(f.typeface, f.slot) for f in report.embedded] == [
        ("DejaVu Sans", "regular"),
        ("DejaVu Sans", "bold"),
    ]
    assert report.bytes_added == sum(
        len(written.zip.read(n)) for n in written.zip.namelist() if n.endswith(".fntdata")
    )


@requires_fonts("fonts-dejavu-core")
def test_embed_modes_none_and_full() -> None:
    runs = [{"text": "Ship it", "font": "DejaVu Sans"}]
    written, report = _write(runs, embed="none")
    assert written.xml("ppt/presentation.xml").find("p:embeddedFontLst", NS) is None
    assert not [n for n in written.zip.namelist() if n.startswith("ppt/fonts/")]
    assert report.bytes_added == 0 and report.embedded == []
    written, report = _write(runs, embed="full")
    pres = written.xml("ppt/presentation.xml")
    assert pres.get("embedTrueTypeFonts") == "1" and pres.get("saveSubsetFonts") is None
    eot = read_eot(written.zip.read("ppt/fonts/font1.fntdata"))
    assert not eot.subset and len(eot.font_data) > 500_000  # the whole DejaVu Sans
    subset_written, subset_report = _write(runs)
    assert subset_report.bytes_added < report.bytes_added / 5


@requires_fonts("fonts-dejavu-core")
def test_embedded_fonts_stay_within_the_deck_limit() -> None:
    runs = [{"text": "Ship it", "font": "DejaVu Sans"}, {"text": "x", "font": "DejaVu Serif"}]
    written, report = _write(runs, max_font_bytes=60_000)
    assert [f.typeface for f in report.embedded] == ["DejaVu Sans"]
    assert "exceed 60000 bytes" in report.refused["DejaVu Serif"]
    assert report.bytes_added <= 60_000
    assert [e[0].get("typeface") for e in _embedded_list(written)] == ["DejaVu Sans"]


def test_a_typeface_with_no_installed_file_is_reported_not_embedded() -> None:
    written, report = _write([{"text": "x", "font": "Nonexistent Grotesk"}])
    assert report.embedded == []
    assert "Nonexistent Grotesk" in report.refused
    assert written.xml("ppt/presentation.xml").find("p:embeddedFontLst", NS) is None


@requires_fonts("fonts-noto-color-emoji")
def test_colour_emoji_name_the_office_emoji_font_and_are_not_embedded() -> None:
    written, report = _write([{"text": "🚀", "font": "Noto Color Emoji"}])
    latin = written.shapes()[0].find("p:txBody/a:p/a:r/a:rPr/a:latin", NS)
    assert latin.get("typeface") == "Segoe UI Emoji"
    assert report.embedded == [] and report.refused == {}


@pytest.mark.parametrize("mode", ["subset", "full"])
@requires_fonts("fonts-dejavu-core")
def test_writing_is_deterministic_with_fonts(mode: str) -> None:
    runs = [{"text": "Ship it", "font": "DejaVu Sans"}]
    assert _write(runs, embed=mode)[0].data == _write(runs, embed=mode)[0].data


@pytest.mark.slow
@requires_tools("soffice", "pdffonts")
@requires_fonts("fonts-liberation2", "fonts-crosextra-carlito", "fonts-crosextra-caladea")
def test_libreoffice_draws_the_office_names_with_the_twins_measured(tmp_path: Path) -> None:
    """Nothing moves in LibreOffice: Arial / Times New Roman / Calibri / Cambria / Courier New
    written for the twins are drawn with those very twins (fontconfig's metric aliases)."""
    twins = ["Liberation Sans", "Liberation Serif", "Carlito", "Caladea", "Liberation Mono"]
    paragraphs = [
        {"runs": [{"text": f"Twin {i}", "font": f, "size": 20}]} for i, f in enumerate(twins)
    ]
    deck = {"width": 1280, "height": 720, "slides": [{"shapes": [text_shape(*paragraphs)]}]}
    data, _ = write_deck_report(complete(deck, Deck), {})
    written = Written(data).xml("ppt/slides/slide1.xml")
    names = [el.get("typeface") for el in written.iterfind(".//a:r/a:rPr/a:latin", NS)]
    assert names == ["Arial", "Times New Roman", "Calibri", "Cambria", "Courier New"]
    (tmp_path / "deck.pptx").write_bytes(data)
    libreoffice_pdf(tmp_path / "deck.pptx", tmp_path)
    fonts = subprocess.run(
        ["pdffonts", str(tmp_path / "deck.pdf")], check=True, capture_output=True, text=True
    ).stdout
    for ps_name in ("LiberationSans", "LiberationSerif", "Carlito", "Caladea", "LiberationMono"):
        assert f"+{ps_name}" in fonts, fonts


def test_the_notes_masters_theme_names_the_office_script_fonts_too() -> None:
    """Speaker notes are set with the notes master's theme: its per-script fonts are the same
    Office fonts as the slide master's (not the Office 2007 theme's optional ones)."""
    slide = {"shapes": [text_shape({"runs": [{"text": "Hi"}]})], "notes": "第一点 / 要点"}
    deck = {"width": 1280, "height": 720, "slides": [slide]}
    data, _ = write_deck_report(complete(deck, Deck), {}, embed="none")
    written = Written(data)
    names = written.zip.namelist()
    themes = sorted(n for n in names if n.startswith("ppt/theme/") and n.endswith(".xml"))
    assert len(themes) == 2  # the slide master's and the notes master's

    def script_fonts(name: str) -> dict[str, str]:
        root = written.xml(name)
        minor = root.find(".//a:fontScheme/a:minorFont", NS)
        return {f.get("script"): f.get("typeface") for f in minor.iterfind("a:font", NS)}

    slide_fonts, notes_fonts = (script_fonts(n) for n in themes)
    assert slide_fonts == notes_fonts
    assert notes_fonts["Jpan"] == office.THEME_SCRIPT_FONTS["Jpan"]
