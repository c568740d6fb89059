"""Test-wide helpers: `requires_fonts(...)` skips a test, naming the Debian packages to install,
when the font files its expectations were recorded with are missing."""

from __future__ import annotations

import pytest

from engine.fonts.packages import FONT_PACKAGES, apt_install_line, missing_packages

__all__ = ["requires_fonts"]


def requires_fonts(*packages: str) -> pytest.MarkDecorator:
    """Marker for tests whose expected numbers depend on these font packages' files (Chromium
    measured them): `@requires_fonts("fonts-liberation")`, or `pytestmark = requires_fonts(...)`.
    Everything else must pass with built-in metrics (no fonts) too."""
    unknown = [p for p in packages if p not in FONT_PACKAGES]
    if unknown:
        raise ValueError(f"unknown font packages {unknown}: add them to engine/fonts/packages.py")
    return pytest.mark.fonts(*packages)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "fonts(*packages): needs these Debian font packages (see requires_fonts)"
    )


def pytest_runtest_setup(item: pytest.Item) -> None:
    wanted: list[str] = []
    for mark in item.iter_markers("fonts"):
        wanted.extend(p for p in mark.args if p not in wanted)
    if wanted:
        missing = missing_packages(tuple(wanted))
        if missing:
            pytest.skip(f"font files missing: {apt_install_line(missing)}")
