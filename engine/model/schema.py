"""The slide model: plain JSON-able dicts describing one deck (layout fragments -> shapes; read by the writer).

All geometry is in CSS px of the slide (origin = the slide root's border-box top-left); the
writer converts to EMU (9525 per px). Colours are 'RRGGBB' hex strings with a separate alpha
in 0..1. Images live once per deck in `Deck.media`, keyed by sha1, and shapes refer to them.

Deck
    {"width": px, "height": px, "slides": [Slide, ...]}      (+ media: {sha1: Media} kept aside)
Slide
    {"background": Fill | None, "shapes": [Shape, ...], "notes": str | None, "blank": bool}
Shape (common keys)
    "kind": "rect" | "text" | "picture" | "line" | "table" | "group"
    "x", "y", "w", "h": float px (unrotated box; rotation about its centre)
    "rotation": float degrees clockwise (optional, default 0)
    "name": str (optional, for debugging: e.g. 'div.card')
    "opacity": float (optional; already folded into fills/lines/runs by the mapper)
rect   : {"geom": "rect"|"roundRect"|"ellipse"|"custom", "radius": px (roundRect),
          "fill": Fill | None, "line": Line | None, "shadow": Shadow | None,
          "text": TextBody | None}
text   : {"text": TextBody}                  (a text box: no fill, no line)
picture: {"media": sha1, "crop": {"l","t","r","b": fractions 0..1} | None,
          "geom": "rect"|"roundRect"|"ellipse", "radius": px, "line": Line | None,
          "shadow": Shadow | None, "alpha": float, "svg_media": sha1 | None}
line   : {"x1","y1","x2","y2": px, "line": Line}
table  : {"columns": [px...], "rows": [{"h": px, "cells": [Cell...]}]}
Cell   : {"text": TextBody, "fill": Fill | None, "span": [rowspan, colspan],
          "merged": bool, "borders": {"l"|"r"|"t"|"b": Line | None},
          "margins": [l, t, r, b] px, "anchor": "t"|"ctr"|"b"}
group  : {"shapes": [Shape...]}
Fill
    {"type": "solid", "color": "RRGGBB", "alpha": a}
    {"type": "gradient", "path": "linear"|"circle", "angle": deg (OOXML: 0 = left->right,
     clockwise), "stops": [{"pos": 0..1, "color": "RRGGBB", "alpha": a}, ...]}
    {"type": "image", "media": sha1, "crop": {...} | None}          (slide background only)
Line
    {"width": px, "color": "RRGGBB", "alpha": a, "dash": "solid"|"dash"|"sysDot"}
Shadow
    {"blur": px, "dist": px, "dir": deg, "color": "RRGGBB", "alpha": a}
TextBody
    {"wrap": bool, "anchor": "t"|"ctr"|"b", "insets": [l, t, r, b] px,
     "vertical": None | "vert" | "vert270", "paragraphs": [Paragraph, ...]}
Paragraph
    {"align": "l"|"ctr"|"r"|"just", "line_spacing": {"pts": pt} | {"pct": fraction} | None,
     "space_before": pt, "space_after": pt, "indent": px, "margin_left": px,
     "bullet": None | {"char": str, "font": str | None, "color": "RRGGBB" | None}
                     | {"autonum": "arabicPeriod"|..., "start": int},
     "runs": [Run, ...]}
Run
    {"text": str} plus optional: "font": latin typeface, "ea_font": east-asian typeface,
    "size": pt, "bold": bool, "italic": bool, "underline": bool | "dbl" | "dotted" | "dash" | "wavy"
    (any ST_TextUnderlineType), "underline_color": "RRGGBB", "strike": bool | "dbl",
    "color": "RRGGBB", "alpha": a, "spacing": pt (letter-spacing), "baseline": int
    (OOXML thousandths of a percent: 30000 superscript, -25000 subscript), "href": str
    "fill": a gradient Fill for gradient text (CSS background-clip: text; written as a:gradFill,
    `color` stays as the fallback colour the mapper chose).
    A run {"break": true} is a line break (a:br) inside the paragraph.
Optional keys the PPTX writer (engine/pptx) also reads (all may be left out)
    Deck     "title", "author": str; "created", "modified": ISO 8601 str or datetime
             (default 2000-01-01T00:00:00Z, so the same input gives the same bytes)
    picture  "alt": str (the picture's description, cNvPr/@descr)
    rect     "geom" may be any OOXML preset name ("triangle", ...); unknown -> rect;
             "radii": [tl, tr, br, bl] px for a roundRect whose corners differ;
             "geom": "custom" with "points": [[x, y], ...] (px from the shape's x, y; may lie
             outside its box, which still places a gradient) or "contours": [[[x, y], ...], ...]
             (a contour drawn the other way round is a hole); "soft_edge": px (a:softEdge)
    picture  "radii" and "geom": "custom" as for rect
    Fill     image fills: "alpha"; gradients: "path" may also be "rect" | "shape"; path
             gradients: "center": [fx, fy] (fractions of the box). A linear gradient with more
             than two stops is written as stacked 2-stop bands (engine/pptx/bands.py)
    Line     "dash" may be any OOXML preset dash ("dot", "lgDash", "sysDash", ...)
    Shadow   "spread": px (CSS spread; scales the shadow, anchored where LibreOffice agrees),
             "inset": bool (a:innerShdw instead of a:outerShdw)
    Paragraph "rtl": bool; "hanging_punct": bool (East Asian punctuation may hang past the
             line's end: a:pPr/@hangingPunct); "end_run": Run-like dict (no text) for the paragraph-end
             properties (default: the last run's style, so an empty paragraph
             [{"text": "", "size": 20}] keeps a 20pt line)
    bullet   "size": fraction of the text size (buSzPct)
    Run      "cs_font": complex-script typeface; "lang": BCP 47 tag ("ja-JP");
             "caps": "small" | "all"; "highlight": "RRGGBB";
             "outline": {"width": px, "color": "RRGGBB", "alpha": a} (glyph outline, a:ln;
             CSS -webkit-text-stroke), "text_fill": "none" (outline only: a:noFill)
Media (Deck.media, not in to_dict by default)
    {"content_type": "image/png"|"image/jpeg"|"image/gif"|"image/svg+xml", "data": bytes,
     "width": px, "height": px}
"""

from __future__ import annotations

from typing import Any

Shape = dict[str, Any]
Slide = dict[str, Any]
Media = dict[str, Any]

EMU_PER_PX = 9525


def blank_slide() -> Slide:
    return {"background": None, "shapes": [], "notes": None, "blank": True}


def text_body(
    paragraphs: list[dict[str, Any]], wrap: bool = True, vertical: str | None = None
) -> dict[str, Any]:
    """A TextBody with zero insets and top anchoring: the layout decides every position."""
    return {
        "wrap": wrap,
        "anchor": "t",
        "insets": [0, 0, 0, 0],
        "vertical": vertical,
        "paragraphs": paragraphs,
    }
