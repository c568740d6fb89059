"""A part's one-line gist: what an "Also in the document" line says after a chapter's title.

A chapter that left the slides whole is named on the Also slide with its gist, never as a bare
heading ("Licence: the code is open under Apache-2.0, the weights under the Model License"):
the first sentence of its first paragraph of prose (not its heading, not the list of its
pictures that could not be had), up to GIST_CHARS weighted characters; a longer sentence is
cut at the last clause or word that fits and ends with "…".
"""

from __future__ import annotations

from generator.cjk import CJK_TEXT, pattern
from generator.lazyre import lazy_compile
from generator.leftout import block_text
from generator.markup.missing import NOTES_LEAD
from generator.model import Block

GIST_CHARS = 90  # weighted characters of a gist (about one line of the Also slide's list)
CJK_WEIGHT = 2.0  # a CJK character takes the room of about this many Latin ones
SENTENCE_END = lazy_compile(r"[.!?](?=\s)|[。！？]")
CLAUSE_END = lazy_compile(r"[,;:](?=\s)|[，；：、]")
MIN_CHARS = 12  # a paragraph shorter than this (weighted) is a label, not a gist


def weighted(text: str) -> float:
    return len(text) + (CJK_WEIGHT - 1) * len(pattern(CJK_TEXT).findall(text))


def gist(text: str, titles: tuple[str, ...] = ()) -> str:
    """The gist of a part's notes text (paragraphs separated by blank lines); "" when it has
    no paragraph of prose."""
    skip = {t.strip() for t in titles if t}
    for paragraph in text.split("\n\n"):
        line = " ".join(paragraph.split())
        if not line or line in skip or line.startswith((NOTES_LEAD, "- ", "Not on the slides")):
            continue
        if weighted(line) < MIN_CHARS:
            continue
        end = SENTENCE_END.search(line)
        sentence = line[: end.end()] if end else line
        return shortened(sentence)
    return ""


def block_gist(blocks: list[Block]) -> str:
    """The gist of a part's blocks: the first sentence of its first paragraph of prose; ""
    when it has none, or when a question comes first (a questionnaire: its answers are no
    gist of it)."""
    for block in blocks:
        text = " ".join(block_text(block).split())
        if text.endswith(("?", "？")):
            return ""
        if block.type == "paragraph" and weighted(text) >= MIN_CHARS:
            return gist(text)
    return ""


def shortened(sentence: str) -> str:
    """The sentence whole when it fits GIST_CHARS, else cut at its last clause end (or word)
    within it, with "…"."""
    if weighted(sentence) <= GIST_CHARS:
        return sentence
    fit = 0
    for i in range(1, len(sentence) + 1):
        if weighted(sentence[:i]) > GIST_CHARS:
            break
        fit = i
    head = sentence[:fit]
    clauses = [m.start() for m in CLAUSE_END.finditer(head) if m.start() > fit // 2]
    if clauses:
        head = head[: clauses[-1]]
    elif " " in head:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ,;:，；：、") + "…"
