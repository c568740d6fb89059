"""Tiny slide models and pixel reading for the PNG renderer's tests."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from engine.model.schema import Slide
from engine.model.schema.complete import complete

WHITE = (255, 255, 255)
RED = (255, 0, 0)
BLUE = (0, 0, 255)


def png_image(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def png_bytes(color: tuple[int, int, int], size: tuple[int, int] = (4, 4)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, format="PNG")
    return out.getvalue()


def halves_png(left: tuple[int, int, int], right: tuple[int, int, int]) -> bytes:
    """A 20x10 PNG: its left half `left`, its right half `right`."""
    im = Image.new("RGB", (20, 10), left)
    im.paste(Image.new("RGB", (10, 10), right), (10, 0))
    out = io.BytesIO()
    im.save(out, format="PNG")
    return out.getvalue()


def slide(*shapes: dict[str, Any], background: Any = None) -> dict[str, Any]:
    """A slide of the given shapes, the keys they leave out filled in (model.schema.complete)."""
    model = {"background": background, "shapes": list(shapes), "notes": None, "blank": False}
    completed: dict[str, Any] = complete(model, Slide)
    return completed


def rect_shape(
    x: float, y: float, w: float, h: float, fill: str = "FF0000", **extra: Any
) -> dict[str, Any]:
    """A model `rect` shape (geometry, fill colour and any other fields given as keywords)."""
    return {"kind": "rect", "x": x, "y": y, "w": w, "h": h, "fill": solid(fill), **extra}


def solid(color: str, alpha: float = 1.0) -> dict[str, Any]:
    return {"type": "solid", "color": color, "alpha": alpha}


def close(a: tuple[int, ...], b: tuple[int, ...], tol: int = 8) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a, b, strict=True))


def text_shape(
    text: str, x: float, y: float, w: float, h: float, size: float = 20.0, **para: Any
) -> dict[str, Any]:
    paragraph = {
        "align": "l",
        "runs": [{"text": text, "font": "Liberation Sans", "size": size, "color": "000000"}],
        "space_before": 0.0,
        "space_after": 0.0,
        "line_spacing": None,
    }
    paragraph.update(para)
    return {
        "kind": "text",
        "x": x,
        "y": y,
        "w": w,
        "h": h,
        "text": {
            "wrap": True,
            "anchor": "t",
            "insets": [0, 0, 0, 0],
            "vertical": None,
            "paragraphs": [paragraph],
        },
    }
