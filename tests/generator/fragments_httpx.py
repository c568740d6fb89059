"""Fragments of a real document (unchanged, test material for examples shown in part on the
last slide a capped page keeps); from samples/markdown/httpx-quickstart.

| name | repository | path | commit | licence |
|---|---|---|---|---|
| HTTPX_SENDING_JSON, HTTPX_REDIRECTION, HTTPX_STATUS_CODES, HTTPX_EXCEPTIONS | https://github.com/encode/httpx | docs/quickstart.md | ae1b9f66238f75ced3ced5e4485408435de10768 | BSD-3-Clause |
"""

from __future__ import annotations

from pathlib import Path

_QUICKSTART = Path(__file__).parents[2] / "samples/markdown/httpx-quickstart/quickstart.md"


def _section(title: str) -> str:
    text = _QUICKSTART.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 3)
    return text[start : end if end >= 0 else len(text)].rstrip() + "\n"


# A console example whose output (a JSON body) is the point of the section.
HTTPX_SENDING_JSON = _section("Sending JSON Encoded Data")
# A first example, then the one the opening sentence announces ("can be explicitly enabled").
HTTPX_REDIRECTION = _section("Redirection and History")
# Two short examples, then the one raising for an error status (its output a traceback).
HTTPX_STATUS_CODES = _section("Response Status Codes")
# A sentence naming the main classes, then an example per class; the second is the point.
HTTPX_EXCEPTIONS = _section("Exceptions")
