"""Slide decks written in Markdown (Marp, Slidev, reveal.js/pandoc `---` decks) -> one part per slide.

A document is a deck when its front matter says so (`marp: true`, Slidev keys such as `layout`,
`transition`, `highlighter`), or when it separates short parts with `---` rules. Marp splits
at every top-level rule (and before headings with `headingDivider`), which markdown-it finds,
so a `---` under a paragraph stays a setext heading as in Marp; Slidev splits at every `---`
line outside code fences and reads a YAML block between two of them as the next slide's front
matter.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, replace
from typing import Any

from markdown_it.token import Token

from generator.lazyre import lazy_compile
from generator.markup.frontmatter import load_mapping
from generator.markup.grammar import BLOCKS
from generator.markup.sanitize import names

SLIDEV_KEYS = names(
    "layout transition highlighter drawings mdc info colorSchema fonts routerMode canvasWidth "
    "aspectRatio exportFilename hideInToc clicks preload level routeAlias zoom dragPos "
    "lineNumbers monaco selectable record presenter download themeConfig addons htmlAttrs "
    "seoMeta defaults favicon"
)
SLIDE_KEYS = SLIDEV_KEYS | names(
    "class background image src title backgroundSize url disabled hide hideInToc"
)
MARP_GLOBAL = names(
    "theme style headingDivider size math lang title description author keywords url image "
    "marp paginate header footer class backgroundColor backgroundImage backgroundPosition "
    "backgroundRepeat backgroundSize color transition"
)
MAX_SLIDES = 1000
# `---` rules make a deck when they cut the text into at least 4 parts, three quarters of them
# at most this long and none over three times as long (else they separate document sections)
GENERIC_MIN_PARTS = 4
GENERIC_MAX_PART = 1500
_FENCE = lazy_compile(r"^\s{0,3}(`{3,}|~{3,})")
_RULE = lazy_compile(r"^---\s*$")
# a line that may be a top-level `-` thematic break (markdown-it's rule: at most three spaces
# of indent, three or more dashes, only spaces and tabs between); every such break is one
_DASH_BREAK = lazy_compile(r"^ {0,3}-[ \t]*-[ \t]*-[- \t]*$", re.MULTILINE)


@dataclass
class RawSlide:
    """One slide's Markdown of a deck, with its own front matter."""

    text: str
    meta: dict[str, Any] = field(default_factory=dict)  # Slidev slide front matter
    line: int = 0  # first line in the document (1-based, after front matter)


def deck_kind(front: dict[str, Any], body: str) -> str:
    """ "marp" | "slidev" | "pandoc" | "rules" | "" (not a deck)."""
    if front.get("marp") is True:
        return "marp"
    if SLIDEV_KEYS & set(front):
        return "slidev"
    if _slidev_slide_front_matter(body):
        return "slidev"
    from generator.markup.pandoc import is_pandoc_deck

    if is_pandoc_deck(front, body):
        return "pandoc"
    if len(_DASH_BREAK.findall(body.replace("\r", "\n"))) < GENERIC_MIN_PARTS - 1:
        return ""  # too few lines that could be rules: not parsed to count them
    parts = split_rules(body, dashes_only=True)
    if len(parts) >= GENERIC_MIN_PARTS:
        sizes = sorted(len(p.text.strip()) for p in parts)
        if sizes[len(sizes) * 3 // 4] <= GENERIC_MAX_PART and sizes[-1] <= GENERIC_MAX_PART * 3:
            return "rules"
    return ""


def split_deck(kind: str, front: dict[str, Any], body: str) -> list[RawSlide]:
    if kind == "slidev":
        return split_slidev(body)
    if kind == "pandoc":
        from generator.markup.pandoc import split_pandoc

        return split_pandoc(body)[:MAX_SLIDES]
    divider = _heading_divider(front.get("headingDivider"))
    slides = split_rules(body, dashes_only=kind != "marp", heading_divider=divider)
    return slides[:MAX_SLIDES]


def split_rules(body: str, *, dashes_only: bool = True, heading_divider: int = 0) -> list[RawSlide]:
    """Parts between top-level thematic breaks as markdown-it sees them (Marp's rule)."""
    return [replace(s, meta=dict(s.meta)) for s in _split_rules(body, dashes_only, heading_divider)]


@functools.lru_cache(maxsize=4)  # whether a document is a deck is asked twice per generation
def _split_rules(body: str, dashes_only: bool, heading_divider: int) -> tuple[RawSlide, ...]:
    tokens = BLOCKS.parse(body)  # block structure only: breaks and headings
    lines = body.split("\n")
    cuts: list[tuple[int, int]] = []  # (first line of the break, first line after it)
    for token in _top_level(tokens):
        if token.map is None:
            continue
        if token.type == "hr" and (not dashes_only or token.markup.startswith("-")):
            cuts.append((token.map[0], token.map[1]))
        elif (
            heading_divider
            and token.type == "heading_open"
            and int(token.tag[1]) <= heading_divider
            and token.map[0] > 0
        ):
            cuts.append((token.map[0], token.map[0]))
    slides: list[RawSlide] = []
    start = 0
    for begin, end in sorted(set(cuts)):
        if begin < start:
            continue
        slides.append(RawSlide("\n".join(lines[start:begin]), line=start + 1))
        start = end
    slides.append(RawSlide("\n".join(lines[start:]), line=start + 1))
    return tuple(s for s in slides if s.text.strip()) or (RawSlide(body),)


def _top_level(tokens: list[Token]) -> list[Token]:
    return [t for t in tokens if t.level == 0]


def split_slidev(body: str) -> list[RawSlide]:
    """Slidev: `---` lines outside code fences separate slides; `---\\nkey: value\\n---` gives
    the next slide its front matter."""
    parts: list[tuple[int, list[str]]] = [(1, [])]
    fence = ""
    for n, line in enumerate(body.split("\n"), 1):
        m = _FENCE.match(line)
        if m and (not fence or m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence)):
            fence = "" if fence else m.group(1)
        if not fence and _RULE.match(line):
            parts.append((n + 1, []))
        else:
            parts[-1][1].append(line)
    slides: list[RawSlide] = []
    pending: dict[str, Any] = {}
    for i, (first, chunk) in enumerate(parts):
        text = "\n".join(chunk)
        meta = _slide_meta(text) if i > 0 and i < len(parts) - 1 else None
        if meta is not None and not pending:
            pending = meta
            continue
        if text.strip() or pending:
            slides.append(RawSlide(text, pending, first))
        pending = {}
    return slides[:MAX_SLIDES]


def _slide_meta(text: str) -> dict[str, Any] | None:
    """A part made only of `key: value` lines whose keys are Slidev slide keys."""
    stripped = text.strip()
    if not stripped or stripped.startswith(("#", "-", "*", ">", "<", "`", "|")):
        return None
    data = load_mapping(stripped)
    if not data or not SLIDE_KEYS & set(data):
        return None
    return data


def _slidev_slide_front_matter(body: str) -> bool:
    return any(_slide_meta(p.text) is not None for p in _dash_parts(body)[1:-1])


def _dash_parts(body: str) -> list[RawSlide]:
    parts: list[RawSlide] = [RawSlide("")]
    buf: list[str] = []
    fence = ""
    for line in body.split("\n"):
        m = _FENCE.match(line)
        if m:
            fence = "" if fence else m.group(1)
        if not fence and _RULE.match(line):
            parts[-1].text = "\n".join(buf)
            parts.append(RawSlide(""))
            buf = []
        else:
            buf.append(line)
    parts[-1].text = "\n".join(buf)
    return parts


def _heading_divider(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 6:
        return value
    if isinstance(value, list) and value:
        numbers = [v for v in value if isinstance(v, int) and 1 <= v <= 6]
        return max(numbers) if numbers else 0
    return 0


def directive(comment: str) -> dict[str, Any] | None:
    """A comment that is a directive (Marp `<!-- _class: lead -->`, old Marp `<!-- $theme: x
    -->` / `<!-- *template: invert -->` / `<!-- page_number: true -->`, reveal.js `<!-- .slide:
    ... -->`, `<!-- layout: quote -->`), as a mapping; None for any other comment."""
    text = comment.strip()
    if text.startswith(".slide:") or text.startswith(".element:"):
        return {"reveal": text}
    if ":" not in text or "\n\n" in text:
        return None
    data = load_mapping(text[1:] if text.startswith(("$", "*")) else text)
    if not data:
        return None
    if text.startswith("*"):  # classic Marp's `*key`: this slide only (YAML reads `*` as an alias)
        data = {f"*{k}": v for k, v in data.items()}
    keys = {str(k).lstrip("_*$") for k in data}
    known = MARP_GLOBAL | SLIDE_KEYS | {"template", "page_number", "prerender", "footer", "notes"}
    return data if keys <= known else None
