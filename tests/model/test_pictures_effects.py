"""Pictures in the slide model: object-fit crops, rounded corners, opacity baked into pixels,
SVG opacity and the SVG render budget."""

from __future__ import annotations

import base64
import io

from PIL import Image

from engine.diagnostics import Diagnostics
from engine.media import store_media
from engine.model.pictures import BAKE_MAX_PIXELS, baked
from engine.model.svg.media import MIN_SCALE, RENDER_BUDGET, prepare_svg, render_scale
from engine.model.svg.sanitize import sanitize_svg
from engine.options import Options
from engine.pipeline import convert_page


def png_uri(size: tuple[int, int] = (40, 20), color: tuple[int, ...] = (0, 128, 255, 255)) -> str:
    out = io.BytesIO()
    Image.new("RGBA", size, color).save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


def page(body: str) -> tuple[dict, dict]:
    result = convert_page(
        f'<div class="slide" style="width:640px;height:360px">{body}</div>', Options()
    )
    return result.slide, result.media


def pictures(slide: dict) -> list[dict]:
    return [s for s in slide["shapes"] if s["kind"] == "picture"]


def test_object_fit_cover_crops_the_long_side() -> None:
    slide, _ = page(
        f'<img src="{png_uri()}" style="display:block;width:100px;height:100px;object-fit:cover">'
    )
    (pic,) = pictures(slide)
    assert pic["crop"] == {"l": 0.25, "t": 0.0, "r": 0.25, "b": 0.0}
    assert (pic["w"], pic["h"]) == (100.0, 100.0)


def test_picture_corner_radii() -> None:
    slide, _ = page(
        f'<img src="{png_uri()}" style="display:block;width:80px;height:40px;border-radius:10px 0 10px 0">'
    )
    (pic,) = pictures(slide)
    assert pic["geom"] == "roundRect" and pic["radii"] == [10.0, 0.0, 10.0, 0.0]


def test_opacity_is_baked_into_the_pixels() -> None:
    slide, media = page(
        f'<img src="{png_uri()}" style="display:block;width:40px;height:20px;opacity:.5">'
    )
    (pic,) = pictures(slide)
    assert pic["alpha"] == 1.0
    entry = media[pic["media"]]
    assert entry["content_type"] == "image/png"
    with Image.open(io.BytesIO(entry["data"])) as im:
        assert im.convert("RGBA").getpixel((5, 5)) == (0, 128, 255, 128)


def test_baking_is_bounded() -> None:
    media: dict = {}
    big = store_media(media, b"not decoded", "image/png", 3000.0, 3000.0)
    assert BAKE_MAX_PIXELS < 3000 * 3000
    assert baked(big["key"], 0.5, media, Diagnostics()) == (big["key"], 0.5)
    assert baked(big["key"], 1.0, media, Diagnostics()) == (big["key"], 1.0)


def test_svg_opacity_wraps_the_content_in_a_group() -> None:
    svg = '<svg viewBox="0 0 10 10"><rect width="10" height="10" fill="red"/></svg>'
    safe = prepare_svg(svg, 20, 20, "000000", 0.4)
    assert safe is not None
    text = safe.tostring()
    assert '<g opacity="0.4"><rect' in text and text.endswith("</g></svg>")
    slide, media = page(
        f'<div style="opacity:.4">{svg.replace("<svg", "<svg width=20 height=20")}</div>'
    )
    (pic,) = pictures(slide)
    assert pic["alpha"] == 1.0
    assert b'opacity="0.4"' in media[pic["svg_media"]]["data"]


def test_svg_render_scale_follows_the_budget() -> None:
    def root(markup: str) -> object:
        safe = sanitize_svg(markup)
        assert safe is not None
        return safe.root

    icon = root('<svg><path d="M0 0h1"/></svg>')
    assert render_scale(icon, 24, 24) > 2
    circles = '<circle filter="url(#f)"/>' * 40
    heavy = root(f"<svg>{circles}</svg>")
    scale = render_scale(heavy, 2000, 2000)
    assert MIN_SCALE <= scale < 0.5
    assert 2000 * 2000 * scale**2 * (1 + 4 * 40 + 41 / 100) <= RENDER_BUDGET * 1.001
    assert render_scale(root(f"<svg>{circles * 50}</svg>"), 4000, 4000) == 0.0
    # filter primitives whose cost grows with a parameter
    octaves = root("<svg><filter><feTurbulence numOctaves='8'/></filter></svg>")
    assert render_scale(octaves, 400, 300) < render_scale(heavy, 400, 300)
    assert render_scale(root("<svg><feMorphology radius='1000'/></svg>"), 100, 100) == 0.0
