"""Font resolution and text measurement as Chromium does it on Linux (CSS font lists -> faces, widths, metrics)."""

from __future__ import annotations

from .builtin import builtin_active, use_builtin_fonts
from .face import HAVE_HARFBUZZ, FontFace
from .measure import DEFAULT_LANG, FontStack, font_stack
from .resolve import family_installed

# The fonts the fidelity setup installs (shared/tools/fidelity/setup.sh) and the tests need.
FIDELITY_FAMILIES = (
    "Liberation Sans",
    "Liberation Serif",
    "Liberation Mono",
    "DejaVu Sans",
    "DejaVu Serif",
    "DejaVu Sans Mono",
    "Noto Sans",
    "Noto Serif",
    "Noto Sans CJK SC",
    "Noto Serif CJK SC",
    "Carlito",
    "Caladea",
)

__all__ = [
    "DEFAULT_LANG",
    "FIDELITY_FAMILIES",
    "HAVE_HARFBUZZ",
    "FontFace",
    "FontStack",
    "builtin_active",
    "family_installed",
    "font_stack",
    "use_builtin_fonts",
]
