"""Expected colours of boxes and pictures cut by clip-path circle() / ellipse() / path(), from
headless Chromium (fixture HTML -> sampled pixel colours as JSON).

Each fixture is an element `#g` (and maybe a <style>) inside a 1280x720 white `.slide`; the
screenshot is sampled every 12 px over `#g`'s bounding box grown by 12 px, keeping the points
whose 5x5 neighbourhood is even (no edge, no anti-aliasing), as tools/recorders/model_conic.py does; a
sample is "x y RRGGBB". The
tests (test_clip_shapes.py) compare the slide model's shapes with these colours.
Recorded by `python -m tools.recorders.model_clip_shapes`.
"""

from __future__ import annotations

import base64
import io
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = HERE / "expected_clip_shapes.json"

POS = "position:absolute;left:{x}px;top:{y}px;width:{w}px;height:{h}px;"


def _div(x: int, y: int, w: int, h: int, style: str) -> str:
    return f'<div id="g" style="{POS.format(x=x, y=y, w=w, h=h)}{style}"></div>'


def quadrants_png() -> str:
    """A 40x40 PNG in four flat quadrants (red, green / blue, yellow) as a data: URI."""
    from PIL import Image

    img = Image.new("RGB", (40, 40))
    for x in range(40):
        for y in range(40):
            left, top = x < 20, y < 20
            img.putpixel(
                (x, y),
                (220, 40, 40)
                if left and top
                else (40, 160, 60)
                if top
                else (40, 70, 200)
                if left
                else (240, 200, 30),
            )
    buf = io.BytesIO()
    img.save(buf, "PNG")
    return "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode()


def _img(x: int, y: int, w: int, h: int, style: str) -> str:
    return f'<img id="g" src="{{png}}" style="{POS.format(x=x, y=y, w=w, h=h)}{style}">'


RING = (
    "<style>#g::after{content:'';position:absolute;inset:60px;border-radius:50%;"
    "background:#fff}</style>"
)

FIXTURES = {
    # The default radius (closest-side) at the centre of a wide box: a circle inside it.
    "circle_default": _div(100, 80, 300, 200, "background:#24406e;clip-path:circle()"),
    # A percentage radius (of the diagonal / sqrt 2) larger than the box: the circle overflows.
    "circle_overflow": _div(450, 80, 300, 200, "background:#e76f51;clip-path:circle(70%)"),
    # A length radius at a four-value position.
    "circle_px_four_value": _div(
        800, 80, 260, 180, "background:#1f9e89;clip-path:circle(80px at right 40px top 30%)"
    ),
    # farthest-side at an off-centre point.
    "circle_farthest": _div(
        100, 330, 240, 160, "background:#f2a541;clip-path:circle(farthest-side at 30% 40%)"
    ),
    # ellipse() percentages of the width and height, crossing the box's left edge.
    "ellipse_pct_at": _div(
        450, 330, 300, 200, "background:#6d28d9;clip-path:ellipse(40% 30% at 30% 40%)"
    ),
    # The default ellipse (closest sides) over a linear gradient.
    "ellipse_default_gradient": _div(
        800,
        330,
        320,
        180,
        "background:linear-gradient(90deg,#4f46e5,#ec4899);clip-path:ellipse()",
    ),
    # Side keywords per axis, the ellipse overflowing the right edge.
    "ellipse_sides": _div(
        100,
        540,
        280,
        160,
        "background:#0e7490;clip-path:ellipse(farthest-side closest-side at 20px 50%)",
    ),
    # A conic ring: a round-cut conic-gradient with a white inner circle (::after).
    "conic_ring": RING
    + _div(
        460,
        180,
        360,
        360,
        "background:conic-gradient(#1f9e89 0 46%,#f2a541 46% 73%,#1b2a4a 73% 100%);"
        "clip-path:circle(50% at 50% 50%)",
    ),
    # A border and a shadow: only the border's arcs near the sides' middles remain.
    "bordered_shadow": _div(
        100,
        100,
        240,
        240,
        "box-sizing:border-box;background:#1f9e89;border:12px solid #0b5d50;"
        "box-shadow:0 8px 20px rgba(0,0,0,.4);clip-path:circle(48%)",
    ),
    # A round box with a round border cut to its own circle: all of the ring shows.
    "round_border": _div(
        450,
        100,
        240,
        240,
        "box-sizing:border-box;background:#f2a541;border:10px solid #7c2d12;"
        "border-radius:50%;clip-path:circle(50%)",
    ),
    # A translucent rounded rectangle cut by a slightly larger circle.
    "rounded_translucent": _div(
        800,
        100,
        300,
        200,
        "background:rgba(200,30,90,.6);border-radius:40px;clip-path:circle(55%)",
    ),
    # The content box as the reference box (the circle reaches into the padding).
    "content_box": _div(
        100,
        400,
        200,
        120,
        "padding:30px;border:10px solid #333;background:#e76f51;clip-path:circle(50%) content-box",
    ),
    # The margin box: an ellipse larger than the border box, cut by it.
    "margin_box": _div(
        500, 400, 260, 160, "margin:30px;background:#2563eb;clip-path:margin-box ellipse(50% 50%)"
    ),
    # Keyword position, length radius.
    "circle_left_bottom": _div(
        850, 400, 300, 200, "background:#15803d;clip-path:circle(150px at left bottom)"
    ),
    # A zero radius paints nothing.
    "circle_zero": _div(100, 100, 200, 200, "background:#000;clip-path:circle(0)"),
    # An avatar: a square picture cut to its circle.
    "img_avatar": _img(200, 200, 200, 200, "clip-path:circle()"),
    # A covering picture cut to an off-centre ellipse.
    "img_cover_ellipse": _img(
        600, 200, 360, 240, "object-fit:cover;clip-path:ellipse(40% 45% at 60% 50%)"
    ),
    # An avatar frame: the clip cuts the picture inside the box too.
    "wrapper_avatar": '<div id="g" style="'
    + POS.format(x=300, y=150, w=220, h=220)
    + 'background:#111;clip-path:circle(45%)"><img src="{png}" '
    'style="display:block;width:100%;height:100%;object-fit:cover"></div>',
    # Children reaching past the clip ellipse (and the box) are cut with it.
    "wrapper_children": '<div id="g" style="'
    + POS.format(x=650, y=200, w=300, h=200)
    + 'background:#ddd;clip-path:ellipse(50% 50%)">'
    '<div style="position:absolute;left:-20px;top:20px;width:200px;height:60px;'
    'background:#1f9e89"></div><div style="margin:120px 0 0 150px;width:200px;height:50px;'
    'background:#e76f51"></div></div>',
    # clip-path makes a stacking context: the cut box paints over a later in-flow sibling.
    "stacking_context": '<div style="padding:100px 0 0 100px"><div id="g" style="width:200px;'
    'height:200px;background:#c2410c;clip-path:circle(50%)"></div><div style="width:200px;'
    'height:100px;margin:-100px 0 0 50px;background:#1d4ed8"></div></div>',
    # path(): a polygon with a curve (a quarter circle corner), in px of the box.
    "path_quarter": _div(
        200,
        200,
        300,
        200,
        "background:#be123c;clip-path:path('M 0 0 L 200 0 A 100 100 0 0 1 300 100 L 300 200 "
        "L 0 200 Z')",
    ),
}

PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{margin:0}"
    ".slide{position:relative;width:1280px;height:720px;background:#fff}</style></head>"
    '<body><div class="slide">{html}</div></body></html>'
)


def page(html: str) -> str:
    return PAGE.replace("{html}", html)
