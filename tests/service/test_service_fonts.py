"""Service font settings: DECKFORGE_EMBED_FONTS / DECKFORGE_FONT_SET reach the conversion."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, make_settings

from service.config import Settings
from service.jobs.convert import convert_job
from service.main import create_app

PAGE = (
    '<div class="slide" style="width:320px;height:180px">'
    "<p style=\"font-family:'DejaVu Sans'\">Ship it</p>"
    '<p style="font-family:system-ui">Hello</p></div>'
)


def _names(data: bytes) -> tuple[list[str], str]:
    package = zipfile.ZipFile(io.BytesIO(data))
    fonts = [n for n in package.namelist() if n.endswith(".fntdata")]
    return fonts, package.read("ppt/slides/slide1.xml").decode()


def test_settings_read_the_font_options(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DECKFORGE_DATA_DIR", str(tmp_path))
    s = Settings()
    assert (s.embed_fonts, s.font_set) == ("subset", "linux")
    monkeypatch.setenv("DECKFORGE_EMBED_FONTS", "none")
    monkeypatch.setenv("DECKFORGE_FONT_SET", "office")
    s = Settings()
    assert (s.embed_fonts, s.font_set) == ("none", "office")
    monkeypatch.setenv("DECKFORGE_EMBED_FONTS", "everything")
    with pytest.raises(ValueError):
        Settings()


def _job(**fonts: str) -> dict:
    payload = {"htmls": [PAGE], "pageErrorMode": "blank", "filename": "a.pptx", "fonts": fonts}
    result = convert_job(payload)
    assert result["status"] == "ok"
    return result


def test_the_job_embeds_and_resolves_fonts_as_set() -> None:
    default = _job(embed_fonts="subset", font_set="linux")
    fonts, slide = _names(default["pptx"])
    assert fonts and default["embeddedFontBytes"] > 0
    assert 'typeface="DejaVu Sans"' in slide
    none = _job(embed_fonts="none", font_set="office")
    fonts, slide = _names(none["pptx"])
    assert fonts == [] and none["embeddedFontBytes"] == 0
    assert 'typeface="Segoe UI"' in slide  # system-ui in the office font set


def test_the_endpoint_uses_the_service_settings(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, embed_fonts="none", workers=1))
    with TestClient(app) as client:
        r = client.post(CONVERT, json={"htmls": [PAGE]}, headers=AUTH)
        assert r.status_code == 200 and r.json()["code"] == 0
        deck = client.get(r.json()["data"]["fileUrl"])
        assert deck.status_code == 200
        assert _names(deck.content)[0] == []


def _web_font_page() -> str:
    import base64

    from fontTools import subset
    from fontTools.ttLib import TTFont

    from engine.fonts import resolve

    found = resolve.fc_match("DejaVu Sans Mono", 400, "normal")
    assert found is not None
    font = TTFont(found.path)
    subsetter = subset.Subsetter(subset.Options())
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    data = base64.b64encode(out.getvalue()).decode()
    return (
        f'<style>@font-face {{ font-family: "Deck Mono"; src: url(data:font/ttf;base64,{data}) }}'
        '</style><div class="slide" style="width:320px;height:180px">'
        "<p style=\"font-family:'Deck Mono'\">Ship it</p></div>"
    )


def test_the_web_font_limit_is_a_setting_that_reaches_the_job(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("DECKFORGE_DATA_DIR", str(tmp_path))
    assert Settings().max_web_font_bytes == 8 * 1024 * 1024
    monkeypatch.setenv("DECKFORGE_MAX_WEB_FONT_BYTES", "1000")
    assert Settings().max_web_font_bytes == 1000
    page = _web_font_page()
    for limit, named in ((8 * 1024 * 1024, True), (1000, False)):
        app = create_app(make_settings(tmp_path / str(limit), max_web_font_bytes=limit, workers=1))
        with TestClient(app) as client:
            r = client.post(CONVERT, json={"htmls": [page]}, headers=AUTH)
            assert r.status_code == 200 and r.json()["code"] == 0
            deck = client.get(r.json()["data"]["fileUrl"])
        assert ('typeface="Deck Mono"' in _names(deck.content)[1]) is named
