"""Inline SVG (markup + used size -> an SVG media part and its PNG fallback rendered at 2x)."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from engine.diagnostics import Diagnostics
from engine.resources import store_media

SVG_NS = "http://www.w3.org/2000/svg"
FALLBACK_SCALE = 2.0  # the PNG fallback is rendered at 2x the used size...
MAX_FALLBACK_PIXELS = 1_000_000  # ...unless that is over a megapixel: then 1x (large diagrams)
# resvg holds the GIL and cannot be interrupted, so its time is bounded beforehand: a cost
# estimate (output pixels x (1 + 4 per filtered element + elements / 100); ~7.5 ns per unit
# measured) must stay under the budget (~0.5 s), else the fallback is rendered smaller.
RENDER_BUDGET = 64_000_000
MIN_SCALE = 0.25
MAX_SVG_CHARS = 2_000_000
MAX_SVG_ELEMENTS = 20_000
_EXTERNAL_REF = re.compile(r"""(?:xlink:)?href\s*=\s*["'](?!#|data:)[^"']*["']""", re.I)
_ROOT_SIZE = re.compile(r"(<svg\b[^>]*?)\s(width|height)\s*=\s*(\"[^\"]*\"|'[^']*')", re.I | re.S)


def prepare_svg(
    markup: str, width: float, height: float, color_hex: str, opacity: float = 1.0
) -> str:
    """Standalone SVG text: namespace, the used size, currentColor resolved, external references
    removed, the element's opacity (< 1) as a group around the content."""
    text = markup.strip()
    if "xmlns=" not in text[:500]:
        text = re.sub(r"<svg\b", f'<svg xmlns="{SVG_NS}"', text, count=1, flags=re.I)
    if "xmlns:xlink" not in text[:800] and "xlink:" in text:
        text = re.sub(
            r"<svg\b", '<svg xmlns:xlink="http://www.w3.org/1999/xlink"', text, count=1, flags=re.I
        )
    for _ in range(2):
        text = _ROOT_SIZE.sub(r"\1", text, count=1)
    text = re.sub(
        r"<svg\b", f'<svg width="{width:.2f}" height="{height:.2f}"', text, count=1, flags=re.I
    )
    text = re.sub(r"currentColor", f"#{color_hex}", text, flags=re.I)
    if opacity < 0.999:
        root = re.search(r"<svg\b[^>]*>", text, flags=re.I)
        end = text.lower().rfind("</svg>")
        if root is not None and end > root.end():
            group = f'<g opacity="{max(0.0, opacity):.4g}">'
            text = text[: root.end()] + group + text[root.end() : end] + "</g>" + text[end:]
    return _EXTERNAL_REF.sub("", text)


def render_scale(svg_text: str, width: float, height: float) -> float:
    """The largest fallback scale (<= 1 would be a smaller picture) the render budget allows;
    0 when even MIN_SCALE is over it."""
    filtered = len(re.findall(r"\bfilter\s*[=:]", svg_text))
    per_pixel = 1.0 + 4.0 * filtered + svg_text.count("<") / 100.0
    pixels = max(1.0, width * height)
    scale = math.sqrt(RENDER_BUDGET / (pixels * per_pixel))
    return scale if scale >= MIN_SCALE else 0.0


@lru_cache(maxsize=512)
def _rasterize(svg_text: str, width: int, height: int) -> bytes | None:
    try:
        import resvg_py
    except ImportError:
        return None
    try:
        # Loading the system fonts costs ~100 ms per call: only when text is left to draw.
        no_text = "<text" not in svg_text
        return bytes(
            resvg_py.svg_to_bytes(
                svg_string=svg_text, width=width, height=height, skip_system_fonts=no_text
            )
        )
    except (ValueError, RuntimeError):
        return None


def render_svg(
    markup: str,
    width: float,
    height: float,
    style: Any,
    diag: Diagnostics,
    media: dict[str, Any],
    opacity: float = 1.0,
) -> dict[str, Any] | None:
    """Store the SVG and a 2x PNG fallback in the page's media (the element's `opacity` drawn
    into both); returns the PNG entry (with 'svg_key')."""
    if width <= 0 or height <= 0 or not markup:
        return None
    color = style["color"]
    hex_color = color.hex if hasattr(color, "hex") else "000000"
    svg_text = prepare_svg(markup, width, height, hex_color, opacity)
    if len(svg_text) > MAX_SVG_CHARS or svg_text.count("<") > MAX_SVG_ELEMENTS:
        diag.add("limit", "SVG over the size limit dropped", "svg")
        return None
    scale = FALLBACK_SCALE if width * height * FALLBACK_SCALE**2 <= MAX_FALLBACK_PIXELS else 1.0
    scale = min(scale, render_scale(svg_text, width, height))
    if scale <= 0:
        diag.add(
            "limit", "SVG too costly to rasterize; only PowerPoint's SVG rendition is kept", "svg"
        )
        svg_only = store_media(media, svg_text.encode("utf-8"), "image/svg+xml", width, height)
        return {**svg_only, "svg_key": svg_only["key"]}
    png = _rasterize(svg_text, max(1, round(width * scale)), max(1, round(height * scale)))
    if png is None:
        diag.add("resource", "SVG could not be rendered; dropped", "svg")
        return None
    svg_entry = store_media(media, svg_text.encode("utf-8"), "image/svg+xml", width, height)
    entry = dict(store_media(media, png, "image/png", width * scale, height * scale))
    entry["svg_key"] = svg_entry["key"]
    return entry
