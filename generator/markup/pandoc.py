"""Pandoc slide shows (beamer, reveal.js, slidy) written by headings -> one part per frame.

Pandoc cuts a slide show at headings: the slide level is the highest heading level followed
immediately by content (not by another heading); a heading of that level starts a frame,
headings above it are section titles (a slide of their own), headings below it stay inside
their frame, and a `---` rule starts a frame too. A document is read as such a deck when it
says it is one: front matter that only slide shows use (`institute`, `aspectratio`,
`beamer...`, `revealjs-url`, `slide-level`...) or syntax only slides have (a `. . .` pause,
a `::: columns` div), and its frames are short.

Inside a frame, pandoc's `:::: columns` / `::: column` divs become the slide's columns
(`::right::` slot markers, as Slidev writes them, which generator.markup.build reads).
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it.token import Token

from generator.lazyre import lazy_compile
from generator.markup.deck import RawSlide
from generator.markup.grammar import BLOCKS

PANDOC_SLIDE_KEYS = frozenset(
    {
        "institute",
        "aspectratio",
        "beamer",
        "beameroption",
        "classoption",
        "colortheme",
        "fonttheme",
        "innertheme",
        "outertheme",
        "navigation",
        "section-titles",
        "slide-level",
        "revealjs-url",
        "incremental",
        "titlegraphic",
    }
)
_PAUSE = lazy_compile(r"^\s*\.\s\.\s\.\s*$", re.M)
_COLUMNS = lazy_compile(r"^(:{3,})\s*(?:\{\s*)?\.?columns\b.*$")
_COLUMN = lazy_compile(r"^:{3,}\s*(?:\{\s*)?\.?column\b.*$")
_CLOSE = lazy_compile(r"^(:{3,})\s*$")
MIN_FRAMES = 3
MAX_FRAME_CHARS = 1200  # a frame is a slide: three quarters of them at most this long


def is_pandoc_deck(front: dict[str, Any], body: str) -> bool:
    """A pandoc slide show by headings (see the module's docstring)."""
    keys = {str(k).lower() for k in front}
    syntax = bool(_PAUSE.search(body)) or any(_COLUMNS.match(x) for x in body.split("\n"))
    if not (keys & PANDOC_SLIDE_KEYS or syntax):
        return False
    frames = [p for p in split_pandoc(body) if not _heading_only(p.text)]
    if len(frames) < MIN_FRAMES:
        return False
    sizes = sorted(len(p.text.strip()) for p in frames)
    return sizes[len(sizes) * 3 // 4] <= MAX_FRAME_CHARS


def split_pandoc(body: str) -> list[RawSlide]:
    """The frames and section slides of a pandoc slide show, in order."""
    tokens = [t for t in BLOCKS.parse(body) if t.level == 0 and t.map is not None]
    level = slide_level(tokens)
    lines = body.split("\n")
    cuts: list[tuple[int, int]] = []  # (first line of the cut, first line after it)
    for token in tokens:
        assert token.map is not None
        if token.type == "hr" and token.markup.startswith("-"):
            cuts.append((token.map[0], token.map[1]))
        elif token.type == "heading_open" and int(token.tag[1]) <= level:
            cuts.append((token.map[0], token.map[0]))
            if int(token.tag[1]) < level:  # a section title: a slide of its own
                cuts.append((token.map[1], token.map[1]))
    slides: list[RawSlide] = []
    start = 0
    for begin, end in sorted(set(cuts)):
        if begin < start:
            continue
        slides.append(RawSlide(_frame("\n".join(lines[start:begin])), line=start + 1))
        start = end
    slides.append(RawSlide(_frame("\n".join(lines[start:])), line=start + 1))
    return [s for s in slides if s.text.strip()]


def slide_level(tokens: list[Token]) -> int:
    """Pandoc's slide level: the highest heading level followed immediately by content."""
    found = 6
    for k, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        after = next(
            (t for t in tokens[k + 1 :] if t.type not in ("inline", "heading_close")), None
        )
        if after is not None and after.type != "heading_open":
            found = min(found, int(token.tag[1]))
    return found


def _heading_only(text: str) -> bool:
    lines = [x for x in text.split("\n") if x.strip()]
    return len(lines) == 1 and lines[0].lstrip().startswith("#")


def _frame(text: str) -> str:
    """A frame's text with its columns divs as `::right::` column slots (its pauses and
    `\\framesubtitle{...}` are read with the rest of the Markdown, generator.markup.extensions)."""
    out: list[str] = []
    fence = ""  # the colons of the open columns div
    columns = 0
    for line in text.split("\n"):
        opened = _COLUMNS.match(line)
        if not fence and opened:
            fence, columns = opened.group(1), 0
            continue
        if fence:
            if _COLUMN.match(line):
                columns += 1
                if columns > 1:
                    out.append("::right::")
                continue
            closed = _CLOSE.match(line)
            if closed:
                if len(closed.group(1)) == len(fence):
                    fence = ""
                continue
        out.append(line)
    return "\n".join(out)
