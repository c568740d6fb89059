"""Slide drawing for the PNG renderer (one slide model + its media -> one standalone SVG document).

Shapes are drawn in model order (painting order). Everything in the SVG comes from the model:
colours and numbers are formatted, text is escaped, pictures are data: URIs of the bytes the
engine decoded. SVG pictures from content go through `safe_user_svg` (the engine's SVG
sanitizer); if it refuses, the picture is left out.
"""

from __future__ import annotations

import base64
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.render import geometry as g
from engine.render.fonts import FontSet
from engine.render.images import scaled_uri, visible_part
from engine.render.paint import Defs, f, fill_attrs, num, stroke_attrs, unit
from engine.render.text import TextRenderer

RASTER_TYPES = frozenset({"image/png", "image/jpeg", "image/gif", "image/webp"})
MAX_SHAPES = 5000  # shapes drawn per slide, at most (groups included)
# resvg cannot be interrupted: the area painted (shape boxes cut to the slide, in slide areas,
# gradients and shadows counted several times) is bounded; shapes past it are left out.
MAX_PAINTED_SLIDES = 60.0
MAX_DEPTH = 16  # group nesting drawn
MAX_SVG_BYTES = 2_000_000  # larger SVG pictures are left out
SVG_BUDGET = 8_000_000  # output pixels x cost units (~7.5 ns each) one SVG picture may take


def safe_user_svg(data: bytes, pixels: float = 0.0) -> bytes | None:
    """SVG bytes from content, made safe to hand to resvg, or None when they cannot be: the
    one door for user SVG into the renderer. The engine's SVG sanitizer
    (engine/model/svgsafe.py) parses it and rebuilds it without external references, scripts
    or active content, with its numbers clamped; resvg also gets an empty resources dir.
    An SVG whose estimated drawing cost at `pixels` output pixels is over SVG_BUDGET is
    refused too (resvg cannot be interrupted)."""
    from engine.model.svgsafe import sanitize_svg

    if len(data) > MAX_SVG_BYTES:
        return None
    try:
        safe = sanitize_svg(data.decode("utf-8", errors="replace"))
    except (ValueError, RecursionError):
        return None
    if safe is None:
        return None
    filters = elements = 0
    for el in safe.root.iter():
        elements += 1
        tag = el.tag if isinstance(el.tag, str) else ""
        filters += tag.rsplit("}", 1)[-1].startswith("fe")
    if max(1.0, pixels) * (1.0 + 4.0 * filters + elements / 100.0) > SVG_BUDGET:
        return None
    return safe.tostring().encode("utf-8")


def media_bytes(entry: Any) -> bytes | None:
    """The bytes of a media entry: raw, or base64 as Conversion.to_dict(include_media=True) has them."""
    if not isinstance(entry, Mapping):
        return None
    data = entry.get("data")
    if isinstance(data, (bytes, bytearray)):
        return bytes(data)
    if isinstance(data, str):
        try:
            return base64.b64decode(data, validate=True)
        except ValueError:
            return None
    return None


@dataclass
class SlideSvg:
    """Builds the SVG of one slide."""

    width: float
    height: float
    media: Mapping[str, Any]
    fonts: FontSet = field(default_factory=FontSet)
    defs: Defs = field(default_factory=Defs)
    parts: list[str] = field(default_factory=list)
    drawn: int = 0
    painted: float = 0.0  # in slide areas

    def __post_init__(self) -> None:
        self.text = TextRenderer(self.fonts, self.defs, (self.width, self.height))
        self.scale = 1.0  # output pixels per slide px

    # -- document ---------------------------------------------------------------------------
    def build(self, slide: Mapping[str, Any], out_width: int) -> str:
        self.scale = out_width / self.width
        self.background(slide.get("background"))
        shapes = slide.get("shapes")
        if isinstance(shapes, list):
            self.shapes(shapes, 0)
        out_height = max(1, round(out_width * self.height / self.width))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{out_width}" height="{out_height}" '
            f'viewBox="0 0 {f(self.width)} {f(self.height)}">'
            f"<defs>{''.join(self.defs.items)}</defs>{''.join(self.parts)}</svg>"
        )

    def background(self, fill: Any) -> None:
        full = (0.0, 0.0, self.width, self.height)
        opaque = (
            isinstance(fill, Mapping)
            and fill.get("type") == "solid"
            and unit(fill.get("alpha")) >= 1
        )
        if not opaque:  # an opaque colour covers it: one full-slide fill less for resvg
            self.parts.append(
                f'<rect width="{f(self.width)}" height="{f(self.height)}" fill="#ffffff"/>'
            )
        if isinstance(fill, Mapping) and fill.get("type") == "image":
            pic: dict[str, Any] = {"x": 0.0, "y": 0.0, "w": self.width, "h": self.height}
            pic.update(media=fill.get("media"), crop=fill.get("crop"), alpha=fill.get("alpha", 1.0))
            self.picture(pic)
        elif isinstance(fill, Mapping):
            self.parts.append(
                f'<rect width="{f(self.width)}" height="{f(self.height)}" {fill_attrs(fill, full, self.defs)}/>'
            )

    def shapes(self, shapes: list[Any], depth: int) -> None:
        for shape in shapes:
            if self.drawn >= MAX_SHAPES:
                return
            if not isinstance(shape, Mapping):
                continue
            self.drawn += 1
            self.painted += self._cost(shape)
            if self.painted > MAX_PAINTED_SLIDES:
                return
            kind = shape.get("kind")
            if kind == "group":
                if depth < MAX_DEPTH and isinstance(shape.get("shapes"), list):
                    self.parts.append(f"<g{g.transform(shape)}>")
                    self.shapes(shape["shapes"], depth + 1)
                    self.parts.append("</g>")
            elif kind == "rect":
                self.rect(shape)
            elif kind == "text":
                self.text_shape(shape)
            elif kind == "picture":
                self.picture(shape)
            elif kind == "line":
                self.line(shape)
            elif kind == "table":
                from engine.render.tables import table_svg

                self.parts.append(table_svg(shape, self))

    def _cost(self, shape: Mapping[str, Any]) -> float:
        """The share of the slide a shape paints (x 4 for gradients, + 1 per shadow layer)."""
        if shape.get("kind") in ("group", "text"):
            return 0.0
        x, y, w, h = g.box(shape)
        if shape.get("kind") == "line":
            return 0.01
        if shape.get("rotation"):
            r = math.hypot(w, h) / 2
            x, y, w, h = x + w / 2 - r, y + h / 2 - r, 2 * r, 2 * r
        cw = max(0.0, min(x + w, self.width) - max(x, 0.0))
        ch = max(0.0, min(y + h, self.height) - max(y, 0.0))
        fill = shape.get("fill")
        weight = 4.0 if isinstance(fill, Mapping) and fill.get("type") == "gradient" else 1.0
        if shape.get("shadow"):
            weight += g.SHADOW_LAYERS
        return weight * cw * ch / (self.width * self.height) + 0.001

    # -- shapes ---------------------------------------------------------------------------
    def rect(self, shape: Mapping[str, Any]) -> None:
        box = g.box(shape)
        paint = fill_attrs(shape.get("fill"), g.bounds(shape), self.defs)
        stroke = stroke_attrs(shape.get("line"))
        tr = g.transform(shape)
        if paint != 'fill="none"' or stroke:
            shadow = g.shadow(shape, shape.get("shadow"))
            self.parts.append(f"<g{tr}>{shadow}{g.outline(shape)}{paint} {stroke}/></g>")
        if shape.get("text") is not None:
            self.parts.append(f"<g{tr}>{self.text.body(shape.get('text'), box)}</g>")

    def text_shape(self, shape: Mapping[str, Any]) -> None:
        body = self.text.body(shape.get("text"), g.box(shape))
        if body:
            self.parts.append(f"<g{g.transform(shape)}>{body}</g>")

    def line(self, shape: Mapping[str, Any]) -> None:
        stroke = stroke_attrs(shape.get("line"))
        if not stroke:
            return
        x1, y1, x2, y2 = (num(shape.get(k)) for k in ("x1", "y1", "x2", "y2"))
        self.parts.append(f'<line x1="{f(x1)}" y1="{f(y1)}" x2="{f(x2)}" y2="{f(y2)}" {stroke}/>')

    def picture(self, shape: Mapping[str, Any]) -> None:
        x, y, w, h = g.box(shape)
        key = shape.get("media")
        entry = self.media.get(key) if isinstance(key, str) else None
        data = media_bytes(entry)
        if data is None or not isinstance(entry, Mapping) or w <= 0 or h <= 0:
            return
        raw = shape.get("crop")
        crop: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        cl, ct, cr, cb = (max(-10.0, min(0.999, num(crop.get(k)))) for k in "ltrb")
        alpha = unit(shape.get("alpha"))
        image = self._image(entry, data, (cl, ct, cr, cb), (x, y, w, h), alpha)
        if image is None:
            return
        clip = self.defs.new_id("c")
        self.defs.add(f'<clipPath id="{clip}">{g.outline(shape)}/></clipPath>')
        shadow = g.shadow(shape, shape.get("shadow"))
        self.parts.append(f'<g{g.transform(shape)}>{shadow}<g clip-path="url(#{clip})">{image}</g>')
        stroke = stroke_attrs(shape.get("line"))
        if stroke:
            self.parts.append(f'{g.outline(shape)}fill="none" {stroke}/>')
        self.parts.append("</g>")

    def _image(
        self,
        entry: Mapping[str, Any],
        data: bytes,
        crop: tuple[float, float, float, float],
        box: tuple[float, float, float, float],
        alpha: float,
    ) -> str | None:
        """The <image> element showing the cropped picture in `box`."""
        part = visible_part(crop, box)
        if part is None:
            return None
        source, (dx, dy, dw, dh) = part
        ctype = str(entry.get("content_type") or "")
        if ctype in RASTER_TYPES:
            uri = scaled_uri(
                data,
                source,
                max(1, round(dw * self.scale)),
                max(1, round(dh * self.scale)),
                round(alpha, 3),
            )
            opacity = ""
        elif ctype == "image/svg+xml":
            safe = safe_user_svg(data, box[2] * box[3] * self.scale**2)
            if safe is None:
                return None
            # The whole SVG drawn at the picture's full size, cut by the clip path.
            cl, ct, cr, cb = crop
            x, y, w, h = box
            iw, ih = w / max(1e-3, 1 - cl - cr), h / max(1e-3, 1 - ct - cb)
            dx, dy, dw, dh = x - cl * iw, y - ct * ih, iw, ih
            uri = "data:image/svg+xml;base64," + base64.b64encode(safe).decode("ascii")
            opacity = f' opacity="{f(alpha)}"' if alpha < 1 else ""
        else:
            return None
        if uri is None:
            return None
        return (
            f'<image x="{f(dx)}" y="{f(dy)}" width="{f(dw)}" height="{f(dh)}"{opacity} '
            f'preserveAspectRatio="none" xlink:href="{uri}"/>'
        )
