"""Tests that need something outside Python - font files, PostgreSQL, Redis, LibreOffice,
poppler, Chromium, bash, the shared corpus - say so through this module, and only through it.

Without the tool such a test skips, naming the Debian package to install (`pytest -rs` lists the
reasons). With DECKFORGE_REQUIRE_TOOLS=1 (.ci/run sets it) a missing tool fails the test instead:
CI has everything installed, so a skip there would hide a broken set-up.

- `@requires_tools("soffice", "pdftotext")` or `pytestmark = requires_tools(...)`: the names of
  TOOLS, checked when the test is set up (tests/conftest.py);
- `@requires_fonts("fonts-liberation")`: the Debian font packages whose files the expected
  numbers were measured with;
- `missing_tool(reason)`: from inside a fixture or helper that finds a tool missing (e.g. the
  PostgreSQL server fixture).
"""

from __future__ import annotations

import glob
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

import pytest

from engine.fonts.packages import FONT_PACKAGES, apt_install_line, missing_packages

__all__ = [
    "REQUIRE_TOOLS_ENV",
    "TOOLS",
    "chromium_path",
    "corpus_dir",
    "find_pg_bin",
    "installed_font_files",
    "missing_fonts_reason",
    "missing_tool",
    "missing_tools_reason",
    "redis_server_path",
    "requires_fonts",
    "requires_tools",
    "tools_required",
]

REQUIRE_TOOLS_ENV = "DECKFORGE_REQUIRE_TOOLS"
CORPUS_ENV = "DECKFORGE_TEST_CORPUS"
ROOT = Path(__file__).resolve().parents[1]


def tools_required() -> bool:
    """Whether a missing tool fails (DECKFORGE_REQUIRE_TOOLS set to anything but "" or "0")."""
    return os.environ.get(REQUIRE_TOOLS_ENV, "") not in ("", "0")


def missing_tool(reason: str) -> NoReturn:
    """Skip the running test (or fixture) for `reason`; fail it when tools are required."""
    if tools_required():
        pytest.fail(f"{reason} [{REQUIRE_TOOLS_ENV}=1: a missing tool fails]", pytrace=False)
    pytest.skip(reason)


def chromium_path() -> str | None:
    """Debian's Chromium (what Playwright drives in the tests; never a downloaded build)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def corpus_dir() -> Path:
    """../shared/corpus beside the repository (DECKFORGE_TEST_CORPUS overrides the place)."""
    return Path(os.environ.get(CORPUS_ENV) or ROOT.parent / "shared" / "corpus")


def installed_font_files() -> list[str]:
    """Every TrueType/OpenType font file (and collection) installed system-wide, sorted."""
    patterns = (
        "/usr/share/fonts/**/*.ttf",
        "/usr/share/fonts/**/*.otf",
        "/usr/share/fonts/**/*.ttc",
    )
    return sorted(f for pattern in patterns for f in glob.glob(pattern, recursive=True))


def _corpus_present() -> bool:
    return corpus_dir().is_dir() and any(p.is_dir() for p in corpus_dir().glob("deck-*"))


def find_pg_bin() -> Path | None:
    """The directory holding initdb, pg_ctl and postgres (DECKFORGE_TEST_PG_BIN, PATH, or
    Debian's /usr/lib/postgresql/<version>/bin), or None."""
    candidates = []
    if os.environ.get("DECKFORGE_TEST_PG_BIN"):
        candidates.append(os.environ["DECKFORGE_TEST_PG_BIN"])
    found = shutil.which("initdb")
    if found:
        candidates.append(str(Path(found).resolve().parent))
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for c in candidates:
        d = Path(c)
        if all((d / tool).exists() for tool in ("initdb", "pg_ctl", "postgres")):
            return d
    return None


def redis_server_path() -> str | None:
    """redis-server (Debian package `redis-server`)."""
    return shutil.which("redis-server")


@dataclass(frozen=True)
class Tool:
    """Something a test needs: how to find it, what it is called, and how to install it."""

    present: Callable[[], bool]
    what: str
    install: str  # the Debian package, or what to do


def _which(*names: str) -> Callable[[], bool]:
    return lambda: any(shutil.which(n) for n in names)


def _libeot() -> bool:
    import ctypes.util

    return ctypes.util.find_library("eot") is not None


def _aspose() -> bool:
    try:
        import aspose.slides  # noqa: F401
    except Exception:  # noqa: BLE001 - missing package or its native libraries
        return False
    return True


TOOLS: dict[str, Tool] = {
    "bash": Tool(_which("bash"), "bash", "bash"),
    "chromium": Tool(lambda: chromium_path() is not None, "Chromium", "chromium"),
    "soffice": Tool(_which("soffice", "libreoffice"), "LibreOffice", "libreoffice-impress"),
    "pdftotext": Tool(_which("pdftotext"), "poppler's pdftotext", "poppler-utils"),
    "pdftoppm": Tool(_which("pdftoppm"), "poppler's pdftoppm", "poppler-utils"),
    "pdftocairo": Tool(_which("pdftocairo"), "poppler's pdftocairo", "poppler-utils"),
    "pdffonts": Tool(_which("pdffonts"), "poppler's pdffonts", "poppler-utils"),
    "libeot": Tool(_libeot, "libeot (a LibreOffice dependency)", "libeot0"),
    "aspose": Tool(_aspose, "aspose-slides", "pip install -e '.[dev]' (aspose-slides)"),
    "redis-server": Tool(_which("redis-server"), "Redis (redis-server)", "redis-server"),
    "postgresql": Tool(
        lambda: find_pg_bin() is not None,
        "PostgreSQL (initdb, pg_ctl, postgres; or set DECKFORGE_TEST_PG_BIN)",
        "postgresql",
    ),
    "corpus": Tool(
        _corpus_present,
        f"the shared corpus (../shared/corpus beside the repository, or {CORPUS_ENV})",
        f"put the corpus there or set {CORPUS_ENV}",
    ),
}


def missing_tools_reason(names: tuple[str, ...]) -> str | None:
    """Why tests needing these TOOLS cannot run here (None: all present)."""
    unknown = [n for n in names if n not in TOOLS]
    if unknown:
        raise ValueError(f"unknown tools {unknown}: add them to tests/requires.py TOOLS")
    missing = [TOOLS[n] for n in names if not TOOLS[n].present()]
    if not missing:
        return None
    packages = [t.install for t in missing if " " not in t.install]
    steps = [t.install for t in missing if " " in t.install]
    how = [apt_install_line(sorted(set(packages)))] if packages else []
    return f"{', '.join(t.what for t in missing)} missing: " + "; ".join(how + steps)


def missing_fonts_reason(packages: tuple[str, ...]) -> str | None:
    """Why tests needing these font packages' files cannot run here (None: all present)."""
    missing = missing_packages(packages)
    return f"font files missing: {apt_install_line(missing)}" if missing else None


def requires_tools(*names: str) -> pytest.MarkDecorator:
    """Marker for tests that need these TOOLS: `@requires_tools("soffice", "pdftotext")`."""
    unknown = [n for n in names if n not in TOOLS]
    if unknown:
        raise ValueError(f"unknown tools {unknown}: add them to tests/requires.py TOOLS")
    return pytest.mark.tools(*names)


def requires_fonts(*packages: str) -> pytest.MarkDecorator:
    """Marker for tests whose expected numbers depend on these font packages' files (Chromium
    measured them): `@requires_fonts("fonts-liberation")`, or `pytestmark = requires_fonts(...)`.
    Everything else must pass with built-in metrics (no fonts) too."""
    unknown = [p for p in packages if p not in FONT_PACKAGES]
    if unknown:
        raise ValueError(f"unknown font packages {unknown}: add them to engine/fonts/packages.py")
    return pytest.mark.fonts(*packages)
