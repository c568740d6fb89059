"""A laid-out line (its text fragments) -> the width LibreOffice draws it at (px).

LibreOffice formats text on a 600 dpi reference device (textmetrics.lo_device_ppem /
lo_advance_px): the font is scaled to a whole number of device pixels per em and every glyph
advance is rounded to a device pixel, so its lines run up to ~1 % wider or narrower than
Chromium's.  Justified text boxes need that width, not a generic slack: LibreOffice stretches
every line to the box, so any width beyond Chromium's container shows as lines that end
too far right.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from engine.fonts.measure import font_stack
from engine.layout.fragments import TextFragment
from engine.layout.inline import smallcaps
from engine.layout.inline.text import font_info
from engine.model.schema.shapes import Shape
from engine.model.schema.text import Run, TextBody
from engine.model.text import metrics as tm
from engine.units import PT_PER_IN, PX_PER_IN

PX_PER_PT = PX_PER_IN / PT_PER_IN

__all__ = [
    "correct_for_libreoffice",
    "fragment_delta",
    "lo_fit_width",
    "lo_line_delta_px",
    "lo_max_natural",
]

LO_WIDTH_MARGIN_FRACTION = 0.002
"""Relative margin over the modelled width (the model's residual: -0.30 % ... +0.16 %)."""

LO_WIDTH_MARGIN_PX = 1.0
"""LibreOffice's wrap decision is fuzzy by about 1 px around its drawn width."""


def fragment_delta(t: TextFragment) -> float | None:
    """LibreOffice's width of t's text minus Chromium's (px), or None when unknown."""
    size = t.font_size
    if size <= 0:
        return None
    if t.shift:  # raised/lowered runs are drawn at another size: allow the generic slack
        return t.width * tm.WIDTH_SLACK_FRACTION + tm.WIDTH_SLACK_EM * size
    mode = smallcaps.caps_mode(t.box.style)
    parts = (
        [(t.text, size)]
        if mode is None
        else [
            (part, smallcaps.small_size(size) if small else size)
            for part, small in smallcaps.drawn_runs(t.text, mode)
        ]
    )
    try:
        stack = font_info(t.box.style).stack
        delta = 0.0
        for part, part_size in parts:
            for face, text in stack.segments(part):
                for ch in text:
                    em = face.advance(ch)
                    delta += tm.lo_advance_px(em, part_size) - em * part_size
        return delta
    except Exception:  # noqa: BLE001 - odd fonts: the caller falls back to the generic slack
        return None


def lo_line_delta_px(seg: Sequence[TextFragment]) -> float | None:
    """How much wider (px, negative: narrower) LibreOffice draws these fragments than
    Chromium laid them out; None when a fragment cannot be modelled."""
    total = 0.0
    for t in seg:
        if t.marker or not t.text:
            continue
        d = fragment_delta(t)
        if d is None:
            return None
        total += d
    return total


def lo_fit_width(natural_px: float, seg: Sequence[TextFragment]) -> float | None:
    """A box width that keeps a line of natural_px (Chromium's unjustified width) on one line
    in LibreOffice, from the reference-device model plus its margins; None when unknown."""
    delta = lo_line_delta_px(seg)
    if delta is None:
        return None
    return (natural_px + delta) * (1 + LO_WIDTH_MARGIN_FRACTION) + LO_WIDTH_MARGIN_PX


def lo_max_natural(box_px: float, delta_px: float) -> float:
    """The widest Chromium width (px) of a line that LibreOffice draws delta_px wider and
    still keeps on one line in a box of box_px (the inverse of lo_fit_width)."""
    return (box_px - LO_WIDTH_MARGIN_PX) / (1 + LO_WIDTH_MARGIN_FRACTION) - delta_px


def _run_delta_per_char(run: Run) -> float | None:
    """px to add after each character of a slide-model run so that LibreOffice draws it as
    wide as Chromium laid it out (None: leave the run alone)."""
    text = run.get("text") or ""
    if run.get("caps") == "all":
        text = text.upper()  # drawn in capitals
    font = run.get("font")
    if len(text) < 2 or not font or run.get("baseline"):
        return None
    families: tuple[str, ...] = (font,)
    ea_font = run.get("ea_font")
    if ea_font:
        # Negative spacing stops at every CJK / non-CJK boundary in LibreOffice (and the
        # boundary adds its own autospace): only runs of one kind are corrected.
        if tm.cjk_autospace_count(text):
            return None
        if any(tm.is_cjk_char(ch) for ch in text):
            families = (ea_font, font)
    size = float(run.get("size", 0.0)) * PX_PER_PT
    if size <= 0:
        return None
    try:
        stack = font_stack(
            families, 700 if run.get("bold") else 400, "italic" if run.get("italic") else "normal"
        )
        delta = 0.0
        for face, part in stack.segments(text):
            for ch in part:
                em = face.advance(ch)
                delta += tm.lo_advance_px(em, size) - em * size
    except Exception:  # noqa: BLE001 - odd fonts: no correction
        return None
    # LibreOffice leaves negative spacing off a run's last character.
    return -delta / (len(text) - 1 if delta > 0 else len(text))


def _bodies(shape: Shape) -> Iterator[TextBody]:
    if shape["kind"] in ("rect", "text"):
        body = shape.get("text")
        if body is not None:
            yield body
    elif shape["kind"] == "table":
        for row in shape["rows"]:
            for cell in row["cells"]:
                if cell["text"] is not None:
                    yield cell["text"]
    elif shape["kind"] == "group":
        for child in shape["shapes"]:
            yield from _bodies(child)


def correct_for_libreoffice(shapes: list[Shape]) -> None:
    """Give every run of a slide's shapes the spacing (a:rPr/@spc) that cancels LibreOffice's
    reference-device widths, so its lines end where Chromium's end (Options.libreoffice_widths:
    PowerPoint then draws the runs that much narrower)."""
    for shape in shapes:
        for body in _bodies(shape):
            for para in body["paragraphs"]:
                for run in para["runs"]:
                    per_char = _run_delta_per_char(run)
                    if per_char:
                        spacing = float(run.get("spacing", 0.0)) + per_char / PX_PER_PT
                        run["spacing"] = round(spacing, 2)
