"""Box decorations (a fragment's shadows, background layers and borders -> rect/picture shapes).

Painting order (CSS Backgrounds 3): box-shadows (under the box), the background colour, the
background image layers from the last to the first, then the border. Layer i takes the i-th
(cycled) value of background-size/position/repeat/origin/clip.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.diagnostics import Diagnostics
from engine.layout.fragments import BoxFragment
from engine.model.decor.borders import SHADED, radius_px, side_borders
from engine.model.decor.effects import (
    blur_radius,
    box_shadows,
    covering_color,
    glow,
    shadow_effect,
    sharp_shadow,
)
from engine.model.geometry import (
    Box,
    GeomKeys,
    Matrix,
    Radii,
    clip_convex,
    custom_geom,
    geom_for,
    local_box,
    outline_polygon,
    placed,
    set_geom,
    translate,
)
from engine.model.paint.fills import fill_for_color, gradient_fill, line_for, radial_shapes
from engine.model.paint.tiles import tiled_linear
from engine.model.schema.fills import Fill
from engine.model.schema.shapes import RectShape, Shape
from engine.style.types import (
    LP,
    ConicGradient,
    LinearGradient,
    RadialGradient,
    UrlImage,
    resolve_length,
)

__all__ = ["decorate", "geom_for", "radius_px"]


def _inner_radii(radii: Radii, left: float, top: float, right: float, bottom: float) -> Radii:
    tl, tr, br, bl = radii
    return (
        max(0.0, tl - max(left, top)),
        max(0.0, tr - max(right, top)),
        max(0.0, br - max(right, bottom)),
        max(0.0, bl - max(left, bottom)),
    )


class _Box:
    """The fragment's border, padding and content boxes with their corner radii."""

    def __init__(self, frag: BoxFragment):
        w, h = frag.width, frag.height
        b, p = frag.border, frag.padding
        self.radii = radius_px(frag.box.style, w, h)
        self.boxes: dict[str, Box] = {
            "border-box": (0.0, 0.0, w, h),
            "padding-box": (b.left, b.top, w - b.horizontal, h - b.vertical),
            "content-box": (
                b.left + p.left,
                b.top + p.top,
                w - b.horizontal - p.horizontal,
                h - b.vertical - p.vertical,
            ),
        }
        self._inner = {
            "border-box": self.radii,
            "padding-box": _inner_radii(self.radii, b.left, b.top, b.right, b.bottom),
            "content-box": _inner_radii(
                self.radii, b.left + p.left, b.top + p.top, b.right + p.right, b.bottom + p.bottom
            ),
        }

    def box(self, name: str) -> Box:
        return self.boxes.get(name, self.boxes["border-box"])

    def geom(self, name: str) -> GeomKeys:
        x, y, w, h = self.box(name)
        return geom_for(self._inner.get(name, self.radii), w, h)


def _layer_value(style: Any, prop: str, index: int, default: Any) -> Any:
    values = style[prop] or (default,)
    return values[index % len(values)]


def decorate(
    frag: BoxFragment,
    m: Matrix,
    alpha: float,
    diag: Diagnostics,
    media: dict[str, Any],
    borders: bool = True,
) -> list[Shape]:
    """Shapes painting one box's shadows, background and border (CSS 2.1 Appendix E step
    'background, border')."""
    style = frag.box.style
    if style["visibility"] != "visible" or frag.width <= 0 and frag.height <= 0:
        return []
    if _paints_nothing(style, frag, borders):
        return []
    cut = frag.extra.get("legend_cut")
    gap = None
    if cut is not None:  # a fieldset: painted from its top border, centred on the legend
        frag = replace(frag, height=max(0.0, frag.height - cut[0]))
        m = m.multiply(translate(0.0, cut[0]))
        gap = (cut[1], cut[2])
    w, h = frag.width, frag.height
    boxes = _Box(frag)
    geom = geom_for(boxes.radii, w, h)
    name = frag.box.describe()
    images = list(style["background-image"] or ())
    layers = [(i, layer) for i, layer in enumerate(images) if layer != "none"]
    clip_text = "text" in (style["background-clip"] or ())
    base_fill: Fill | None = None if clip_text else fill_for_color(style["background-color"], alpha)
    if clip_text:
        layers = []  # background-clip:text paints only through the glyphs (the text colours it)
    color_clip = _layer_value(style, "background-clip", max(0, len(images) - 1), "border-box")
    uniform = _uniform_border(style) if borders and gap is None else None
    line = line_for(uniform[0], uniform[1], uniform[2], alpha) if uniform is not None else None
    sigma = blur_radius(style)
    if sigma > 0 and (base_fill is not None or layers):
        soft = glow(frag, boxes, geom, base_fill, layers, sigma, alpha, m, name, diag)
        if soft is not None:
            return soft

    shapes: list[Shape] = []
    shadows = box_shadows(style, diag, name)
    sharp = [s for s in shadows if s.blur <= 0.5]
    blurred = [s for s in shadows if s.blur > 0.5]
    if base_fill is None and not layers and _is_picture(frag):
        blurred = []  # the picture itself casts it (engine/model/pictures.py)
    # The bottom shape: the colour (or a sole linear gradient), the first blurred shadow, the border.
    fill = base_fill
    fill_box, fill_geom = boxes.box(color_clip), boxes.geom(color_clip)
    if fill is None and len(layers) == 1 and isinstance(layers[0][1], LinearGradient):
        index, layer = layers[0]
        if _layer_value(style, "background-size", index, ("auto", "auto")) in (
            ("auto", "auto"),
            "cover",
            "contain",
        ):
            origin = _layer_value(style, "background-origin", index, "padding-box")
            clip = _layer_value(style, "background-clip", index, "border-box")
            ox, oy, ow, oh = boxes.box(origin)
            fill = gradient_fill(layer, ow, oh, alpha)
            fill_box, fill_geom = boxes.box(clip), boxes.geom(clip)
            layers = []
    if fill is None and blurred and layers:
        fill = fill_for_color(covering_color(style, layers, color_clip), alpha)
    opaque = fill is not None and fill["type"] == "solid" and fill["alpha"] >= 1.0
    inset = uniform[0] / 2 if line is not None and uniform is not None else 0.0
    line_on_top = line is not None and bool(layers)
    for s in reversed(sharp):
        shapes.extend(sharp_shadow(s, geom, (0.0, 0.0, w, h), boxes.radii, opaque, alpha, m, name))
    for s in reversed(blurred[1:]):
        if opaque and fill is not None:
            caster: RectShape = {
                "kind": "rect",
                **fill_geom,
                "fill": fill,
                "line": None,
                "shadow": shadow_effect(s, alpha),
                "name": name + " shadow",
                **local_box(fill_box),
            }
            shapes.append(placed(caster, m, fill_box))
        else:
            diag.add(
                "unsupported",
                "only the first blurred box-shadow of a translucent box is drawn",
                name,
            )
    shadow = shadow_effect(blurred[0], alpha) if blurred else None
    if fill is not None or shadow is not None or (line is not None and not line_on_top):
        shape: RectShape = {
            "kind": "rect",
            **fill_geom,
            "fill": fill,
            "line": None if line_on_top else line,
            "shadow": shadow,
            "name": name,
            **local_box(fill_box),
        }
        box = fill_box
        if shape["line"] is not None:
            box, shape = _inset_for_line(shape, (0.0, 0.0, w, h), geom, inset)
        shapes.append(placed(shape, m, box))
    # Image layers, bottom-most first.
    for index, layer in reversed(layers):
        shapes.extend(_layer_shapes(frag, boxes, index, layer, m, alpha, diag, media, name))
    if line_on_top:
        shape = {
            "kind": "rect",
            **geom,
            "fill": None,
            "line": line,
            "name": name + " border",
            **local_box((0.0, 0.0, w, h)),
        }
        box, shape = _inset_for_line(shape, (0.0, 0.0, w, h), geom, inset)
        shapes.append(placed(shape, m, box))
    if uniform is None and borders:
        shapes.extend(side_borders(frag, m, alpha, gap))
    return shapes


def _is_picture(frag: BoxFragment) -> bool:
    rep = frag.box.replaced
    return rep is not None and rep.kind in ("image", "svg")


def _paints_nothing(style: Any, frag: BoxFragment, borders: bool) -> bool:
    """The common case, checked first: no colour, no image, no border, no shadow."""
    if style["background-color"].a > 0 or style["box-shadow"]:
        return False
    if any(layer != "none" for layer in style["background-image"] or ()):
        return False
    b = frag.border
    return not (borders and (b.top or b.right or b.bottom or b.left)) and "drop-shadow" not in str(
        style["filter"]
    )


def _inset_for_line(
    shape: RectShape, box: Box, geom: GeomKeys, inset: float
) -> tuple[Box, RectShape]:
    """A border drawn as the outline of a shape inset by half its width (so it lies inside the box)."""
    x, y, w, h = box
    shape = shape.copy()
    set_geom(shape, geom)
    if geom["geom"] == "roundRect":
        shape["radius"] = max(0.0, geom["radius"] - inset)
        if "radii" in geom:
            shape["radii"] = [max(0.0, r - inset) for r in geom["radii"]]
    return (x + inset, y + inset, max(0.0, w - 2 * inset), max(0.0, h - 2 * inset)), shape


def _uniform_border(style: Any) -> tuple[float, Any, str] | None:
    sides = ("top", "right", "bottom", "left")
    widths = [style[f"border-{s}-width"] for s in sides]
    if max(widths) <= 0:
        return None
    colors = [style[f"border-{s}-color"] for s in sides]
    styles = [style[f"border-{s}-style"] for s in sides]
    if (
        len(set(widths)) == 1
        and len(set(colors)) == 1
        and len(set(styles)) == 1
        and styles[0] not in SHADED
    ):
        return widths[0], colors[0], styles[0]
    return None


# -- background layers -----------------------------------------------------------------------


def _layer_shapes(
    frag: BoxFragment,
    boxes: _Box,
    index: int,
    layer: Any,
    m: Matrix,
    alpha: float,
    diag: Diagnostics,
    media: dict[str, Any],
    name: str,
) -> list[Shape]:
    style = frag.box.style
    origin = _layer_value(style, "background-origin", index, "padding-box")
    clip = _layer_value(style, "background-clip", index, "border-box")
    if isinstance(layer, UrlImage):
        from engine.model.pictures import background_picture

        pic = background_picture(frag, layer, m, alpha, diag, media, index)
        return [pic] if pic is not None else []
    if not isinstance(layer, (LinearGradient, RadialGradient, ConicGradient)):
        return []
    ox, oy, ow, oh = boxes.box(origin)
    size = _layer_value(style, "background-size", index, ("auto", "auto"))
    tile = _tile_size(size, ow, oh)
    repeat = _layer_value(style, "background-repeat", index, ("repeat", "repeat"))
    tile = tile or (ow, oh)
    position = _layer_value(style, "background-position", index, (LP(0.0, 0.0), LP(0.0, 0.0)))
    tx = ox + resolve_length(position[0], ow - tile[0])
    ty = oy + resolve_length(position[1], oh - tile[1])
    area = boxes.box(clip)
    area_geom = boxes.geom(clip)
    if (tile[0] < ow - 0.5 or tile[1] < oh - 0.5) and repeat != ("no-repeat", "no-repeat"):
        tiled = tiled_linear(layer, (tx, ty, *tile), area, area_geom, repeat, alpha, m, name)
        if tiled is None:
            diag.add("unsupported", "repeated gradient tiles not drawn", name)
        return tiled or []
    if isinstance(layer, LinearGradient):
        fill = gradient_fill(layer, tile[0], tile[1], alpha)
        if tile == (ow, oh) and (tx, ty) == (ox, oy) and area == (ox, oy, ow, oh):
            shape: RectShape = {
                "kind": "rect",
                **area_geom,
                "fill": fill,
                "line": None,
                "name": name + " gradient",
                **local_box(area),
            }
            return [placed(shape, m, area)]
        region = clip_convex(
            outline_polygon(area_geom, area),
            [(tx, ty), (tx + tile[0], ty), (tx + tile[0], ty + tile[1]), (tx, ty + tile[1])],
        )
        if len(region) < 3:
            return []
        tbox = (tx, ty, tile[0], tile[1])
        shape = {
            "kind": "rect",
            **custom_geom([region], tbox),
            "fill": fill,
            "line": None,
            "name": name + " gradient",
            **local_box(tbox),
        }
        return [placed(shape, m, tbox)]
    if isinstance(layer, ConicGradient):
        from engine.model.paint.conic import conic_shapes

        return conic_shapes(layer, (tx, ty, tile[0], tile[1]), area, area_geom, alpha, m, name)
    uncut = _is_slide_root(frag, m)
    return radial_shapes(layer, (tx, ty, tile[0], tile[1]), area, area_geom, alpha, m, name, uncut)


def _is_slide_root(frag: BoxFragment, m: Matrix) -> bool:
    """The slide root: what it paints past its box is off the slide, so nothing needs cutting."""
    element = frag.box.element
    if element is None or not (m.is_translation and m.e == 0 and m.f == 0):
        return False
    return "slide" in (element.get("class") or "").split()


def _tile_size(size: Any, ow: float, oh: float) -> tuple[float, float] | None:
    """The size of a gradient tile (None: the positioning area)."""
    if size in ("cover", "contain") or not isinstance(size, tuple):
        return None
    sw, sh = size
    if sw == "auto" and sh == "auto":
        return None
    w = resolve_length(sw, ow) if sw != "auto" else ow
    h = resolve_length(sh, oh) if sh != "auto" else oh
    return (w, h) if w > 0 and h > 0 else None


# -- filter: blur() --------------------------------------------------------------------------
