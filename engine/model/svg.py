"""Inline SVG (markup + used size -> an SVG media part and its PNG fallback rendered at 2x)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from engine.diagnostics import Diagnostics
from engine.resources import store_media

SVG_NS = "http://www.w3.org/2000/svg"
FALLBACK_SCALE = 2.0  # the PNG fallback is rendered at 2x the used size...
MAX_FALLBACK_PIXELS = 1_000_000  # ...unless that is over a megapixel: then 1x (large diagrams)
_EXTERNAL_REF = re.compile(r"""(?:xlink:)?href\s*=\s*["'](?!#|data:)[^"']*["']""", re.I)
_ROOT_SIZE = re.compile(r"(<svg\b[^>]*?)\s(width|height)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I | re.S)


def prepare_svg(markup: str, width: float, height: float, color_hex: str) -> str:
    """Standalone SVG text: namespace, the used size, currentColor resolved, external references removed."""
    text = markup.strip()
    if "xmlns=" not in text[:500]:
        text = re.sub(r"<svg\b", f'<svg xmlns="{SVG_NS}"', text, count=1, flags=re.I)
    if "xmlns:xlink" not in text[:800] and "xlink:" in text:
        text = re.sub(r"<svg\b", '<svg xmlns:xlink="http://www.w3.org/1999/xlink"', text, count=1, flags=re.I)
    for _ in range(2):
        text = _ROOT_SIZE.sub(r"\1", text, count=1)
    text = re.sub(r"<svg\b", f'<svg width="{width:.2f}" height="{height:.2f}"', text, count=1, flags=re.I)
    text = re.sub(r"currentColor", f"#{color_hex}", text, flags=re.I)
    return _EXTERNAL_REF.sub("", text)


@lru_cache(maxsize=512)
def _rasterize(svg_text: str, width: int, height: int) -> bytes | None:
    try:
        import resvg_py
    except ImportError:
        return None
    try:
        # Loading the system fonts costs ~100 ms per call: only when text is left to draw.
        no_text = "<text" not in svg_text
        return bytes(resvg_py.svg_to_bytes(svg_string=svg_text, width=width, height=height, skip_system_fonts=no_text))
    except (ValueError, RuntimeError):
        return None


def render_svg(markup: str, width: float, height: float, style: Any, diag: Diagnostics, media: dict[str, Any]) -> dict[str, Any] | None:
    """Store the SVG and a 2x PNG fallback in the page's media; returns the PNG entry (with 'svg_key')."""
    if width <= 0 or height <= 0 or not markup:
        return None
    color = style["color"]
    svg_text = prepare_svg(markup, width, height, color.hex if hasattr(color, "hex") else "000000")
    scale = FALLBACK_SCALE if width * height * FALLBACK_SCALE**2 <= MAX_FALLBACK_PIXELS else 1.0
    png = _rasterize(svg_text, max(1, round(width * scale)), max(1, round(height * scale)))
    if png is None:
        diag.add("resource", "SVG could not be rendered; dropped", "svg")
        return None
    svg_entry = store_media(media, svg_text.encode("utf-8"), "image/svg+xml", width, height)
    entry = dict(store_media(media, png, "image/png", width * scale, height * scale))
    entry["svg_key"] = svg_entry["key"]
    return entry
