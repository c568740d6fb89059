"""PNG renderer backends: skia (default) and resvg draw the same slide models to the same
pixels; skia gets pictures as pixels (content SVG only through the sanitizer + resvg helper)."""

from __future__ import annotations

import io
from typing import Any

import numpy as np
import pytest
from PIL import Image

from engine.model.schema import Slide
from engine.model.schema.complete import complete
from engine.render import BACKENDS, default_backend, render_slide_png
from engine.render.document import SlideSvg

SIZE = (200.0, 100.0)
WHITE, RED, BLUE, GREEN = (255, 255, 255), (255, 0, 0), (0, 0, 255), (0, 128, 0)


def png(color_or_image: Any, size: tuple[int, int] = (4, 4)) -> bytes:
    im = (
        color_or_image
        if isinstance(color_or_image, Image.Image)
        else Image.new("RGB", size, color_or_image)
    )
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()


def halves(left: tuple[int, int, int], right: tuple[int, int, int]) -> bytes:
    im = Image.new("RGB", (20, 10), left)
    im.paste(Image.new("RGB", (10, 10), right), (10, 0))
    return png(im)


def slide(*shapes: dict[str, Any], background: Any = None) -> dict[str, Any]:
    """A slide of the given shapes, the keys they leave out filled in (model.schema.complete)."""
    model = {"background": background, "shapes": list(shapes), "notes": None, "blank": False}
    completed: dict[str, Any] = complete(model, Slide)
    return completed


def solid(color: str, alpha: float = 1.0) -> dict[str, Any]:
    return {"type": "solid", "color": color, "alpha": alpha}


def draw(model: dict, backend: str, media: dict | None = None, width: int = 200) -> Image.Image:
    data = render_slide_png(model, width, media=media or {}, size=SIZE, backend=backend)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def close(a: Any, b: Any, tol: int) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def test_skia_is_the_default_backend_when_it_imports() -> None:
    assert default_backend() == "skia"
    assert BACKENDS == ("skia", "resvg")
    with pytest.raises(ValueError, match="backend"):
        render_slide_png(slide(), 100, size=SIZE, backend="cairo")


@pytest.mark.parametrize("backend", BACKENDS)
def test_red_rect_on_a_coloured_background(backend: str) -> None:
    rect = {"kind": "rect", "x": 20, "y": 10, "w": 40, "h": 30, "fill": solid("FF0000")}
    im = draw(slide(rect, background=solid("0000FF")), backend)
    assert im.size == (200, 100)
    assert im.getpixel((21, 11)) == RED
    assert im.getpixel((59, 39)) == RED
    assert im.getpixel((19, 25)) == BLUE
    assert im.getpixel((61, 25)) == BLUE
    assert im.getpixel((40, 41)) == BLUE


@pytest.mark.parametrize("backend", BACKENDS)
def test_gradient_endpoint_colours(backend: str) -> None:
    fill = {
        "type": "gradient",
        "path": "linear",
        "angle": 90,
        "stops": [
            {"pos": 0, "color": "FF0000", "alpha": 1},
            {"pos": 1, "color": "0000FF", "alpha": 1},
        ],
    }
    im = draw(slide({"kind": "rect", "x": 0, "y": 0, "w": 200, "h": 100, "fill": fill}), backend)
    assert close(im.getpixel((100, 0)), RED, 8)
    assert close(im.getpixel((100, 99)), BLUE, 8)
    middle = im.getpixel((100, 50))
    assert close(middle, (128, 0, 128), 12)
    assert im.getpixel((0, 50)) == im.getpixel((199, 50))  # 90 deg: top to bottom only


@pytest.mark.parametrize("backend", BACKENDS)
def test_dashed_line_has_gaps(backend: str) -> None:
    line = {
        "kind": "line",
        "x1": 0,
        "y1": 50,
        "x2": 200,
        "y2": 50,
        "line": {"width": 4, "color": "FF0000", "alpha": 1, "dash": "dash"},
    }
    row = [draw(slide(line), backend).getpixel((x, 50)) for x in range(200)]
    assert row.count(RED) > 60 and row.count(WHITE) > 40


def _picture(**extra: Any) -> dict[str, Any]:
    pic = {"kind": "picture", "media": "m", "x": 50, "y": 0, "w": 100, "h": 100, "alpha": 1.0}
    pic.update(extra)
    return pic


@pytest.mark.parametrize("backend", BACKENDS)
def test_picture_halves_and_ellipse_clip(backend: str) -> None:
    media = {
        "m": {"content_type": "image/png", "data": halves(RED, BLUE), "width": 20, "height": 10}
    }
    im = draw(slide(_picture(geom="ellipse")), backend, media)
    assert close(im.getpixel((70, 50)), RED, 4)
    assert close(im.getpixel((130, 50)), BLUE, 4)
    assert im.getpixel((52, 2)) == WHITE  # outside the ellipse
    assert im.getpixel((148, 98)) == WHITE


@pytest.mark.parametrize("backend", BACKENDS)
def test_rotated_picture_in_a_rotated_group(backend: str) -> None:
    """90 deg on the picture: its left half (red) ends on top; a group turned 180 deg about the
    same centre then puts red at the bottom."""
    media = {
        "m": {"content_type": "image/png", "data": halves(RED, BLUE), "width": 20, "height": 10}
    }
    pic = _picture(geom="rect", rotation=90)
    im = draw(slide(pic), backend, media)
    assert close(im.getpixel((100, 20)), RED, 4)
    assert close(im.getpixel((100, 80)), BLUE, 4)
    group = {"kind": "group", "x": 50, "y": 0, "w": 100, "h": 100, "rotation": 180, "shapes": [pic]}
    im = draw(slide(group), backend, media)
    assert close(im.getpixel((100, 20)), BLUE, 4)
    assert close(im.getpixel((100, 80)), RED, 4)


@pytest.mark.parametrize("backend", BACKENDS)
def test_shapes_drawn_over_a_picture_stay_over_it(backend: str) -> None:
    media = {"m": {"content_type": "image/png", "data": png(BLUE), "width": 4, "height": 4}}
    over = {"kind": "rect", "x": 90, "y": 40, "w": 20, "h": 20, "fill": solid("FF0000")}
    under = {"kind": "rect", "x": 0, "y": 0, "w": 200, "h": 100, "fill": solid("008000")}
    im = draw(slide(under, _picture(geom="rect"), over), backend, media)
    assert im.getpixel((100, 50)) == RED
    assert close(im.getpixel((60, 10)), BLUE, 2)
    assert im.getpixel((20, 50)) == GREEN


def test_skia_layers_hold_no_image_element_and_content_svg_comes_as_pixels() -> None:
    svg = (
        b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" viewBox="0 0 10 10">'
        b'<rect width="10" height="10" fill="#008000"/><script>alert(1)</script></svg>'
    )
    media = {
        "s": {"content_type": "image/svg+xml", "data": svg, "width": 10, "height": 10},
        "m": {"content_type": "image/png", "data": png(BLUE), "width": 4, "height": 4},
    }
    model = slide(_picture(media="s", x=0, w=100), _picture(media="m", x=100, w=100))
    doc = SlideSvg(*SIZE, media, inline_images=False)
    doc.build(model, 200)
    layers = doc.layers(200)
    texts = [layer for layer in layers if isinstance(layer, str)]
    assert texts and not any("<image" in t or "script" in t or "data:" in t for t in texts)
    rasters = [layer for layer in layers if not isinstance(layer, str)]
    assert [r.image.size for r in rasters] == [(100, 100), (100, 100)]
    im = draw(model, "skia", media)
    assert im.getpixel((50, 50)) == GREEN
    assert im.getpixel((150, 50)) == BLUE


def test_skia_and_resvg_agree_on_a_mixed_slide() -> None:
    media = {
        "m": {"content_type": "image/png", "data": halves(RED, BLUE), "width": 20, "height": 10}
    }
    shapes = [
        {
            "kind": "rect",
            "x": 10,
            "y": 10,
            "w": 80,
            "h": 60,
            "geom": "roundRect",
            "radius": 12,
            "fill": solid("336699"),
            "line": {"width": 3, "color": "000000", "alpha": 1},
        },
        _picture(geom="ellipse", x=100, w=90, h=90),
        {
            "kind": "line",
            "x1": 0,
            "y1": 95,
            "x2": 200,
            "y2": 95,
            "line": {"width": 2, "color": "FF0000", "alpha": 1},
        },
    ]
    a = draw(slide(*shapes, background=solid("EEEEEE")), "skia", media, width=400)
    b = draw(slide(*shapes, background=solid("EEEEEE")), "resvg", media, width=400)
    diff = np.abs(np.asarray(a, dtype=float) - np.asarray(b, dtype=float)).mean()
    assert diff < 2.0  # mean absolute difference per channel


def _text(text: str, size: float = 40.0) -> dict[str, Any]:
    paragraph = {
        "align": "l",
        "runs": [{"text": text, "font": "Liberation Sans", "size": size, "color": "000000"}],
        "space_before": 0.0,
        "space_after": 0.0,
        "line_spacing": None,
    }
    return {
        "kind": "text",
        "x": 20,
        "y": 20,
        "w": 170,
        "h": 70,
        "text": {
            "wrap": True,
            "anchor": "t",
            "insets": [0, 0, 0, 0],
            "vertical": None,
            "paragraphs": [paragraph],
        },
    }


@pytest.mark.fonts("fonts-liberation")
@pytest.mark.parametrize("backend", BACKENDS)
def test_text_pixels_lie_inside_the_line_box(backend: str) -> None:
    im = np.asarray(draw(slide(_text("HHHH")), backend))
    dark = np.argwhere(im.sum(axis=2) < 200)  # (y, x) of glyph pixels
    assert len(dark) > 300
    ys, xs = dark[:, 0], dark[:, 1]
    px = 40 * 96 / 72  # 40 pt
    assert ys.min() >= 20 and ys.max() <= 20 + 1.2 * px  # one line from y = 20
    assert 0.66 * px <= ys.max() - ys.min() + 1 <= 0.76 * px  # Liberation Sans' cap height
    assert 20 <= xs.min() <= 26 and xs.max() <= 190


@pytest.mark.fonts("fonts-noto-color-emoji")
def test_colour_emoji_slide_goes_to_resvg(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.render import raster

    def refuse(*_args: Any) -> bytes:
        raise AssertionError("skia drew a slide with an emoji <text>")

    monkeypatch.setattr(raster, "render_png", refuse)
    im = np.asarray(draw(slide(_text("\U0001f389")), "skia"))
    coloured = (im.max(axis=2).astype(int) - im.min(axis=2)) > 60
    assert coloured[20:80, 20:90].sum() > 50  # the emoji's colours, drawn by resvg


def test_outputs_over_the_pixel_limit_go_to_resvg(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.render
    from engine.render import raster

    calls: list[int] = []
    real = raster.render_png

    def counted(*args: Any) -> bytes:
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(raster, "render_png", counted)
    rect = {"kind": "rect", "x": 20, "y": 10, "w": 40, "h": 30, "fill": solid("FF0000")}
    assert draw(slide(rect), "skia").getpixel((40, 25)) == RED
    assert calls == [1]
    monkeypatch.setattr(engine.render, "SKIA_MAX_PIXELS", 100 * 50 - 1)
    assert draw(slide(rect), "skia", width=100).getpixel((20, 12)) == RED
    assert calls == [1]  # drawn by resvg


def test_cli_backend_option(tmp_path: Any) -> None:
    from engine.render.cli import main

    page = tmp_path / "a.html"
    page.write_text(
        "<!DOCTYPE html><html><head><style>body{margin:0}"
        ".slide{width:200px;height:100px;position:relative;background:#0000ff}"
        ".box{position:absolute;left:20px;top:10px;width:40px;height:30px;background:#ff0000}"
        '</style></head><body><div class="slide"><div class="box"></div></div></body></html>',
        encoding="utf-8",
    )
    for backend in BACKENDS:
        out = tmp_path / backend
        assert (
            main([str(page), "--png", str(out), "--width", "200", "--backend", backend, "-q"]) == 0
        )
        im = Image.open(out / "slide-001.png").convert("RGB")
        assert im.getpixel((40, 25)) == RED


@pytest.mark.parametrize("backend", BACKENDS)
def test_transparent_picture_at_fractional_bounds_leaves_no_frame(backend: str) -> None:
    """A picture whose pixels are transparent (an SVG chart's fallback) at fractional bounds:
    nothing of its clip outline shows around it (the outline only cuts the pixels)."""
    clear = Image.new("RGBA", (40, 20), (0, 0, 0, 0))
    media = {"m": {"content_type": "image/png", "data": png(clear), "width": 40, "height": 20}}
    pic = _picture(x=20.3, y=10.7, w=150.1, h=70.2, geom="rect")
    im = draw(slide(pic, background=solid("F3F5F9")), backend, media, width=300)
    pixels = np.asarray(im)[1:-1, 1:-1].reshape(-1, 3)  # the slide's own edge pixels aside
    assert (np.abs(pixels.astype(int) - (0xF3, 0xF5, 0xF9)).max(axis=1) <= 1).all()
