"""Replaced elements (<img>, <svg>, form controls) -> Replaced content with intrinsic sizes."""

from __future__ import annotations

import re
from typing import Any

from engine.boxes.box import Replaced
from engine.boxes.svgdefs import svg_markup
from engine.diagnostics import Diagnostics
from engine.images import image_media
from engine.media import Resource
from engine.options import Options
from engine.resources import load_resource

_NUMBER = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$")


def _attr_px(value: str | None) -> float | None:
    if not value:
        return None
    match = _NUMBER.match(value)
    return float(match.group(1)) if match else None


def replaced_for(
    el: Any,
    tag: str,
    style: Any,
    diag: Diagnostics,
    options: Options,
    media: dict[str, dict[str, Any]],
    styles: Any = None,
) -> Replaced | None:
    """The replaced content of <img>, <svg> and other replaced elements (`styles`: the page's
    StyleMap, which styles an inline SVG's descendants)."""
    where = tag
    if tag == "img":
        res = load_resource(el.get("src") or "", diag, options, where)
        attr_w, attr_h = _attr_px(el.get("width")), _attr_px(el.get("height"))
        if res is None:
            return Replaced("missing", attr_w or 0.0, attr_h or 0.0)
        if res.content_type == "image/svg+xml" or res.data.lstrip()[:5] in (b"<svg ", b"<?xml"):
            return _svg_replaced(res.data.decode("utf-8", "replace"), attr_w, attr_h, diag)
        entry = image_media(res, diag, options, media, where)
        if entry is None:
            return Replaced("missing", attr_w or 0.0, attr_h or 0.0)
        w, h = entry["width"], entry["height"]
        if attr_w and not attr_h:
            attr_h = attr_w * h / w if w else None
        elif attr_h and not attr_w:
            attr_w = attr_h * w / h if h else None
        return Replaced("image", attr_w or w, attr_h or h, media_key=entry["key"])
    if tag == "svg":
        markup = svg_markup(el, style, styles)
        return _svg_replaced(
            markup, _attr_px(el.get("width")), _attr_px(el.get("height")), diag, el.get("viewBox")
        )
    if tag in ("input", "select", "textarea"):
        diag.add("unsupported", f"form control <{tag}> drawn as an empty box", tag)
        return Replaced("missing", 150.0, 20.0)
    diag.add("unsupported", f"<{tag}> has no content here; kept as an empty box", tag)
    return Replaced(
        "missing", _attr_px(el.get("width")) or 300.0, _attr_px(el.get("height")) or 150.0
    )


def _svg_replaced(
    markup: str,
    width: float | None,
    height: float | None,
    diag: Diagnostics,
    view_box: str | None = None,
) -> Replaced:
    if view_box is None:
        match = re.search(r'viewBox\s*=\s*["\']([^"\']+)["\']', markup[:2000])
        view_box = match.group(1) if match else None
        if width is None:
            m = re.search(r'<svg[^>]*\swidth\s*=\s*["\']([^"\']+)["\']', markup[:2000])
            width = _attr_px(m.group(1)) if m else None
        if height is None:
            m = re.search(r'<svg[^>]*\sheight\s*=\s*["\']([^"\']+)["\']', markup[:2000])
            height = _attr_px(m.group(1)) if m else None
    ratio_w = ratio_h = None
    if view_box:
        try:
            parts = [float(p) for p in re.split(r"[\s,]+", view_box.strip())]
            if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
                ratio_w, ratio_h = parts[2], parts[3]
        except ValueError:
            diag.add("html", f"bad viewBox {view_box!r}", "svg")
    if width is None and height is not None and ratio_w and ratio_h:
        width = height * ratio_w / ratio_h
    if height is None and width is not None and ratio_w and ratio_h:
        height = width * ratio_h / ratio_w
    if width is None and height is None:
        width, height = (300.0, 150.0) if not ratio_w else (300.0, 300.0 * (ratio_h or 1) / ratio_w)
    return Replaced("svg", width, height, svg_markup=markup)


__all__ = ["replaced_for", "Resource"]
