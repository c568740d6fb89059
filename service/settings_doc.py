"""The settings table of docs/service.md, generated from `service.config.Settings` (each field's
description and default -> one Markdown row), so the documentation cannot drift from the class.

`deckforge settings` prints the table; `--write FILE` replaces the table between the markers in
FILE; `--check FILE` exits 1 when FILE's table differs from the class (tests run it).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import SecretStr
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

START = "<!-- settings table: generated from service/config.py by `deckforge settings --write` -->"
END = "<!-- end of the generated settings table -->"
DEFAULT_DOC = "docs/service.md"
MiB = 1024 * 1024


@dataclass(frozen=True)
class SettingRow:
    variable: str
    default: str
    meaning: str


def _default_text(info: FieldInfo) -> str:
    extra = info.json_schema_extra
    if isinstance(extra, dict) and isinstance(extra.get("doc_default"), str):
        return str(extra["doc_default"])
    value: Any = info.default
    if value is PydanticUndefined:
        raise ValueError("a computed default needs json_schema_extra=doc_default(...)")
    if isinstance(value, SecretStr):
        value = value.get_secret_value()
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and value >= MiB and value % MiB == 0:
        return f"`{value}` ({value // MiB} MiB)"
    return f"`{value}`"


def rows() -> list[SettingRow]:
    """One row per Settings field, in the class's order."""
    from service.config import Settings

    prefix = str(Settings.model_config.get("env_prefix", ""))
    out = []
    for name, info in Settings.model_fields.items():
        if not info.description:
            raise ValueError(f"Settings.{name} has no description (docs/service.md needs one)")
        out.append(SettingRow(f"{prefix}{name.upper()}", _default_text(info), info.description))
    return out


def table() -> str:
    """The Markdown table (header + one line per setting), between the markers."""
    lines = [START, "", "| Variable | Default | Meaning |", "|---|---|---|"]
    lines += [f"| `{r.variable}` | {r.default} | {r.meaning} |" for r in rows()]
    lines += ["", END]
    return "\n".join(lines)


def replace_table(text: str) -> str:
    """`text` with the part between the markers (included) replaced by the current table."""
    start = text.find(START)
    end = text.find(END, start)
    if start < 0 or end < 0:
        raise ValueError(f"the markers of the settings table are missing ({START!r} ... {END!r})")
    return text[:start] + table() + text[end + len(END) :]


def main(argv: list[str] | None = None) -> int:
    """`deckforge settings [--write FILE | --check FILE]`."""
    parser = argparse.ArgumentParser(
        prog="deckforge settings",
        description="Print the table of DECKFORGE_* settings (from the Settings class), or "
        "write it into / check it against a Markdown file.",
    )
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--write", metavar="FILE", nargs="?", const=DEFAULT_DOC)
    group.add_argument("--check", metavar="FILE", nargs="?", const=DEFAULT_DOC)
    args = parser.parse_args(argv)
    target = args.write or args.check
    if target is None:
        print(table())
        return 0
    path = Path(target)
    try:
        text = path.read_text(encoding="utf-8")
        updated = replace_table(text)
    except (OSError, ValueError) as exc:
        print(f"deckforge settings: {path}: {exc}", file=sys.stderr)
        return 2
    if args.check:
        if updated != text:
            print(
                f"deckforge settings: the table in {path} differs from service/config.py; "
                f"run `deckforge settings --write {path}`",
                file=sys.stderr,
            )
            return 1
        return 0
    if updated != text:
        path.write_text(updated, encoding="utf-8")
    print(f"deckforge settings: {path} is up to date ({len(rows())} settings)")
    return 0
