"""A layout's own art for previews: the background (layout's, else master's; fill styles of the
theme through bgRef) and the non-placeholder shapes of the master (unless the layout hides
them) and of the layout: pictures, preset shapes with fills, lines and their text, groups
flattened. Converted to the engine's slide model (engine/model/schema.py) so its PNG renderer
draws them under the generated content."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from engine import EMU_PER_PX
from generator.brand.theme import (
    R_NS,
    ColorContext,
    a,
    clr_map_of,
    first_color_child,
    p,
    resolve_color,
)

RASTER = {"image/png", "image/jpeg", "image/gif", "image/bmp"}
MAX_DEPTH = 8
Transform = tuple[float, float, float, float]  # x, y offset (px) and x, y scale


@dataclass
class LayoutArt:
    background: dict[str, Any] | None
    shapes: list[dict[str, Any]]
    media: dict[str, dict[str, Any]] = field(default_factory=dict)


def layout_art(layout: Any, ctx: ColorContext) -> LayoutArt:
    """The art of one python-pptx SlideLayout."""
    master = layout.slide_master
    ctx = ColorContext(ctx.theme, clr_map_of(master.element, layout.element.find(p("clrMapOvr"))))
    art = LayoutArt(None, [])
    for source in (layout, master):
        bg = source.element.find(f"{p('cSld')}/{p('bg')}")
        if bg is not None:
            art.background = _background(bg, source.part, ctx, art)
            break
    if art.background is None:
        art.background = {
            "type": "solid",
            "color": ctx.theme.colors.get("lt1", "FFFFFF"),
            "alpha": 1.0,
        }
    sources = [layout] if layout.element.get("showMasterSp") in ("0", "false") else [master, layout]
    for source in sources:
        tree = source.element.find(f"{p('cSld')}/{p('spTree')}")
        if tree is not None:
            _walk(tree, source.part, ctx, (0.0, 0.0, 1.0, 1.0), art, 0)
    return art


def _background(bg: Any, part: Any, ctx: ColorContext, art: LayoutArt) -> dict[str, Any] | None:
    props = bg.find(p("bgPr"))
    if props is not None:
        return _fill(props, part, ctx, art)
    ref = bg.find(p("bgRef"))
    if ref is None:
        return None
    color = resolve_color(first_color_child(ref), ctx)
    idx = int(ref.get("idx", "0") or 0)
    styles = ctx.theme.bg_fills if idx >= 1001 else ctx.theme.fills
    pos = idx - 1001 if idx >= 1001 else idx - 1
    if 0 <= pos < len(styles):
        holder = _Holder(styles[pos])
        found = _fill(holder, part, ctx.with_ph(color[0] if color else None), art)
        if found is not None:
            return found
    return {"type": "solid", "color": color[0], "alpha": color[1]} if color else None


class _Holder:
    """A single fill element presented as a properties element that contains it."""

    def __init__(self, el: Any) -> None:
        self.el = el

    def find(self, tag: str) -> Any:
        return self.el if self.el.tag == tag else None


def _fill(props: Any, part: Any, ctx: ColorContext, art: LayoutArt) -> dict[str, Any] | None:
    solid = props.find(a("solidFill"))
    if solid is not None:
        found = resolve_color(first_color_child(solid), ctx)
        return {"type": "solid", "color": found[0], "alpha": found[1]} if found else None
    grad = props.find(a("gradFill"))
    if grad is not None:
        stops = []
        for gs in grad.iter(a("gs")):
            found = resolve_color(first_color_child(gs), ctx)
            if found:
                stops.append(
                    {"pos": int(gs.get("pos", "0")) / 100000, "color": found[0], "alpha": found[1]}
                )
        lin = grad.find(a("lin"))
        angle = int(lin.get("ang", "0")) / 60000 if lin is not None else 90.0
        if len(stops) >= 2:
            return {
                "type": "gradient",
                "path": "linear",
                "angle": angle,
                "stops": sorted(stops, key=lambda s: s["pos"]),
            }
        return (
            {"type": "solid", "color": stops[0]["color"], "alpha": stops[0]["alpha"]}
            if stops
            else None
        )
    blip = props.find(a("blipFill"))
    if blip is not None:
        sha1 = _media(blip, part, art)
        return {"type": "image", "media": sha1, "crop": None} if sha1 else None
    return None


def _media(blip_fill: Any, part: Any, art: LayoutArt) -> str | None:
    blip = blip_fill.find(a("blip"))
    rid = blip.get(f"{{{R_NS}}}embed") if blip is not None else None
    if not rid:
        return None
    try:
        image = part.related_part(rid)
    except KeyError:
        return None
    if image.content_type not in RASTER:
        return None
    data = image.blob
    sha1 = hashlib.sha1(data).hexdigest()  # noqa: S324 - a content key, as the engine's media
    art.media[sha1] = {"content_type": image.content_type, "data": data}
    return sha1


def _xfrm(el: Any, tf: Transform) -> tuple[float, float, float, float, float] | None:
    xfrm = el.find(f"{a('xfrm')}") if el is not None else None
    if xfrm is None:
        return None
    off, ext = xfrm.find(a("off")), xfrm.find(a("ext"))
    if off is None or ext is None:
        return None
    x = tf[0] + int(off.get("x", "0")) / EMU_PER_PX * tf[2]
    y = tf[1] + int(off.get("y", "0")) / EMU_PER_PX * tf[3]
    w = int(ext.get("cx", "0")) / EMU_PER_PX * tf[2]
    h = int(ext.get("cy", "0")) / EMU_PER_PX * tf[3]
    return x, y, w, h, int(xfrm.get("rot", "0")) / 60000


def _walk(
    tree: Any, part: Any, ctx: ColorContext, tf: Transform, art: LayoutArt, depth: int
) -> None:
    if depth > MAX_DEPTH:
        return
    for el in tree:
        tag = el.tag.rsplit("}", 1)[-1]
        if tag in ("sp", "pic", "cxnSp") and el.find(f".//{p('ph')}") is not None:
            continue  # placeholders show only when a slide fills them
        if tag == "grpSp":
            _group(el, part, ctx, tf, art, depth)
        elif tag == "pic":
            _picture(el, part, tf, art)
        elif tag in ("sp", "cxnSp"):
            _shape(el, part, ctx, tf, art)


def _group(
    el: Any, part: Any, ctx: ColorContext, tf: Transform, art: LayoutArt, depth: int
) -> None:
    xfrm = el.find(f"{p('grpSpPr')}/{a('xfrm')}")
    if xfrm is None:
        _walk(el, part, ctx, tf, art, depth + 1)
        return
    vals = [xfrm.find(a(t)) for t in ("off", "ext", "chOff", "chExt")]
    if any(v is None for v in vals):
        _walk(el, part, ctx, tf, art, depth + 1)
        return
    off, ext, ch_off, ch_ext = vals
    sx = int(ext.get("cx", "0")) / max(1, int(ch_ext.get("cx", "1")))
    sy = int(ext.get("cy", "0")) / max(1, int(ch_ext.get("cy", "1")))
    ox = tf[0] + (int(off.get("x", "0")) - int(ch_off.get("x", "0")) * sx) / EMU_PER_PX * tf[2]
    oy = tf[1] + (int(off.get("y", "0")) - int(ch_off.get("y", "0")) * sy) / EMU_PER_PX * tf[3]
    _walk(el, part, ctx, (ox, oy, tf[2] * sx, tf[3] * sy), art, depth + 1)


def _picture(el: Any, part: Any, tf: Transform, art: LayoutArt) -> None:
    box = _xfrm(el.find(p("spPr")), tf)
    blip = el.find(p("blipFill"))
    sha1 = _media(blip, part, art) if blip is not None else None
    if box is None or sha1 is None:
        return
    x, y, w, h, rot = box
    art.shapes.append(
        {
            "kind": "picture",
            "x": x,
            "y": y,
            "w": w,
            "h": h,
            "rotation": rot,
            "media": sha1,
            "crop": None,
            "geom": "rect",
            "alpha": 1.0,
            "name": "template picture",
        }
    )


def _shape(el: Any, part: Any, ctx: ColorContext, tf: Transform, art: LayoutArt) -> None:
    sp_pr = el.find(p("spPr"))
    box = _xfrm(sp_pr, tf)
    if box is None:
        return
    x, y, w, h, rot = box
    style = el.find(p("style"))
    fill = _fill(sp_pr, part, ctx, art)
    if fill is None and sp_pr.find(a("noFill")) is None and style is not None:
        ref = resolve_color(first_color_child(style.find(a("fillRef"))), ctx)
        if ref and style.find(a("fillRef")).get("idx", "0") != "0":
            fill = {"type": "solid", "color": ref[0], "alpha": ref[1]}
    if fill is not None and fill.get("type") == "image":
        art.shapes.append(
            {
                "kind": "picture",
                "x": x,
                "y": y,
                "w": w,
                "h": h,
                "rotation": rot,
                "media": fill["media"],
                "crop": None,
                "geom": "rect",
                "alpha": 1.0,
            }
        )
        return
    line = _line(sp_pr.find(a("ln")), style, ctx)
    geom_el = sp_pr.find(a("prstGeom"))
    geom = str(geom_el.get("prst", "rect")) if geom_el is not None else "rect"
    if el.tag.endswith("cxnSp") or geom in ("line", "straightConnector1"):
        if line is not None:
            xfrm = sp_pr.find(a("xfrm"))
            flip_h = xfrm is not None and xfrm.get("flipH") == "1"
            flip_v = xfrm is not None and xfrm.get("flipV") == "1"
            x1, x2 = (x + w, x) if flip_h else (x, x + w)
            y1, y2 = (y + h, y) if flip_v else (y, y + h)
            art.shapes.append(
                {
                    "kind": "line",
                    "x1": x1,
                    "y1": y1,
                    "x2": x2,
                    "y2": y2,
                    "line": line,
                }
            )
        return
    text = _text(el, ctx)
    if fill is None and line is None and text is None:
        return
    art.shapes.append(
        {
            "kind": "rect",
            "x": x,
            "y": y,
            "w": w,
            "h": h,
            "rotation": rot,
            "geom": geom,
            "fill": fill,
            "line": line,
            "shadow": None,
            "text": text,
            "name": "template shape",
        }
    )


def _line(ln: Any, style: Any, ctx: ColorContext) -> dict[str, Any] | None:
    if ln is not None and ln.find(a("noFill")) is not None:
        return None
    width = int(ln.get("w", "9525")) / EMU_PER_PX if ln is not None else 1.0
    solid = ln.find(a("solidFill")) if ln is not None else None
    color = resolve_color(first_color_child(solid), ctx) if solid is not None else None
    if color is None and style is not None:
        ref = style.find(a("lnRef"))
        if ref is not None and ref.get("idx", "0") != "0":
            color = resolve_color(first_color_child(ref), ctx)
    if color is None:
        return None
    return {"width": max(0.5, width), "color": color[0], "alpha": color[1], "dash": "solid"}


def _text(el: Any, ctx: ColorContext) -> dict[str, Any] | None:
    body = el.find(p("txBody"))
    if body is None:
        return None
    paragraphs = []
    for para in body.iter(a("p")):
        runs = []
        for r in para.iter(a("r")):
            t = r.find(a("t"))
            if t is None or not t.text:
                continue
            rpr = r.find(a("rPr"))
            run: dict[str, Any] = {"text": t.text, "size": 18.0}
            if rpr is not None:
                if rpr.get("sz"):
                    run["size"] = int(rpr.get("sz")) / 100
                run["bold"] = rpr.get("b") == "1"
                solid = rpr.find(a("solidFill"))
                color = resolve_color(first_color_child(solid), ctx) if solid is not None else None
                if color:
                    run["color"] = color[0]
            runs.append(run)
        if runs:
            ppr = para.find(a("pPr"))
            align = ppr.get("algn", "l") if ppr is not None else "l"
            paragraphs.append({"align": align, "runs": runs})
    if not paragraphs:
        return None
    return {
        "wrap": True,
        "anchor": "ctr",
        "insets": [9.6, 4.8, 9.6, 4.8],
        "vertical": None,
        "paragraphs": paragraphs,
    }


def layout_arts(data: bytes, partnames: list[str], ctx: ColorContext) -> dict[str, LayoutArt]:
    """partname -> LayoutArt for the named layouts of the package `data`."""
    import io

    from pptx import Presentation

    prs = Presentation(io.BytesIO(data))
    found = {}
    for master in prs.slide_masters:
        for layout in master.slide_layouts:
            name = str(layout.part.partname)
            if name in partnames:
                found[name] = layout_art(layout, ctx)
    return found
