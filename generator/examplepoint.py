"""The statements of a code example that make its point, when the example must be cut.

A capped page's last kept slide shows as much of its next example as fits
(generator.examplecut). Its leading statements are often set-up (imports, a request, a table's
columns) while the statements the page is about come later (`raise_for_status()` under "We
can raise an exception…", `add_row` and `console.print(table)` in a table example). When the
example cannot be shown whole, the slide keeps, as room allows and in this order:

1. the statements naming what the page's text names (its title, its introduction, the text
   already on the slide) that the code on the slide does not show yet, most named first;
2. the last statement when it uses a name the example built (`console.print(table)`,
   `r.history` after `r = httpx.get(...)`): the example ends with its result;
3. the statement right before the first of those (the set-up line it needs);
4. the other statements in order, those that call something not called yet first, then
   those naming something new (one `add_row` rather than a fourth `add_column`).

Imports are set-up: they name no point.

It applies to programs and console transcripts, not to data, configuration or diagram
sources. A statement keeps its output (a console command and what it printed). The statements are
shown in source order, each part left out as a "…" line in its place (a middle cut). When
nothing is named and the example ends with nothing it built, the slide shows the leading
statements, as before.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from generator.codesplit import PROMPT
from generator.lazyre import lazy_compile

# the code a middle cut applies to: programs (their statements), not data, configuration or
# diagram sources (whose lines are no statements using what earlier ones built)
PROGRAMS = frozenset(
    [
        "python",
        "py",
        "pycon",
        "python3",
        "ipython",
        "javascript",
        "js",
        "jsx",
        "typescript",
        "ts",
        "tsx",
        "ruby",
        "rb",
        "go",
        "rust",
        "rs",
        "java",
        "kotlin",
        "kt",
        "scala",
        "swift",
        "c",
        "cpp",
        "c++",
        "csharp",
        "cs",
        "php",
        "lua",
        "r",
        "julia",
        "perl",
        "dart",
        "elixir",
    ]
)
ELIDED = "…"  # a line standing in for statements left out of a code example cut in the middle
STRING = lazy_compile(r"(?:[rbfu]{0,2})(\"\"\"|'''|\"|')(?:\\.|(?!\1).)*\1", re.S)
NAME = lazy_compile(r"[A-Za-z_][A-Za-z0-9_]*")
WORD = lazy_compile(r"[A-Za-z][a-z]+|[A-Z]+(?![a-z])")
IMPORT = lazy_compile(r"^\s*(?:>>>\s*)?(?:import|from|using|require|#include)\b")
CALL = lazy_compile(r"([A-Za-z_]\w*)\s*\(")
ASSIGNED = lazy_compile(r"^\s*(?:>>>\s*)?([A-Za-z_]\w*)\s*=(?!=)")
COMMON = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "from",
        "import",
        "not",
        "are",
        "was",
        "can",
        "you",
        "your",
        "this",
        "that",
        "any",
        "all",
        "its",
        "our",
        "use",
        "which",
        "will",
        "when",
        "into",
        "also",
        "here",
        "example",
        "following",
        "true",
        "false",
        "none",
        "self",
        "def",
        "return",
        "print",
        "get",
        "set",
    ]
)


@dataclass(frozen=True)
class Statement:
    """Source lines [first, end) of a code example: one statement with its output."""

    first: int
    end: int
    words: frozenset[str]  # the words its names are made of (strings, output, imports left out)
    names: frozenset[str]  # the names it uses
    calls: frozenset[str]  # the names it calls
    assigns: str | None  # the name it builds (`x = ...`), if any


def words_of(text: str) -> frozenset[str]:
    """The words of a text or of code names (snake_case and CamelCase split), lower case,
    a final plural `s` dropped; short and common words left out."""
    out = set()
    for name in NAME.findall(text):
        for part in name.split("_"):
            for word in WORD.findall(part):
                low = word.lower()
                plural = low.endswith("s") and not low.endswith(("ss", "us", "is"))
                low = low[:-1] if len(low) > 3 and plural else low
                if len(low) >= 3 and low not in COMMON:
                    out.add(low)
    return frozenset(out)


def statements(text: list[str], starts: list[int], console: bool) -> list[Statement]:
    """The statements of code lines `text`, each starting at one of `starts` (0 implied)."""
    bounds = [0, *[s for s in starts if s > 0], len(text)]
    out = []
    for first, end in zip(bounds, bounds[1:], strict=False):
        lines = text[first:end]
        if console:
            lines = [ln for ln in lines if PROMPT.match(ln) or ln.startswith("...")]
        code = STRING.sub("", "\n".join(lines))
        match = ASSIGNED.match(lines[0]) if lines else None
        setup = bool(lines) and bool(IMPORT.match(lines[0]))  # an import names no point
        out.append(
            Statement(
                first,
                end,
                frozenset() if setup else words_of(code),
                frozenset(NAME.findall(code)),
                frozenset(CALL.findall(code)),
                match.group(1) if match else None,
            )
        )
    return out


def point_order(found: list[Statement], named: frozenset[str], shown: frozenset[str]) -> list[int]:
    """The statements' indices in the order they claim room (see the module docstring); empty
    when nothing makes a point past the leading statements (no statement names what the page
    names, and the last builds on nothing)."""
    many = len(found) // 2 + 1 if len(found) > 2 else len(found) + 1
    counts: dict[str, int] = {}
    for s in found:
        for w in s.words:
            counts[w] = counts.get(w, 0) + 1
    rare = {w for w, n in counts.items() if n < many}  # a word in most statements names none

    def score(s: Statement) -> int:
        return len((s.words & named & rare) - shown)

    pointed = sorted((k for k, s in enumerate(found) if score(s)), key=lambda k: -score(found[k]))
    built = {s.assigns for s in found[:-1] if s.assigns}
    last = len(found) - 1
    ends = len(found) > 1 and bool(found[-1].names & built)
    if not pointed and not ends:
        return []
    order = [*pointed, *([last] if ends else [])]
    if pointed and min(pointed) > 0:
        order.append(min(pointed) - 1)
    seen: set[str] = set(shown)
    called: set[str] = set()
    for k in order:
        seen |= found[k].words
        called |= found[k].calls
    calls = [k for k, s in enumerate(found) if s.calls - called and s.words]  # a new call
    fresh = [k for k, s in enumerate(found) if s.words - seen]
    order += calls + fresh + list(range(len(found)))
    return list(dict.fromkeys(order))


def chosen(
    found: list[Statement], order: list[int], fits: Callable[[list[int]], bool]
) -> list[int]:
    """The statements kept, in source order: each in `order` that still fits with those before."""
    keep: list[int] = []
    for k in order:
        trial = sorted([*keep, k])
        if fits(trial):
            keep = trial
    return keep


def shown_lines(
    text: list[str], found: list[Statement], keep: Iterable[int]
) -> list[tuple[str, int | None]]:
    """The kept statements' lines in source order (each with its source index), each run of
    left-out statements one "…" line in its place (no source index); a blank line closing a
    kept statement goes with what is left out."""
    out: list[tuple[str, int | None]] = []
    kept = set(keep)
    for k, s in enumerate(found):
        if k in kept:
            end = s.end
            while end > s.first + 1 and not text[end - 1].strip() and k + 1 < len(found):
                end -= 1
            out.extend((text[i], i) for i in range(s.first, end))
        elif not out or out[-1][1] is not None:
            out.append((ELIDED, None))
    return out
