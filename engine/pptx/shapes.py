"""Slide-model shape dicts -> PresentationML shape elements (p:sp, p:pic, p:cxnSp, p:graphicFrame, p:grpSp)."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import cast

from engine.model.schema import (
    Fill,
    GroupShape,
    LineShape,
    PictureShape,
    RectShape,
    Shadow,
    Shape,
    TextShape,
)
from engine.pptx.bands import Band, gradient_bands, needs_bands
from engine.pptx.context import SlideContext, shape_box, shape_name, shape_nv, shape_rot
from engine.pptx.geometry import add_geometry, shape_geometry
from engine.pptx.oxml import (
    Element,
    a,
    alpha_val,
    blip_fill,
    freeze,
    no_fill,
    p,
    prst_geom,
    sub,
    xfrm,
)
from engine.pptx.props import (
    add_effects,
    add_fill,
    add_line_props,
    crop_values,
    num,
)
from engine.pptx.tables import add_table
from engine.pptx.text import (
    add_text_body,
)
from engine.units import px_to_emu


def _sp_pr(
    parent: Element,
    ctx: SlideContext,
    key: Hashable,
    rest: Callable[[Element], object],
    box: tuple[int, int, int, int],
    rot: int,
    flip_h: bool = False,
    flip_v: bool = False,
) -> Element:
    """p:spPr = xfrm + whatever `rest` adds (geometry, fill, ln, effects), cached under `key`."""

    def build(scratch: Element) -> Element:
        sp_pr = sub(scratch, p("spPr"))
        xfrm(sp_pr, 0, 0, 0, 0, rot=1 if rot else 0, flip_h=flip_h, flip_v=flip_v)
        rest(sp_pr)
        return sp_pr

    sp_pr = ctx.cache.append(parent, ("spPr", bool(rot), flip_h, flip_v, key), build)
    xfrm_el = sp_pr[0]
    if rot:
        xfrm_el.set("rot", str(rot))
    off, ext = xfrm_el[0], xfrm_el[1]
    off.set("x", str(box[0]))
    off.set("y", str(box[1]))
    ext.set("cx", str(max(0, box[2])))
    ext.set("cy", str(max(0, box[3])))
    return sp_pr


def _shadow_key(shadow: Shadow | None, cx: int, cy: int) -> Hashable:
    if shadow is None:
        return None
    return (freeze(shadow), (cx, cy) if shadow.get("spread") else None)


# -- shapes --------------------------------------------------------------------------------


def add_rect(parent: Element, shape: RectShape, ctx: SlideContext) -> Element:
    """p:sp with a preset geometry, fill, line, shadow and an optional text body.

    A gradient with more than two stops becomes a group of 2-stop bands (engine/pptx/bands.py).
    """
    if needs_bands(shape["fill"]):
        bands = gradient_bands(shape, num(shape["w"]), num(shape["h"]))
        if bands:
            return add_group(parent, banded_group(shape, bands), ctx)
    shape_id = ctx.new_id()
    sp = sub(parent, p("sp"))
    shape_nv(sp, ctx, "sp", shape_id, shape_name(shape, shape_id))
    box = shape_box(shape)
    geom = shape_geometry(shape, box[2], box[3])
    fill, line, shadow = shape["fill"], shape.get("line"), shape.get("shadow")

    def rest(sp_pr: Element) -> None:
        add_geometry(sp_pr, geom)
        if not add_fill(sp_pr, fill):
            no_fill(sp_pr)
        add_line_props(sp_pr, line)
        add_effects(sp_pr, shadow, box[2], box[3], soft)

    soft = shape.get("soft_edge")
    key = (
        "rect",
        geom,
        freeze(fill),
        freeze(line),
        _shadow_key(shadow, box[2], box[3]),
        freeze(soft),
    )
    _sp_pr(sp, ctx, key, rest, box, shape_rot(shape))
    text = shape.get("text")
    if text is not None:
        add_text_body(sp, p("txBody"), text, ctx.link_rid, ctx.cache)
    return sp


def band_shapes(bands: list[Band], x: float, y: float, name: str) -> list[Shape]:
    """Model rects for bands whose box is relative to (x, y)."""
    out: list[Shape] = []
    for k, band in enumerate(bands, start=1):
        bx, by, bw, bh = band.box
        child: RectShape = {
            "kind": "rect",
            "x": x + bx,
            "y": y + by,
            "w": bw,
            "h": bh,
            "fill": band.fill,
            "line": None,
            "name": f"{name} band {k}",
        }
        if band.points == "ellipse":
            child["geom"] = "ellipse"
        elif isinstance(band.points, list):
            child["geom"] = "custom"
            child["contours"] = [[[px, py] for px, py in c] for c in band.points]
        else:
            child["geom"] = "rect"
        out.append(child)
    return out


def banded_group(shape: RectShape, bands: list[Band]) -> GroupShape:
    """A group standing for one shape with a multi-stop gradient: the shape with the first band's
    fill (its line, shadow), the other bands, then its text on top."""
    x, y, w, h = num(shape["x"]), num(shape["y"]), num(shape["w"]), num(shape["h"])
    name = shape.get("name") or "gradient"
    base = cast(RectShape, {k: v for k, v in shape.items() if k not in ("rotation", "text")})
    children: list[Shape] = []
    if bands[0].points is None:
        base["fill"] = bands[0].fill
        children.append(base)
        children.extend(band_shapes(bands[1:], x, y, name))
    else:  # translucent bands that do not overlap; the line goes on top
        children.extend(band_shapes(bands, x, y, name))
        if shape.get("line") is not None:
            children.append({**base, "fill": None, "shadow": None})
    text = shape.get("text")
    if text is not None:
        children.append({**base, "fill": None, "line": None, "shadow": None, "text": text})
    group: GroupShape = {
        "kind": "group",
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "name": name,
        "shapes": children,
    }
    if shape.get("rotation"):
        group["rotation"] = shape["rotation"]
    return group


def _text_box_rest(sp_pr: Element) -> None:
    prst_geom(sp_pr, "rect")
    no_fill(sp_pr)


def add_text_box(parent: Element, shape: TextShape, ctx: SlideContext) -> Element:
    """p:sp with txBox="1", no fill, no line, and the text body."""
    shape_id = ctx.new_id()
    sp = sub(parent, p("sp"))
    shape_nv(sp, ctx, "txBox", shape_id, shape_name(shape, shape_id))
    _sp_pr(sp, ctx, "text", _text_box_rest, shape_box(shape), shape_rot(shape))
    add_text_body(sp, p("txBody"), shape["text"], ctx.link_rid, ctx.cache)
    return sp


def add_picture(parent: Element, shape: PictureShape, ctx: SlideContext) -> Element | None:
    """p:pic: blipFill (+alphaModFix, +svgBlip), srcRect crop, stretch; geometry, line, shadow."""
    rids = ctx.blip_rids(shape["media"], shape.get("svg_media") or None)
    if rids is None:
        return None
    shape_id = ctx.new_id()
    pic = sub(parent, p("pic"))
    shape_nv(pic, ctx, "pic", shape_id, shape_name(shape, shape_id), shape.get("alt"))
    blip_fill(
        pic,
        p("blipFill"),
        rids[0],
        crop=crop_values(shape["crop"]),
        alpha_amt=alpha_val(shape["alpha"]),
        svg_rid=rids[1],
    )
    box = shape_box(shape)
    geom = shape_geometry(shape, box[2], box[3])
    line = shape.get("line")
    shadow = shape.get("shadow")

    def rest(sp_pr: Element) -> None:
        add_geometry(sp_pr, geom)
        if line is not None:
            add_line_props(sp_pr, line)
        add_effects(sp_pr, shadow, box[2], box[3])

    key = ("pic", geom, freeze(line), _shadow_key(shadow, box[2], box[3]))
    _sp_pr(pic, ctx, key, rest, box, shape_rot(shape))
    return pic


def add_line(parent: Element, shape: LineShape, ctx: SlideContext) -> Element | None:
    """p:cxnSp with prstGeom line from (x1, y1) to (x2, y2) (flipH / flipV for direction)."""
    line = shape["line"]
    x1, y1 = px_to_emu(num(shape["x1"])), px_to_emu(num(shape["y1"]))
    x2, y2 = px_to_emu(num(shape["x2"])), px_to_emu(num(shape["y2"]))
    shape_id = ctx.new_id()
    cxn = sub(parent, p("cxnSp"))
    shape_nv(cxn, ctx, "cxnSp", shape_id, shape_name(shape, shape_id))

    def rest(sp_pr: Element) -> None:
        prst_geom(sp_pr, "line")
        add_line_props(sp_pr, line)

    box = (min(x1, x2), min(y1, y2), abs(x2 - x1), abs(y2 - y1))
    _sp_pr(cxn, ctx, ("line", freeze(line)), rest, box, shape_rot(shape), x2 < x1, y2 < y1)
    return cxn


def add_group(parent: Element, shape: GroupShape, ctx: SlideContext) -> Element:
    """p:grpSp whose child coordinate space equals its own box (children stay in slide px)."""
    shape_id = ctx.new_id()
    grp = sub(parent, p("grpSp"))
    nv = shape_nv(grp, ctx, "grpSp", shape_id, shape_name(shape, shape_id))
    if shape.get("locked") is True:  # e.g. background bands: not picked up by a click
        locks = {"noGrp": "1", "noUngrp": "1", "noSelect": "1", "noMove": "1", "noResize": "1"}
        sub(nv[1], a("grpSpLocks"), locks)
    grp_pr = sub(grp, p("grpSpPr"))
    children = shape["shapes"]
    box = shape_box(shape)
    if (box[2] == 0 or box[3] == 0) and children:
        box = _bounds(children)
    xfrm(grp_pr, *box, rot=shape_rot(shape), child=box)
    for child in children:
        add_shape(grp, child, ctx)
    return grp


def _bounds(shapes: list[Shape]) -> tuple[int, int, int, int]:
    """Bounding box (EMU) of shapes' unrotated boxes (lines by their end points)."""
    lefts, tops, rights, bottoms = [], [], [], []
    for shape in shapes:
        if shape["kind"] == "line":
            xs = (num(shape["x1"]), num(shape["x2"]))
            ys = (num(shape["y1"]), num(shape["y2"]))
            left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
        else:
            left, top = num(shape["x"]), num(shape["y"])
            right, bottom = left + num(shape["w"]), top + num(shape["h"])
        lefts.append(left)
        tops.append(top)
        rights.append(right)
        bottoms.append(bottom)
    x, y = px_to_emu(min(lefts)), px_to_emu(min(tops))
    return (x, y, px_to_emu(max(rights)) - x, px_to_emu(max(bottoms)) - y)


def add_shape(parent: Element, shape: Shape, ctx: SlideContext) -> Element | None:
    """Dispatch on "kind"; pictures without media are skipped (None)."""
    if shape["kind"] == "rect":
        return add_rect(parent, shape, ctx)
    if shape["kind"] == "text":
        return add_text_box(parent, shape, ctx)
    if shape["kind"] == "picture":
        return add_picture(parent, shape, ctx)
    if shape["kind"] == "line":
        return add_line(parent, shape, ctx)
    if shape["kind"] == "table":
        return add_table(parent, shape, ctx)
    return add_group(parent, shape, ctx)


def set_background(sld: Element, fill: Fill, ctx: SlideContext) -> Element | None:
    """p:cSld/p:bg/p:bgPr with a solid, gradient or image fill and the required a:effectLst."""
    c_sld = sld.find(p("cSld"))
    if c_sld is None:
        return None
    if needs_bands(fill):
        w, h = ctx.size
        slide_rect: RectShape = {
            "kind": "rect",
            "x": 0.0,
            "y": 0.0,
            "w": w,
            "h": h,
            "geom": "rect",
            "fill": fill,
        }
        bands = gradient_bands(slide_rect, w, h)
        if bands and bands[0].points is None:
            # The bottom band is the background; the others are the slide's first shapes.
            fill = bands[0].fill
            sp_tree = c_sld.find(p("spTree"))
            if sp_tree is not None and len(bands) > 1:
                group: GroupShape = {
                    "kind": "group",
                    "x": 0,
                    "y": 0,
                    "w": w,
                    "h": h,
                    "name": "background",
                    "locked": True,
                    "shapes": band_shapes(bands[1:], 0.0, 0.0, "background"),
                }
                add_group(sp_tree, group, ctx)
    bg = sub(c_sld, p("bg"))
    bg_pr = sub(bg, p("bgPr"))
    if not add_fill(bg_pr, fill, ctx.blip_rids):
        c_sld.remove(bg)
        return None
    sub(bg_pr, a("effectLst"))
    c_sld.insert(0, bg)
    return bg
