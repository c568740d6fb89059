"""SVG text (an inline SVG's <text> elements -> native text boxes, and the SVG markup without them).

Chart labels drawn with SVG <text> stay editable and searchable: each label that is not rotated
or skewed becomes a one-line text box at the browser's baseline, and is removed from the SVG
picture so it isn't drawn twice.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lxml import etree

from engine.fonts import font_stack
from engine.model.geometry import IDENTITY, Matrix, translate
from engine.model.svg.stroke import viewbox_transform
from engine.style.colors import parse_color
from engine.style.syntax import tokenize
from engine.style.types import RGBA

INHERITED = (
    "fill",
    "font-size",
    "font-family",
    "font-weight",
    "font-style",
    "text-anchor",
    "letter-spacing",
    "fill-opacity",
    "opacity",
    "dominant-baseline",
)
_NUM = re.compile(r"^\s*(-?[0-9]*\.?[0-9]+)\s*(px)?\s*$")


@dataclass(frozen=True)
class SvgText:
    text: str
    x: float  # left edge in the SVG's used box (px)
    baseline: float
    width: float
    size: float  # px
    family: str
    ea_family: str | None
    bold: bool
    italic: bool
    color: RGBA
    letter_spacing: float


def _num(value: str | None) -> float | None:
    if value is None:
        return None
    match = _NUM.match(value.split()[0] if value.split() else "")
    return float(match.group(1)) if match else None


def _color(value: str | None, current: RGBA) -> RGBA | None:
    if value is None:
        return None
    value = value.strip()
    if value in ("none", "transparent") or value.startswith("url("):
        return None
    toks = tokenize(value)
    if not toks:
        return None
    color = parse_color(toks[0])
    if isinstance(color, RGBA):
        return color
    return current if value.lower() == "currentcolor" else None


def _style_attrs(el: Any) -> dict[str, str]:
    out = {
        k: v
        for k, v in el.attrib.items()
        if k in INHERITED or k in ("transform", "x", "y", "dx", "dy")
    }
    style = el.get("style")
    if style:
        for decl in style.split(";"):
            if ":" in decl:
                key, _, value = decl.partition(":")
                key = key.strip().lower()
                if key in INHERITED:
                    out[key] = value.strip()
    return out


def _transform(value: str | None) -> Matrix | None:
    """translate/scale/matrix transforms; None when the text would be rotated or skewed."""
    if not value:
        return IDENTITY
    m = IDENTITY
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", value):
        nums = [float(a) for a in re.split(r"[\s,]+", args.strip()) if a]
        name = name.lower()
        if name == "translate" and nums:
            m = m.multiply(translate(nums[0], nums[1] if len(nums) > 1 else 0.0))
        elif name == "scale" and nums:
            m = m.multiply(
                Matrix(nums[0], 0.0, 0.0, nums[1] if len(nums) > 1 else nums[0], 0.0, 0.0)
            )
        elif name == "matrix" and len(nums) == 6 and nums[1] == 0 and nums[2] == 0:
            m = m.multiply(Matrix(*nums))
        elif name == "rotate" and nums and nums[0] % 360 == 0:
            continue
        else:
            return None
    return m


def _viewbox_matrix(root: Any, width: float, height: float) -> Matrix:
    t = viewbox_transform(root, width, height)
    return IDENTITY if t is None else Matrix(t[0], 0.0, 0.0, t[1], t[2], t[3])


def extract_svg_text(
    markup: str, width: float, height: float, style: Any, lang: str = ""
) -> tuple[str, list[SvgText]]:
    """The SVG markup with its convertible <text> elements removed, and those texts."""
    if "<text" not in markup:
        return markup, []
    try:
        root = etree.fromstring(
            markup.encode("utf-8"),
            etree.XMLParser(recover=True, resolve_entities=False, no_network=True),
        )
    except etree.XMLSyntaxError:
        return markup, []
    if root is None:
        return markup, []
    current = style["color"]
    base = {
        "fill": "black",
        "font-size": str(float(style["font-size"])),
        "font-family": ",".join(style["font-family"]),
        "font-weight": str(style["font-weight"]),
        "font-style": str(style["font-style"]),
        "text-anchor": "start",
    }
    texts: list[SvgText] = []
    removed: list[Any] = []

    def walk(el: Any, inherited: dict[str, str], m: Matrix | None) -> None:
        tag = etree.QName(el).localname if isinstance(el.tag, str) else ""
        if tag in ("defs", "clipPath", "mask", "marker", "symbol", "pattern", "style"):
            return
        attrs = _style_attrs(el)
        own = dict(inherited)
        own.update({k: v for k, v in attrs.items() if k in INHERITED})
        local = _transform(attrs.get("transform")) if tag != "svg" else IDENTITY
        mm = m.multiply(local) if (m is not None and local is not None) else None
        if tag == "text":
            item = _text_item(el, own, mm, current, lang)
            if item is not None:
                texts.append(item)
                removed.append(el)
            return
        for child in el:
            walk(child, own, mm)

    walk(root, base, _viewbox_matrix(root, width, height))
    if not texts:
        return markup, []
    for el in removed:
        parent = el.getparent()
        if parent is not None:
            tail = el.tail
            parent.remove(el)
            if tail:
                parent.text = (parent.text or "") + tail
    return etree.tostring(root, encoding="unicode"), texts


def baseline_shift(value: str | None, face: Any, size: float) -> float:
    """How far dominant-baseline moves the glyphs down from the alphabetic baseline at y (px
    at `size`), as Blink places them: `middle` half the x-height, `central` halfway between the
    (pixel-rounded) ascent and descent, `hanging` 0.8 and `mathematical` 0.5 of the ascent."""
    value = (value or "").strip()
    ascent = round(face.metric_ascent * size)
    descent = round(face.metric_descent * size)
    if value == "middle":
        return float(face.x_height * size / 2)
    if value == "central":
        return (ascent - descent) / 2
    if value == "hanging":
        return 0.8 * ascent
    if value == "mathematical":
        return ascent / 2
    if value == "text-before-edge":
        return float(ascent)
    if value in ("text-after-edge", "ideographic"):
        return float(-descent)
    return 0.0


def _text_item(
    el: Any, attrs: dict[str, str], m: Matrix | None, current: RGBA, lang: str
) -> SvgText | None:
    if m is None:
        return None
    text = " ".join("".join(el.itertext()).split())
    if not text:
        return None
    x = (_num(el.get("x")) or 0.0) + (_num(el.get("dx")) or 0.0)
    y = (_num(el.get("y")) or 0.0) + (_num(el.get("dy")) or 0.0)
    size = _num(attrs.get("font-size")) or 16.0
    color = _color(attrs.get("fill"), current)
    if color is None:
        return None
    opacity = (_num(attrs.get("fill-opacity")) or 1.0) if attrs.get("fill-opacity") else 1.0
    if opacity < 1.0:
        color = color._replace(a=color.a * opacity)
    families = tuple(
        f.strip().strip("'\"") for f in attrs.get("font-family", "").split(",") if f.strip()
    )
    weight_raw = attrs.get("font-weight", "400")
    weight = 700 if weight_raw == "bold" else int(_num(weight_raw) or 400)
    italic = attrs.get("font-style", "normal") in ("italic", "oblique")
    spacing = _num(attrs.get("letter-spacing")) or 0.0
    stack = font_stack(families or ("sans-serif",), weight, "italic" if italic else "normal", lang)
    scale = m.scale_y
    used_size = size * scale
    width = stack.measure(text, used_size, spacing * scale)
    px, py = m.apply(x, y + baseline_shift(attrs.get("dominant-baseline"), stack.primary, size))
    anchor = attrs.get("text-anchor", "start")
    if anchor == "middle":
        px -= width / 2
    elif anchor == "end":
        px -= width
    ea = None
    for face, _piece in stack.segments(text):
        if face.is_cjk:
            ea = str(face.family)
            break
    return SvgText(
        text,
        px,
        py,
        width,
        used_size,
        str(stack.primary.family),
        ea,
        weight >= 600,
        italic,
        color,
        spacing * scale,
    )
