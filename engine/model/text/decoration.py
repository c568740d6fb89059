"""Text decoration of a run (the decorating boxes' text-decoration line, style and colour -> the run's underline/strike properties)."""

from __future__ import annotations

import math
from typing import Any

from engine.layout.fragments import TextFragment
from engine.model.schema.text import Run
from engine.style.types import RGBA

# text-decoration-style -> the OOXML underline type (a:rPr/@u) LibreOffice and PowerPoint draw
UNDERLINE_TYPES: dict[str, bool | str] = {
    "solid": True,
    "double": "dbl",
    "dotted": "dotted",
    "dashed": "dash",
    "wavy": "wavy",
}


def decorating_style(tf: TextFragment, line: str) -> Any:
    """The style of the innermost box whose text-decoration draws `line` through this text (the
    box that sets the decoration paints it, in its own colour and style); the text's own style
    when no propagated decoration names it (e.g. a ::first-line decoration)."""
    for style in reversed(tf.box.decorations):
        if line in style["text-decoration-line"]:
            return style
    return tf.box.style


def decoration_props(tf: TextFragment, text_color: RGBA, shapes: bool = True) -> Run:
    """underline (True = single, or "dbl" / "dotted" / "dash" / "wavy"), underline_color when it
    is not the text's colour, strike (True, or "dbl" for a double line-through); lines that
    drawn_lines draws as shapes are left off (when the caller draws them: `shapes`)."""
    props: Run = {}
    drawn = drawn_lines(tf, text_color) if shapes else frozenset()
    if "underline" in tf.decoration and "underline" not in drawn:
        style = decorating_style(tf, "underline")
        props["underline"] = UNDERLINE_TYPES.get(style["text-decoration-style"], True)
        color = style["text-decoration-color"]
        if isinstance(color, RGBA) and color.a > 0 and color.hex != text_color.hex:
            props["underline_color"] = color.hex
    if "line-through" in tf.decoration and "line-through" not in drawn:
        style = decorating_style(tf, "line-through")
        props["strike"] = "dbl" if style["text-decoration-style"] == "double" else True
    return props


def _thickness(style: Any, font_size: float) -> float:
    """Chromium's decoration thickness: auto (and from-font, whose font metric is not read
    here) max(1, font-size / 10); a length rounded to whole px, at least 1."""
    value = style["text-decoration-thickness"]
    if isinstance(value, (int, float)):
        return max(1.0, float(round(value)))
    return max(1.0, font_size / 10.0)


def _underline_offset(style: Any) -> float | None:
    value = style["text-underline-offset"]
    return float(round(value)) if isinstance(value, (int, float)) else None


def _colour_differs(style: Any, text_color: RGBA) -> bool:
    color = style["text-decoration-color"]
    return isinstance(color, RGBA) and color.hex != text_color.hex


def drawn_lines(tf: TextFragment, text_color: RGBA) -> frozenset[str]:
    """The decoration lines of this text that a:rPr cannot express, drawn as shapes instead:
    overline; a line-through in another colour than the text or with a set thickness; an
    underline with a set thickness, a text-underline-offset or text-underline-position under."""
    out: set[str] = set()
    if "overline" in tf.decoration:
        out.add("overline")
    if "line-through" in tf.decoration:
        style = decorating_style(tf, "line-through")
        thick = style["text-decoration-thickness"]
        if _colour_differs(style, text_color) or isinstance(thick, (int, float)):
            out.add("line-through")
    if "underline" in tf.decoration:
        style = decorating_style(tf, "underline")
        if (
            isinstance(style["text-decoration-thickness"], (int, float))
            or _underline_offset(style) is not None
            or "under" in str(tf.box.style["text-underline-position"])
        ):
            out.add("underline")
    return frozenset(out)


def decoration_rect(tf: TextFragment, line: str, baseline: float) -> tuple[float, float, Any]:
    """(top, height, decorating style) of one decoration line Chromium paints for this text,
    in the coordinates of `baseline` (the text's baseline y).  Measured in Chromium 156:
    it paints max(1, floor(thickness)) whole px; an overline ends at the ascent line; a
    line-through is centred a third of the (whole px) ascent above the baseline, its top rounded;
    an underline starts max(1, ceil(thickness / 2)) under the baseline, or the
    text-underline-offset under it, or under the descent line with text-underline-position:
    under (plus the offset)."""
    style = decorating_style(tf, line)
    thick = _thickness(style, tf.font_size)
    height = float(max(1, int(thick)))
    ascent = float(round(tf.ascent))
    if line == "overline":
        return baseline - ascent - height, height, style
    if line == "line-through":
        top = math.floor(baseline - ascent / 3.0 - thick / 2.0 + 0.5)
        return float(top), height, style
    offset = _underline_offset(style)
    if "under" in str(tf.box.style["text-underline-position"]):
        return baseline + float(round(tf.descent)) + (offset or 0.0), height, style
    if offset is not None:
        return baseline + offset, height, style
    return baseline + max(1, math.ceil(thick / 2.0)), height, style
