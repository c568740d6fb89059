"""Walls of prose set as points: a slide of a document whose running prose is long (several
paragraphs one after the other, or one long paragraph) shows it as a list a presenter talks
along, every word kept; only the shape changes.

- A run of paragraphs (paragraphs one after the other, not interrupted by a heading, a list,
  code, a table, a quote or a picture) is long when it holds more than RUN_CHARS of prose (a
  CJK character weighing as 2.2 Latin ones, summary.weighted_length), or more than
  RUN_PARAGRAPHS paragraphs and at least half as much.
- A long run of one paragraph becomes one point per sentence. A long run of several paragraphs
  becomes one point per paragraph, led by its first sentence: a paragraph of at least
  NESTED_SENTENCES sentences, or of two whose second is longer than LONG_POINT, has its
  further sentences as points under its first one; a shorter paragraph is one point. A
  paragraph of more than MAX_POINTS sentences is no list of points: it stays whole.
- Sentences end with ". ", "! ", "? " before a capital, a digit or an opening quote (not a
  full stop after an abbreviation or a single letter: "e.g. X", "U.S. Y"), or with CJK "。",
  "！", "？" (and a closing quote or bracket after them). A piece shorter than
  MIN_SENTENCE characters is no sentence of its own: it stays with its neighbour ("Is it?").
- A paragraph that introduces what follows it (it ends with a colon, or is short, right before
  a list, a table or a picture), a short all-bold paragraph (a title) and a paragraph that
  continues the page's title stay paragraphs, and end a run. The prose of a page that shows
  code stays as written: it explains the code (generator.together keeps them together).
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.model import Block, ListItem, Span, plain
from generator.pieces import slice_spans
from generator.summary import INTRO_CHARS, weighted_length
from generator.together import lead_in, title_paragraph

RUN_CHARS = 320.0  # weighted characters (about 55 words): a run of prose this long is a wall
RUN_PARAGRAPHS = 2  # more paragraphs than this in a run, of at least RUN_CHARS / 2, too
NESTED_SENTENCES = 3  # a paragraph of a run of several with this many sentences nests them
LONG_POINT = 160.0  # ... and one of two whose second is longer than this (weighted, 2 lines)
MIN_SENTENCE = 12  # characters: a shorter piece is not a sentence of its own
MAX_POINTS = 8  # a paragraph of more sentences than this is no list of points: it stays whole
_INTRODUCED = ("list", "table", "image")
# a full stop after these ends no sentence ("e.g. Foo", "vs. Bar", "et al. 2024", "U.S. Army")
ABBREVIATION = lazy_compile(
    r"(?:\b(?:e\.g|i\.e|etc|vs|cf|al|approx|incl|Fig|No|Mr|Mrs|Ms|Dr|St)|\b\w)\.$", re.I
)
SENTENCE_END = lazy_compile(
    r"[.!?][\"'”’)]?(?=\s+[A-Z0-9\"'“‘(\[`])|[。！？][\"'”’」』）)]*(?=\s*\S)"
)


def pointed_blocks(blocks: list[Block]) -> list[Block]:
    """The blocks with each long run of paragraphs set as a list (every word kept); the same
    list when no run is long, or when the blocks show code (prose beside code explains it)."""
    if any(b.type == "code" for b in blocks):
        return blocks
    out: list[Block] = []
    run: list[Block] = []
    changed = False
    for i, block in enumerate(blocks):
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        if _prose(block, after):
            run.append(block)
            continue
        points = _run_points(run)
        changed = changed or points is not None
        out.extend(run if points is None else [points])
        run = []
        out.append(block)
    points = _run_points(run)
    changed = changed or points is not None
    out.extend(run if points is None else [points])
    return out if changed else blocks


def sentences(spans: list[Span]) -> list[list[Span]]:
    """The spans of a paragraph cut into its sentences (leading spaces dropped)."""
    text = plain(spans)
    cuts = [0]
    for m in SENTENCE_END.finditer(text):
        end = m.end()
        if ABBREVIATION.search(text, 0, m.start() + 1):
            continue
        if end - cuts[-1] >= MIN_SENTENCE and len(text[end:].strip()) >= MIN_SENTENCE:
            cuts.append(end)
    cuts.append(len(text))
    out: list[list[Span]] = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        part = [s for s in slice_spans(spans, a, b) if s.text]
        while part and not part[0].text.strip():
            part.pop(0)
        if part:
            part[0] = replace(part[0], text=part[0].text.lstrip())
            part[-1] = replace(part[-1], text=part[-1].text.rstrip())
            out.append(part)
    return out


def _prose(block: Block, after: Block | None) -> bool:
    """A paragraph of running prose (not a lead-in to what follows, nor a title)."""
    if block.type != "paragraph" or not plain(block.spans).strip():
        return False
    if title_paragraph(block.spans) or lead_in(block.spans):
        return False
    if after is not None and after.type in _INTRODUCED:
        return weighted_length(plain(block.spans).strip()) > INTRO_CHARS
    return not plain(block.spans).lstrip().startswith(("…", "..."))


def _run_points(run: list[Block]) -> Block | None:
    """The run as one list when it is long, else None."""
    if not run:
        return None
    size = sum(weighted_length(plain(b.spans)) for b in run)
    if size <= RUN_CHARS and not (len(run) > RUN_PARAGRAPHS and size >= RUN_CHARS / 2):
        return None
    if len(run) == 1:
        items = [ListItem(s) for s in sentences(run[0].spans)]
        return Block("list", items=items) if 1 < len(items) <= MAX_POINTS else None
    return Block("list", items=[_point(b) for b in run])


def _point(paragraph: Block) -> ListItem:
    """A paragraph as one point: its first sentence leads, its further sentences under it
    when it has NESTED_SENTENCES of them or is long; else the whole paragraph."""
    parts = sentences(paragraph.spans)
    nests = len(parts) >= NESTED_SENTENCES or (
        len(parts) == 2 and weighted_length(plain(parts[1])) > LONG_POINT
    )
    if not nests or len(parts) > MAX_POINTS:
        return ListItem(_trimmed(paragraph.spans))
    under = Block("list", items=[ListItem(p) for p in parts[1:]])
    return ListItem(parts[0], children=[under])


def _trimmed(spans: list[Span]) -> list[Span]:
    out = [s for s in spans if s.text]
    if out:
        out[0] = replace(out[0], text=out[0].text.lstrip())
        out[-1] = replace(out[-1], text=out[-1].text.rstrip())
    return out


WALL_PARAGRAPHS = 2  # a run of at least this many paragraphs of prose ...
WALL_WORDS = 120  # ... holding at least this many words ...
WALL_SENTENCE_WORDS = 20.0  # ... in sentences this long on average is a dense wall of prose


def dense_wall(blocks: list[Block]) -> bool:
    """Whether the blocks hold a dense wall of prose: a run of at least WALL_PARAGRAPHS
    paragraphs of running prose (as `pointed_blocks` reads runs) of at least WALL_WORDS words
    in long sentences (WALL_SENTENCE_WORDS words on average). Such a wall is read as points
    even when they take a slide more (generator.pointsfit). Prose beside code is no wall."""
    if any(b.type == "code" for b in blocks):
        return False
    runs: list[list[Block]] = [[]]
    for i, block in enumerate(blocks):
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        if _prose(block, after):
            runs[-1].append(block)
        elif runs[-1]:
            runs.append([])
    return any(_dense(run) for run in runs)


def _dense(run: list[Block]) -> bool:
    if len(run) < WALL_PARAGRAPHS:
        return False
    words = sum(len(plain(b.spans).split()) for b in run)
    count = sum(len(sentences(b.spans)) for b in run)
    return words >= WALL_WORDS and words / max(count, 1) >= WALL_SENTENCE_WORDS
