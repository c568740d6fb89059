"""A diagram label's width estimated without a font (Arial-like advances): the drawers size
their boxes with it, and tables use it for their columns' longest words. No XML or drawing
module is loaded with it (a deck without diagrams never loads them)."""

from __future__ import annotations

FONT = 20.0  # px of a label: at least the body text's 18 px floor once fitted into a slide
_NARROW = set("iljtfrI.,:;|!'()[] ")
_WIDE = set("mwMWOQGDHNU@%")


def text_width(text: str, size: float = FONT) -> float:
    """Width of a label in px (Arial-like advances; CJK and emoji a full em)."""
    em = 0.0
    for ch in text:
        if ord(ch) >= 0x2E80:
            em += 1.0
        elif ch in _NARROW:
            em += 0.3
        elif ch in _WIDE:
            em += 0.85
        elif ch.isupper() or ch.isdigit():
            em += 0.66
        else:
            em += 0.54
    return em * size
