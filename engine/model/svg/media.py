"""Inline SVG (markup + used size -> a sanitized SVG media part and its PNG fallback at 2x)."""

from __future__ import annotations

import copy
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lxml import etree

from engine.diagnostics import Diagnostics
from engine.media import store_media
from engine.model.svg.render import NO_FONTS, FontSet, Rendered, rasterize
from engine.model.svg.sanitize import SVG_NS, SafeSvg, sanitize_svg
from engine.model.svg.stroke import apply_non_scaling_strokes
from engine.options import Limits

FALLBACK_SCALE = 2.0  # the PNG fallback is rendered at 2x the used size...
MAX_FALLBACK_PIXELS = 1_000_000  # ...unless that is over a megapixel: then 1x (large diagrams)
# A cost estimate (output pixels x render_cost: filters, turbulence octaves, morphology radius,
# elements; ~7.5 ns per unit measured) keeps the usual render well inside the budget (~0.5 s) by rendering the
# fallback smaller; Limits.svg_render_timeout_s bounds the rest (svgrender kills the renderer).
RENDER_BUDGET = 64_000_000
MIN_SCALE = 0.25
MAX_SVG_CHARS = 2_000_000
MAX_SVG_ELEMENTS = 20_000
SIMPLE_SHARE = 0.2  # of the time limit kept for the filter- and pattern-free retry
GENERICS = ("serif", "sans-serif", "monospace", "cursive", "fantasy")
_CURRENT_COLOR = re.compile("currentcolor", re.I)
_COSTLY = ("filter", "pattern", "mask")
_STYLE_TAG = f"{{{SVG_NS}}}style"


def prepare_svg(
    markup: str,
    width: float,
    height: float,
    color_hex: str,
    opacity: float = 1.0,
    limits: Limits | None = None,
) -> SafeSvg | None:
    """The sanitized standalone SVG (svgsafe): the used size on the root, currentColor
    resolved, the element's opacity (< 1) as a group around the content. None if not SVG."""
    safe = sanitize_svg(markup, limits)
    if safe is None:
        return None
    root = safe.root
    root.set("width", f"{width:.2f}")
    root.set("height", f"{height:.2f}")
    apply_non_scaling_strokes(root, width, height)
    for el in root.iter(etree.Element):
        for key, value in el.attrib.items():
            if "urrent" in value.lower():
                el.set(key, _CURRENT_COLOR.sub(f"#{color_hex}", value))
        if el.tag == _STYLE_TAG and el.text:
            el.text = _CURRENT_COLOR.sub(f"#{color_hex}", el.text)
    if opacity < 0.999 and len(root):
        group = etree.Element(f"{{{SVG_NS}}}g", opacity=f"{max(0.0, opacity):.4g}")
        group.extend(list(root))
        root.append(group)
    return safe


def render_scale(root: Any, width: float, height: float) -> float:
    """The largest fallback scale (<= 1 would be a smaller picture) the render budget allows;
    0 when even MIN_SCALE is over it."""
    pixels = max(1.0, width * height)
    scale = math.sqrt(RENDER_BUDGET / (pixels * render_cost(root)))
    return scale if scale >= MIN_SCALE else 0.0


def render_cost(root: Any) -> float:
    """Estimated resvg work per output pixel (units of ~7.5 ns, measured): 1, plus 4 per
    filter use and primitive, plus the primitives whose cost grows with a parameter."""
    cost = 1.0
    elements = 0
    for el in root.iter(etree.Element):
        elements += 1
        local = etree.QName(el).localname
        if "filter" in el.attrib or "filter" in (el.get("style") or ""):
            cost += 4.0
        if not local.startswith("fe"):
            continue
        cost += 4.0
        if local == "feTurbulence":
            cost += 140.0 * max(1.0, _number(el.get("numOctaves"), 1.0))
        elif local == "feMorphology":
            radius = (el.get("radius") or "0").replace(",", " ").split() or ["0"]
            rx = abs(_number(radius[0], 0.0))
            ry = abs(_number(radius[-1], rx))
            cost += 8.0 * (2 * rx + 1) * (2 * ry + 1)
        elif local == "feConvolveMatrix":
            order = (el.get("order") or "3").split() or ["3"]
            cost += 2.0 * abs(_number(order[0], 3.0)) * abs(_number(order[-1], 3.0))
    return cost + elements / 100.0


def _number(value: str | None, default: float) -> float:
    try:
        number = float(value) if value is not None else default
    except ValueError:
        return default
    return number if math.isfinite(number) else default


def simplified(root: Any) -> Any | None:
    """A copy without filters, masks and patterns (the costly parts); None if it has none."""
    out = copy.deepcopy(root)
    changed = False
    for el in list(out.iter(etree.Element)):
        local = etree.QName(el).localname
        if local in ("filter", "mask", "pattern") and el is not out:
            parent = el.getparent()
            if parent is not None:
                parent.remove(el)
                changed = True
            continue
        for name in _COSTLY:
            if name in el.attrib:
                del el.attrib[name]
                changed = True
        style = el.get("style")
        if style and any(c in style for c in _COSTLY):
            kept = [d for d in style.split(";") if d.split(":")[0].strip() not in _COSTLY]
            el.set("style", ";".join(kept))
            changed = True
    return out if changed else None


_RENDERED: OrderedDict[tuple[Any, ...], Rendered] = OrderedDict()
_RENDERED_MAX = 512
_RENDERED_LOCK = threading.Lock()


def _rasterize(svg_text: str, width: int, height: int, fonts: FontSet, timeout: float) -> Rendered:
    """svgrender.rasterize with a cache of the successful renders (a timeout under load or a
    crash is tried again next time)."""
    key = (svg_text, width, height, fonts)
    with _RENDERED_LOCK:
        hit = _RENDERED.get(key)
        if hit is not None:
            _RENDERED.move_to_end(key)
            return hit
    done = rasterize(svg_text, width, height, fonts, timeout)
    if done.status == "ok":
        with _RENDERED_LOCK:
            _RENDERED[key] = done
            while len(_RENDERED) > _RENDERED_MAX:
                _RENDERED.popitem(last=False)
    return done


@dataclass(frozen=True)
class _Plan:
    """What to render for one SVG at one size (cached: decks repeat their icons)."""

    text: str  # the sanitized SVG to store and render; "" when the SVG is dropped
    simple: str | None  # the filter-, mask- and pattern-free rendition, if different
    scale: float
    fonts: FontSet
    notes: tuple[tuple[str, str], ...]  # diagnostics (kind, message)


@lru_cache(maxsize=256)
def _plan(
    markup: str,
    width: float,
    height: float,
    color_hex: str,
    opacity: float,
    limits: Limits,
    families: tuple[str, ...],
) -> _Plan:
    notes: list[tuple[str, str]] = []
    safe = prepare_svg(markup, width, height, color_hex, opacity, limits)
    if safe is None:
        return _Plan(
            "", None, 0.0, NO_FONTS, (("resource", "SVG markup could not be parsed; dropped"),)
        )
    if safe.removed:
        notes.append(("resource", f"SVG: {safe.removed} external reference(s) or scripts removed"))
    text = safe.tostring()
    if len(text) > MAX_SVG_CHARS or text.count("<") > MAX_SVG_ELEMENTS:
        return _Plan("", None, 0.0, NO_FONTS, (("limit", "SVG over the size limit dropped"),))
    root = safe.root
    simple = simplified(root)
    if render_scale(root, width, height) <= 0:
        if simple is None or render_scale(simple, width, height) <= 0:
            notes.append(("limit", "SVG too costly to rasterize; dropped"))
            return _Plan("", None, 0.0, NO_FONTS, tuple(notes))
        notes.append(("limit", "SVG too costly to rasterize; drawn without filters and patterns"))
        root, simple = simple, None
        text = str(etree.tostring(root, encoding="unicode"))
    scale = FALLBACK_SCALE if width * height * FALLBACK_SCALE**2 <= MAX_FALLBACK_PIXELS else 1.0
    scale = min(scale, render_scale(root, width, height))
    simple_text = str(etree.tostring(simple, encoding="unicode")) if simple is not None else None
    fonts = font_set(root, families)
    return _Plan(text, simple_text, scale, fonts, tuple(notes))


def render_svg(
    markup: str,
    width: float,
    height: float,
    style: Any,
    diag: Diagnostics,
    media: dict[str, Any],
    opacity: float = 1.0,
    limits: Limits | None = None,
) -> dict[str, Any] | None:
    """Store the sanitized SVG and a 2x PNG fallback in the page's media (the element's
    `opacity` drawn into both); returns the PNG entry (with 'svg_key')."""
    if width <= 0 or height <= 0 or not markup:
        return None
    limits = limits or Limits()
    if len(markup) > MAX_SVG_CHARS:
        diag.add("limit", "SVG over the size limit dropped", "svg")
        return None
    color = style["color"]
    hex_color = color.hex if color is not None and hasattr(color, "hex") else "000000"
    families = tuple(str(f) for f in style["font-family"] or ())
    plan = _plan(markup, width, height, hex_color, opacity, limits, families)
    for kind, message in plan.notes:
        diag.add(kind, message, "svg")
    if not plan.text:
        return None
    svg_text, scale = plan.text, plan.scale
    size = (max(1, round(width * scale)), max(1, round(height * scale)))
    budget = limits.svg_render_timeout_s
    done = _rasterize(svg_text, *size, plan.fonts, budget * (1.0 - SIMPLE_SHARE))
    if done.status != "ok":
        why = f"SVG rendering failed ({done.status}{': ' + done.detail if done.detail else ''})"
        if plan.simple is None:
            diag.add("limit" if done.status == "timeout" else "resource", why + "; dropped", "svg")
            return None
        svg_text = plan.simple
        done = _rasterize(svg_text, *size, plan.fonts, budget * SIMPLE_SHARE)
        if done.status != "ok" or done.png is None:
            diag.add("limit", why + "; dropped", "svg")
            return None
        diag.add("limit", why + "; drawn without filters, masks and patterns", "svg")
    assert done.png is not None
    svg_entry = store_media(media, svg_text.encode("utf-8"), "image/svg+xml", width, height)
    entry = dict(store_media(media, done.png, "image/png", width * scale, height * scale))
    entry["svg_key"] = svg_entry["key"]
    return entry


def font_set(root: Any, families_in_style: tuple[str, ...]) -> FontSet:
    """The engine's font files for the families the SVG's text asks for (none without text)."""
    families: list[str] = []
    has_text = False
    for el in root.iter(etree.Element):
        if etree.QName(el).localname in ("text", "tspan", "textPath"):
            has_text = True
        value = el.get("font-family")
        if value:
            families.extend(f.strip().strip("'\"") for f in value.split(","))
    if not has_text:
        return NO_FONTS
    families.extend(families_in_style)
    return _resolve_fonts(tuple(dict.fromkeys(f for f in families if f)))


@lru_cache(maxsize=128)
def _resolve_fonts(families: tuple[str, ...]) -> FontSet:
    from engine.fonts.resolve import fc_match, generic_family_name

    files: dict[str, None] = {}
    names: dict[str, str] = {}
    for family in (*families, "sans-serif", "serif", "monospace"):
        generic = family.lower() in GENERICS
        name = generic_family_name(family.lower(), "") if generic else family
        for weight in (400, 700):
            font = fc_match(name, weight, "normal")
            if font is not None:
                files[font.path] = None
                if generic and weight == 400:
                    key = family.lower().replace("-", "_") + "_family"
                    names.setdefault(key, font.families[0] if font.families else name)
    if "sans_serif_family" in names:
        names["font_family"] = names["sans_serif_family"]
    return FontSet(tuple(files), tuple(sorted(names.items())))


_IMAGE_STYLE = {"color": None, "font-family": ()}  # an SVG image inherits nothing: black text


def svg_image_media(
    data: bytes, diag: Diagnostics, limits: Limits, media: dict[str, Any], where: str = ""
) -> dict[str, Any] | None:
    """An SVG used as an image (a CSS url() background): sanitized and rendered like inline SVG
    at its intrinsic size (width/height, else the viewBox, else 300x150); returns the PNG media
    entry (with 'svg_key'), sized in CSS px."""
    if len(data) > MAX_SVG_CHARS:
        diag.add("limit", "SVG over the size limit dropped", where)
        return None
    markup = data.decode("utf-8", "replace")
    safe = sanitize_svg(markup, limits)
    if safe is None:
        diag.add("resource", "SVG image could not be parsed; dropped", where)
        return None
    width, height = _intrinsic_size(safe.root)
    return render_svg(markup, width, height, _IMAGE_STYLE, diag, media, limits=limits)


def _intrinsic_size(root: Any) -> tuple[float, float]:
    def length(name: str) -> float | None:
        value = (root.get(name) or "").strip().removesuffix("px")
        number = _number(value, 0.0) if value else 0.0
        return number if 0 < number <= 10_000 else None

    width, height = length("width"), length("height")
    box = (root.get("viewBox") or "").replace(",", " ").split()
    ratio = None
    if len(box) == 4 and _number(box[2], 0.0) > 0 and _number(box[3], 0.0) > 0:
        ratio = _number(box[2], 1.0) / _number(box[3], 1.0)
    if width is None and height is not None and ratio:
        width = height * ratio
    if height is None and width is not None and ratio:
        height = width / ratio
    if width is None and height is None and ratio:
        width, height = 300.0, min(10_000.0, 300.0 / ratio)
    return width or 300.0, height or 150.0
