"""Test-wide set-up: the `tools` and `fonts` markers of tests/requires.py are checked here (a
missing tool skips the test, or fails it with DECKFORGE_REQUIRE_TOOLS=1), and the queue and
cluster tests are marked; every deck a test makes is validated against the ISO/IEC 29500
Transitional schemas (tests/ooxml_schema.py). How to keep tests safe to run in parallel:
tests/README.md."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.requires import (
    missing_fonts_reason,
    missing_tool,
    missing_tools_reason,
    requires_fonts,
)

__all__ = ["requires_fonts"]

HERE = Path(__file__).resolve().parent
# Folder -> marker for every test in it (select with `-m queue`, leave out with `-m "not cluster"`).
FOLDER_MARKERS = {"queue": "queue", "cluster": "cluster"}
# In parallel runs (pytest-xdist) these folders' modules are handed out first: they wait the
# longest (servers, worker processes, LibreOffice), so the short ones fill in around them.
LONG_FIRST = ("cluster", "queue", "service", "render", "brand", "pptx", "cli")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "fonts(*packages): needs these Debian font packages (see tests/requires.py)"
    )
    config.addinivalue_line(
        "markers", "tools(*names): needs these tools of tests/requires.py TOOLS"
    )


def _folder(item: pytest.Item) -> str:
    parts = item.path.relative_to(HERE).parts if item.path.is_relative_to(HERE) else ()
    return parts[0] if len(parts) > 1 else ""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Folder markers; in a pytest-xdist worker, the long-waiting folders first (every worker
    collects the same order, as xdist requires)."""
    for item in items:
        folder = _folder(item)
        if folder in FOLDER_MARKERS:
            item.add_marker(FOLDER_MARKERS[folder])
    if hasattr(config, "workerinput"):
        rank = {name: i for i, name in enumerate(LONG_FIRST)}
        items.sort(key=lambda item: rank.get(_folder(item), len(LONG_FIRST)))


try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pytest-xdist (a dev dependency) missing: the tests run in one process
    pass
else:

    class ModuleScheduling(LoadScopeScheduling):
        """One work unit per test module (its tests run in order in one worker and share its
        module-scoped servers); tests/cluster is one unit, as its tests share one cluster for
        the whole session (tests/cluster/conftest.py). Units go out in collection order."""

        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            return "tests/cluster" if module.startswith("tests/cluster/") else module

    @pytest.hookimpl(tryfirst=True, optionalhook=True)  # optional: `-p no:xdist` works
    def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> ModuleScheduling:
        config.option.loadscopereorder = False  # keep LONG_FIRST's order
        return ModuleScheduling(config, log)


def pytest_runtest_setup(item: pytest.Item) -> None:
    tools: list[str] = []
    for mark in item.iter_markers("tools"):
        tools.extend(t for t in mark.args if t not in tools)
    reason = missing_tools_reason(tuple(tools)) if tools else None
    if reason:
        missing_tool(reason)
    fonts: list[str] = []
    for mark in item.iter_markers("fonts"):
        fonts.extend(p for p in mark.args if p not in fonts)
    reason = missing_fonts_reason(tuple(fonts)) if fonts else None
    if reason:
        missing_tool(reason)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A skip raised by tests/requires.py is reported at the test that needed the tool (`-rs`
    then lists the tests, not the helper's line)."""
    report = yield
    where = report.longrepr
    if report.skipped and isinstance(where, tuple) and Path(where[0]).name == "requires.py":
        path, line, _ = item.reportinfo()
        report.longrepr = (str(path), (line or 0) + 1, where[2])
    return report


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
