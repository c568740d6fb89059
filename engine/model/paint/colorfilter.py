"""CSS colour filters (filter: grayscale() sepia() saturate() hue-rotate() invert() brightness()
contrast() -> recoloured slide-model shapes and recoloured copies of their pictures).

The filter functions are the Filter Effects 1 colour matrices, applied in sRGB one after the
other with each result clamped to 0..1, as Chromium's chain of colour filters does. Everything an
element with such a filter paints (fills, lines, gradient stops, text runs, pictures) is
recoloured once the element's stacking context has been painted.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable
from typing import Any

from PIL import Image

from engine.budget import check
from engine.media import store_media
from engine.model.schema.shapes import Shape
from engine.style.syntax import DIM, FUNC, NUM, PCT, Tok, tokenize

Affine = tuple[tuple[float, float, float, float], ...]  # 3 rows: r, g, b coefficients + offset

_LUMA = (0.2126, 0.7152, 0.0722)
_HUE = (0.213, 0.715, 0.072)
_NAMES = frozenset(
    ("grayscale", "sepia", "saturate", "hue-rotate", "invert", "brightness", "contrast")
)


def color_ops(style: Any) -> list[Affine]:
    """The colour matrices of an element's `filter`, in order (empty: none to apply)."""
    text = style["filter"]
    if not isinstance(text, str) or text in ("none", ""):
        return []
    out = []
    for fn in tokenize(text):
        if fn.kind == FUNC and fn.value in _NAMES:
            matrix = _matrix(fn.value, [t for t in fn.args if t.kind in (NUM, PCT, DIM)])
            if matrix is not None:
                out.append(matrix)
    return out


def _amount(args: list[Tok], default: float = 1.0) -> float | None:
    if not args:
        return default
    tok = args[0]
    if tok.kind == NUM:
        return float(tok.value)
    if tok.kind == PCT:
        return float(tok.value) / 100.0
    return None


def _angle(args: list[Tok]) -> float | None:
    if not args:
        return 0.0
    tok = args[0]
    if tok.kind == NUM and tok.value == 0:
        return 0.0
    per_unit = {"deg": 1.0, "rad": 180.0 / math.pi, "grad": 0.9, "turn": 360.0}
    if tok.kind == DIM and tok.unit in per_unit:
        return float(tok.value) * per_unit[tok.unit]
    return None


def _matrix(name: str, args: list[Tok]) -> Affine | None:
    if name == "hue-rotate":
        angle = _angle(args)
        return None if angle is None else _hue_rotate(math.radians(angle))
    amount = _amount(args)
    if amount is None or amount < 0:
        return None
    if name in ("grayscale", "sepia", "invert"):
        amount = min(1.0, amount)
    return _BUILDERS[name](amount)


def _grayscale(a: float) -> Affine:
    k = 1.0 - a
    lr, lg, lb = _LUMA
    return (
        (lr + (1 - lr) * k, lg - lg * k, lb - lb * k, 0.0),
        (lr - lr * k, lg + (1 - lg) * k, lb - lb * k, 0.0),
        (lr - lr * k, lg - lg * k, lb + (1 - lb) * k, 0.0),
    )


def _sepia(a: float) -> Affine:
    k = 1.0 - a
    return (
        (0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k, 0.0),
        (0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k, 0.0),
        (0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k, 0.0),
    )


def _saturate(s: float) -> Affine:
    hr, hg, hb = _HUE
    return (
        (hr + (1 - hr) * s, hg - hg * s, hb - hb * s, 0.0),
        (hr - hr * s, hg + (1 - hg) * s, hb - hb * s, 0.0),
        (hr - hr * s, hg - hg * s, hb + (1 - hb) * s, 0.0),
    )


def _hue_rotate(t: float) -> Affine:
    c, s = math.cos(t), math.sin(t)
    return (
        (
            0.213 + c * 0.787 - s * 0.213,
            0.715 - c * 0.715 - s * 0.715,
            0.072 - c * 0.072 + s * 0.928,
            0.0,
        ),
        (
            0.213 - c * 0.213 + s * 0.143,
            0.715 + c * 0.285 + s * 0.140,
            0.072 - c * 0.072 - s * 0.283,
            0.0,
        ),
        (
            0.213 - c * 0.213 - s * 0.787,
            0.715 - c * 0.715 + s * 0.715,
            0.072 + c * 0.928 + s * 0.072,
            0.0,
        ),
    )


def _scale(a: float, offset: float) -> Affine:
    return ((a, 0.0, 0.0, offset), (0.0, a, 0.0, offset), (0.0, 0.0, a, offset))


_BUILDERS: dict[str, Callable[[float], Affine]] = {
    "grayscale": _grayscale,
    "sepia": _sepia,
    "saturate": _saturate,
    "invert": lambda a: _scale(1.0 - 2.0 * a, a),
    "brightness": lambda a: _scale(a, 0.0),
    "contrast": lambda a: _scale(a, 0.5 - 0.5 * a),
}


def apply_rgb(rgb: tuple[float, float, float], ops: list[Affine]) -> tuple[float, float, float]:
    """One colour (0..1 channels) through the filter chain, clamped after each function."""
    r, g, b = rgb
    for m in ops:
        r, g, b = (min(1.0, max(0.0, row[0] * r + row[1] * g + row[2] * b + row[3])) for row in m)
    return r, g, b


def recolor_hex(value: str, ops: list[Affine]) -> str:
    r, g, b = (int(value[i : i + 2], 16) / 255.0 for i in (0, 2, 4))
    out = apply_rgb((r, g, b), ops)
    return "".join(f"{round(c * 255):02X}" for c in out)


def recolor_shapes(shapes: list[Shape], ops: list[Affine], media: dict[str, Any]) -> None:
    """Recolour, in place, what an element with colour filters painted."""
    done: dict[str, str] = {}  # media key -> recoloured media key (one copy per image)
    for shape in shapes:
        check("slide model")
        _recolor(shape, ops)
        if shape["kind"] == "picture" and shape["media"] in media:
            key = shape["media"]
            if key not in done:
                done[key] = _recolor_media(media[key], ops, media)
            shape["media"] = done[key]
            shape.pop("svg_media", None)  # the recoloured raster is what shows


_COLOR_KEYS = frozenset(("color", "highlight"))


def _recolor(node: object, ops: list[Affine]) -> None:
    """Every "color" and "highlight" in a shape's tree of dicts and lists, recoloured."""
    pending = [node]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if key in _COLOR_KEYS and isinstance(value, str) and len(value) == 6:
                    item[key] = recolor_hex(value, ops)
                elif isinstance(value, (dict, list)):
                    pending.append(value)
        elif isinstance(item, list):
            pending.extend(v for v in item if isinstance(v, (dict, list)))


def _recolor_media(entry: dict[str, Any], ops: list[Affine], media: dict[str, Any]) -> str:
    """A recoloured copy of a raster media entry (PNG; JPEG stays JPEG), stored in `media`."""
    with Image.open(io.BytesIO(entry["data"])) as im:
        im.load()
        jpeg = im.format == "JPEG"
        rgba = im.convert("RGBA")
    alpha = rgba.getchannel("A")
    rgb = rgba.convert("RGB")
    for m in ops:
        rgb = rgb.convert(
            "RGB", tuple(c * (255.0 if i == 3 else 1.0) for row in m for i, c in enumerate(row))
        )
    out = io.BytesIO()
    if jpeg:
        rgb.save(out, format="JPEG", quality=92)
        mime = "image/jpeg"
    else:
        rgb.putalpha(alpha)
        rgb.save(out, format="PNG")
        mime = "image/png"
    stored = store_media(media, out.getvalue(), mime, entry["width"], entry["height"])
    return str(stored["key"])
