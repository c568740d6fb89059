"""Decorations in the slide model: gradients (stops, angles, radial placement), layers, radii,
shadows, per-side borders, blur glows, and the clip of non-rectangular shapes."""

from __future__ import annotations

import math

import pytest

from engine.diagnostics import Diagnostics
from engine.model.geometry import clip_outline
from engine.model.paint.fills import gradient_fill, radial_extent, radial_paint, resolved_stops
from engine.options import Options
from engine.pipeline import convert_page
from engine.style.types import LP, RGBA, ColorStop, LinearGradient, RadialGradient

FONT = "font-family:'Liberation Sans'"


def page(body: str, slide_style: str = "") -> tuple[dict, Diagnostics]:
    html = f'<div class="slide" style="width:640px;height:360px;{FONT};{slide_style}">{body}</div>'
    result = convert_page(html, Options())
    return result.slide, result.diagnostics


def rects(slide: dict, name: str = "") -> list[dict]:
    return [s for s in slide["shapes"] if s["kind"] == "rect" and name in s.get("name", "")]


def stop(color: RGBA, pos: float | None) -> ColorStop:
    return ColorStop(color, None if pos is None else LP(0.0, pos))


RED, GREEN, BLUE = RGBA(255, 0, 0), RGBA(0, 255, 0), RGBA(0, 0, 255)


# -- paint -------------------------------------------------------------------------------------


def test_out_of_range_stops_are_cut_with_their_colours() -> None:
    g = LinearGradient(90.0, (stop(RED, -50.0), stop(BLUE, 150.0)))
    fill = gradient_fill(g, 100, 100)
    assert [s["pos"] for s in fill["stops"]] == [0.0, 1.0]
    # at 0 the line is a quarter of the way from red to blue: 191, 0, 64
    assert fill["stops"][0]["color"] == "BF0040"
    assert fill["stops"][1]["color"] == "4000BF"


def test_transparent_stop_takes_its_neighbours_colour() -> None:
    g = LinearGradient(90.0, (stop(RGBA(139, 92, 246, 0.5), None), stop(RGBA(0, 0, 0, 0.0), None)))
    fill = gradient_fill(g, 100, 100)
    assert fill["stops"][1] == {"pos": 1.0, "color": "8B5CF6", "alpha": 0.0}


def test_repeating_linear_gradient_is_tiled() -> None:
    g = LinearGradient(90.0, (stop(RED, 0.0), stop(BLUE, 25.0)), repeating=True)
    stops = resolved_stops(g, 100.0)
    assert [round(p, 3) for p, _ in stops] == [0.0, 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1.0]
    assert [c for _, c in stops[:3]] == [RED, BLUE, RED]


def test_radial_extent_sizes() -> None:
    center = (LP(0.0, 25.0), LP(0.0, 50.0))
    circle = RadialGradient(
        "circle", "farthest-corner", center, (stop(RED, None), stop(BLUE, None))
    )
    cx, cy, rx, ry = radial_extent(circle, 200, 100)
    assert (cx, cy) == (50.0, 50.0)
    assert math.isclose(rx, math.hypot(150, 50)) and rx == ry
    side = circle._replace(size="closest-side")
    assert radial_extent(side, 200, 100)[2:] == (50.0, 50.0)
    ellipse = circle._replace(shape="ellipse", size="farthest-side")
    assert radial_extent(ellipse, 200, 100)[2:] == (150.0, 50.0)


def test_radial_paint_puts_the_last_stop_on_the_inscribed_ellipse() -> None:
    g = RadialGradient(
        "circle",
        "farthest-corner",
        (LP(0.0, 50.0), LP(0.0, 50.0)),
        (stop(RGBA(139, 92, 246, 0.45), 0.0), stop(RGBA(0, 0, 0, 0.0), 50.0)),
    )
    paint = radial_paint(g, 300, 400)
    assert paint is not None
    radius = 250 * 0.5  # half the ray to the corner
    assert paint.box == (150 - radius, 200 - radius, 2 * radius, 2 * radius)
    # A path gradient ends on the box's circumscribed ellipse: the inscribed one is at 0.7071.
    assert [s["pos"] for s in paint.fill["stops"]] == [0.0, 0.707107]
    assert paint.fill["stops"][1]["color"] == "8B5CF6" and paint.fill["stops"][1]["alpha"] == 0.0
    assert paint.outside is None


def test_opaque_radial_paint_repeats_its_last_colour_at_the_corners() -> None:
    # radial-gradient(circle at 80% 10%, #fef3c7 0, #fff 45%): Chromium is white from 45% of the
    # ray out. LibreOffice 7.4 ignores path-gradient stop positions but reads two equal outer
    # stops as a border, so the repeated stop ends the colours on the ellipse as PowerPoint does.
    g = RadialGradient(
        "circle",
        "farthest-corner",
        (LP(0.0, 80.0), LP(0.0, 10.0)),
        (stop(RGBA(254, 243, 199), 0.0), stop(RGBA(255, 255, 255), 45.0)),
    )
    paint = radial_paint(g, 1280, 720)
    assert paint is not None
    assert paint.fill["stops"] == [
        {"pos": 0.0, "color": "FEF3C7", "alpha": 1.0},
        {"pos": 0.707107, "color": "FFFFFF", "alpha": 1.0},
        {"pos": 1.0, "color": "FFFFFF", "alpha": 1.0},
    ]


# -- decorations -------------------------------------------------------------------------------


def test_three_stop_slide_background_stays_one_gradient_fill() -> None:
    slide, _ = page("", "background:linear-gradient(135deg,#0f1f3d 0%,#12355b 55%,#0e7c86 100%)")
    bg = slide["background"]
    assert bg["type"] == "gradient" and bg["path"] == "linear"
    assert math.isclose(bg["angle"], 45.0)
    assert [s["color"] for s in bg["stops"]] == ["0F1F3D", "12355B", "0E7C86"]
    assert [s["pos"] for s in bg["stops"]] == [0.0, 0.55, 1.0]


def test_layers_use_their_own_size_and_position() -> None:
    png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAEElEQVR4nGNgYPj/nwEOAB7TAf8YrckbAAAAAElFTkSuQmCC"
    style = (
        "position:absolute;left:0;top:0;width:200px;height:100px;"
        f"background:linear-gradient(red,blue) 0 0/50px 50px no-repeat, url({png}) right bottom/40px 20px no-repeat"
    )
    slide, _ = page(f'<div style="{style}"></div>')
    (pic,) = [s for s in slide["shapes"] if s["kind"] == "picture"]
    assert (pic["x"], pic["y"], pic["w"], pic["h"]) == (160.0, 80.0, 40.0, 20.0)
    (grad,) = rects(slide, "gradient")
    assert grad["geom"] == "custom" and (grad["w"], grad["h"]) == (50.0, 50.0)
    assert slide["shapes"].index(pic) < slide["shapes"].index(grad)  # the first layer is on top


def test_radial_layer_is_a_centred_ellipse() -> None:
    style = "position:absolute;left:0;top:0;width:200px;height:200px;background:radial-gradient(circle at 50% 50%, red 0, blue 50%)"
    slide, _ = page(f'<div style="{style}"></div>')
    outside, inside = rects(slide, "gradient")
    assert outside["fill"] == {"type": "solid", "color": "0000FF", "alpha": 1.0}
    r = math.hypot(100, 100) / 2
    assert inside["geom"] == "ellipse"
    assert math.isclose(inside["w"], 2 * r) and math.isclose(inside["x"], 100 - r)
    assert inside["fill"]["path"] == "circle"


def test_per_corner_radii_and_circles() -> None:
    slide, _ = page(
        '<div style="position:absolute;width:100px;height:60px;background:#f00;border-radius:12px 12px 0 0"></div>'
        '<div style="position:absolute;left:200px;width:80px;height:80px;background:#0f0;border-radius:50%"></div>'
    )
    top, circle = rects(slide)
    assert top["geom"] == "roundRect" and top["radii"] == [12.0, 12.0, 0.0, 0.0]
    assert circle["geom"] == "ellipse"


def test_shadows_sharp_ring_blurred_and_inset() -> None:
    slide, diags = page(
        '<div style="position:absolute;left:10px;top:10px;width:100px;height:50px;background:#fff;'
        'box-shadow:0 0 0 6px rgba(236,72,153,.25), 0 8px 24px rgba(0,0,0,.3), 0 2px 4px #000, inset 0 0 4px #000"></div>'
    )
    ring, caster, box = rects(slide)
    assert (ring["x"], ring["y"], ring["w"], ring["h"]) == (4.0, 4.0, 112.0, 62.0)
    assert ring["fill"] == {"type": "solid", "color": "EC4899", "alpha": 0.25}
    assert caster["shadow"]["blur"] == 4 and caster["shadow"]["dist"] == 2
    assert box["shadow"] == {
        "blur": 24.0,
        "dist": 8.0,
        "dir": 90.0,
        "color": "000000",
        "alpha": 0.3,
    }
    assert any("inset box-shadow" in d.message for d in diags.items)


def test_translucent_box_shadow_ring_cuts_the_box_out() -> None:
    slide, _ = page(
        '<div style="position:absolute;width:100px;height:50px;box-shadow:4px 4px 0 #000"></div>'
    )
    (ring,) = rects(slide)
    assert ring["geom"] == "custom" and len(ring["contours"]) == 2


@pytest.mark.parametrize(
    "background",
    [
        "conic-gradient(#0ea5e9 0 35%, #22c55e 35% 60%, #eab308 60%)",
        "radial-gradient(circle at 30% 20%, #0ea5e9, #22c55e)",
        "radial-gradient(#0ea5e9, #22c55e), url(missing.png)",
    ],
)
def test_gradient_only_box_casts_its_shadow_from_a_hidden_caster(background: str) -> None:
    # Chromium draws the blurred shadow outside the box whatever paints it; a shape without a fill
    # casts none in PowerPoint or LibreOffice, so the caster takes the opaque gradient's first colour.
    slide, _ = page(
        '<div id="p" style="position:absolute;left:20px;top:20px;width:200px;height:200px;'
        f'border-radius:50%;background:{background};box-shadow:0 20px 40px rgba(15,23,42,.35)"></div>'
    )
    caster = rects(slide, "div#p")[0]
    assert caster["fill"] == {"type": "solid", "color": "0EA5E9", "alpha": 1.0}
    assert caster["shadow"]["blur"] == 40.0 and caster["shadow"]["dist"] == 20.0


def test_translucent_gradient_casts_no_filled_caster() -> None:
    # A caster under a see-through gradient would show through it: the shadow stays fill-less.
    slide, _ = page(
        '<div id="p" style="position:absolute;width:200px;height:200px;'
        "background:linear-gradient(#0ea5e9, transparent), radial-gradient(#0ea5e9, #22c55e 50%, transparent);"
        'box-shadow:0 20px 40px #000"></div>'
    )
    assert rects(slide, "div#p")[0]["fill"] is None


def test_rounded_bottom_border_follows_the_corners() -> None:
    slide, _ = page(
        '<div style="position:absolute;width:100px;height:60px;background:#fff;'
        'border-radius:8px;border-bottom:3px solid #dc2626"></div>'
    )
    _box, border = rects(slide)
    assert border["geom"] == "custom" and border["fill"]["color"] == "DC2626"
    outer, inner = border["contours"]
    assert border["h"] == 63.0  # 60 + the 3 px border
    assert max(p[1] for p in outer) == 63.0 and max(p[1] for p in inner) == 60.0
    assert min(p[1] for p in inner) == 0.0  # no top border: the ring is open there


def test_blurred_circle_becomes_a_soft_glow() -> None:
    slide, _ = page(
        '<div style="position:absolute;left:100px;top:100px;width:100px;height:100px;border-radius:50%;'
        'background:#8b5cf6;filter:blur(20px);opacity:.5"></div>'
    )
    (glow,) = rects(slide, "glow")
    assert glow["geom"] == "ellipse" and glow["soft_edge"] > 0
    assert math.isclose(glow["w"], 100 + 2 * 2.5 * 20)
    stops = glow["fill"]["stops"]
    assert stops[0]["alpha"] == pytest.approx(
        0.5 * (1 - math.exp(-(50**2) / (2 * 20**2))), abs=0.01
    )
    assert stops[-1]["alpha"] == 0.0 and stops[-1]["pos"] == pytest.approx(0.70711, abs=1e-4)


def test_clip_outline_cuts_polygons_and_keeps_outlined_shapes() -> None:
    shape = {
        "kind": "rect",
        "x": 0.0,
        "y": 0.0,
        "w": 100.0,
        "h": 100.0,
        "geom": "ellipse",
        "fill": None,
        "line": None,
    }
    cut = clip_outline(shape, (50.0, 0.0, 200.0, 200.0))
    assert cut is not None and cut["geom"] == "custom" and (cut["x"], cut["w"]) == (0.0, 100.0)
    assert min(p[0] for p in cut["points"]) == pytest.approx(50.0)
    grad = dict(shape, fill={"type": "gradient", "path": "circle", "stops": []})
    cut = clip_outline(grad, (50.0, 0.0, 200.0, 200.0))
    assert cut is not None and cut["contours"][-1] == [[0.0, 0.0], [100.0, 100.0], [0.0, 0.0]]
    lined = dict(shape, line={"width": 1, "color": "000000", "alpha": 1, "dash": "solid"})
    assert clip_outline(lined, (50.0, 0.0, 200.0, 200.0)) is lined
    assert clip_outline(shape, (300.0, 300.0, 400.0, 400.0)) is None


def test_dashed_side_border_is_a_dashed_line() -> None:
    slide, _ = page(
        '<div style="position:absolute;width:100px;height:50px;border-bottom:2px dashed #f00;border-left:4px solid #00f"></div>'
    )
    line, left = slide["shapes"]
    assert (
        line["kind"] == "line" and line["line"]["dash"] == "dash" and line["line"]["width"] == 2.0
    )
    assert (line["x1"], line["y1"], line["x2"], line["y2"]) == (0.0, 51.0, 104.0, 51.0)
    assert left["kind"] == "rect" and (left["w"], left["h"]) == (4.0, 50.0)


# -- tiled gradient layers ---------------------------------------------------------------------


def test_tiled_grid_lines_become_one_band_per_tile_row_and_column() -> None:
    # Chromium paints the 1px line at the top (left) of every 25% tile: 4 rows and 4 columns.
    slide, diags = page(
        '<div id="g" style="position:absolute;left:10px;top:20px;width:400px;height:200px;'
        "background-image:linear-gradient(#f00 1px,transparent 1px),"
        'linear-gradient(90deg,#00f 2px,transparent 2px);background-size:25% 25%"></div>'
    )
    bands = rects(slide, "div#g gradient")
    rows = [(s["x"], s["y"], s["w"], s["h"]) for s in bands if s["fill"]["color"] == "FF0000"]
    cols = [(s["x"], s["y"], s["w"], s["h"]) for s in bands if s["fill"]["color"] == "0000FF"]
    assert rows == [(10.0, 20.0 + 50 * i, 400.0, 1.0) for i in range(4)]
    assert cols == [(10.0 + 100 * i, 20.0, 2.0, 200.0) for i in range(4)]
    assert bands.index(next(s for s in bands if s["fill"]["color"] == "0000FF")) == 0  # under
    assert not any("tiles" in d.message for d in diags.items)


def test_tiled_gradient_follows_position_repeat_and_direction() -> None:
    # `to top` from 10px down, repeated along y only: bands start at the tile's bottom edge and
    # the first tile row begins above the box; a soft band keeps its two colours.
    slide, _ = page(
        '<div id="g" style="position:absolute;width:100px;height:100px;'
        "background:linear-gradient(to top,#f00 0 4px,#00f 4px 8px,transparent 8px) 0 10px/40px 30px"
        ' repeat-y"></div>'
    )
    bands = [(s["x"], s["y"], s["w"], s["h"], s["fill"]["color"]) for s in rects(slide, "div#g")]
    assert bands[:4] == [
        (0.0, 6.0, 40.0, 4.0, "FF0000"),  # tile -20..10: red 6..10, blue 2..6
        (0.0, 2.0, 40.0, 4.0, "0000FF"),
        (0.0, 36.0, 40.0, 4.0, "FF0000"),
        (0.0, 32.0, 40.0, 4.0, "0000FF"),
    ]
    assert len(bands) == 8  # tiles at -20, 10, 40, 70
