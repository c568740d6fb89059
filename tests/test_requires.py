"""tests/requires.py: a missing tool skips (naming what to install), or fails with
DECKFORGE_REQUIRE_TOOLS=1; and it is the only place of the suite that skips."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests import requires
from tests.requires import REQUIRE_TOOLS_ENV, missing_tool, missing_tools_reason

TESTS = Path(__file__).resolve().parent


@pytest.fixture
def no_tools(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A PATH with nothing on it, no PostgreSQL directory, no corpus."""
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("DECKFORGE_TEST_PG_BIN", str(tmp_path))
    monkeypatch.setenv("DECKFORGE_TEST_CORPUS", str(tmp_path / "corpus"))
    monkeypatch.setattr(requires.glob, "glob", lambda pattern: [])


def test_a_missing_tool_skips_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(REQUIRE_TOOLS_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="^Chromium missing"):
        missing_tool("Chromium missing")
    monkeypatch.setenv(REQUIRE_TOOLS_ENV, "0")
    with pytest.raises(pytest.skip.Exception):
        missing_tool("Chromium missing")


def test_a_missing_tool_fails_when_tools_are_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(REQUIRE_TOOLS_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match=f"^Chromium missing .*{REQUIRE_TOOLS_ENV}=1"):
        missing_tool("Chromium missing")


@pytest.mark.usefixtures("no_tools")
def test_reasons_name_the_debian_packages() -> None:
    reason = missing_tools_reason(("soffice", "pdftotext", "pdftoppm", "chromium"))
    assert reason == (
        "LibreOffice, poppler's pdftotext, poppler's pdftoppm, Chromium missing: "
        "sudo apt-get install -y chromium libreoffice-impress poppler-utils"
    )
    pg = missing_tools_reason(("postgresql", "redis-server"))
    assert pg is not None and pg.endswith("sudo apt-get install -y postgresql redis-server")
    corpus = missing_tools_reason(("corpus",))
    assert corpus is not None and "DECKFORGE_TEST_CORPUS" in corpus


def test_present_tools_give_no_reason(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("initdb", "pg_ctl", "postgres"):
        (tmp_path / name).touch()
    (tmp_path / "deck-1").mkdir()
    monkeypatch.setenv("DECKFORGE_TEST_PG_BIN", str(tmp_path))
    monkeypatch.setenv("DECKFORGE_TEST_CORPUS", str(tmp_path))
    assert missing_tools_reason(("postgresql", "corpus", "bash")) is None


def test_unknown_tool_names_are_an_error() -> None:
    with pytest.raises(ValueError, match="unknown tools"):
        requires.requires_tools("chromum")
    with pytest.raises(ValueError, match="unknown font packages"):
        requires.requires_fonts("fonts-liberaton")


def test_no_test_skips_on_its_own() -> None:
    """Every skip goes through tests/requires.py, so DECKFORGE_REQUIRE_TOOLS=1 sees them all."""
    direct = re.compile(r"pytest\.(skip\(|importorskip|mark\.skip)|\bskipif\b|\bxfail\b")
    found = [
        f"{path.relative_to(TESTS)}:{n}"
        for path in sorted(TESTS.rglob("*.py"))
        if path.name not in ("requires.py", "test_requires.py")
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if direct.search(line)
    ]
    assert found == []
