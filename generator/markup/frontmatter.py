"""Front matter (YAML `---`, TOML `+++`, pandoc `%` title block) -> document properties + the rest.

The block is read with PyYAML's safe loader / tomllib, never shown as slide text. Known keys
become document properties (title, subtitle, author, date, description, keywords, theme, lang);
the whole mapping is kept (`FrontMatter.data`) for deck directives (Marp, Slidev).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

MAX_FRONT_MATTER_CHARS = 64 * 1024
MAX_LIST_ITEMS = 20
ALIASES = {
    "title": "title",
    "subtitle": "subtitle",
    "sub_title": "subtitle",
    "author": "author",
    "authors": "author",
    "institute": "institute",  # pandoc slide shows: the cover's byline
    "date": "date",
    "description": "description",
    "summary": "description",
    "keywords": "keywords",
    "tags": "keywords",
    "theme": "theme",
    "lang": "lang",
    "language": "lang",
}


@dataclass
class FrontMatter:
    """A document's front matter: the mapping and its properties."""

    data: dict[str, Any] = field(default_factory=dict)  # the parsed mapping
    properties: dict[str, str] = field(default_factory=dict)  # document properties
    kind: str = ""  # "yaml" | "toml" | "pandoc" | ""
    problem: str = ""  # why a block that looked like front matter was not read


def split_front_matter(text: str) -> tuple[FrontMatter, str, int]:
    """(front matter, the Markdown after it, lines it took). A block that does not parse as a
    mapping is not front matter when it is YAML (a leading `---` rule); TOML that fails to parse
    is still removed (it is never content) and `problem` says why."""
    lines = text.split("\n")
    if not lines:
        return FrontMatter(), text, 0
    first = lines[0].strip()
    if first in ("---", "+++"):
        end = _closing(lines, first)
        if end is not None:
            raw = "\n".join(lines[1:end])
            rest = "\n".join(lines[end + 1 :])
            kind = "yaml" if first == "---" else "toml"
            data, problem = _load(raw, kind)
            if data is not None and kind == "yaml":
                data = with_colours(raw, data)
            if data is not None or kind == "toml":
                fm = FrontMatter(data or {}, properties(data or {}), kind, problem)
                return fm, rest, end + 1
    if first.startswith("% "):
        return _pandoc_title_block(lines)
    return FrontMatter(), text, 0


def _closing(lines: list[str], marker: str) -> int | None:
    closers = (marker, "...") if marker == "---" else (marker,)
    for i in range(1, len(lines)):
        if sum(len(line) + 1 for line in lines[:i]) > MAX_FRONT_MATTER_CHARS:
            return None
        if lines[i].rstrip() in closers:
            return i
    return None


def _load(raw: str, kind: str) -> tuple[dict[str, Any] | None, str]:
    parse: Callable[[str], Any]
    if kind == "yaml":  # each parser is loaded with the first front matter of its kind
        import yaml

        parse, errors = yaml.safe_load, (yaml.YAMLError, RecursionError)
    else:
        import tomllib

        parse, errors = tomllib.loads, (tomllib.TOMLDecodeError, RecursionError)
    try:
        data = parse(raw)
    except errors as exc:
        return None, f"{kind.upper()} front matter not read: {type(exc).__name__}"
    if data is None:
        return {}, ""
    if not isinstance(data, dict):
        return None, f"{kind.upper()} front matter is not a mapping"
    return {str(k): v for k, v in data.items()}, ""


def load_mapping(raw: str) -> dict[str, Any] | None:
    """A YAML mapping (a Slidev slide's front matter, a Marp directive comment), or None."""
    data, _ = _load(raw, "yaml")
    return with_colours(raw, data) if data else None


def with_colours(raw: str, data: dict[str, Any]) -> dict[str, Any]:
    """`backgroundColor: #fff` as Marp reads it: YAML takes `#fff` for a comment (None); the
    value is the rest of that key's line."""
    for line in raw.split("\n"):
        key, sep, value = line.partition(":")
        key = key.strip()
        if sep and key in data and data[key] is None and value.strip().startswith("#"):
            data[key] = value.strip()
    return data


def properties(data: dict[str, Any]) -> dict[str, str]:
    """The known keys as one-line strings (lists joined with ', ', dates ISO)."""
    out: dict[str, str] = {}
    for key, value in data.items():
        name = ALIASES.get(str(key).lower())
        if name is None or name in out:
            continue
        text = as_text(value)
        if text:
            out[name] = text[:400]
    return out


def as_text(value: Any, nested: bool = False) -> str:
    """A property value as one line: scalars; a list of scalars (at most 20) joined; a mapping's
    `name`. Deeper structures are not walked (YAML aliases may share them exponentially)."""
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        if nested:
            return ""
        return ", ".join(t for t in (as_text(v, True) for v in value[:MAX_LIST_ITEMS]) if t)
    if isinstance(value, dict):
        name = value.get("name")
        return as_text(name, True) if name is not None and not nested else ""
    if isinstance(value, (str, int, float)) and not isinstance(value, bool):
        return " ".join(str(value).split())
    return ""


def _pandoc_title_block(lines: list[str]) -> tuple[FrontMatter, str, int]:
    """`% Title` / `% Author(s)` / `% Date` lines (pandoc's title block)."""
    values: list[str] = []
    n = 0
    for line in lines[:3]:
        if not line.startswith("%"):
            break
        values.append(line[1:].strip())
        n += 1
    props = {k: v for k, v in zip(("title", "author", "date"), values, strict=False) if v}
    data: dict[str, Any] = dict(props)
    return FrontMatter(data, props, "pandoc"), "\n".join(lines[n:]), n
