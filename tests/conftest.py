"""Test-wide helpers: `requires_fonts(...)` skips a test, naming the Debian packages to install,
when the font files its expectations were recorded with are missing; every deck a test makes is
validated against the ISO/IEC 29500 Transitional schemas (tests/ooxml_schema.py)."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from typing import Any

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


@pytest.fixture(autouse=True)
def _decks_are_schema_valid(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Every PPTX a test makes is checked against the ISO/IEC 29500 Transitional schemas
    (tests/ooxml_schema.py): the decks the engine writes in this process (its one packaging
    path, engine.pptx.deck.package_bytes) and the .pptx files left in the test's tmp_path (the
    CLI and other subprocesses). A test whose decks are not valid fails at teardown."""
    from engine.pptx import deck as deck_writer
    from tests.ooxml_schema import CHECKED, pptx_errors

    errors: list[str] = []
    package_bytes = deck_writer.package_bytes

    def checked(prs: Any) -> bytes:
        data = package_bytes(prs)
        errors.extend(pptx_errors(data))
        CHECKED.append(len(data))
        return data

    monkeypatch.setattr(deck_writer, "package_bytes", checked)
    tmp_path = request.getfixturevalue("tmp_path") if "tmp_path" in request.fixturenames else None
    yield
    if tmp_path is not None:
        for path in sorted(tmp_path.rglob("*.pptx")):
            data = path.read_bytes()
            if _is_deck(data):
                errors.extend(f"{path.name}: {e}" for e in pptx_errors(data))
                CHECKED.append(len(data))
    assert not errors, "decks not valid against ISO/IEC 29500 Transitional:\n" + "\n".join(
        errors[:20]
    )


@pytest.fixture(autouse=True, scope="session")
def _stored_decks_are_schema_valid(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """At the end of the session, every deck left anywhere under pytest's temporary folder (the
    service's stored results, written by its worker processes, live in module-scoped folders)
    is checked too."""
    from tests.ooxml_schema import CHECKED, pptx_errors

    yield
    errors: list[str] = []
    for path in sorted(tmp_path_factory.getbasetemp().rglob("*")):
        if not path.is_file() or path.stat().st_size > 64 * 1024 * 1024:
            continue
        with path.open("rb") as f:
            if f.read(2) != b"PK":
                continue
        data = path.read_bytes()
        if _is_deck(data):
            errors.extend(f"{path}: {e}" for e in pptx_errors(data))
            CHECKED.append(len(data))
    assert not errors, "decks not valid against ISO/IEC 29500 Transitional:\n" + "\n".join(
        errors[:20]
    )


def _is_deck(data: bytes) -> bool:
    """A zip package with a presentation part (tests also write broken files on purpose)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            return "ppt/presentation.xml" in zf.namelist()
    except zipfile.BadZipFile:
        return False
