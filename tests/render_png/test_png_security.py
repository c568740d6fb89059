"""PNG renderer security: content never makes resvg read a file or draw injected markup."""

from __future__ import annotations

from pathlib import Path

import pytest
from png_helpers import RED, png_bytes, png_image, slide, text_shape

from engine.render import render_slide_png, slide_svg
from engine.render.document import safe_user_svg

SIZE = (100.0, 100.0)


def _secret(tmp_path: Path) -> Path:
    secret = tmp_path / "secret.png"
    secret.write_bytes(png_bytes(RED, (50, 50)))
    return secret


def _svg_picture(href: str) -> tuple[dict, dict]:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="100" height="100">'
        f'<rect width="100" height="100" style="fill: url({href})"/>'
        f'<image width="100" height="100" xlink:href="{href}"/>'
        f'<image width="100" height="100" href="{href}"/>'
        '<rect x="40" y="40" width="20" height="20" fill="#0000ff"/>'
        "</svg>"
    ).encode()
    media = {"s": {"content_type": "image/svg+xml", "data": svg, "width": 100, "height": 100}}
    pic = {
        "kind": "picture",
        "media": "s",
        "x": 0,
        "y": 0,
        "w": 100,
        "h": 100,
        "geom": "rect",
        "alpha": 1.0,
    }
    return slide(pic), media


@pytest.mark.parametrize("form", ["absolute", "file-url", "relative"])
def test_svg_picture_with_external_href_does_not_read_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, form: str
) -> None:
    secret = _secret(tmp_path)
    href = {"absolute": str(secret), "file-url": secret.as_uri(), "relative": "secret.png"}[form]
    monkeypatch.chdir(
        tmp_path
    )  # a relative href would resolve here without the empty resources dir
    model, media = _svg_picture(href)
    im = png_image(render_slide_png(model, 100, media=media, size=SIZE))
    pixels = [im.getpixel((x, y)) for x in range(0, 100, 5) for y in range(0, 100, 5)]
    assert RED not in pixels
    assert im.getpixel((50, 50)) == (0, 0, 255)  # the safe part of the SVG is drawn


def test_sanitized_svg_keeps_no_external_reference(tmp_path: Path) -> None:
    secret = _secret(tmp_path)
    _model, media = _svg_picture(str(secret))
    clean = safe_user_svg(media["s"]["data"])
    assert clean is not None
    assert str(secret).encode() not in clean


def test_svg_picture_that_is_not_svg_is_left_out() -> None:
    media = {
        "s": {
            "content_type": "image/svg+xml",
            "data": b"<html><img src=x></html>",
            "width": 1,
            "height": 1,
        }
    }
    pic = {"kind": "picture", "media": "s", "x": 0, "y": 0, "w": 100, "h": 100}
    im = png_image(render_slide_png(slide(pic), 100, media=media, size=SIZE))
    assert im.getpixel((50, 50)) == (255, 255, 255)


def test_raster_pictures_are_embedded_as_data_uris_only(tmp_path: Path) -> None:
    secret = _secret(tmp_path)
    media = {
        "m": {"content_type": "image/png", "data": png_bytes((0, 0, 255)), "width": 4, "height": 4}
    }
    pic = {"kind": "picture", "media": "m", "x": 0, "y": 0, "w": 50, "h": 50}
    bogus = {"kind": "picture", "media": str(secret), "x": 50, "y": 50, "w": 50, "h": 50}
    svg, _fonts = slide_svg(slide(pic, bogus), 100, media=media, size=SIZE)
    assert str(secret) not in svg
    assert "data:image/" in svg


def test_font_names_from_content_cannot_break_out_or_load_paths(tmp_path: Path) -> None:
    shape = text_shape("Hi", 0, 0, 100, 40)
    shape["text"]["paragraphs"][0]["runs"][0]["font"] = (
        f'x\'"/><image href="{tmp_path}/secret.png"/>'
    )
    _secret(tmp_path)
    svg, fonts = slide_svg(slide(shape), 100, size=SIZE)
    assert "<image" not in svg
    assert all(not f.startswith(str(tmp_path)) for f in fonts)
    im = png_image(render_slide_png(slide(shape), 100, size=SIZE))
    assert RED not in [im.getpixel((x, y)) for x in range(0, 100, 5) for y in range(0, 100, 5)]
