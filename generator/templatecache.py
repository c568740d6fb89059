"""Compiled built-in template pages kept across processes (Jinja's bytecode cache on disk).

Every `deckforge generate` process renders the shipped templates' pages; compiling them
(Jinja's lexer, parser and code generator) costs more than rendering them. The compiled code of
a built-in template's page is kept in the user's cache folder and loaded by the next process:

- folder: `$XDG_CACHE_HOME/deckforge/templates` (default `~/.cache/deckforge/templates`),
  created 0700; used only when it is a folder owned by this user with no access for others
  (else, or when it cannot be created, nothing is cached and pages compile as before);
- files: one per (template, page), written 0600 by a rename (readers never see half a file);
  Jinja checks a checksum of the page's source on load, so an edited page is recompiled and
  its file replaced; a file of another Jinja or Python version is ignored the same way;
- key: the template id, the page name, Jinja's version, the environment's options and the
  source of the bounded sandbox's code generator (generator/render_bounds.py), so code built
  by another generator never runs;
- only built-in templates: a custom template package (service uploads, --template-package)
  is never cached and compiles in its own process as before.

A write that fails (disk full, folder removed) is ignored: caching never fails a deck.
"""

from __future__ import annotations

import contextlib
import os
import stat
from hashlib import sha1
from pathlib import Path

from jinja2 import __version__ as jinja_version
from jinja2.bccache import Bucket, FileSystemBytecodeCache

from generator import render_bounds

CACHE_FOLDER = ("deckforge", "templates")


def cache_folder() -> Path:
    """Where compiled pages are kept (the XDG cache folder of the user)."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root.joinpath(*CACHE_FOLDER)


def _private_folder(path: Path) -> bool:
    """`path` exists (created 0700 if missing, and so its parent, deckforge's folder in the
    cache root) as this user's folder with no access for others."""
    try:
        path.parent.parent.mkdir(parents=True, exist_ok=True)  # the cache root, as it is
        path.parent.mkdir(mode=0o700, exist_ok=True)  # deckforge's own folder, private
        path.mkdir(mode=0o700, exist_ok=True)
        found = os.lstat(path)
    except OSError:
        return False
    return (
        stat.S_ISDIR(found.st_mode)
        and found.st_uid == os.getuid()
        and stat.S_IMODE(found.st_mode) & 0o077 == 0
    )


_generator_digest: list[str] = []


def _code_generator_digest() -> str:
    """A digest of the bounded sandbox's source (its code generator shapes compiled pages)."""
    if not _generator_digest:
        source = Path(render_bounds.__file__).read_bytes()
        _generator_digest.append(sha1(source).hexdigest())
    return _generator_digest[0]


class PageCache(FileSystemBytecodeCache):
    """Jinja's file bytecode cache keyed by one template's identity (see the module doc)."""

    def __init__(self, directory: str, namespace: str) -> None:
        super().__init__(directory, "%s.jinja")
        self.namespace = namespace

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return sha1(f"{self.namespace}\0{name}\0{filename or ''}".encode()).hexdigest()

    def dump_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)

    def load_bytecode(self, bucket: Bucket) -> None:
        with contextlib.suppress(OSError):
            super().load_bytecode(bucket)


def page_cache(template_id: str, options: str) -> PageCache | None:
    """The cache of one built-in template's compiled pages, or None when the user's cache
    folder cannot be used safely. `options`: the environment's settings, as text."""
    if not hasattr(os, "getuid"):
        return None
    folder = cache_folder()
    if not _private_folder(folder):
        return None
    namespace = "\0".join((template_id, jinja_version, options, _code_generator_digest()))
    return PageCache(str(folder), namespace)
