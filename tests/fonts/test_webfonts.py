"""@font-face: web fonts from data: URLs and local files are measured, named, drawn and embedded."""

from __future__ import annotations

import functools
import io
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from lxml import etree
from webfont_kit import (
    SIZE,
    TEXT,
    advance_width,
    convert_one,
    data_url,
    families,
    flavored,
    font_bytes,
    font_path,
    messages,
    page,
    probe_width,
    rule,
)

import engine.fonts.webfonts as webfonts
from engine.api import convert
from engine.fonts.eot import read_eot
from engine.options import Limits, Options
from engine.render import render_deck_pngs
from engine.render.fonts import FontSet
from tests.conftest import requires_fonts
from tests.routes_server import RoutesServer, serve_routes

NS = {
    "p": "http://schemas.openxmlformats.org/presentationml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
}
MONO = "DejaVu Sans Mono"
FALLBACK = "Liberation Sans"  # what sans-serif gives on this machine


def _presentation(data: bytes) -> tuple[etree._Element, dict[str, str], object]:
    import zipfile

    z = zipfile.ZipFile(io.BytesIO(data))
    pres = etree.fromstring(z.read("ppt/presentation.xml"))
    rels = etree.fromstring(z.read("ppt/_rels/presentation.xml.rels"))
    return pres, {r.get("Id"): r.get("Target") for r in rels}, z


pytestmark = requires_fonts("fonts-dejavu-core", "fonts-liberation2")


def test_a_data_url_font_is_measured_named_and_embedded() -> None:
    html = page(rule(f'url("{data_url(font_bytes(MONO))}") format("truetype")'))
    width = probe_width(html)
    assert width == pytest.approx(advance_width(MONO), abs=0.05)
    assert abs(width - advance_width(FALLBACK)) > 20  # the fallback face is far narrower

    conversion = convert_one(html)
    assert "Deck Mono" in families(conversion) and FALLBACK not in families(conversion)
    assert not [m for m in messages(conversion) if "font" in m.lower()]
    pres, targets, z = _presentation(conversion.pptx_bytes)
    (entry,) = pres.find("p:embeddedFontLst", NS)
    assert entry[0].get("typeface") == "Deck Mono"
    assert [etree.QName(c).localname for c in entry] == ["font", "regular"]
    eot = read_eot(z.read("ppt/" + targets[entry[1].get(f"{{{NS['r']}}}id")]))  # type: ignore[attr-defined]
    assert eot.family_name == "Deck Mono" and eot.subset
    embedded = TTFont(io.BytesIO(eot.font_data))
    assert embedded["name"].getDebugName(1) == "Deck Mono"  # found by the name runs use
    assert set(map(ord, TEXT)) <= set(embedded.getBestCmap())
    assert embedded["hmtx"][embedded.getBestCmap()[ord("W")]][0] == 1233  # DejaVu Sans Mono
    assert conversion.fonts is not None
    assert [f.typeface for f in conversion.fonts.embedded] == ["Deck Mono"]


@pytest.mark.parametrize(("flavor", "mime"), [("woff", "font/woff"), ("woff2", "font/woff2")])
def test_woff_and_woff2_data_urls(flavor: str, mime: str) -> None:
    data = flavored(font_bytes(MONO), flavor)
    assert data[:4] == (b"wOFF" if flavor == "woff" else b"wOF2")
    html = page(rule(f"url({data_url(data, mime)}) format('{flavor}')"))
    assert probe_width(html) == pytest.approx(advance_width(MONO), abs=0.05)
    conversion = convert_one(html)
    assert "Deck Mono" in families(conversion)
    assert [f.typeface for f in conversion.fonts.embedded] == ["Deck Mono"]  # type: ignore[union-attr]


def test_the_first_usable_source_wins_and_bad_fonts_are_reported() -> None:
    garbage = data_url(b"wOFF" + b"\x00" * 40, "font/woff")
    not_a_font = data_url(b"this is not a font at all", "font/ttf")
    good = data_url(font_bytes(MONO))
    src = f"local(No Such Face Anywhere), url({garbage}), url({not_a_font}), url({good})"
    conversion = convert_one(page(rule(src)))
    assert "Deck Mono" in families(conversion)
    found = messages(conversion)
    assert any("web font not used" in m and "WOFF" in m for m in found), found
    assert any("not a TrueType, OpenType, WOFF or WOFF2 font" in m for m in found), found
    assert probe_width(page(rule(src))) == pytest.approx(advance_width(MONO), abs=0.05)


def test_a_malformed_font_falls_back_and_the_page_converts() -> None:
    data = bytearray(font_bytes(MONO))
    data[12:4000] = b"\xff" * (4000 - 12)  # the table directory and the first tables destroyed
    html = page(rule(f"url({data_url(bytes(data))})"))
    conversion = convert_one(html)
    assert conversion.success_pages == 1
    assert "Deck Mono" not in families(conversion)
    found = messages(conversion)
    assert any(m.startswith("web font not used (") for m in found), found
    assert any("no usable src for @font-face 'Deck Mono'" in m for m in found), found
    assert probe_width(html) == pytest.approx(advance_width(FALLBACK), abs=0.5)


def test_over_limit_fonts_are_refused_also_after_decompression() -> None:
    ttf = font_bytes(MONO)
    woff = flavored(ttf, "woff")
    limit = (len(woff) + len(ttf)) // 2  # the WOFF file fits, its decompressed font does not
    options = Options(limits=Limits(max_web_font_bytes=limit))
    for data, words in ((ttf, "bytes (limit"), (woff, "expands to")):
        conversion = convert_one(page(rule(f"url({data_url(data)})")), options)
        assert conversion.success_pages == 1
        assert "Deck Mono" not in families(conversion)
        assert any(words in m for m in messages(conversion)), messages(conversion)


def test_a_woff2_that_inflates_past_its_declared_size_is_refused() -> None:
    woff2 = bytearray(flavored(font_bytes(MONO), "woff2"))
    # totalSfntSize (offset 16) claims more than the limit allows
    woff2[16:20] = (1 << 30).to_bytes(4, "big")
    conversion = convert_one(page(rule(f"url({data_url(bytes(woff2))})")))
    assert any("WOFF2 font expands past" in m for m in messages(conversion)), messages(conversion)


def test_a_restricted_font_is_named_but_not_embedded() -> None:
    data = flavored(font_bytes(MONO), None, fs_type=0x0002)
    conversion = convert_one(page(rule(f"url({data_url(data)})")))
    assert "Deck Mono" in families(conversion)
    assert any("does not allow editable embedding" in m for m in messages(conversion))
    assert conversion.fonts is not None and conversion.fonts.embedded == []
    assert "forbids embedding" in conversion.fonts.refused["Deck Mono"]
    pres, _, _ = _presentation(conversion.pptx_bytes)
    assert pres.find("p:embeddedFontLst", NS) is None


def test_weight_matching_picks_the_bold_face_of_two_rules() -> None:
    rules = rule(f"url({data_url(font_bytes(MONO))})", extra="font-weight: 400") + rule(
        f"url({data_url(font_bytes('DejaVu Serif', 700))})", extra="font-weight: 700"
    )
    bold = advance_width("DejaVu Serif", weight=700)
    assert probe_width(page(rules, weight="bold")) == pytest.approx(bold, abs=0.05)
    assert probe_width(page(rules, weight="600")) == pytest.approx(bold, abs=0.05)  # > 500: heavier
    assert probe_width(page(rules, weight="300")) == pytest.approx(advance_width(MONO), abs=0.05)
    html = page(rules).replace("</span>", "</span><b style=\"font-family: 'Deck Mono'\">Bold</b>")
    conversion = convert_one(html)
    pres, _, _ = _presentation(conversion.pptx_bytes)
    (entry,) = pres.find("p:embeddedFontLst", NS)
    assert [etree.QName(c).localname for c in entry] == ["font", "regular", "bold"]


def test_unicode_range_chooses_the_face_per_character() -> None:
    latin = rule(f"url({data_url(font_bytes(MONO))})", extra="unicode-range: U+0-7F")
    rest = rule(f"url({data_url(font_bytes('DejaVu Serif'))})", extra="unicode-range: U+80-FFFF")
    text = "ééé"
    html = page(latin + rest).replace(TEXT, TEXT + text)
    expected = advance_width(MONO) + advance_width("DejaVu Serif", text)
    assert probe_width(html) == pytest.approx(expected, abs=0.05)


def test_a_font_on_many_pages_is_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    data = flavored(font_bytes(MONO), "woff", fs_type=0x0008)  # content no other test uses
    decoded: list[int] = []
    real = webfonts.sfnt_of

    def counting(data: bytes, max_bytes: int) -> object:
        decoded.append(len(data))
        return real(data, max_bytes)

    monkeypatch.setattr(webfonts, "sfnt_of", counting)
    html = page(rule(f"url({data_url(data, 'font/woff')})"))
    conversion = convert([html] * 5)
    assert decoded == [len(data)]
    assert len(conversion.web_fonts.faces) == 1
    assert [f.typeface for f in conversion.fonts.embedded] == ["Deck Mono"]  # type: ignore[union-attr]


def test_local_files_follow_the_local_file_rules(tmp_path: Path) -> None:
    fonts = tmp_path / "deck" / "fonts"
    fonts.mkdir(parents=True)
    (fonts / "mono.ttf").write_bytes(font_bytes(MONO))
    html = page(rule('url("fonts/mono.ttf") format("truetype")'))
    base = (tmp_path / "deck" / "page.html").as_uri()
    allowed = Options(file_roots=(str(tmp_path / "deck"),), base_url=base)
    assert probe_width(html, allowed) == pytest.approx(advance_width(MONO), abs=0.05)
    assert "Deck Mono" in families(convert_one(html, allowed))
    other = tmp_path / "other"
    other.mkdir()
    for options, reason in (
        (Options(base_url=base), "only data: URIs and allowed http(s) URLs are read"),
        (Options(file_roots=(str(other),), base_url=base), "outside the allowed folders"),
    ):
        conversion = convert_one(html, options)
        assert "Deck Mono" not in families(conversion)
        assert any(reason in m for m in messages(conversion)), messages(conversion)
        assert probe_width(html, options) == pytest.approx(advance_width(FALLBACK), abs=0.5)


def test_local_names_an_installed_face() -> None:
    html = page(rule(f"local('{MONO}'), url(data:font/ttf;base64,AAAA)"))
    assert probe_width(html) == pytest.approx(advance_width(MONO), abs=0.05)
    conversion = convert_one(html)
    assert "Deck Mono" in families(conversion)
    assert not [m for m in messages(conversion) if "web font" in m]


def test_the_png_renderer_draws_the_web_font() -> None:
    conversion = convert_one(page(rule(f"url({data_url(font_bytes(MONO))})")))
    with webfonts.use_web_fonts(conversion.web_fonts):
        latin, _ = FontSet().pick("Deck Mono", None, False, False, TEXT)
    assert latin is not None and latin.path == conversion.web_fonts.faces[0].path
    drawn = render_deck_pngs(conversion, width=320)[0]
    plain = render_deck_pngs(conversion.to_dict(include_media=True), width=320)[0]  # no web fonts
    assert drawn != plain


def test_pages_without_font_face_have_no_web_fonts() -> None:
    conversion = convert_one(page(""))
    assert conversion.web_fonts.faces == ()
    assert probe_width(page("")) == pytest.approx(advance_width(FALLBACK), abs=0.5)
    assert SIZE == 20.0 and font_path(MONO)


def test_deckforge_convert_reads_a_font_next_to_the_page_unless_no_local_files(
    tmp_path: Path,
) -> None:
    import json

    from tests.cli.test_convert_command import convert as run_convert

    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "mono.ttf").write_bytes(font_bytes(MONO))
    (tmp_path / "01.html").write_text(page(rule("url(fonts/mono.ttf)")))
    out, report = tmp_path / "d.pptx", tmp_path / "r.json"
    done = run_convert(str(tmp_path / "01.html"), "-o", str(out), "--report", str(report), "-q")
    assert done.returncode == 0, done.stderr
    assert json.loads(report.read_text())["fonts"]["embedded"][0]["typeface"] == "Deck Mono"
    args = ("-o", str(out), "--report", str(report), "--no-local-files", "-q")
    done = run_convert(str(tmp_path / "01.html"), *args)
    assert done.returncode == 0, done.stderr
    written = json.loads(report.read_text())
    assert written["fonts"]["embedded"] == []
    found = [d["message"] for d in written["diagnostics"][0]]
    assert any("not fetched" in m and "fonts/mono.ttf" in m for m in found), found
    assert "no usable src for @font-face 'Deck Mono': fallback fonts used" in found


@pytest.fixture
def font_server() -> Iterator[RoutesServer]:
    with serve_routes({}) as srv:
        yield srv


def test_remote_fonts_only_through_the_guarded_fetch(
    font_server: RoutesServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """http(s) sources are fetched only when the network is allowed, for allowed hosts, through
    engine.fetch (here pointed at 127.0.0.1, which real options can never reach)."""
    import engine.fetch

    def local(host: str, port: int, family: int = 0, type: int = 0) -> list[tuple[object, ...]]:
        assert host == "fonts.test", host
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.0.1", port))]

    real = engine.fetch.fetch_url
    monkeypatch.setattr(
        engine.fetch, "fetch_url", functools.partial(real, resolve=local, allow_loopback=True)
    )
    port = font_server.server_address[1]
    font_server.routes = {
        "/mono.woff2": ("font/woff2", flavored(font_bytes(MONO), "woff2")),
        "/page.html": ("text/html", b"<html>"),
    }
    html = page(rule(f'url("http://fonts.test:{port}/mono.woff2") format("woff2")'))
    network = Options(allow_network=True, allowed_hosts=("fonts.test",))
    conversion = convert_one(html, network)
    assert "Deck Mono" in families(conversion), messages(conversion)
    assert probe_width(html, network) == pytest.approx(advance_width(MONO), abs=0.05)

    offline = convert_one(html)
    assert "Deck Mono" not in families(offline)
    assert any("not fetched (network access disabled)" in m for m in messages(offline))
    not_font = page(rule(f"url(http://fonts.test:{port}/page.html)"))
    refused = convert_one(not_font, network)
    assert any("is not a font" in m for m in messages(refused)), messages(refused)


def test_the_office_font_set_and_the_staged_api_use_web_fonts_too() -> None:
    from engine.api import convert_laid_out, lay_out

    html = page(rule(f"url({data_url(font_bytes(MONO))})"))
    office = Options(font_set="office")
    assert probe_width(html, office) == pytest.approx(advance_width(MONO), abs=0.05)
    assert "Deck Mono" in families(convert_one(html, office))
    staged = convert_laid_out([lay_out(html)])
    assert "Deck Mono" in families(staged)
    assert [f.typeface for f in staged.fonts.embedded] == ["Deck Mono"]  # type: ignore[union-attr]
