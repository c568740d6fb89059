"""The settings table of docs/service.md is the Settings class: generated from it
(`deckforge settings`), checked against it, and every default it shows is the class's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from service import settings_doc
from service.config import Settings
from service.worker_cli import build_parser as worker_parser

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "service.md"


def doc_rows() -> dict[str, tuple[str, str]]:
    text = DOC.read_text(encoding="utf-8")
    part = text[text.index(settings_doc.START) : text.index(settings_doc.END)]
    rows = re.findall(r"^\| `(DECKFORGE_[A-Z0-9_]+)` \| (.*?) \| (.*) \|$", part, flags=re.M)
    return {name: (default, meaning) for name, default, meaning in rows}


def test_docs_table_is_the_generated_one() -> None:
    assert settings_doc.main(["--check", str(DOC)]) == 0


def test_every_setting_is_documented_once_with_its_default() -> None:
    rows = doc_rows()
    assert set(rows) == {f"DECKFORGE_{name.upper()}" for name in Settings.model_fields}
    assert (
        rows["DECKFORGE_WORKER_THREADS"][0]
        == f"`{Settings.model_fields['worker_threads'].default}`"
    )
    assert rows["DECKFORGE_QUEUE_SIZE"][0] == "`16`"
    assert rows["DECKFORGE_MAX_PAGE_BYTES"][0] == "`5242880` (5 MiB)"
    assert rows["DECKFORGE_LOG_JSON"][0] == "`true`"
    assert rows["DECKFORGE_WORKERS"][0] == "number of cores"


def test_worker_threads_default_agrees_everywhere() -> None:
    """The class, the worker's --help and the docs say the same number."""
    default = Settings.model_fields["worker_threads"].default
    help_text = worker_parser().format_help()
    assert f"DECKFORGE_WORKER_THREADS, {default})" in " ".join(help_text.split())
    assert doc_rows()["DECKFORGE_WORKER_THREADS"][0] == f"`{default}`"


def test_check_fails_when_the_doc_drifts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "service.md"
    text = DOC.read_text(encoding="utf-8")
    stale.write_text(
        text.replace("| `DECKFORGE_QUEUE_SIZE` | `16` |", "| `DECKFORGE_QUEUE_SIZE` | `1` |")
    )
    assert settings_doc.main(["--check", str(stale)]) == 1
    assert "deckforge settings --write" in capsys.readouterr().err
    assert settings_doc.main(["--write", str(stale)]) == 0
    assert stale.read_text(encoding="utf-8") == text


def test_a_setting_without_a_description_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    field = Settings.model_fields["port"]
    monkeypatch.setattr(field, "description", None)
    with pytest.raises(ValueError, match="Settings.port has no description"):
        settings_doc.rows()


def test_missing_markers_are_a_clear_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bare = tmp_path / "x.md"
    bare.write_text("# nothing\n", encoding="utf-8")
    assert settings_doc.main(["--check", str(bare)]) == 2
    assert "markers" in capsys.readouterr().err
