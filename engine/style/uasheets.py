"""The user-agent stylesheets (ua.css, quirks.css), split into rules once per release, not per process.

Splitting a stylesheet's text into rules and declarations (tinycss2's tokenizer) is half of
what parsing the UA sheet costs, ~5 ms of every command's start-up. `ua_blocks.json` beside
this file holds that split for each sheet together with the exact text it was made from; a
sheet whose text differs (an edited ua.css) or a missing or unreadable file is simply parsed.
The rest of the parse (selectors, declaration values) runs as for any stylesheet.

    python scripts/precompile_ua.py     # rewrite ua_blocks.json after editing a sheet

tests/style/test_uasheets.py checks that the file is current.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from engine.style.stylesheet import Sheet, parse_stylesheet, sheet_of_items
from engine.style.syntax import Rule, parse_blocks

__all__ = [
    "PRECOMPILED",
    "SHEETS",
    "precompiled_blocks",
    "ua_sheet",
    "ua_stylesheet_text",
    "write_precompiled",
]

SHEETS = ("ua.css", "quirks.css")
PRECOMPILED = "ua_blocks.json"


def _package_files() -> Any:
    return resources.files("engine.style")


@lru_cache(maxsize=2)
def ua_stylesheet_text(name: str = "ua.css") -> str:
    return _package_files().joinpath(name).read_text(encoding="utf-8")


def _encode(item: str | Rule) -> Any:
    return item if isinstance(item, str) else [item.prelude, [_encode(i) for i in item.items]]


def _decode(item: Any) -> str | Rule:
    if isinstance(item, str):
        return item
    prelude, items = item
    if not isinstance(prelude, str) or not isinstance(items, list):
        raise ValueError("not a rule")
    return Rule(prelude, [_decode(i) for i in items])


def precompiled_blocks() -> dict[str, Any]:
    """What ua_blocks.json holds: per sheet, its text and its rules and declarations."""
    out: dict[str, Any] = {}
    for name in SHEETS:
        text = ua_stylesheet_text(name)
        out[name] = {"css": text, "items": [_encode(i) for i in parse_blocks(text)]}
    return out


def _stored_items(name: str, text: str) -> list[str | Rule] | None:
    """The stored split of sheet `name` when it was made from `text` (None otherwise)."""
    try:
        raw = _package_files().joinpath(PRECOMPILED).read_text(encoding="utf-8")
        entry = json.loads(raw)[name]
        if entry["css"] != text:
            return None
        return [_decode(i) for i in entry["items"]]
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing, unreadable or malformed: parse the text


@lru_cache(maxsize=2)
def ua_sheet(name: str = "ua.css") -> Sheet:
    """The parsed UA stylesheet `name` (from the stored split when it is current)."""
    text = ua_stylesheet_text(name)
    items = _stored_items(name, text)
    if items is None:
        return parse_stylesheet(text)
    return sheet_of_items(items)


def write_precompiled() -> Path:
    """Rewrite ua_blocks.json from the sheets as they are now (a source file of the package)."""
    target = Path(__file__).with_name(PRECOMPILED)
    target.write_text(json.dumps(precompiled_blocks(), indent=0) + "\n", encoding="utf-8")
    return target
