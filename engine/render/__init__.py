"""PNG renderer (slide model + media -> SVG -> PNG through resvg): covers and previews without a browser or LibreOffice.

    render_slide_png(slide, width=640, media=..., size=(w, h)) -> PNG bytes
    render_deck_pngs(conversion_or_model, width=640)          -> [PNG bytes, ...]
    render_cover_png(conversion_or_model, width=640)          -> PNG bytes of slide 1
    slide_svg(...)                                            -> the SVG text (for debugging)

resvg gets an empty resources directory and only the font files the engine resolved for
the slide's runs (engine/render/fonts.py); it never loads system fonts or files named by
content.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Mapping, Sequence
from typing import Any

from engine.render.document import SlideSvg

DEFAULT_WIDTH = 640
log = logging.getLogger("deckforge.render")
MAX_WIDTH = 8192

__all__ = [
    "DEFAULT_WIDTH",
    "render_cover_png",
    "render_deck_pngs",
    "render_slide_png",
    "slide_svg",
]


def _size(size: Any) -> tuple[float, float]:
    try:
        w, h = float(size[0]), float(size[1])
    except (TypeError, ValueError, IndexError):
        return 1280.0, 720.0
    if not (1 <= w <= 100_000 and 1 <= h <= 100_000):
        return 1280.0, 720.0
    return w, h


def _width(width: int) -> int:
    return max(1, min(MAX_WIDTH, int(width)))


def slide_svg(
    slide: Mapping[str, Any],
    width: int = DEFAULT_WIDTH,
    *,
    media: Mapping[str, Any] | None = None,
    size: Sequence[float] = (1280.0, 720.0),
) -> tuple[str, list[str]]:
    """(SVG text, font files it needs) for one slide drawn `width` px wide."""
    sw, sh = _size(size)
    doc = SlideSvg(sw, sh, media or {})
    svg = doc.build(slide if isinstance(slide, Mapping) else {}, _width(width))
    return svg, doc.fonts.files


def rasterize(svg: str, font_files: list[str], width: int = 1, height: int = 1) -> bytes:
    """resvg: the SVG to PNG bytes, with an empty resources dir and only `font_files`. If resvg
    fails (it panics on some degenerate geometry), a blank white width x height PNG."""
    import resvg_py

    with tempfile.TemporaryDirectory(prefix="deckforge-render-") as empty:
        try:
            return bytes(
                resvg_py.svg_to_bytes(
                    svg_string=svg,
                    skip_system_fonts=True,
                    font_files=font_files,
                    resources_dir=empty,
                )
            )
        except (ValueError, RuntimeError, BaseException) as exc:  # pyo3 PanicException
            if isinstance(exc, (KeyboardInterrupt, SystemExit, MemoryError)):
                raise
            log.warning("resvg failed (%s); drawing a blank slide", type(exc).__name__)
    blank = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{max(1, width)}" '
        f'height="{max(1, height)}"><rect width="100%" height="100%" fill="#ffffff"/></svg>'
    )
    return bytes(resvg_py.svg_to_bytes(svg_string=blank, skip_system_fonts=True))


def render_slide_png(
    slide: Mapping[str, Any],
    width: int = DEFAULT_WIDTH,
    *,
    media: Mapping[str, Any] | None = None,
    size: Sequence[float] = (1280.0, 720.0),
) -> bytes:
    """One slide model (engine/model/schema.py) as a PNG `width` px wide; `media` is the
    deck's media by key (Conversion.media), `size` the slide size in px."""
    svg, fonts = slide_svg(slide, width, media=media, size=size)
    sw, sh = _size(size)
    out_w = _width(width)
    return rasterize(svg, fonts, out_w, max(1, round(out_w * sh / sw)))


def _deck_parts(source: Any) -> tuple[list[Any], Mapping[str, Any], tuple[float, float]]:
    """(slides, media, size) from a Conversion or a deck dict {"width","height","slides","media"}."""
    if isinstance(source, Mapping):
        slides = source.get("slides")
        media = source.get("media")
        return (
            list(slides) if isinstance(slides, list) else [],
            media if isinstance(media, Mapping) else {},
            _size((source.get("width"), source.get("height"))),
        )
    slides = getattr(source, "slides", None)
    media = getattr(source, "media", None)
    size = (getattr(source, "slide_width", 1280.0), getattr(source, "slide_height", 720.0))
    return (
        list(slides) if isinstance(slides, list) else [],
        media if isinstance(media, Mapping) else {},
        _size(size),
    )


def render_deck_pngs(source: Any, width: int = DEFAULT_WIDTH) -> list[bytes]:
    """Every slide of a Conversion (engine.api.convert) or deck model dict, in order."""
    slides, media, size = _deck_parts(source)
    return [render_slide_png(s, width, media=media, size=size) for s in slides]


def render_cover_png(source: Any, width: int = DEFAULT_WIDTH) -> bytes:
    """The cover image: slide 1 at `width` px (a blank white slide for an empty deck)."""
    slides, media, size = _deck_parts(source)
    slide = slides[0] if slides else {"background": None, "shapes": []}
    return render_slide_png(slide, width, media=media, size=size)
