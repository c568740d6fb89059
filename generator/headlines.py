"""A release's headline: the entry that stands for a release in a changelog's "Earlier
releases" table (generator.condense), with its inline formatting (`__init__()` stays code).

The headline is the first entry of the release's most significant section (Added/Changed
before Removed/Deprecated before Fixed, its own untitled words right after Added/Changed,
never an aside such as "Note: ..."): its first sentence whole, without its issue refs, its
whitespace collapsed.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, Chapter, Spans, plain
from generator.runs import page_blocks

# a release's sections, most significant first (a section not named here: after these)
_SECTIONS = (
    re.compile(r"^\W*(added|new|features?|highlights?|changed|changes|breaking)\b", re.I),
    re.compile(r"^\W*(removed|deprecated|deprecations|security)\b", re.I),
    re.compile(r"^\W*(fixed|fix|fixes|bug ?fixes)\b", re.I),
)
# a paragraph that is an aside to the reader, not a change: "**Note**: ...", "Warning: ..."
_ASIDE = lazy_compile(r"^\W*(note|nb|n\.b\.|warning|caution|important|tip)\b", re.I)
_REFS = lazy_compile(r"\s*\((?:[^()]*#\d+[^()]*)\)\s*$")  # "(#2845)", "(#2547, encode/x#648)"


def headline(chapter: Chapter) -> Spans:
    """A release's headline (see the module docstring); no spans for a release of no entry."""
    ranked: list[tuple[int, int, Spans]] = []
    for n, page in enumerate(chapter.pages):
        untitled = not page.title or page.title == chapter.title
        rank = 1 if untitled else _section_rank(page.title)
        spans = _first_entry(page_blocks(page))
        if spans:
            ranked.append((rank, n, spans))
    if not ranked:
        return []
    spans = min(ranked, key=lambda r: (r[0], r[1]))[2]
    text = plain(spans)
    sentence = re.split(r"(?<=[.!?])\s", text, maxsplit=1)[0]
    return prefix(spans, len(_REFS.sub("", sentence) or sentence))


def _section_rank(title: str) -> int:
    for rank, pattern in enumerate(_SECTIONS):
        if pattern.search(title):
            return 0 if rank == 0 else rank + 1
    return len(_SECTIONS) + 1


def _first_entry(blocks: list[Block]) -> Spans:
    """The first list item or paragraph that is not an aside, whitespace collapsed."""
    for b in blocks:
        if b.type == "list" and b.items:
            spans = collapsed(b.items[0].spans)
        elif b.type == "paragraph":
            spans = collapsed(b.spans)
        else:
            continue
        if spans and not _ASIDE.match(plain(spans)):
            return spans
    return []


def collapsed(spans: Spans) -> Spans:
    """`spans` with each run of whitespace (within a span or across spans) one space, none at
    either end: their text is `" ".join(plain(spans).split())`, their formatting kept."""
    out: Spans = []
    space = True  # a space was the last character kept (none opens the text)
    for span in spans:
        text = ""
        for ch in span.text:
            if ch.isspace():
                if not space:
                    text += " "
                space = True
            else:
                text += ch
                space = False
        if text:
            out.append(replace(span, text=text))
    if out and out[-1].text.endswith(" "):
        out[-1] = replace(out[-1], text=out[-1].text[:-1])
    return [s for s in out if s.text]


def prefix(spans: Spans, length: int) -> Spans:
    """The spans of the first `length` characters of `spans`, their formatting kept."""
    out: Spans = []
    left = length
    for span in spans:
        if left <= 0:
            break
        out.append(span if len(span.text) <= left else replace(span, text=span.text[:left]))
        left -= len(span.text)
    return out
