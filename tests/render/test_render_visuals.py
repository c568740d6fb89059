"""HTML pages -> PPTX -> LibreOffice -> pixels: the tricky visual mappings look as the browser
draws them (multi-stop gradients, hard stops, radial placement, glows, shadows, borders, opacity).

One deck with a slide per case is converted and rendered once (LibreOffice -> PDF ->
pdftocairo at 96 dpi, so one pixel is one CSS px). Expected colours come from the CSS
formulas; tolerances cover anti-aliasing and LibreOffice's gradient steps.
"""

from __future__ import annotations

import base64
import io
import math
import subprocess
from collections.abc import Callable

import pytest
from PIL import Image, ImageFilter

from engine import convert
from tests.libreoffice import libreoffice_pdf
from tests.requires import requires_tools

pytestmark = [
    pytest.mark.slow,
    pytest.mark.fonts("fonts-dejavu-core"),  # LibreOffice aborts when no font is installed
    requires_tools("soffice", "pdftocairo"),
]

W, H = 640, 360
RGB = tuple[int, int, int]


def _png_uri(color: tuple[int, int, int, int], size: tuple[int, int] = (20, 20)) -> str:
    out = io.BytesIO()
    Image.new("RGBA", size, color).save(out, "PNG")
    return "data:image/png;base64," + base64.b64encode(out.getvalue()).decode()


PAGES: dict[str, str] = {
    # 1. a 3-stop diagonal gradient as the slide background
    "background": "background:linear-gradient(135deg,#0f1f3d 0%,#12355b 55%,#0e7c86 100%)",
    # 2. a 3-stop gradient card with rounded corners and a border, on white
    "card": (
        "background:#fff",
        '<div style="position:absolute;left:40px;top:40px;width:400px;height:240px;border-radius:30px;'
        'border:4px solid #000;background:linear-gradient(30deg,red 0%,lime 30%,blue 30%,yellow 100%)"></div>',
    ),
    # 3. a hard-stop 115deg background
    "hard": "background:linear-gradient(115deg,#2f6b4f 0%,#2f6b4f 58%,#24543e 58%,#1c4231 100%)",
    # 4. a radial glow layer at 80% 30% over a linear gradient
    "radial": (
        "background:radial-gradient(circle at 80% 30%, rgba(139,92,246,.8) 0%, rgba(11,11,20,0) 40%),"
        "linear-gradient(180deg,#0b0b14 0%,#151527 100%)"
    ),
    # 5. a blurred disc (filter: blur) on a dark slide
    "glow": (
        "background:#0b0b14",
        '<div style="position:absolute;left:220px;top:80px;width:200px;height:200px;border-radius:50%;'
        'background:#8b5cf6;filter:blur(40px)"></div>',
    ),
    # 6. a lifted shadow (negative spread) and a spread ring
    "shadow": (
        "background:#fff",
        '<div style="position:absolute;left:100px;top:100px;width:200px;height:100px;background:#fff;'
        'box-shadow:0 40px 0 -10px #000"></div>'
        '<div style="position:absolute;left:400px;top:100px;width:100px;height:100px;background:#fff;'
        'box-shadow:0 0 0 8px #f00"></div>',
    ),
    # 7. a rounded card with only a bottom border, and a translucent picture
    "border": (
        "background:#fff",
        '<div style="position:absolute;left:40px;top:40px;width:200px;height:100px;border-radius:20px;'
        'background:#eee;border-bottom:6px solid #dc2626"></div>'
        f'<img src="{_png_uri((0, 0, 255, 255))}" style="position:absolute;left:400px;top:40px;'
        'width:100px;height:100px;opacity:.5">',
    ),
}


def _html(spec: str | tuple[str, str]) -> str:
    style, body = (spec, "") if isinstance(spec, str) else spec
    return f'<div class="slide" style="width:{W}px;height:{H}px;position:relative;{style}">{body}</div>'


@pytest.fixture(scope="module")
def renders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Image.Image]:
    tmp = tmp_path_factory.mktemp("render")
    conv = convert([_html(spec) for spec in PAGES.values()])
    pptx = tmp / "deck.pptx"
    pptx.write_bytes(conv.pptx_bytes)
    libreoffice_pdf(pptx, tmp)
    # LibreOffice writes 640 px as 480.0x pt: render at 96 dpi and crop to the slide size.
    subprocess.run(
        [
            "pdftocairo",
            "-png",
            "-r",
            "96",
            "-W",
            str(W),
            "-H",
            str(H),
            str(tmp / "deck.pdf"),
            str(tmp / "p"),
        ],
        check=True,
        capture_output=True,
        timeout=120,
    )
    pngs = sorted(tmp.glob("p-*.png"))
    assert len(pngs) == len(PAGES)
    return {name: Image.open(p).convert("RGB") for name, p in zip(PAGES, pngs, strict=True)}


def _hex(value: str) -> RGB:
    return (int(value[1:3], 16), int(value[3:5], 16), int(value[5:7], 16))


def _linear(
    stops: list[tuple[str, float]], angle: float, w: float, h: float
) -> Callable[[float, float], RGB]:
    """CSS linear-gradient colour at (x, y) of a w x h box."""
    a = math.radians(angle)
    dx, dy = math.sin(a), -math.cos(a)
    length = abs(w * dx) + abs(h * dy)

    def color(x: float, y: float) -> RGB:
        t = ((x - w / 2) * dx + (y - h / 2) * dy) / length + 0.5
        t = min(1.0, max(0.0, t))
        for (c0, p0), (c1, p1) in zip(stops, stops[1:], strict=False):
            if t <= p1:
                k = 0.0 if p1 <= p0 else (t - p0) / (p1 - p0)
                a0, a1 = _hex(c0), _hex(c1)
                return tuple(round(a0[i] + (a1[i] - a0[i]) * k) for i in range(3))  # type: ignore[return-value]
        return _hex(stops[-1][0])

    return color


def _close(got: RGB, want: RGB, tol: int) -> bool:
    return max(abs(g - w) for g, w in zip(got, want, strict=True)) <= tol


def _mean(im: Image.Image, x: int, y: int, r: int = 2) -> RGB:
    box = im.crop((x - r, y - r, x + r + 1, y + r + 1)).resize((1, 1), Image.Resampling.BOX)
    return box.getpixel((0, 0))  # type: ignore[return-value]


def test_three_stop_diagonal_background(renders: dict[str, Image.Image]) -> None:
    im = renders["background"]
    color = _linear([("#0f1f3d", 0), ("#12355b", 0.55), ("#0e7c86", 1)], 135, W, H)
    for x, y in [(20, 20), (200, 100), (330, 200), (450, 250), (600, 340), (620, 20), (30, 340)]:
        assert _close(_mean(im, x, y), color(x, y), 4), (x, y)


def test_three_stop_card_with_hard_stop_and_border(renders: dict[str, Image.Image]) -> None:
    im = renders["card"]
    # The card's fill box is inset by half the border (2 px) around the 408 x 248 border box.
    color = _linear(
        [("#ff0000", 0), ("#00ff00", 0.3), ("#0000ff", 0.3), ("#ffff00", 1)], 30, 404, 244
    )
    for x, y in [(110, 100), (300, 150), (400, 240), (200, 250), (380, 80)]:
        assert _close(_mean(im, x, y, 1), color(x - 42, y - 42), 8), (x, y)
    assert _close(_mean(im, 240, 42, 0), (0, 0, 0), 40)  # the border
    assert _close(_mean(im, 42, 42, 0), (255, 255, 255), 10)  # outside the rounded corner


def test_hard_stop_background_is_crisp(renders: dict[str, Image.Image]) -> None:
    im = renders["hard"]
    color = _linear(
        [("#2f6b4f", 0), ("#2f6b4f", 0.58), ("#24543e", 0.58), ("#1c4231", 1)], 115, W, H
    )
    for x, y in [(100, 100), (300, 300), (420, 100), (600, 300), (380, 180), (300, 180)]:
        assert _close(_mean(im, x, y, 1), color(x, y), 4), (x, y)


def test_radial_layer_is_centred_where_css_puts_it(renders: dict[str, Image.Image]) -> None:
    im = renders["radial"].convert("L").filter(ImageFilter.BoxBlur(6))
    cx, cy = round(0.8 * W), round(0.3 * H)
    centre = im.getpixel((cx, cy))
    # brightest near the CSS centre, fading towards the far corner, gone beyond 40% of the ray
    assert centre > max(im.getpixel((cx - 120, cy)), im.getpixel((cx, cy + 120))) + 20
    assert im.getpixel((40, H - 40)) < 40
    assert abs(im.getpixel((cx + 60, cy)) - im.getpixel((cx - 60, cy))) < 12


def test_blurred_disc_is_a_soft_glow(renders: dict[str, Image.Image]) -> None:
    im = renders["glow"].convert("L").filter(ImageFilter.BoxBlur(2))
    profile = [im.getpixel((320 + r, 180)) for r in range(0, 200, 10)]
    assert profile[0] > 60  # a bright core
    assert all(b <= a + 3 for a, b in zip(profile, profile[1:], strict=False))  # fading out
    assert max(abs(b - a) for a, b in zip(profile, profile[1:], strict=False)) < 25  # no hard edge
    assert profile[-1] < 25


def test_lifted_shadow_and_spread_ring(renders: dict[str, Image.Image]) -> None:
    im = renders["shadow"].convert("L")
    # 0 40px 0 -10px: x 110..290, y 130..230 -> visible below the box from y 200 to 230
    assert im.getpixel((200, 225)) < 60 and im.getpixel((200, 236)) > 200
    assert im.getpixel((105, 215)) > 200 and im.getpixel((115, 215)) < 60
    ring = renders["shadow"]
    assert _close(ring.getpixel((396, 150)), (255, 0, 0), 30)  # 0 0 0 8px red: 392..508
    assert _close(ring.getpixel((389, 150)), (255, 255, 255), 30)


def test_rounded_side_border_and_baked_picture_opacity(renders: dict[str, Image.Image]) -> None:
    im = renders["border"]
    assert _close(im.getpixel((140, 143)), (220, 38, 38), 30)  # the bottom border, mid-way
    assert _close(im.getpixel((41, 145)), (255, 255, 255), 30)  # cut by the rounded corner
    assert _close(_mean(im, 450, 90), (128, 128, 255), 6)  # 50% blue over white
