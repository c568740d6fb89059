"""tools/recorders: every recorder imports without a browser and has a `main`, and every
expected_*.json the tests read is written by one of them (tools/recorders/README.md)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
RECORDERS = TESTS.parent / "tools" / "recorders"


def _recorders() -> list[Any]:
    names = sorted(p.stem for p in RECORDERS.glob("*.py") if p.stem != "browser")
    return [importlib.import_module(f"tools.recorders.{name}") for name in names]


def _paths(value: Any) -> list[Path]:
    """The .json paths in a module-level value (a path, or a table holding paths)."""
    if isinstance(value, Path):
        return [value] if value.suffix == ".json" else []
    if isinstance(value, dict):
        return [p for v in value.values() for p in _paths(v)]
    if isinstance(value, (tuple, list)):
        return [p for v in value for p in _paths(v)]
    return []


def test_every_recorder_has_a_main() -> None:
    recorders = _recorders()
    assert len(recorders) >= 20
    assert [m.__name__ for m in recorders if not callable(getattr(m, "main", None))] == []


def test_every_expected_file_has_its_recorder() -> None:
    written: set[Path] = set()
    for module in _recorders():
        for value in vars(module).values():
            written.update(p.resolve() for p in _paths(value))
        if hasattr(module, "RECORDED"):  # layout_boxes: suite -> fixtures module
            written.update(module.expected_path(s).resolve() for s in module.RECORDED)
    expected = {p.resolve() for p in TESTS.rglob("expected_*.json")}
    assert sorted(map(str, expected - written)) == []
    assert sorted(map(str, written - expected)) == []
