"""PNG renderer API and CLI: engine conversions drawn slide by slide, `deckforge render` via subprocess."""

from __future__ import annotations

import base64
import subprocess
import sys
from pathlib import Path

import pytest
from png_helpers import png_bytes, png_image

from engine.api import convert
from engine.model.schema import ModelError
from engine.render import render_cover_png, render_deck_pngs, render_slide_png

PAGE = """<!DOCTYPE html><html><head><style>body{margin:0}
.slide{width:960px;height:540px;background:#102030;position:relative}
.box{position:absolute;left:96px;top:54px;width:192px;height:108px;background:#ff0000}
h1{position:absolute;left:400px;top:300px;margin:0;font:48px 'Liberation Sans';color:#ffffff}
</style></head><body><div class="slide"><div class="box"></div><h1>Hello</h1></div></body></html>"""
PAGE2 = PAGE.replace("#ff0000", "#0000ff")


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_render_deck_pngs_from_a_conversion() -> None:
    conversion = convert([PAGE, PAGE2])
    pngs = render_deck_pngs(conversion, 480)
    assert len(pngs) == 2
    first, second = (png_image(p) for p in pngs)
    assert first.size == (480, 270)
    assert first.getpixel((96, 54)) == (255, 0, 0)  # (96 + 96) / 2, (54 + 54) / 2
    assert second.getpixel((96, 54)) == (0, 0, 255)
    assert first.getpixel((20, 200)) == (0x10, 0x20, 0x30)
    # white heading text inside its line box
    light = [
        (x, y)
        for x in range(190, 330)
        for y in range(140, 190)
        if sum(first.getpixel((x, y))) > 600  # type: ignore[arg-type]
    ]
    assert light


def test_deck_dict_with_base64_media_renders_the_same() -> None:
    conversion = convert([PAGE])
    as_dict = conversion.to_dict(include_media=True)
    assert render_deck_pngs(as_dict, 320) == render_deck_pngs(conversion, 320)


def test_cover_is_slide_one_and_empty_deck_is_white() -> None:
    conversion = convert([PAGE, PAGE2])
    assert render_cover_png(conversion, 320) == render_slide_png(
        conversion.slides[0], 320, media=conversion.media, size=(960, 540)
    )
    blank = png_image(render_cover_png({"width": 100, "height": 50, "slides": []}, 100))
    assert blank.size == (100, 50) and blank.getpixel((50, 25)) == (255, 255, 255)


def test_deck_dicts_off_the_slide_model_are_refused_with_where_and_why() -> None:
    conversion = convert([PAGE])
    deck = conversion.to_dict(include_media=True)
    del deck["slides"][0]["shapes"][0]["fill"]
    with pytest.raises(ModelError, match=r"slides\[0\]\.shapes\[0\]: 'fill' is a required"):
        render_deck_pngs(deck, 320)
    with pytest.raises(ModelError, match="the media"):
        render_cover_png({"width": 100, "height": 50, "slides": [], "media": {"k": {"data": 3}}})
    with pytest.raises(ModelError, match="'background' is a required property"):
        render_slide_png({"shapes": [], "notes": None, "blank": False}, 100)


def test_deck_dict_with_the_conversions_media_bytes_renders_the_same() -> None:
    uri = "data:image/png;base64," + base64.b64encode(png_bytes((0, 200, 0), (8, 8))).decode()
    page = PAGE.replace(
        "<h1>",
        f'<img src="{uri}" style="position:absolute;left:600px;'
        f'top:60px;width:200px;height:100px"><h1>',
    )
    conversion = convert([page])
    assert conversion.media
    deck = {**conversion.to_dict(), "media": conversion.media}
    pngs = render_deck_pngs(deck, 320)
    assert pngs == render_deck_pngs(conversion, 320)
    assert png_image(pngs[0]).getpixel((233, 37)) == (0, 200, 0)  # the picture drawn


def test_cli_render_writes_numbered_pngs(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "01.html").write_text(PAGE)
    (pages / "02.html").write_text(PAGE2)
    out = tmp_path / "png"
    code = "import sys; from service.cli import main; sys.exit(main())"
    result = subprocess.run(
        [sys.executable, "-c", code, "render", str(pages), "--png", str(out), "--width", "320"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["slide-001.png", "slide-002.png"]
    im = png_image((out / "slide-002.png").read_bytes())
    assert im.size == (320, 180)
    assert im.getpixel((64, 36)) == (0, 0, 255)
    assert result.stdout.startswith("wrote 2 PNGs to ") and "failed" not in result.stdout


def test_cli_render_usage_errors(tmp_path: Path) -> None:
    code = "import sys; from service.cli import main; sys.exit(main())"
    root = Path(__file__).resolve().parents[2]
    missing = subprocess.run(
        [sys.executable, "-c", code, "render", str(tmp_path / "nope.html"), "--png", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert missing.returncode == 2 and "no such file" in missing.stderr
    (tmp_path / "a.html").write_text(PAGE)
    bad_width = subprocess.run(
        [
            sys.executable,
            "-c",
            code,
            "render",
            str(tmp_path / "a.html"),
            "--png",
            str(tmp_path),
            "--width",
            "0",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=root,
    )
    assert bad_width.returncode == 2 and "--width" in bad_width.stderr
