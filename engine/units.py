"""Unit conversion, the only place that knows the factors (CSS units and OOXML units -> px / EMU / pt)."""

from __future__ import annotations

PX_PER_IN = 96.0
PT_PER_IN = 72.0
EMU_PER_IN = 914400
EMU_PER_PX = 9525  # 914400 / 96

# Absolute CSS length units expressed in px.
ABSOLUTE_UNITS: dict[str, float] = {
    "px": 1.0,
    "pt": PX_PER_IN / PT_PER_IN,
    "pc": PX_PER_IN / 6.0,
    "in": PX_PER_IN,
    "cm": PX_PER_IN / 2.54,
    "mm": PX_PER_IN / 25.4,
    "q": PX_PER_IN / 101.6,
}


def px_to_emu(px: float) -> int:
    return int(round(px * EMU_PER_PX))


def px_to_pt(px: float) -> float:
    return px * PT_PER_IN / PX_PER_IN


def pt_to_px(pt: float) -> float:
    return pt * PX_PER_IN / PT_PER_IN


def deg_to_ooxml_angle(deg: float) -> int:
    """OOXML angles are 60000ths of a degree, normalised to [0, 360)."""
    return int(round((deg % 360.0) * 60000)) % 21600000
