"""PNG renderer: tiny slide models drawn at 1:1 scale, exact pixels checked."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from png_helpers import (
    BLUE,
    RED,
    WHITE,
    close,
    halves_png,
    png_bytes,
    png_image,
    rect_shape,
    slide,
    solid,
    text_shape,
)

from engine.render import render_slide_png, slide_svg

SIZE = (200.0, 100.0)


def draw(model: dict, media: dict | None = None, width: int = 200):
    return png_image(render_slide_png(model, width, media=media or {}, size=SIZE))


def test_output_size_follows_the_slide_aspect() -> None:
    im = draw(slide(), width=640)
    assert im.size == (640, 320)
    assert im.getpixel((10, 10)) == WHITE  # no background: a white slide


def test_red_rect_is_red_exactly_where_it_is() -> None:
    rect = rect_shape(20, 10, 40, 30, geom="rect")
    im = draw(slide(rect))
    assert im.getpixel((21, 11)) == RED
    assert im.getpixel((59, 39)) == RED
    assert im.getpixel((40, 25)) == RED
    assert im.getpixel((19, 25)) == WHITE
    assert im.getpixel((61, 25)) == WHITE
    assert im.getpixel((40, 41)) == WHITE


def test_scaled_output_maps_slide_px() -> None:
    rect = rect_shape(100, 50, 100, 50, "0000FF")
    im = draw(slide(rect), width=400)
    assert im.getpixel((205, 105)) == BLUE
    assert im.getpixel((195, 95)) == WHITE


def test_background_solid_and_alpha_blending() -> None:
    rect = {"kind": "rect", "x": 0, "y": 0, "w": 100, "h": 100, "fill": solid("FFFFFF", 0.5)}
    im = draw(slide(rect, background=solid("000000")))
    assert close(im.getpixel((50, 50)), (128, 128, 128), 2)
    assert im.getpixel((150, 50)) == (0, 0, 0)


def test_ellipse_fills_centre_not_corner() -> None:
    shape = rect_shape(0, 0, 100, 100, geom="ellipse")
    im = draw(slide(shape))
    assert im.getpixel((50, 50)) == RED
    assert im.getpixel((3, 3)) == WHITE


def test_round_rect_corner_is_cut() -> None:
    shape = rect_shape(0, 0, 100, 100, geom="roundRect", radius=20)
    im = draw(slide(shape))
    assert im.getpixel((2, 2)) == WHITE
    assert im.getpixel((25, 2)) == RED


def test_rotation_about_the_centre() -> None:
    bar = rect_shape(50, 45, 100, 10, rotation=90)
    im = draw(slide(bar))
    assert im.getpixel((100, 10)) == RED  # now vertical through the centre
    assert im.getpixel((60, 50)) == WHITE


def test_custom_outline_with_hole() -> None:
    outer = [[0, 0], [100, 0], [100, 100], [0, 100]]
    hole = [[25, 25], [25, 75], [75, 75], [75, 25]]  # drawn the other way round
    shape = rect_shape(0, 0, 100, 100, geom="custom", contours=[outer, hole])
    im = draw(slide(shape))
    assert im.getpixel((10, 10)) == RED
    assert im.getpixel((50, 50)) == WHITE


def test_linear_gradient_runs_along_its_angle() -> None:
    fill = {
        "type": "gradient",
        "path": "linear",
        "angle": 0,
        "stops": [
            {"pos": 0, "color": "FF0000", "alpha": 1},
            {"pos": 1, "color": "0000FF", "alpha": 1},
        ],
    }
    im = draw(slide({"kind": "rect", "x": 0, "y": 0, "w": 200, "h": 100, "fill": fill}))
    assert close(im.getpixel((1, 50)), RED, 6)
    assert close(im.getpixel((198, 50)), BLUE, 6)
    assert im.getpixel((1, 5)) == im.getpixel((1, 95))  # 0 deg: left to right only
    fill["angle"] = 90  # top to bottom
    im = draw(slide({"kind": "rect", "x": 0, "y": 0, "w": 200, "h": 100, "fill": fill}))
    assert close(im.getpixel((100, 1)), RED, 8)
    assert close(im.getpixel((100, 98)), BLUE, 8)


def test_radial_gradient_centre_is_first_stop() -> None:
    fill = {
        "type": "gradient",
        "path": "circle",
        "stops": [
            {"pos": 0, "color": "FF0000", "alpha": 1},
            {"pos": 1, "color": "0000FF", "alpha": 0},
        ],
    }
    im = draw(slide({"kind": "rect", "x": 0, "y": 0, "w": 100, "h": 100, "fill": fill}))
    assert close(im.getpixel((50, 50)), RED, 10)
    assert close(im.getpixel((0, 0)), WHITE, 10)  # transparent end over the white slide


def test_dashed_line_has_gaps() -> None:
    line = {
        "kind": "line",
        "x1": 0,
        "y1": 50,
        "x2": 200,
        "y2": 50,
        "line": {"width": 4, "color": "FF0000", "alpha": 1, "dash": "dash"},
    }
    im = draw(slide(line))
    row = [im.getpixel((x, 50)) for x in range(0, 200)]
    assert row.count(RED) > 60 and row.count(WHITE) > 40


def test_border_is_drawn_on_the_outline() -> None:
    shape = {
        "kind": "rect",
        "x": 20,
        "y": 20,
        "w": 60,
        "h": 60,
        "fill": None,
        "line": {"width": 4, "color": "0000FF", "alpha": 1, "dash": "solid"},
    }
    im = draw(slide(shape))
    assert im.getpixel((20, 50)) == BLUE
    assert im.getpixel((50, 50)) == WHITE


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_text_pixels_stay_inside_the_line_box() -> None:
    shape = text_shape("Hello HHH", 20, 20, 160, 40, size=20.0)
    im = draw(slide(shape))
    dark = [(x, y) for x in range(200) for y in range(100) if sum(im.getpixel((x, y))) < 300]
    assert len(dark) > 50
    xs, ys = [p[0] for p in dark], [p[1] for p in dark]
    # LibreOffice's first baseline is 20pt = 26.67 px under the top (font-independent spacing).
    assert min(xs) >= 20 and max(xs) < 180
    assert min(ys) >= 20 and max(ys) <= 20 + 27 + 2
    assert max(ys) >= 44  # glyphs reach the baseline


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_text_alignment_centre_and_right() -> None:
    centred = draw(slide(text_shape("HHHH", 0, 10, 200, 40, align="ctr")))
    right = draw(slide(text_shape("HHHH", 0, 10, 200, 40, align="r")))

    def span(im):
        xs = [x for x in range(200) for y in range(100) if sum(im.getpixel((x, y))) < 300]
        return min(xs), max(xs)

    lo, hi = span(centred)
    assert abs((lo + hi) / 2 - 100) <= 3
    assert span(right)[1] >= 195


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_line_breaks_stack_lines_by_the_line_spacing() -> None:
    shape = text_shape("HH", 10, 0, 180, 100, size=15.0, line_spacing={"pts": 30})
    shape["text"]["paragraphs"][0]["runs"] += [
        {"break": True},
        {"text": "HH", "size": 15.0, "color": "000000"},
    ]
    im = draw(slide(shape))
    rows = sorted({y for x in range(200) for y in range(100) if sum(im.getpixel((x, y))) < 300})
    groups = [rows[0]]
    for prev, y in zip(rows, rows[1:], strict=False):
        if y - prev > 5:
            groups.append(y)
    assert len(groups) == 2
    assert abs((groups[1] - groups[0]) - 40) <= 2  # 30 pt = 40 px pitch


def test_picture_crop_shows_the_right_half() -> None:
    media = {
        "m1": {
            "content_type": "image/png",
            "data": halves_png(RED, BLUE),
            "width": 20,
            "height": 10,
        }
    }
    pic = {
        "kind": "picture",
        "media": "m1",
        "x": 0,
        "y": 0,
        "w": 100,
        "h": 100,
        "crop": {"l": 0.5, "t": 0, "r": 0, "b": 0},
        "geom": "rect",
        "alpha": 1.0,
    }
    im = draw(slide(pic), media)
    assert close(im.getpixel((5, 50)), BLUE, 4)
    assert close(im.getpixel((95, 50)), BLUE, 4)
    uncropped = dict(pic, crop=None)
    im = draw(slide(uncropped), media)
    assert close(im.getpixel((10, 50)), RED, 4)
    assert close(im.getpixel((90, 50)), BLUE, 4)


def test_picture_round_opacity() -> None:
    media = {
        "m": {"content_type": "image/png", "data": png_bytes((0, 0, 0)), "width": 4, "height": 4}
    }
    pic = {
        "kind": "picture",
        "media": "m",
        "x": 0,
        "y": 0,
        "w": 100,
        "h": 100,
        "geom": "ellipse",
        "alpha": 0.5,
    }
    im = draw(slide(pic), media)
    assert im.getpixel((2, 2)) == WHITE
    assert close(im.getpixel((50, 50)), (128, 128, 128), 3)


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_table_cells_fill_border_and_text() -> None:
    cell = {
        "text": {
            "paragraphs": [
                {
                    "align": "l",
                    "runs": [
                        {"text": "HH", "size": 12, "color": "000000", "font": "Liberation Sans"}
                    ],
                }
            ]
        },
        "fill": solid("FF0000"),
        "span": [1, 1],
        "merged": False,
        "borders": {"b": {"width": 2, "color": "0000FF", "alpha": 1}},
        "margins": [4, 4, 4, 4],
        "anchor": "t",
    }
    blank = dict(cell, fill=None, text={"paragraphs": []}, borders={})
    table = {
        "kind": "table",
        "x": 0,
        "y": 0,
        "w": 200,
        "h": 60,
        "columns": [100, 100],
        "rows": [{"h": 60, "cells": [cell, blank]}],
    }
    im = draw(slide(table))
    assert im.getpixel((90, 40)) == RED
    assert im.getpixel((150, 30)) == WHITE
    assert im.getpixel((50, 60)) == BLUE
    dark = [(x, y) for x in range(100) for y in range(60) if sum(im.getpixel((x, y))) < 100]
    assert dark and min(p[0] for p in dark) >= 4 and max(p[1] for p in dark) < 30


def test_shadow_darkens_below_the_shape() -> None:
    shape = rect_shape(
        50,
        20,
        100,
        40,
        "FFFFFF",
        shadow={"blur": 8, "dist": 10, "dir": 90, "color": "000000", "alpha": 0.5},
    )
    im = draw(slide(shape))
    assert sum(im.getpixel((100, 65))) < 3 * 250
    assert im.getpixel((100, 40)) == WHITE


@pytest.mark.fonts("fonts-noto-cjk")  # draws text with installed fonts
@pytest.mark.parametrize("vertical", ["eaVert", "vert"])
def test_vertical_text_is_drawn_inside_its_box(vertical: str) -> None:
    shape = text_shape("HHHH", 80, 0, 40, 100, size=15.0)
    shape["text"]["vertical"] = vertical
    im = draw(slide(shape))
    dark = [(x, y) for x in range(200) for y in range(100) if sum(im.getpixel((x, y))) < 300]
    assert dark
    assert all(78 <= x <= 122 for x, _ in dark)
    assert max(y for _, y in dark) - min(y for _, y in dark) > 30  # runs downwards


@pytest.mark.fonts("fonts-dejavu-core")  # draws text with installed fonts
def test_text_is_escaped_not_markup() -> None:
    shape = text_shape('</text><rect width="200" height="100" fill="red"/><text>', 0, 0, 200, 40)
    shape["text"]["wrap"] = False  # one line, well above y = 90
    svg, _fonts = slide_svg(slide(shape), 200, size=SIZE)
    root = ElementTree.fromstring(svg)
    rects = [el for el in root.iter() if el.tag.endswith("}rect")]
    assert [r.get("fill") for r in rects] == ["#ffffff"]  # the slide background only
    uses = [el for el in root.iter() if el.tag.endswith("}use")]
    assert len(uses) >= 40  # the markup is drawn as glyphs
    im = draw(slide(shape))
    assert im.getpixel((100, 90)) == WHITE


@pytest.mark.fonts("fonts-noto-cjk")  # draws text with installed fonts
def test_cjk_text_uses_the_east_asian_face_and_loads_no_font_into_resvg() -> None:
    shape = text_shape("你好", 0, 0, 200, 60, size=30.0)
    shape["text"]["paragraphs"][0]["runs"][0]["ea_font"] = "Noto Sans CJK SC"
    svg, fonts = slide_svg(slide(shape), 200, size=SIZE)
    assert fonts == []  # outlines come from our glyph defs, resvg loads no font
    im = draw(slide(shape))
    dark = [(x, y) for x in range(200) for y in range(100) if sum(im.getpixel((x, y))) < 300]
    assert len(dark) > 100
    assert max(x for x, _ in dark) > 60  # two ideographs of 40 px


def test_emoji_faces_are_the_only_files_resvg_loads() -> None:
    from engine.fonts import resolve

    shape = text_shape("ok \u2705", 0, 0, 200, 60, size=20.0)
    _svg, fonts = slide_svg(slide(shape), 200, size=SIZE)
    from engine.render.glyphs import hb_face

    emoji = resolve.fallback_font(0x2705, "en") if resolve.available() else None
    face = hb_face(emoji.path, emoji.index) if emoji is not None else None
    bitmap_only = face is not None and not face.outlines
    assert fonts == ([emoji.path] if bitmap_only and emoji is not None else [])


@pytest.mark.fonts("fonts-noto-cjk")  # draws text with installed fonts
def test_ea_vert_keeps_cjk_glyphs_upright_and_turns_latin() -> None:
    shape = text_shape("竖排AB", 80, 0, 40, 100, size=15.0)
    shape["text"]["paragraphs"][0]["runs"][0]["ea_font"] = "Noto Sans CJK SC"
    shape["text"]["vertical"] = "eaVert"
    svg, _fonts = slide_svg(slide(shape), 200, size=SIZE)
    root = ElementTree.fromstring(svg)
    uses = [el for el in root.iter() if el.tag.endswith("}use")]
    turned = [u for u in uses if (u.get("transform") or "").startswith("rotate(90")]
    assert len(uses) == 4 and len(turned) == 2  # the two ideographs are turned back upright
    shape["text"]["vertical"] = "vert"
    svg, _fonts = slide_svg(slide(shape), 200, size=SIZE)
    uses = [el for el in ElementTree.fromstring(svg).iter() if el.tag.endswith("}use")]
    assert len(uses) == 4 and not any(u.get("transform") for u in uses)  # all turned alike
