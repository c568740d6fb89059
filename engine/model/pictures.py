"""Pictures (replaced images, inline SVG and background images -> picture shapes with crops)."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image

from engine.diagnostics import Diagnostics
from engine.layout.fragments import BoxFragment
from engine.media import store_media
from engine.model.decor.borders import radius_px
from engine.model.decor.effects import box_shadows, shadow_effect
from engine.model.geometry import GeomKeys, Matrix, geom_for, place_rect, round_crop
from engine.model.schema import text_body
from engine.model.schema.fills import Crop
from engine.model.schema.shapes import PictureShape, Shape, TextShape
from engine.model.schema.text import Paragraph, Run
from engine.model.svg.media import render_svg
from engine.model.svg.text import SvgText, extract_svg_text
from engine.model.text import metrics as tm
from engine.options import Limits
from engine.style.types import LP, UrlImage
from engine.units import px_to_pt


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float


def _len(value: Any, basis: float) -> float:
    if isinstance(value, LP):
        return value.resolve(basis)
    if isinstance(value, (int, float)):
        return float(value)
    return 0.0


def fit_rect(box: Rect, iw: float, ih: float, fit: str, position: Any) -> Rect:
    """Where the image is drawn for object-fit / background-size keywords (CSS Images 3)."""
    if iw <= 0 or ih <= 0:
        return box
    if fit == "fill":
        return box
    if fit == "contain":
        scale = min(box.w / iw, box.h / ih)
    elif fit == "cover":
        scale = max(box.w / iw, box.h / ih)
    elif fit == "none":
        scale = 1.0
    elif fit == "scale-down":
        scale = min(1.0, min(box.w / iw, box.h / ih))
    else:
        scale = 1.0
    dw, dh = iw * scale, ih * scale
    px, py = position if position else (LP(0.0, 50.0), LP(0.0, 50.0))
    x = box.x + _len(px, box.w - dw)
    y = box.y + _len(py, box.h - dh)
    return Rect(x, y, dw, dh)


def crop_to(drawn: Rect, clip: Rect) -> tuple[Rect, Crop | None]:
    """The visible part of `drawn` inside `clip`, and the srcRect crop fractions for it."""
    x0, y0 = max(drawn.x, clip.x), max(drawn.y, clip.y)
    x1, y1 = min(drawn.x + drawn.w, clip.x + clip.w), min(drawn.y + drawn.h, clip.y + clip.h)
    if x1 <= x0 or y1 <= y0 or drawn.w <= 0 or drawn.h <= 0:
        return Rect(x0, y0, 0.0, 0.0), None
    crop: Crop = {
        "l": (x0 - drawn.x) / drawn.w,
        "t": (y0 - drawn.y) / drawn.h,
        "r": (drawn.x + drawn.w - x1) / drawn.w,
        "b": (drawn.y + drawn.h - y1) / drawn.h,
    }
    return Rect(x0, y0, x1 - x0, y1 - y0), None if max(
        crop["l"], crop["t"], crop["r"], crop["b"]
    ) < 1e-4 else round_crop(crop)


def _picture_geom(frag: BoxFragment, w: float, h: float) -> GeomKeys:
    """The picture's geometry: the box's corner radii (an ellipse for a circle)."""
    return geom_for(radius_px(frag.box.style, frag.width, frag.height), w, h)


def replaced_shapes(
    frag: BoxFragment,
    m: Matrix,
    alpha: float,
    diag: Diagnostics,
    media: dict[str, Any],
    lang: str = "",
    limits: Limits | None = None,
) -> list[Shape]:
    """The picture of an <img> or inline <svg> fragment; an SVG's plain <text> labels become
    native text boxes on top of it."""
    rep = frag.box.replaced
    if rep is None or frag.box.style["visibility"] != "visible":
        return []
    if rep.kind != "svg":
        pic = replaced_picture(frag, m, alpha, diag, media, limits=limits)
        return [pic] if pic is not None else []
    content = Rect(frag.content_x, frag.content_y, frag.content_width, frag.content_height)
    markup, texts = extract_svg_text(
        rep.svg_markup or "", content.w, content.h, frag.box.style, lang
    )
    shapes: list[Shape] = []
    pic = replaced_picture(frag, m, alpha, diag, media, markup, limits)
    if pic is not None:
        shapes.append(pic)
    shapes.extend(svg_text_shape(t, content.x, content.y, m, alpha) for t in texts)
    return shapes


def svg_text_shape(t: SvgText, ox: float, oy: float, m: Matrix, alpha: float) -> TextShape:
    spacing = tm.line_spacing_for(t.size * 1.2, None, t.size)
    top = tm.box_top_for_baseline(oy + t.baseline, None, t.size, spacing)  # type: ignore[arg-type]
    run: Run = {
        "text": t.text,
        "font": t.family,
        "size": round(px_to_pt(t.size), 2),
        "color": t.color.hex,
    }
    if t.ea_family:
        run["ea_font"] = t.ea_family
    if t.bold:
        run["bold"] = True
    if t.italic:
        run["italic"] = True
    if t.color.a * alpha < 1.0:
        run["alpha"] = round(t.color.a * alpha, 4)
    if t.letter_spacing:
        run["spacing"] = round(px_to_pt(t.letter_spacing), 2)
    para: Paragraph = {
        "align": "l",
        "line_spacing": spacing,
        "space_before": 0.0,
        "space_after": 0.0,
        "runs": [run],
    }
    body = text_body([para], wrap=False)
    width = tm.box_width_for_line(t.width, t.size) + tm.cjk_autospace_px(t.text, t.size)
    return {
        "kind": "text",
        "text": body,
        "name": "svg text",
        **place_rect(m, ox + t.x, top, width, t.size * 1.2),
    }


def replaced_picture(
    frag: BoxFragment,
    m: Matrix,
    alpha: float,
    diag: Diagnostics,
    media: dict[str, Any],
    svg_markup: str | None = None,
    limits: Limits | None = None,
) -> PictureShape | None:
    """The picture shape of an <img> or inline <svg> fragment (object-fit and object-position applied)."""
    rep = frag.box.replaced
    style = frag.box.style
    if rep is None or style["visibility"] != "visible":
        return None
    alpha_for_shadow = alpha
    content = Rect(frag.content_x, frag.content_y, frag.content_width, frag.content_height)
    if content.w <= 0 or content.h <= 0:
        return None
    svg_key = None
    where = frag.box.describe()
    if rep.kind == "svg":
        markup = svg_markup if svg_markup is not None else rep.svg_markup or ""
        entry = render_svg(
            markup, content.w, content.h, style, diag, media, opacity=alpha, limits=limits
        )
        if entry is None:
            return None
        key = entry["key"]
        svg_key = entry.get("svg_key")
        iw, ih = content.w, content.h
        fit = "fill"
        alpha = 1.0  # baked into both renditions
    elif rep.kind == "image" and rep.media_key in media:
        key = rep.media_key
        iw, ih = media[key]["width"], media[key]["height"]
        fit = style["object-fit"]
        key, alpha = baked(key, alpha, media, diag, where)
    else:
        return None
    drawn = fit_rect(content, iw, ih, fit, style["object-position"])
    visible, crop = crop_to(drawn, content)
    if visible.w <= 0 or visible.h <= 0:
        return None
    shape: PictureShape = {
        "kind": "picture",
        "media": key,
        "crop": crop,
        **_picture_geom(frag, visible.w, visible.h),
        "alpha": round(alpha, 4),
        "name": where,
        **place_rect(m, visible.x, visible.y, visible.w, visible.h),
    }
    if svg_key:
        shape["svg_media"] = svg_key
    alt = _alt_text(frag.box.element)
    if alt:
        shape["alt"] = alt  # the picture's description (cNvPr/@descr) for screen readers
    if style["background-color"].a <= 0 and not any(
        x != "none" for x in style["background-image"] or ()
    ):
        blurred = [s for s in box_shadows(style) if s.blur > 0.5]
        if blurred:  # a box without a background: its picture casts the shadow
            shape["shadow"] = shadow_effect(blurred[0], alpha_for_shadow)
    return shape


def _alt_text(element: Any) -> str:
    """An <img>'s alt (or an inline <svg>'s aria-label/<title>), whitespace collapsed."""
    if element is None or not isinstance(getattr(element, "tag", None), str):
        return ""
    text = element.get("alt") or element.get("aria-label") or ""
    if not text and str(element.tag).rsplit("}", 1)[-1] == "svg":
        for child in element:
            if isinstance(child.tag, str) and child.tag.rsplit("}", 1)[-1] == "title":
                text = "".join(child.itertext())
                break
    return " ".join(str(text).split())[:1000]


def background_picture(
    frag: BoxFragment,
    layer: UrlImage,
    m: Matrix,
    alpha: float,
    diag: Diagnostics,
    media: dict[str, Any],
    index: int = 0,
) -> PictureShape | None:
    """Background layer `index` (a url() image) as a picture: that layer's background-size,
    -position, -origin and -clip applied, cut to the painting area."""
    style = frag.box.style
    where = frag.box.describe()
    # Loaded by the box stage, with the caller's options and limits.
    key = frag.box.background_media.get(layer.url)
    entry = media.get(key) if key is not None else None
    if entry is None:
        return None
    iw, ih = entry["width"], entry["height"]
    b, p = frag.border, frag.padding
    boxes = {
        "border-box": Rect(0.0, 0.0, frag.width, frag.height),
        "padding-box": Rect(b.left, b.top, frag.width - b.horizontal, frag.height - b.vertical),
        "content-box": Rect(
            b.left + p.left,
            b.top + p.top,
            frag.width - b.horizontal - p.horizontal,
            frag.height - b.vertical - p.vertical,
        ),
    }
    area = boxes.get(_layer(style, "background-origin", index, "padding-box"), boxes["padding-box"])
    painting = boxes.get(_layer(style, "background-clip", index, "border-box"), boxes["border-box"])
    size = _layer(style, "background-size", index, ("auto", "auto"))
    position = _layer(style, "background-position", index, (LP(0.0, 0.0), LP(0.0, 0.0)))
    if size in ("cover", "contain"):
        drawn = fit_rect(area, iw, ih, size, position)
    else:
        sw, sh = size if isinstance(size, tuple) else ("auto", "auto")
        w = _len(sw, area.w) if sw != "auto" else None
        h = _len(sh, area.h) if sh != "auto" else None
        if w is None and h is None:
            w, h = iw, ih
        elif w is None:
            w = iw * (h or 0) / ih if ih else 0.0
        elif h is None:
            h = ih * w / iw if iw else 0.0
        assert w is not None and h is not None
        drawn = Rect(
            area.x + _len(position[0], area.w - w), area.y + _len(position[1], area.h - h), w, h
        )
    rep = _layer(style, "background-repeat", index, ("repeat", "repeat"))
    if rep != ("no-repeat", "no-repeat") and (
        drawn.w < painting.w - 0.5 or drawn.h < painting.h - 0.5
    ):
        diag.add("unsupported", "repeated background image drawn once", where)
    visible, crop = crop_to(drawn, painting)
    if visible.w <= 0 or visible.h <= 0:
        return None
    key, shape_alpha = baked(entry["key"], alpha, media, diag, where)
    return {
        "kind": "picture",
        "media": key,
        "crop": crop,
        **_picture_geom(frag, visible.w, visible.h),
        "alpha": round(shape_alpha, 4),
        "name": where + " background",
        **place_rect(m, visible.x, visible.y, visible.w, visible.h),
    }


def _layer(style: Any, prop: str, index: int, default: Any) -> Any:
    values = style[prop] or (default,)
    return values[index % len(values)]


# -- opacity baked into the pixels -------------------------------------------------------------

BAKE_MAX_PIXELS = 4_000_000  # larger images keep a:alphaModFix (LibreOffice 7.4 ignores it)


def baked(
    key: str, alpha: float, media: dict[str, Any], diag: Diagnostics, where: str = ""
) -> tuple[str, float]:
    """(media key, remaining alpha): an image drawn at `alpha` < 1 gets a copy whose pixels
    carry that opacity (PowerPoint and LibreOffice alike), up to BAKE_MAX_PIXELS."""
    entry = media.get(key)
    if alpha >= 0.999 or entry is None:
        return key, alpha
    content = entry.get("content_type")
    if content == "image/svg+xml":
        return key, alpha
    data = _bake_png(
        entry["data"], round(alpha, 3), int(entry.get("width", 0) * entry.get("height", 0))
    )
    if data is None:
        return key, alpha
    new = store_media(media, data, "image/png", entry["width"], entry["height"])
    return new["key"], 1.0


@lru_cache(maxsize=64)
def _bake_png(data: bytes, alpha: float, pixels: int) -> bytes | None:
    if pixels > BAKE_MAX_PIXELS:
        return None
    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.width * im.height > BAKE_MAX_PIXELS:
                return None
            rgba = im.convert("RGBA")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    a = rgba.getchannel("A").point(lambda v: int(v * alpha + 0.5))
    rgba.putalpha(a)
    out = io.BytesIO()
    rgba.save(out, format="PNG", compress_level=6)
    return out.getvalue()
