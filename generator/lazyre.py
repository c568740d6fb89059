"""Module-level regular expressions compiled on first use.

A `deckforge generate` process imports every generator module but a document meets only some
of their patterns (a Marp directive, a changelog's version line, a citation...). `lazy_compile`
stands for `re.compile` at module level: the pattern is compiled the first time one of its
methods is called, then its methods are the compiled pattern's own (no cost per call after
that). A pattern a run never uses is never compiled.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_METHODS = ("search", "match", "fullmatch", "split", "findall", "finditer", "sub", "subn")


class LazyPattern:
    """`re.compile(pattern, flags)` on first use; its methods are then the compiled ones."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (compiled now if not yet; later calls go straight to it)."""
        done = re.compile(self.pattern, self.flags)
        for name in _METHODS:  # instance attributes: they shadow the methods below
            setattr(self, name, getattr(done, name))
        return done

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def finditer(
        self, string: str, pos: int = 0, endpos: int = sys.maxsize
    ) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def __repr__(self) -> str:
        return f"lazy_compile({self.pattern!r}, {self.flags!r})"


def lazy_compile(pattern: str, flags: int = 0) -> LazyPattern:
    """`re.compile` for a module-level pattern: compiled when first used."""
    return LazyPattern(pattern, flags)
