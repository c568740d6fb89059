"""The decks the tests make are checked against the ISO/IEC 29500 Transitional schemas
(tests/ooxml_schema.py through the autouse fixture in tests/conftest.py): the checker itself,
its markup-compatibility reading, and that it sees the engine's decks."""

from __future__ import annotations

import io
import re
import zipfile

from engine import convert
from tests.ooxml_schema import CHECKED, pptx_errors

PAGE = (
    '<div class="slide" data-notes="Speaker notes here" style="width:640px;height:360px;'
    'font-family:Liberation Sans;font-size:20px"><h1>Title</h1><ul><li>One</li>'
    '<li style="font-size:30px"><span style="font-size:20px">Two</span></li></ul></div>'
)


def _deck() -> bytes:
    return convert([PAGE]).pptx_bytes


def _replace(data: bytes, part: str, edit: tuple[str, str]) -> bytes:
    """The package with one part's text edited (old, new: a regular expression and its
    replacement, applied once)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            blob = src.read(info)
            if info.filename == part:
                text, count = re.subn(edit[0], edit[1], blob.decode("utf-8"), count=1)
                assert count == 1, f"{edit[0]!r} not in {part}"
                blob = text.encode("utf-8")
            dst.writestr(info, blob)
    return out.getvalue()


def test_the_engine_decks_are_checked_by_the_test_hook() -> None:
    before = len(CHECKED)
    data = _deck()
    assert len(CHECKED) == before + 1
    assert CHECKED[-1] == len(data)


def test_an_engine_deck_is_valid_with_its_notes_and_bullets() -> None:
    data = _deck()
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        slide = zf.read("ppt/slides/slide1.xml").decode()
    assert any(n.startswith("ppt/notesSlides/") for n in names)
    assert any(n.startswith("ppt/notesMasters/") for n in names)
    assert '<a:buSzPct val="' in slide  # the outsize marker: thousandths, as Office writes
    assert pptx_errors(data) == []


def test_misordered_elements_are_reported() -> None:
    bad = _replace(
        _deck(),
        "ppt/slides/slide1.xml",
        (r"(<a:pPr\b[^>]*>.*?</a:pPr>)(<a:r>.*?</a:r>)", r"\2\1"),
    )
    errors = pptx_errors(bad)
    assert errors and all(e.startswith("ppt/slides/slide1.xml") for e in errors)


def test_notes_parts_are_checked() -> None:
    bad = _replace(_deck(), "ppt/notesSlides/notesSlide1.xml", ("<p:cSld>", '<p:cSld bogus="1">'))
    assert any(e.startswith("ppt/notesSlides/notesSlide1.xml") for e in pptx_errors(bad))
    bad = _replace(
        _deck(), "ppt/theme/theme1.xml", ("<a:themeElements>", '<a:themeElements bogus="1">')
    )
    assert any(e.startswith("ppt/theme/theme1.xml") for e in pptx_errors(bad))


def test_ignorable_namespaces_are_dropped_as_office_does() -> None:
    extra = (
        '<p:sld xmlns:x="urn:example:extension" x:flag="1" ',
        "<p:cSld><x:note>not in the schemas</x:note>",
    )
    ignorable = (
        '<p:sld xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
        'mc:Ignorable="x" xmlns:x="urn:example:extension" x:flag="1" ',
        "<p:cSld><x:note>not in the schemas</x:note>",
    )
    for edits, valid in ((extra, False), (ignorable, True)):
        data = _replace(_deck(), "ppt/slides/slide1.xml", ("<p:sld ", edits[0]))
        data = _replace(data, "ppt/slides/slide1.xml", ("<p:cSld>", edits[1]))
        assert (pptx_errors(data) == []) is valid


def test_alternate_content_keeps_the_choice_it_knows_or_the_fallback() -> None:
    mc = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
    choice_unknown = (
        f'<mc:AlternateContent {mc} xmlns:x="urn:example:extension">'
        '<mc:Choice Requires="x"><x:shape/></mc:Choice>'
        "<mc:Fallback>{fallback}</mc:Fallback></mc:AlternateContent>"
    )
    good = choice_unknown.format(fallback="")
    bad = choice_unknown.format(fallback="<p:bogus/>")
    for alternate, valid in ((good, True), (bad, False)):
        data = _replace(
            _deck(), "ppt/slides/slide1.xml", ("</p:spTree>", alternate + "</p:spTree>")
        )
        assert (pptx_errors(data) == []) is valid


def test_bullet_sizes_in_thousandths_are_read_within_the_schema_range() -> None:
    data = _deck()
    for value, valid in (("400000", True), ("25000", True), ("500000", False), ("90%", True)):
        edited = _replace(
            data,
            "ppt/slides/slide1.xml",
            (r'<a:buSzPct val="\d+"/>', f'<a:buSzPct val="{value}"/>'),
        )
        assert (pptx_errors(edited) == []) is valid, value
