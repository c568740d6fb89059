"""Fragments of a real document (unchanged, test material for code examples cut on a slide);
from samples/markdown/rich.

| name | repository | path | commit | licence |
|---|---|---|---|---|
| RICH_TABLES_PART, RICH_SYNTAX_PART | https://github.com/Textualize/rich | README.md | 42899d8a0a96b121a514516f4be9db44ff7aeaf3 | MIT |
"""

from __future__ import annotations

from pathlib import Path

_README = Path(__file__).parents[2] / "samples/markdown/rich/README.md"


def _details(summary: str) -> str:
    """A collapsible part of the README as the section it reads as (its summary a heading)."""
    text = _README.read_text(encoding="utf-8")
    start = text.index(f"<summary>{summary}</summary>\n") + len(f"<summary>{summary}</summary>\n")
    end = text.index("</details>", start)
    return f"## {summary}\n" + text[start:end].rstrip() + "\n"


# An example building a table: columns, then rows, then the table printed.
RICH_TABLES_PART = _details("Tables")
# An example whose leading statements are a long string of sample code.
RICH_SYNTAX_PART = _details("Syntax Highlighting")
