"""PNG renderer (slide model + media -> SVG -> PNG through skia, or resvg): covers and previews without a browser or LibreOffice.

    render_slide_png(slide, width=640, media=..., size=(w, h), backend=None) -> PNG bytes
    render_model_png(slide, ...)                              -> the same, for the engine's slides
    render_deck_pngs(conversion_or_model, width=640)          -> [PNG bytes, ...]
    render_cover_png(conversion_or_model, width=640)          -> PNG bytes of slide 1
    slide_svg(...)                                            -> the SVG text (for debugging)

resvg gets an empty resources directory and only the font files the engine resolved for
the slide's runs (engine/render/fonts.py); it never loads system fonts or files named by
content.

Backends: "skia" (default when skia-python imports; engine/render/raster.py draws the same SVG
in-process, pictures from their pixels, PNG at zlib level 1) and "resvg" (the helper process;
the fallback, and used for a slide that needs an SVG <text> fallback face).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from typing import TYPE_CHECKING, cast

from engine.model.schema import (
    Deck,
    Slide,
    blank_slide,
    validate_deck,
    validate_media,
    validate_slide,
)
from engine.render.document import MediaEntry, SlideSvg

if TYPE_CHECKING:
    from engine.api import Conversion

DEFAULT_WIDTH = 640
BACKENDS = ("skia", "resvg")
# skia draws in this process (no address-space limit like the resvg helper's): larger outputs
# go to resvg. 16 Mpx = ~64 MB per RGBA buffer (the surface, its copy, the PNG's input).
SKIA_MAX_PIXELS = 16_000_000
log = logging.getLogger("deckforge.render")
MAX_WIDTH = 8192

__all__ = [
    "BACKENDS",
    "DEFAULT_WIDTH",
    "default_backend",
    "render_cover_png",
    "render_deck_pngs",
    "render_model_png",
    "render_slide_png",
    "slide_svg",
]


def _size(size: object) -> tuple[float, float]:
    """(w, h) slide px from what a caller passed (anything unusable: 1280 x 720)."""
    try:
        w, h = float(size[0]), float(size[1])  # type: ignore[index]
    except (TypeError, ValueError, IndexError, KeyError):
        return 1280.0, 720.0
    if not (1 <= w <= 100_000 and 1 <= h <= 100_000):
        return 1280.0, 720.0
    return w, h


def _width(width: int) -> int:
    return max(1, min(MAX_WIDTH, int(width)))


def _checked(slide: object, media: object) -> tuple[Slide, Mapping[str, MediaEntry]]:
    """A slide and media from outside the engine, checked against the slide model
    (engine.model.schema.ModelError lists what does not match)."""
    validate_slide(slide)
    if media is None:
        return cast(Slide, slide), {}
    validate_media(media)
    return cast(Slide, slide), cast(Mapping[str, MediaEntry], media)


def slide_svg(
    slide: Slide | Mapping[str, object],
    width: int = DEFAULT_WIDTH,
    *,
    media: Mapping[str, MediaEntry] | Mapping[str, Mapping[str, object]] | None = None,
    size: Sequence[float] = (1280.0, 720.0),
) -> tuple[str, list[str]]:
    """(SVG text, font files it needs) for one slide drawn `width` px wide (the slide and
    media are checked against the slide model first, as render_slide_png does)."""
    model, entries = _checked(slide, media)
    return _model_svg(model, width, entries, _size(size))


def _model_svg(
    slide: Slide, width: int, media: Mapping[str, MediaEntry], size: tuple[float, float]
) -> tuple[str, list[str]]:
    doc = SlideSvg(size[0], size[1], media)
    svg = doc.build(slide, _width(width))
    return svg, doc.fonts.files


RENDER_TIMEOUT_S = 10.0  # one slide; resvg cannot be interrupted in-process


def rasterize(svg: str, font_files: list[str], width: int = 1, height: int = 1) -> bytes:
    """resvg in the engine's render helper process (engine.model.svg.render: empty resources
    dir, only `font_files`, a time limit, and a crash or abort ends the helper, not this
    process). If resvg fails, times out or crashes, a blank white width x height PNG."""
    from engine.model.svg.render import FontSet
    from engine.model.svg.render import rasterize as render_in_helper

    out = render_in_helper(
        svg, max(1, width), max(1, height), FontSet(files=tuple(font_files)), RENDER_TIMEOUT_S
    )
    if out.status == "ok" and out.png:
        return out.png
    log.warning("resvg %s (%s); drawing a blank slide", out.status, out.detail[:200])
    return _blank_png(width, height)


def _blank_png(width: int, height: int) -> bytes:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (max(1, width), max(1, height)), (255, 255, 255)).save(buf, format="PNG")
    return buf.getvalue()


def default_backend() -> str:
    """ "skia" when skia-python is importable, else "resvg"."""
    from engine.render.raster import AVAILABLE

    return "skia" if AVAILABLE else "resvg"


def render_slide_png(
    slide: Slide | Mapping[str, object],
    width: int = DEFAULT_WIDTH,
    *,
    media: Mapping[str, MediaEntry] | Mapping[str, Mapping[str, object]] | None = None,
    size: Sequence[float] = (1280.0, 720.0),
    backend: str | None = None,
) -> bytes:
    """One slide of the slide model (engine/model/schema) as a PNG `width` px wide; `media`
    is the deck's media by key (Conversion.media, or Conversion.to_dict()'s "media"), `size`
    the slide size in px; `backend` one of BACKENDS (None: default_backend()). The slide and
    media come from outside the engine: they are checked against the slide model first
    (engine.model.schema.ModelError lists what does not match)."""
    model, entries = _checked(slide, media)
    return render_model_png(model, width, media=entries, size=size, backend=backend)


def render_model_png(
    slide: Slide,
    width: int = DEFAULT_WIDTH,
    *,
    media: Mapping[str, MediaEntry] | None = None,
    size: Sequence[float] = (1280.0, 720.0),
    backend: str | None = None,
) -> bytes:
    """render_slide_png for a slide the engine made (a Conversion's: typed, not checked again)."""
    backend = backend or default_backend()
    if backend not in BACKENDS:
        raise ValueError(f"unknown render backend {backend!r}")
    sw, sh = _size(size)
    out_w = _width(width)
    out_h = max(1, round(out_w * sh / sw))
    if backend == "skia" and out_w * out_h <= SKIA_MAX_PIXELS:
        from engine.render.raster import render_png

        doc = SlideSvg(sw, sh, media or {}, inline_images=False)
        doc.build(slide, out_w)
        if not any("<text" in part for part in doc.parts):
            return render_png(doc, out_w, out_h)
    svg, fonts = _model_svg(slide, width, media or {}, (sw, sh))
    return rasterize(svg, fonts, out_w, out_h)


def _deck_parts(
    source: Conversion | Mapping[str, object],
) -> tuple[list[Slide], Mapping[str, MediaEntry], tuple[float, float]]:
    """(slides, media, size) of a Conversion (made by the engine: as it is) or of a deck dict
    {"width", "height", "slides", "media"} (from outside: checked against the slide model;
    "media" as Conversion.media or Conversion.to_dict() has it)."""
    if not isinstance(source, Mapping):
        return source.slides, source.media, _size((source.slide_width, source.slide_height))
    validate_deck({k: v for k, v in source.items() if k != "media"})
    media = source.get("media", {})
    validate_media(media)
    deck = cast(Deck, source)
    return (
        deck["slides"],
        cast(Mapping[str, MediaEntry], media),
        _size((deck["width"], deck["height"])),
    )


def render_deck_pngs(
    source: Conversion | Mapping[str, object],
    width: int = DEFAULT_WIDTH,
    backend: str | None = None,
) -> list[bytes]:
    """Every slide of a Conversion (engine.api.convert) or deck model dict, in order."""
    slides, media, size = _deck_parts(source)
    with _web_fonts_of(source):
        return [render_model_png(s, width, media=media, size=size, backend=backend) for s in slides]


def render_cover_png(
    source: Conversion | Mapping[str, object],
    width: int = DEFAULT_WIDTH,
    backend: str | None = None,
) -> bytes:
    """The cover image: slide 1 at `width` px (a blank white slide for an empty deck)."""
    slides, media, size = _deck_parts(source)
    slide = slides[0] if slides else blank_slide()
    with _web_fonts_of(source):
        return render_model_png(slide, width, media=media, size=size, backend=backend)


def _web_fonts_of(source: Conversion | Mapping[str, object]) -> AbstractContextManager[None]:
    """A Conversion's @font-face faces active while its slides are drawn (runs naming an
    @font-face family are drawn with the page's font, as Chromium drew them)."""
    if isinstance(source, Mapping):
        return nullcontext()
    from engine.fonts.webfonts import use_web_fonts

    return use_web_fonts(source.web_fonts)
