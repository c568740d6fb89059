"""Slidev's snippet imports: `<<< @/snippets/file.ts#region lang {1-2}` -> a code block.

The file is read only when the document's assets allow local files and it lies inside one of
their folders (`@/` is the document's folder, as Slidev's project root); otherwise, or when it
cannot be read, the import becomes a left-out record naming the file (never silently dropped).
Line-highlight ranges (`{1-2}`) and the `#region` marker are not content.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass

from generator.lazyre import lazy_compile
from generator.markup.images import Assets
from generator.model import Block

MAX_SNIPPET_BYTES = 100_000
_IMPORT = lazy_compile(
    r"<<<\s+(?P<path>[^\s#{]+)(?:#(?P<region>[\w.-]+))?(?:\s+(?P<lang>[\w+-]+))?"
)
_EXTENSIONS = {"ts": "ts", "js": "js", "py": "python", "vue": "vue", "rs": "rust", "go": "go"}


@dataclass
class Imported:
    """A code block imported by a `<<<` line, or why not."""

    block: Block | None  # the code block, or None: then `why` says what was not shown
    why: str


def snippet(source: str, assets: Assets) -> Imported:
    """The code block a `<<<` line imports, or why it is left out."""
    m = _IMPORT.match(source.strip())
    if m is None:
        return Imported(None, "a snippet import that names no file")
    name = m.group("path")
    path = _resolved(name, assets)
    if path is None:
        return Imported(None, f"a code snippet imported from {name} (local files are not read)")
    try:
        if path.stat().st_size > MAX_SNIPPET_BYTES:
            return Imported(
                None, f"a code snippet imported from {name} (over {MAX_SNIPPET_BYTES} bytes)"
            )
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return Imported(None, f"a code snippet imported from {name} (not readable)")
    region = m.group("region")
    if region:
        found = _region(text, region)
        if found is None:
            return Imported(None, f"a code snippet imported from {name} (no region {region!r})")
        text = found
    lang = m.group("lang") or _EXTENSIONS.get(path.suffix.lstrip(".").lower(), "")
    text = text.strip("\n")
    if not text.strip():
        return Imported(None, f"a code snippet imported from {name} (empty)")
    return Imported(Block("code", text=text, language=lang), "")


def _resolved(name: str, assets: Assets) -> pathlib.Path | None:
    """The file inside one of the assets' folders, or None (not allowed or not there)."""
    if not assets.folder or not assets.roots:
        return None
    relative = name[2:] if name.startswith("@/") else name
    if relative.startswith("/") or "://" in relative:
        return None
    path = (pathlib.Path(assets.folder) / relative).resolve()
    roots = [pathlib.Path(r).resolve() for r in assets.roots]
    if not any(path.is_relative_to(r) for r in roots) or not path.is_file():
        return None
    return path


def _region(text: str, name: str) -> str | None:
    """The lines between `#region name` and `#endregion name` (VS Code's markers)."""
    lines = text.splitlines()
    start = next(
        (i for i, line in enumerate(lines) if re.search(rf"#region\s+{re.escape(name)}\b", line)),
        None,
    )
    if start is None:
        return None
    end = next(
        (
            i
            for i in range(start + 1, len(lines))
            if re.search(rf"#endregion(\s+{re.escape(name)}\b|\s*$)", lines[i])
        ),
        len(lines),
    )
    return "\n".join(lines[start + 1 : end])
