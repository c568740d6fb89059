"""Font resolution and text measurement as Chromium does it on Linux (CSS font lists -> faces, widths, metrics)."""

from __future__ import annotations

from .builtin import builtin_active, use_builtin_fonts
from .face import HAVE_HARFBUZZ, FontFace
from .measure import DEFAULT_LANG, FontStack, font_stack
from .packages import FONT_PACKAGES, apt_install_line, package_installed
from .resolve import EQUIVALENT_CLASSES, available, family_installed

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
    "EQUIVALENT_CLASSES",
    "FIDELITY_FAMILIES",
    "FONT_PACKAGES",
    "HAVE_HARFBUZZ",
    "FontFace",
    "FontStack",
    "apt_install_line",
    "available",
    "builtin_active",
    "family_installed",
    "font_stack",
    "package_installed",
    "use_builtin_fonts",
]
