"""Text fragments -> the slide model's run properties (colour, text gradient, stroke, caps, escapement size)."""

from __future__ import annotations

import re
from typing import Any

from engine.layout.fragments import TextFragment
from engine.layout.inline import smallcaps
from engine.model.paint.fills import first_color, gradient_fill
from engine.model.schema.fills import GradientFill
from engine.model.schema.text import Run, TextOutline
from engine.model.text import metrics as tm
from engine.model.text.decoration import decoration_props
from engine.model.text.fallback_runs import Fallbacks, fallback_pieces
from engine.style.types import RGBA
from engine.units import px_to_pt

# Scripts office suites draw with the complex-script font: Hebrew to Arabic Extended-A, Indic
# to Lao, Tibetan, Myanmar, Khmer, Hebrew/Arabic presentation forms.
_COMPLEX = re.compile(
    "[\u0590-\u08ff\u0900-\u0eff\u0f00-\u109f\u1780-\u17ff\ufb1d-\ufdff\ufe70-\ufefc]"
)


def east_asian_language(locale: str) -> str | None:
    """The a:rPr lang of text in a Chinese, Japanese or Korean locale ('ja' -> 'ja-JP',
    'zh-Hant' -> 'zh-TW'), else None. Office suites pick the locale's glyph forms with it (Noto
    CJK's centred Japanese ：！ against the Chinese ones), as Chromium does from `lang`."""
    parts = locale.replace("_", "-").lower().split("-")
    primary = parts[0]
    region = next((p for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
    if primary == "ja":
        return "ja-JP"
    if primary == "ko":
        return "ko-KR"
    if primary != "zh":
        return None
    if region:
        return "zh-" + region.upper()
    return "zh-TW" if "hant" in parts[1:] else "zh-CN"


def _text_gradient(tf: TextFragment, block_style: Any) -> Any:  # a CSS gradient image
    """The gradient painted through the glyphs of transparent text (background-clip: text)."""
    style = tf.box.style
    fill = style["-webkit-text-fill-color"]
    color = fill if isinstance(fill, RGBA) else style["color"]
    if color.a > 0:
        return None
    for candidate in (style, block_style):
        if "text" in (candidate["background-clip"] or ()):
            for layer in candidate["background-image"]:
                if first_color(layer) is not None:
                    return layer
    return None


def run_color(tf: TextFragment, block_style: Any) -> RGBA:
    """The run's solid colour; gradient text falls back to its gradient's first colour."""
    gradient = _text_gradient(tf, block_style)
    if gradient is not None:
        first = first_color(gradient)
        assert first is not None
        return first
    style = tf.box.style
    fill = style["-webkit-text-fill-color"]
    return fill if isinstance(fill, RGBA) else style["color"]


def run_for(
    tf: TextFragment,
    block_style: Any,
    alpha: float,
    fallbacks: Fallbacks,
    line_size: float | None = None,
    box_size: tuple[float, float] = (100.0, 100.0),
    decor_shapes: bool = True,
) -> Run:
    """One a:r of the slide model. Gradient text gets a gradient fill (PowerPoint draws it;
    LibreOffice 7.4 draws the `color` kept beside it: the gradient's first colour). Characters
    drawn with a fallback face are noted in `fallbacks` (split_fallback_runs)."""
    style = tf.box.style
    size = tf.font_size
    run: Run = {"text": tf.text, "font": tf.family, "size": round(px_to_pt(size), 2)}
    authored = author_text(tf)
    if authored is not None:
        run["text"], run["caps"] = authored, "all"
    if tf.ea_family:
        run["ea_font"] = tf.ea_family
    lang = east_asian_language(str(style["-webkit-locale"]))
    if lang is not None:
        run["lang"] = lang
    if _COMPLEX.search(tf.text) or style["direction"] == "rtl":
        # LibreOffice and PowerPoint draw Arabic, Hebrew, Indic, Thai... with the run's
        # complex-script font (a:cs), not a:latin, and digits and punctuation next to them in
        # right-to-left text too: name the face the layout measured.
        run["cs_font"] = tf.family
    if int(style["font-weight"]) >= 600:
        run["bold"] = True
    if style["font-style"] in ("italic", "oblique"):
        run["italic"] = True
    color = run_color(tf, block_style)
    run.update(decoration_props(tf, color, decor_shapes))
    run["color"] = color.hex
    gradient = _text_gradient(tf, block_style)
    if gradient is not None:
        fill: GradientFill = gradient_fill(gradient, box_size[0], box_size[1], alpha)
        run["fill"] = fill
    stroke = text_stroke(style, alpha)
    if stroke is not None:
        run["outline"] = stroke
    if stroke is not None and color.a <= 0 and gradient is None:
        run["text_fill"] = "none"  # outlined glyphs only (color / text-fill-color transparent)
    elif color.a * alpha < 1.0:
        run["alpha"] = round(color.a * alpha, 4)
    spacing = float(style["letter-spacing"] or 0.0)
    if spacing:
        run["spacing"] = round(px_to_pt(spacing), 2)
    if tf.shift:
        # LibreOffice draws an escaped run at 58 % of sz: write the sz whose 58 % is the size
        # Chromium draws (font-size: smaller = 5/6), raised by Chromium's shift. That line's
        # LibreOffice baseline then sits 0.2 x (sz - the line's size) higher (~2 px at 19 px).
        run_size = escaped_size(size)
        run["size"] = round(px_to_pt(run_size), 2)
        run["baseline"] = tm.escapement_for(tf.shift, run_size)
    if tf.href:
        run["href"] = tf.href
    pieces = fallback_pieces(tf)
    if pieces is not None:
        fallbacks.set(run, pieces)
    return run


def author_text(tf: TextFragment) -> str | None:
    """The characters the author wrote behind text that `text-transform: uppercase` drew in
    capitals (PPTX says the same with cap="all", and the text stays as written when edited);
    None where there is nothing to say or it cannot be said: other transforms (lowercase and
    capitalize have no PPTX equivalent), small caps (synthesised as sized capitals by
    caps_runs), a case mapping that changes the length ("ß" -> "SS"), or a fragment whose
    text is not a plain slice of the transformed text (a shown soft hyphen)."""
    style = tf.box.style
    if style["text-transform"] != "uppercase" or tf.start < 0 or tf.marker:
        return None
    if smallcaps.caps_mode(style) is not None:
        return None
    source = tf.box.text
    shown = source.upper()
    end = tf.start + len(tf.text)
    if len(shown) != len(source) or shown[tf.start : end] != tf.text:
        return None
    original = source[tf.start : end]
    return original if original != tf.text else None


def text_stroke(style: Any, alpha: float) -> TextOutline | None:
    """-webkit-text-stroke as the run's glyph outline (a:ln in a:rPr): width in px, centred on
    the glyph contours as Chromium strokes them; None without a visible stroke."""
    width = float(style["-webkit-text-stroke-width"] or 0.0)
    color = style["-webkit-text-stroke-color"]
    if width <= 0 or not isinstance(color, RGBA) or color.a * alpha <= 0:
        return None
    return {"width": width, "color": color.hex, "alpha": round(color.a * alpha, 4)}


def caps_runs(tf: TextFragment, run: Run, fallbacks: Fallbacks) -> list[Run]:
    """`run` as written: a small-caps fragment becomes runs of full-size characters and runs of
    uppercased small capitals at Chromium's synthesised size (engine.layout.inline.smallcaps); then
    word_spaced_runs."""
    mode = smallcaps.caps_mode(tf.box.style)
    text = run.get("text")
    if mode is None or not isinstance(text, str) or not text:
        return word_spaced_runs(tf, [run], fallbacks)
    size = escaped_size(tf.font_size) if tf.shift else tf.font_size
    small_pt = round(px_to_pt(smallcaps.small_size(size)), 2)
    out: list[Run] = []
    for part, small in smallcaps.drawn_runs(text, mode):
        size_pt = small_pt if small else run["size"]
        if out and out[-1]["size"] == size_pt:
            out[-1]["text"] += part
        else:
            out.append({**run, "text": part, "size": size_pt})
    return word_spaced_runs(tf, out, fallbacks)


def escaped_size(size: float) -> float:
    """The sz of a super/subscript run drawn at `size` px by LibreOffice (58 % of its sz)."""
    return size / tm.ESCAPEMENT_SIZE


_WORD_SPACES = re.compile("([ \u00a0]+)")


def word_spaced_runs(tf: TextFragment, runs: list[Run], fallbacks: Fallbacks) -> list[Run]:
    """CSS word-spacing, which Chromium adds after every space (U+0020, U+00A0), as extra
    character spacing (a:rPr/@spc) on runs of the spaces alone; unchanged when it is 0."""
    extra = px_to_pt(float(tf.box.style["word-spacing"] or 0.0))
    if not extra:
        return runs
    out: list[Run] = []
    for run in runs:
        text = run.get("text")
        if not isinstance(text, str) or not _WORD_SPACES.search(text):
            out.append(run)
            continue
        start = 0
        for piece in _WORD_SPACES.split(text):
            if not piece:
                continue
            part: Run = {**run, "text": piece}
            fallbacks.derive(run, part, start, len(piece))
            if _WORD_SPACES.fullmatch(piece):
                part["spacing"] = round(float(run.get("spacing", 0.0)) + extra, 2)
            out.append(part)
            start += len(piece)
    return out


def spaced_tail(run: Run, extra_pt: float, fallbacks: Fallbacks) -> list[Run]:
    """`run` with `extra_pt` more character spacing (a:rPr/@spc) after its last character, which
    becomes a run of its own."""
    text = run.get("text")
    if not isinstance(text, str) or not text:
        return [run]
    head, tail = text[:-1], text[-1:]
    out: list[Run] = []
    if head:
        part: Run = {**run, "text": head}
        fallbacks.derive(run, part, 0, len(head))
        out.append(part)
    last: Run = {
        **run,
        "text": tail,
        "spacing": round(float(run.get("spacing", 0.0)) + extra_pt, 2),
    }
    fallbacks.derive(run, last, len(head), 1)
    out.append(last)
    return out
