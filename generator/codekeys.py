"""A paragraph that explains a code block by naming its keys stays with it in a summary.

A summarised page (generator.summary) keeps a paragraph's first sentence and moves the rest to
the notes. A paragraph right before a code block whose sentences name at least KEYS different
things the code holds (inline-code spans of at least KEY_CHARS characters, "`backoffLimit`",
"`podFailurePolicy`", that are words of the code: keys, flags, functions) is its explanation:
it keeps its sentences up to the last one naming such a key, when those hold at most
EXPLANATION characters (what the code layout draws beside its code, generator.shapes), else
the sentences from the first naming a key to the last, when those do; the rest of it moves to
the notes as before. A paragraph after the code says what the code did: it moves as before.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.markup.spans import trim_spans
from generator.model import Block, Span, plain
from generator.pieces import slice_spans
from generator.shapes import EXPLANATION

KEY_CHARS = 3  # a shorter inline-code span ("`x`", "`-v`") names nothing of the code
KEYS = 2  # different keys of the code a paragraph names to explain it (one may be in passing)
_SENTENCE = lazy_compile(r"[.!?](?=\s+[A-Z0-9\"'(\[`])|[。！？；]")


def code_explained(block: Block, code: Block) -> tuple[Block, list[Block]] | None:
    """(the paragraph's sentences that stay with `code`, the parts of it that move), or None
    when it names fewer than KEYS of the code's keys or those sentences are longer than EXPLANATION."""
    if block.type != "paragraph" or code.type != "code":
        return None
    text = plain(block.spans)
    keys = [s for s in block.spans if s.code and _names(s.text, code.text)]
    if len({s.text.strip() for s in keys}) < KEYS:
        return None
    named = [_at(block.spans, s) for s in keys]
    ends = [m.end() for m in _SENTENCE.finditer(text)] + [len(text.rstrip())]
    cut = next(e for e in ends if e > max(named))
    start = 0
    if len(text[:cut].strip()) > EXPLANATION:  # the sentences naming the keys alone
        start = max((e for e in ends if e <= min(named)), default=0)
    if len(text[start:cut].strip()) > EXPLANATION:
        return None
    parts = [_part(block, a, b) for a, b in ((start, cut), (0, start), (cut, len(text)))]
    moved = [p for p in parts[1:] if plain(p.spans).strip()]
    return parts[0], moved


def _part(block: Block, start: int, end: int) -> Block:
    return replace(block, spans=trim_spans(slice_spans(block.spans, start, end)))


def _names(key: str, code: str) -> bool:
    key = key.strip()
    if len(key) < KEY_CHARS:
        return False
    return re.search(rf"(?<![\w-]){re.escape(key)}(?![\w-])", code) is not None


def _at(spans: list[Span], span: Span) -> int:
    """Where the span starts in the paragraph's text."""
    at = 0
    for s in spans:
        if s is span:
            return at
        at += len(s.text)
    return at
