"""Debian font packages -> the families they provide (what set-up installs, what doctor and the tests check)."""

from __future__ import annotations

from .builtin import builtin_active
from .resolve import family_installed

__all__ = ["FONT_PACKAGES", "apt_install_line", "missing_packages", "package_installed"]

# The font packages the engine's fidelity (and the tests' Chromium expectations) rely on, in
# install order, each with the families that tell whether it is installed. scripts/setup.sh,
# .ci/run and README.md list the same packages.
FONT_PACKAGES: dict[str, tuple[str, ...]] = {
    "fonts-liberation": ("Liberation Sans", "Liberation Serif", "Liberation Mono"),
    "fonts-liberation2": ("Liberation Sans", "Liberation Serif", "Liberation Mono"),
    "fonts-dejavu-core": ("DejaVu Sans", "DejaVu Serif", "DejaVu Sans Mono"),
    "fonts-dejavu-extra": ("DejaVu Math TeX Gyre",),
    "fonts-noto-core": ("Noto Sans", "Noto Serif", "Noto Sans Symbols2"),
    "fonts-noto-cjk": ("Noto Sans CJK SC", "Noto Serif CJK SC"),
    "fonts-noto-color-emoji": ("Noto Color Emoji",),
    "fonts-crosextra-carlito": ("Carlito",),
    "fonts-crosextra-caladea": ("Caladea",),
}


def package_installed(package: str) -> bool:
    """Whether fontconfig sees every family `package` provides (so its files are usable);
    never with DECKFORGE_FONTS=builtin, which measures with built-in metrics only."""
    return not builtin_active() and all(family_installed(f) for f in FONT_PACKAGES[package])


def missing_packages(packages: tuple[str, ...] | None = None) -> list[str]:
    """The packages (default: all of FONT_PACKAGES) whose families fontconfig does not see."""
    return [p for p in (packages or tuple(FONT_PACKAGES)) if not package_installed(p)]


def apt_install_line(packages: list[str]) -> str:
    """The command that installs `packages` on Debian/Ubuntu (sudo for a non-root user)."""
    return "sudo apt-get install -y " + " ".join(packages)
