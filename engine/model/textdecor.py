"""Text decoration of a run (the decorating boxes' text-decoration line, style and colour -> the run's underline/strike properties)."""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import TextFragment
from engine.style.types import RGBA

# text-decoration-style -> the OOXML underline type (a:rPr/@u) LibreOffice and PowerPoint draw
UNDERLINE_TYPES = {
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


def decoration_props(tf: TextFragment, text_color: RGBA) -> dict[str, Any]:
    """underline (True = single, or "dbl" / "dotted" / "dash" / "wavy"), underline_color when it
    is not the text's colour, strike (True, or "dbl" for a double line-through)."""
    props: dict[str, Any] = {}
    if "underline" in tf.decoration:
        style = decorating_style(tf, "underline")
        props["underline"] = UNDERLINE_TYPES.get(style["text-decoration-style"], True)
        color = style["text-decoration-color"]
        if isinstance(color, RGBA) and color.a > 0 and color.hex != text_color.hex:
            props["underline_color"] = color.hex
    if "line-through" in tf.decoration:
        style = decorating_style(tf, "line-through")
        props["strike"] = "dbl" if style["text-decoration-style"] == "double" else True
    return props
