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

from PIL import Image

import engine.render.geometry as g  # the module itself, not the package: no import cycle
from engine.model.schema import (
    BoxShape,
    Crop,
    Fill,
    LineShape,
    Media,
    MediaInfo,
    PictureShape,
    RectShape,
    Shape,
    Slide,
    TextShape,
)
from engine.render.fonts import FontSet
from engine.render.images import MAX_OUT_SIDE, scaled_image, scaled_uri, visible_part
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
    (engine/model/svg/sanitize.py) parses it and rebuilds it without external references, scripts
    or active content, with its numbers clamped; resvg also gets an empty resources dir.
    An SVG whose estimated drawing cost at `pixels` output pixels is over SVG_BUDGET is
    refused too (resvg cannot be interrupted)."""
    from engine.model.svg.sanitize import sanitize_svg

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


# A deck's media: Media with the bytes (a Conversion's), or MediaInfo with base64 text or no
# data (Conversion.to_dict()).
MediaEntry = Media | MediaInfo


def media_bytes(entry: MediaEntry | None) -> bytes | None:
    """The bytes of a media entry: raw, or base64 as Conversion.to_dict(include_media=True) has them."""
    if entry is None:
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


Rotation = tuple[float, float, float] | None
Opened = tuple[tuple[str, Rotation], ...]  # open <g> tags (outermost first) with their rotation


@dataclass(frozen=True)
class Raster:
    """A picture a raster backend draws itself (inline_images=False): its pixels, already cut,
    scaled to output pixels and alpha applied; where (slide px); the outline that clips it;
    the groups open around it; its place in the slide's parts."""

    image: Image.Image
    dest: tuple[float, float, float, float]
    clip: str
    opened: Opened
    part: int


@dataclass
class SlideSvg:
    """Builds the SVG of one slide (inline_images=False: pictures kept out as Raster layers)."""

    width: float
    height: float
    media: Mapping[str, MediaEntry]
    fonts: FontSet = field(default_factory=FontSet)
    defs: Defs = field(default_factory=Defs)
    parts: list[str] = field(default_factory=list)
    drawn: int = 0
    painted: float = 0.0  # in slide areas
    inline_images: bool = True
    rasters: list[Raster] = field(default_factory=list)
    opened: list[tuple[str, Rotation]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.text = TextRenderer(self.fonts, self.defs, (self.width, self.height))
        self.scale = 1.0  # output pixels per slide px

    # -- document ---------------------------------------------------------------------------
    def build(self, slide: Slide, out_width: int) -> str:
        self.scale = out_width / self.width
        self.background(slide["background"])
        self.shapes(slide["shapes"], 0)
        return f"{self._head(out_width)}{''.join(self.parts)}</svg>"

    def _head(self, out_width: int) -> str:
        out_height = max(1, round(out_width * self.height / self.width))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'width="{out_width}" height="{out_height}" '
            f'viewBox="0 0 {f(self.width)} {f(self.height)}">'
            f"<defs>{''.join(self.defs.items)}</defs>"
        )

    def layers(self, out_width: int) -> list[str | Raster]:
        """After build(): the slide in painting order as standalone SVG documents (the shapes
        between two pictures, with the groups open around them) and Raster pictures."""
        head = self._head(out_width)
        out: list[str | Raster] = []
        start = 0
        opened: Opened = ()
        for raster in self.rasters:
            body = "".join(self.parts[start : raster.part])
            if body:
                reopen = "".join(tag for tag, _ in opened)
                out.append(f"{head}{reopen}{body}{'</g>' * len(raster.opened)}</svg>")
            out.append(raster)
            start, opened = raster.part + 1, raster.opened
        body = "".join(self.parts[start:])
        if body or not out:
            out.append(f"{head}{''.join(tag for tag, _ in opened)}{body}</svg>")
        return out

    def mask_svg(self, raster: Raster, out_width: int) -> str:
        """An SVG document painting the picture's clip outline black, under its groups."""
        reopen = "".join(tag for tag, _ in raster.opened)
        return f'{self._head(out_width)}{reopen}{raster.clip}fill="#000"/>{"</g>" * len(raster.opened)}</svg>'

    def _open(self, shape: BoxShape) -> None:
        tag = f"<g{g.transform(shape)}>"
        self.parts.append(tag)
        self.opened.append((tag, g.rotation(shape)))

    def _close(self) -> None:
        self.parts.append("</g>")
        self.opened.pop()

    def background(self, fill: Fill | None) -> None:
        full = (0.0, 0.0, self.width, self.height)
        opaque = fill is not None and fill["type"] == "solid" and unit(fill["alpha"]) >= 1
        if not opaque:  # an opaque colour covers it: one full-slide fill less for resvg
            self.parts.append(
                f'<rect width="{f(self.width)}" height="{f(self.height)}" fill="#ffffff"/>'
            )
        if fill is None:
            return
        if fill["type"] == "image":
            pic: PictureShape = {
                "kind": "picture",
                "x": 0.0,
                "y": 0.0,
                "w": self.width,
                "h": self.height,
                "media": fill["media"],
                "crop": fill["crop"],
                "alpha": fill.get("alpha", 1.0),
                "geom": "rect",
            }
            self.picture(pic)
        else:
            self.parts.append(
                f'<rect width="{f(self.width)}" height="{f(self.height)}" {fill_attrs(fill, full, self.defs)}/>'
            )

    def shapes(self, shapes: list[Shape], depth: int) -> None:
        for shape in shapes:
            if self.drawn >= MAX_SHAPES:
                return
            self.drawn += 1
            self.painted += self._cost(shape)
            if self.painted > MAX_PAINTED_SLIDES:
                return
            if shape["kind"] == "group":
                if depth < MAX_DEPTH:
                    self._open(shape)
                    self.shapes(shape["shapes"], depth + 1)
                    self._close()
            elif shape["kind"] == "rect":
                self.rect(shape)
            elif shape["kind"] == "text":
                self.text_shape(shape)
            elif shape["kind"] == "picture":
                self.picture(shape)
            elif shape["kind"] == "line":
                self.line(shape)
            else:
                from engine.render.tables import table_svg

                self.parts.append(table_svg(shape, self))

    def _cost(self, shape: Shape) -> float:
        """The share of the slide a shape paints (x 4 for gradients, + 1 per shadow layer)."""
        if shape["kind"] in ("group", "text"):
            return 0.0
        if shape["kind"] == "line":
            return 0.01
        x, y, w, h = g.box(shape)
        if shape.get("rotation"):
            r = math.hypot(w, h) / 2
            x, y, w, h = x + w / 2 - r, y + h / 2 - r, 2 * r, 2 * r
        cw = max(0.0, min(x + w, self.width) - max(x, 0.0))
        ch = max(0.0, min(y + h, self.height) - max(y, 0.0))
        fill = shape["fill"] if shape["kind"] == "rect" else None
        weight = 4.0 if fill is not None and fill["type"] == "gradient" else 1.0
        if shape.get("shadow"):
            weight += g.SHADOW_LAYERS
        return weight * cw * ch / (self.width * self.height) + 0.001

    # -- shapes ---------------------------------------------------------------------------
    def rect(self, shape: RectShape) -> None:
        box = g.box(shape)
        paint = fill_attrs(shape["fill"], g.bounds(shape), self.defs)
        stroke = stroke_attrs(shape.get("line"))
        tr = g.transform(shape)
        if paint != 'fill="none"' or stroke:
            shadow = g.shadow(shape, shape.get("shadow"))
            self.parts.append(f"<g{tr}>{shadow}{g.outline(shape)}{paint} {stroke}/></g>")
        text = shape.get("text")
        if text is not None:
            self.parts.append(f"<g{tr}>{self.text.body(text, box)}</g>")

    def text_shape(self, shape: TextShape) -> None:
        body = self.text.body(shape["text"], g.box(shape))
        if body:
            self.parts.append(f"<g{g.transform(shape)}>{body}</g>")

    def line(self, shape: LineShape) -> None:
        stroke = stroke_attrs(shape["line"])
        if not stroke:
            return
        x1, y1, x2, y2 = num(shape["x1"]), num(shape["y1"]), num(shape["x2"]), num(shape["y2"])
        # A <path>, not a <line>: skia's SVG module ignores stroke-dasharray on <line>.
        self.parts.append(f'<path d="M{f(x1)},{f(y1)}L{f(x2)},{f(y2)}" {stroke}/>')

    def picture(self, shape: PictureShape) -> None:
        x, y, w, h = g.box(shape)
        entry = self.media.get(shape["media"])
        data = media_bytes(entry)
        if data is None or entry is None or w <= 0 or h <= 0:
            return
        cl, ct, cr, cb = _crop(shape["crop"])
        alpha = unit(shape["alpha"])
        if not self.inline_images:
            self._raster_picture(shape, entry, data, (cl, ct, cr, cb), alpha)
            return
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

    def _raster_picture(
        self,
        shape: PictureShape,
        entry: MediaEntry,
        data: bytes,
        crop: tuple[float, float, float, float],
        alpha: float,
    ) -> None:
        """picture() for a raster backend: shadow, a Raster layer, border."""
        found = self._pixels(entry, data, crop, g.box(shape), round(alpha, 3))
        if found is None:
            return
        image, dest = found
        self._open(shape)
        self.parts.append(g.shadow(shape, shape.get("shadow")))
        self.rasters.append(
            Raster(image, dest, g.outline(shape), tuple(self.opened), len(self.parts))
        )
        self.parts.append("")  # the picture's place
        stroke = stroke_attrs(shape.get("line"))
        if stroke:
            self.parts.append(f'{g.outline(shape)}fill="none" {stroke}/>')
        self._close()

    def _pixels(
        self,
        entry: MediaEntry,
        data: bytes,
        crop: tuple[float, float, float, float],
        box: tuple[float, float, float, float],
        alpha: float,
    ) -> tuple[Image.Image, tuple[float, float, float, float]] | None:
        """(RGBA pixels at output size, destination in slide px) of a picture. An SVG picture
        from content goes through safe_user_svg and is rasterized in the resvg helper process
        (engine.model.svg.render) only: the raster backend never parses content SVG."""
        ctype = entry["content_type"]
        if ctype in RASTER_TYPES:
            part = visible_part(crop, box)
            if part is None:
                return None
            source, dest = part
            out_w, out_h = max(1, round(dest[2] * self.scale)), max(1, round(dest[3] * self.scale))
            image = scaled_image(data, source, out_w, out_h, alpha)
            return None if image is None else (image, dest)
        if ctype != "image/svg+xml":
            return None
        safe = safe_user_svg(data, box[2] * box[3] * self.scale**2)
        if safe is None:
            return None
        cl, ct, cr, cb = crop
        x, y, w, h = box
        iw, ih = w / max(1e-3, 1 - cl - cr), h / max(1e-3, 1 - ct - cb)
        out_w = max(1, min(MAX_OUT_SIDE, round(iw * self.scale)))
        out_h = max(1, min(MAX_OUT_SIDE, round(ih * self.scale)))
        image = _svg_pixels(safe, out_w, out_h, tuple(self.fonts.files), alpha)
        return None if image is None else (image, (x - cl * iw, y - ct * ih, iw, ih))

    def _image(
        self,
        entry: MediaEntry,
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
        ctype = entry["content_type"]
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


def _crop(crop: Crop | None) -> tuple[float, float, float, float]:
    """A picture's crop (l, t, r, b), each side cut to -10 .. 0.999 (no crop: zeros)."""
    if crop is None:
        return 0.0, 0.0, 0.0, 0.0

    def side(value: float) -> float:
        return max(-10.0, min(0.999, num(value)))

    return side(crop["l"]), side(crop["t"]), side(crop["r"]), side(crop["b"])


SVG_PICTURE_TIMEOUT_S = 10.0


def _svg_pixels(
    safe: bytes, width: int, height: int, fonts: tuple[str, ...], alpha: float
) -> Image.Image | None:
    """A sanitized content SVG drawn by resvg in the helper process, as RGBA pixels."""
    import io

    from engine.model.svg.render import FontSet as HelperFonts
    from engine.model.svg.render import rasterize

    out = rasterize(
        safe.decode("utf-8"), width, height, HelperFonts(files=fonts), SVG_PICTURE_TIMEOUT_S
    )
    if out.status != "ok" or not out.png:
        return None
    try:
        with Image.open(io.BytesIO(out.png)) as im:
            rgba = im.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    if alpha < 0.999:
        rgba.putalpha(rgba.getchannel("A").point(lambda v: int(v * alpha + 0.5)))
    return rgba
