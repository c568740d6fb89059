"""Soft-wrapped paragraphs (the browser's lines of one paragraph -> the text-box width at which
LibreOffice breaks them where Chromium did, without a:br).

A paragraph is written as one run of text that the renderer wraps in its box. The box must be
wide enough for each of Chromium's lines as the renderer draws it (LibreOffice's advances are
up to ~1 % wider or narrower: engine/model/text/lowidth.py) and narrow enough that the first unit of
the next line (the text up to its first break opportunity, after the space that hung at the
break) does not fit too. Each line gives a lower bound for the box's extra width over
Chromium's line box, each soft break an upper bound; the width is chosen in that interval.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from engine.layout.fragments import LineFragment, TextFragment
from engine.layout.inline import smallcaps
from engine.layout.inline.text import (
    NORMAL_RULES,
    SHY,
    ZWSP,
    can_break_between_texts,
    font_info,
    split_segments,
)
from engine.model.schema.text import Paragraph
from engine.model.text import metrics as tm
from engine.model.text.lowidth import LO_WIDTH_MARGIN_FRACTION, LO_WIDTH_MARGIN_PX, fragment_delta
from engine.options import LineBreaks

__all__ = [
    "HANGING_PUNCT",
    "LineBreaks",
    "WrapBounds",
    "WrapLine",
    "joint",
    "keep_punctuation_in",
    "renderer_segments",
    "soft_text",
    "wrap_bounds",
]


@dataclass(frozen=True, slots=True)
class WrapBounds:
    """The extra width (px, over Chromium's line box) a box may get: every line fits from
    `low` on and no next unit is pulled up below `high` (None: no soft break to keep), with
    the width model's margins; `raw_low`/`raw_high` the same without them."""

    low: float
    high: float | None
    target: float  # the width LibreOffice's advances ask for (Chromium's box, rescaled)
    raw_low: float
    raw_high: float | None

    def choose(self, justified: bool) -> float:
        """The extra width: the target (0 for justified text, which stretches to the box) kept
        inside [low, high]; where the margins leave no room, the middle of the interval
        without them; where there is none either, every line fits (an overfull line would
        push its last word down and every line after it)."""
        want = 0.0 if justified else self.target
        if self.high is None:
            return max(want, self.low)
        if self.low < self.high:
            return min(max(want, self.low), self.high)
        if self.raw_high is not None and self.raw_low < self.raw_high:
            return (self.raw_low + self.raw_high) / 2
        return self.low


def _texts(seg: Sequence[TextFragment]) -> list[TextFragment]:
    return [t for t in seg if not t.marker and t.text]


def chromium_width(t: TextFragment, text: str) -> float:
    """The width Chromium gives `text` in t's font (small caps synthesised as the layout does)."""
    font = font_info(t.box.style)
    mode = smallcaps.caps_mode(t.box.style)
    if mode is not None:
        return sum(smallcaps.advances(font, text, mode))
    return float(font.measure(text))


def _lo_delta(t: TextFragment, text: str) -> float | None:
    return fragment_delta(dataclasses.replace(t, text=text)) if text else 0.0


# Punctuation LibreOffice lets hang past the end of a Korean line (hanging punctuation stays on
# for Korean paragraphs, see keep_punctuation_in): it does not count when a word is pulled up.
HANGING_PUNCT = frozenset(".,!?:;\u3001\u3002\uff0c\uff0e\uff01\uff1f\uff1a\uff1b")


def next_unit(seg: Sequence[TextFragment]) -> tuple[float, float | None, str]:
    """The first unit of a line (its text up to the first break opportunity the renderer
    knows: spaces, CJK, hyphens, U+200B; not word-break: break-all's; a Korean word without
    the punctuation that may hang after it): Chromium's width, LibreOffice's extra width over
    it (None: not modelled) and the text."""
    texts = _texts(seg)
    if not texts:
        return 0.0, 0.0, ""
    joined = "".join(t.text for t in texts)
    unit = _renderer_units(joined)[0] if joined else ""
    if any(_is_hangul(ch) for ch in unit):
        unit = unit.rstrip("".join(HANGING_PUNCT)) or unit
    width, rest = 0.0, len(unit)
    delta: float | None = 0.0
    for t in texts:
        if rest <= 0:
            break
        part = t.text[:rest]
        rest -= len(part)
        width += chromium_width(t, part)
        d = _lo_delta(t, part)
        delta = None if d is None or delta is None else delta + d
    return width, delta, unit


def joint_width(line: LineFragment, seg: Sequence[TextFragment]) -> float:
    """Chromium's width of what hung at the end of a soft-wrapped line (its space), 0 when the
    line broke between letters (CJK, after a hyphen) or at a soft hyphen."""
    texts = _texts(seg)
    if not texts or line.hang != " ":
        return 0.0
    return chromium_width(texts[-1], " ")


@dataclass(frozen=True, slots=True)
class WrapLine:
    """One of Chromium's lines as the width choice sees it (px, from its line box's left)."""

    line: LineFragment
    seg: Sequence[TextFragment]
    size: float
    soft_end: bool  # the next line continues the paragraph (a soft wrap, no a:br)
    next_seg: Sequence[TextFragment] = ()
    # the runs carry spacing that cancels LibreOffice's widths (Options.libreoffice_widths):
    # LibreOffice draws them at Chromium's
    lo_widths: bool = False

    def lo_need(self) -> LineNeed:
        """Where this line ends in LibreOffice, and where it would end with the next unit."""
        natural = self.line.content_width
        text = "".join(t.text for t in _texts(self.seg))
        delta = 0.0 if self.lo_widths else _line_delta(self.seg)
        space = tm.cjk_autospace_px(text, self.size)
        lo_end = natural + (delta or 0.0) + space
        need = LineNeed(natural, lo_end, None, delta is not None, self.size)
        if not self.soft_end:
            return need
        unit_w, unit_delta, unit = next_unit(self.next_seg)
        if self.lo_widths:
            unit_delta = 0.0
        if not unit:
            return need
        gap = joint_width(self.line, self.seg)
        # LibreOffice pads a CJK boundary only while the line is not full: not the ones inside
        # the unit it tries to pull up, only the one where it joins the line.
        extra = tm.cjk_autospace_px(text + (" " if gap else "") + unit[:1], self.size) - space
        if delta is None or unit_delta is None:
            pulled = natural + gap + unit_w + extra
            return LineNeed(natural, lo_end, pulled, False, self.size)
        pulled = lo_end + gap * (1 + delta / max(natural, 1.0)) + unit_w + unit_delta + extra
        return LineNeed(natural, lo_end, pulled, True, self.size)


@dataclass(frozen=True, slots=True)
class LineNeed:
    """A line's end in LibreOffice (px from its line box's left), and its end were the next
    unit pulled up (None: no soft break after it), as modelled (`modelled`: from the
    reference-device advances; else Chromium's widths, with the generic slack as margin)."""

    natural: float
    end: float
    pulled: float | None
    modelled: bool
    size: float

    def fit(self) -> float:
        """The least box width that keeps the line whole, with the model's margins."""
        if not self.modelled:
            return tm.box_width_for_line(self.end, self.size)
        return self.end * (1 + LO_WIDTH_MARGIN_FRACTION) + LO_WIDTH_MARGIN_PX

    def pull(self) -> float | None:
        """The box width from which the next unit comes up, less the model's margins."""
        if self.pulled is None:
            return None
        if not self.modelled:
            slack = tm.box_width_for_line(self.pulled, self.size) - self.pulled
            return self.pulled - slack
        return self.pulled * (1 - LO_WIDTH_MARGIN_FRACTION) - LO_WIDTH_MARGIN_PX


def _line_delta(seg: Sequence[TextFragment]) -> float | None:
    total = 0.0
    for t in _texts(seg):
        d = fragment_delta(t)
        if d is None:
            return None
        total += d
    return total


def wrap_bounds(lines: Sequence[WrapLine], base: float) -> WrapBounds:
    """The interval of extra widths over `base` (the width the box's lines get in Chromium:
    its widest line box) that keeps Chromium's line breaks."""
    needs = [w.lo_need() for w in lines]
    low = max(n.fit() for n in needs) - base
    raw_low = max(n.end for n in needs) - base
    pulls = [p for n in needs if (p := n.pull()) is not None]
    raws = [n.pulled for n in needs if n.pulled is not None]
    high = min(pulls) - base if pulls else None
    raw_high = min(raws) - base if raws else None
    natural = sum(n.natural for n in needs if n.modelled)
    drawn = sum(n.end for n in needs if n.modelled)
    ratio = drawn / natural - 1.0 if natural > 0 else 0.0
    return WrapBounds(low, high, base * ratio, raw_low, raw_high)


def _is_hangul(ch: str) -> bool:
    o = ord(ch)
    return 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F


def renderer_segments(text: str) -> list[tuple[str, str]]:
    """`text` cut at the break opportunities office renderers use, as (word, trailing spaces)
    pairs that join back into `text`: the normal CSS ones, except between Hangul syllables
    (LibreOffice breaks Korean at spaces, as Korean is written; Chromium breaks between any
    two syllables)."""
    segments: list[tuple[str, str]] = []
    for word, spaces in split_segments(text, True, NORMAL_RULES):
        last = segments[-1] if segments else ("", " ")
        if not last[1] and word and _is_hangul(last[0][-1:] or " ") and _is_hangul(word[0]):
            segments[-1] = (last[0] + word, spaces)
        else:
            segments.append((word, spaces))
    return segments


def _renderer_units(text: str) -> list[str]:
    """`text` cut at the renderers' break opportunities (renderer_segments), spaces left out."""
    units = [(word + spaces).rstrip(" ") for word, spaces in renderer_segments(text)]
    return units or [text]


def joint(line: LineFragment, seg: Sequence[TextFragment], next_seg: Sequence[TextFragment]) -> str:
    """What joins a soft-wrapped line to the next one in their paragraph: the space that hung
    at the break, U+00AD where a soft hyphen showed, U+200B (an invisible break opportunity)
    where Chromium broke inside a word (<wbr>, word-break: break-all, overflow-wrap, between
    Hangul syllables), so the renderer can break there too; nothing where both may break
    anyway (Chinese, Japanese, after a hyphen)."""
    if line.hang:
        return line.hang
    texts, following = _texts(seg), _texts(next_seg)
    if not texts or not following:
        return ""
    last, first = texts[-1].text[-1], following[0].text[0]
    if last.isspace() or first.isspace() or last == ZWSP or first == ZWSP:
        return ""
    if _is_hangul(last) and _is_hangul(first):
        return ZWSP
    return "" if can_break_between_texts(last, first, NORMAL_RULES) else ZWSP


def keep_punctuation_in(paragraphs: Sequence[Paragraph]) -> None:
    """Chinese and Japanese paragraphs that wrap in their box get hangingPunct="0": Chromium
    never lets a comma or full stop hang past the line's end (it takes the character before it
    to the next line), LibreOffice and PowerPoint do by default, and would keep that character.
    Not Korean: without hanging, LibreOffice breaks the word before the full stop apart
    (Chromium moves the whole word down)."""
    for para in paragraphs:
        text = "".join(r["text"] for r in para.get("runs", ()) if isinstance(r.get("text"), str))
        if tm.cjk_text(text) and not any(_is_hangul(ch) for ch in text):
            para["hanging_punct"] = False


def soft_text(text: str, join: str) -> str:
    """A line's text as it continues into the next line of its paragraph (`join` from
    joint): a shown soft hyphen turns back into U+00AD (the renderer shows it if it breaks
    there), a hung space or U+200B is put back."""
    if join == SHY:
        return text[:-1] + SHY if text else text
    return text + join
