"""Summaries of long pages: what a presenter shows of a section that would continue over many
slides, and what goes into the speaker notes.

A document that is not a talk (a design proposal, meeting notes, a changelog, a README) has
sections far longer than a slide. With length "medium" (the default) such a page is summarised
before it is fitted: under each heading its first paragraph stays (and any paragraph that
introduces a list, code, a table or a picture), lists, code, tables, pictures and the first
paragraph of a quote stay; a later paragraph that states a result (a number "times faster",
"23x", "40 %") keeps its first sentences, a sentence naming the page's main code names stays
(generator.mainnames), and a paragraph too long to label the code after it keeps its label
(up to its first full stop or aside in parentheses); the other paragraphs move to the slide's
speaker notes. A page that still needs more than MAX_SLIDES slides keeps its first MAX_SLIDES
and the rest moves to the notes too. Every move is listed with the left-out records (kind
"notes"): nothing is dropped silently, and the notes keep every word. Pictures are never summarised away: the pictures of
the part that moved to the notes follow the kept slides on picture slides of their own (up to
GALLERY a slide, with their alt texts as captions).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from generator.alsoin import HEADING
from generator.cjk import CJK_TEXT, may_hold_cjk, pattern
from generator.codekeys import code_explained
from generator.lazyre import lazy_compile
from generator.leftout import LeftOut, block_text, left_out_blocks
from generator.mainnames import main_names
from generator.model import Block, Span, plain
from generator.output import output_head
from generator.pages import PlannedPage
from generator.picturepages import (  # re-exported: the picture slides of a summarised page
    DRAWN,
    GALLERY,
    gallery_groups,
    gallery_page,
    lead_captioned,
    nested_pictures,
    pictures,
    pictures_record,
    shown_pictures,
)
from generator.pieces import slice_spans
from generator.procedure import in_procedure
from generator.shapes import source_beside
from generator.together import lead_in, quote_labels

MAX_SLIDES = 3  # a page of a document keeps at most this many slides with length "medium"
INTRO_CHARS = 160  # a paragraph this short right before a list/code/table/picture introduces it
_INTRODUCED = ("list", "code", "table", "image", "quote")


PROSE_CHARS = 760  # a slide of a summarised document shows at most this much prose (weighted)
LONG_PARAGRAPH = 420  # a kept paragraph longer than this (characters) keeps its first sentences
LEAD_CHARS = (90, 320)  # ... cut at the end of a sentence within this range
LONG_SENTENCE = 1.7  # ... or at the end of a first sentence up to this many times as long
CJK_WEIGHT = 2.2  # a CJK character takes the room of about this many Latin ones
LIST_LINE = lazy_compile(r"\s*(?:[•◦▪‣☐☑-]|\d+[.)])\s")
SENTENCE_FINAL = frozenset(".!?;。！？；…)]）】\"'”’」』")  # a text ending so ends its sentence
SENTENCE = lazy_compile(r"[.!?](?=\s+[A-Z0-9\"'(\[`])|[。！？；]")
Fits = Callable[[list[Block]], bool]
# a sentence that states a result: a factor, a share, a comparison of speed
RESULT = lazy_compile(
    r"\d(?:[.,]\d+)?\s*(?:x|×|times|%|percent)(?!\w)|\b(?:faster|slower|quicker)\b"
    r"|倍|更快|更慢",
    re.I,
)
# a sentence that states a measured figure: a number with its unit (size, time, tokens, rate)
MEASURED = lazy_compile(
    r"(?<![\w.])(?:\d+(?:[.,]\d+)?\s?(?:[KMGTP]i?B|[KMG]bps|ms|µs|ns|QPS|fps|tokens?)"
    r"|\d{1,3}(?:\.\d+)?s)(?![A-Za-z])"  # "10s" (not a decade, "1990s")
)
ASIDE = lazy_compile(r"\s+[(（]")  # where a label's aside in parentheses starts


def summary_blocks(
    blocks: list[Block], fits: Fits | None = None, lead_ins: bool = True
) -> tuple[list[Block], list[Block]]:
    """(the blocks a slide shows, the blocks moved to the notes), both in reading order.

    A kept paragraph longer than LONG_PARAGRAPH keeps its first sentences (the rest of it
    moves). With `fits` (whether blocks fill at most one slide), moved paragraphs come back
    in reading order while the slide has room, so that a summary is never one line on an
    empty slide. With `lead_ins`, a paragraph whose last sentence introduces the list or
    table after it keeps that sentence (`lead_in_tail`)."""
    kept: list[tuple[float, Block]] = []  # (position in reading order, block)
    moved: list[tuple[float, Block]] = []
    whole: list[tuple[float, Block]] = []  # moved paragraphs that may come back
    cut: list[tuple[float, Block]] = []  # kept paragraphs cut after their first sentences
    said = False  # a paragraph was kept since the last heading
    names_main = main_names(blocks)
    for i, block in enumerate(blocks):
        after = blocks[i + 1] if i + 1 < len(blocks) else None
        if block.type == "heading":
            said = False
            kept.append((float(i), block))
        elif block.type == "paragraph":
            text = plain(block.spans).strip()
            introduces = after is not None and after.type in _INTRODUCED
            introduces = introduces and (len(text) <= INTRO_CHARS or text.endswith((":", "：")))
            label = _code_label(block, after)
            tail = None if introduces or after is None else lead_in_tail(block, after)
            tail = tail if lead_ins else None
            if introduces:
                kept.append((float(i), block))
                said = True
            elif tail is not None:  # its last sentence introduces the list: it stays
                head, rest = lead_sentences(tail[0]) if not said else (None, tail[0])
                if head is not None:
                    kept.append((i - 0.5, head))
                if rest is not None:
                    entry = (i - 0.25, rest)
                    moved.append(entry)
                    whole.append(entry)
                kept.append((float(i), tail[1]))
                said = True
            elif label is not None:  # the code's label (or explanation) stays, its aside moves
                kept.append((float(i), label[0]))
                moved.extend((i + 0.5, b) for b in label[1])
                said = True
            elif not said or _ranks(block) or names_main(block) or in_procedure(blocks, i):
                lead, rest = lead_sentences(block)
                kept.append((float(i), lead))
                if rest is not None:
                    moved.append((i + 0.5, rest))
                    cut.append((float(i), block))
                said = True
            else:
                entry = (float(i), block)
                moved.append(entry)
                whole.append(entry)
        elif block.type == "quote" and len(block.paragraphs) > _lead(block):
            n = _lead(block)
            kept.append((float(i), replace(block, paragraphs=block.paragraphs[:n])))
            moved.append((i + 0.5, replace(block, paragraphs=block.paragraphs[n:])))
        elif block.type == "list":
            shown, quoted = _list_summary(block)
            kept.append((float(i), shown))
            moved.extend((i + 0.5, b) for b in quoted)
        else:
            kept.append((float(i), block))
    if fits is not None:
        kept, moved = _refilled(kept, moved, whole, cut, fits)
    return [b for _, b in kept], [b for _, b in moved]


Entries = list[tuple[float, Block]]


def _refilled(
    kept: Entries, moved: Entries, whole: Entries, cut: Entries, fits: Fits
) -> tuple[Entries, Entries]:
    """What moved to the notes back on the slide in reading order while it has room (`fits`):
    a moved paragraph whole, a cut paragraph its next sentences. The first that does not come
    back whole ends the refill, so the slide never skips a passage to show a later one."""
    steps = sorted(
        [(at, True, b) for at, b in whole] + [(at, False, b) for at, b in cut], key=lambda e: e[0]
    )
    for at, is_whole, block in steps:
        if is_whole:
            trial = sorted([*kept, (at, block)], key=lambda e: e[0])
            if not fits([b for _, b in trial]):
                break
            kept = trial
            moved = [e for e in moved if not (e[0] == at and e[1] is block)]
            continue
        kept, moved = _more_sentences(kept, moved, at, block, fits)
        if any(e[0] == at + 0.5 for e in moved):  # its rest still waits in the notes
            break
    return kept, moved


def _more_sentences(
    kept: Entries, moved: Entries, at: float, block: Block, fits: Fits
) -> tuple[Entries, Entries]:
    """A paragraph the summary cut after its first sentences (kept at `at`, its rest moved at
    `at` + 0.5) with its following sentences back, one after the other, while the slide has
    room (`fits`): a summary is never one sentence over an empty slide when the paragraph
    would fill it."""
    text = plain(block.spans)
    shown = next(b for p, b in kept if p == at)
    cut = len(plain(shown.spans))
    ends = [m.end() for m in SENTENCE.finditer(text, cut)] + [len(text.rstrip())]
    best = cut
    for end in ends:
        if end <= best:
            continue
        trial = [
            (p, replace(block, spans=slice_spans(block.spans, 0, end)) if p == at else b)
            for p, b in kept
        ]
        if not fits([b for _, b in trial]):
            break
        best = end
    if best == cut:
        return kept, moved
    kept = [
        (p, replace(block, spans=slice_spans(block.spans, 0, best)) if p == at else b)
        for p, b in kept
    ]
    rest = [s for s in slice_spans(block.spans, best, len(text)) if s.text]
    moved = [e for e in moved if e[0] != at + 0.5]
    if rest and plain(rest).strip():
        rest[0] = replace(rest[0], text=rest[0].text.lstrip())
        moved = sorted([*moved, (at + 0.5, replace(block, spans=rest))], key=lambda e: e[0])
    return kept, moved


def lead_in_tail(block: Block, after: Block) -> tuple[Block, Block] | None:
    """(the sentences before it, the last sentence) of a paragraph of several sentences right
    before a list or a table whose last sentence introduces it: a short sentence (up to
    INTRO_CHARS) that ends with a colon, or runs on into what follows without a full stop
    ("... the backoff maximum from 5 minutes to 1 minute introduces"); else None."""
    if after.type not in ("list", "table") or block.type != "paragraph":
        return None
    text = plain(block.spans).rstrip()
    if not text or text[-1] in SENTENCE_FINAL:
        return None
    starts = [m.end() for m in SENTENCE.finditer(text) if m.end() < len(text)]
    if not starts or weighted_length(text[starts[-1] :].strip()) > INTRO_CHARS:
        return None
    head = [s for s in slice_spans(block.spans, 0, starts[-1]) if s.text]
    tail = [s for s in slice_spans(block.spans, starts[-1], len(text)) if s.text]
    tail[0] = replace(tail[0], text=tail[0].text.lstrip())
    tail[-1] = replace(tail[-1], text=tail[-1].text.rstrip())
    return replace(block, spans=head), replace(block, spans=tail)


def _code_label(block: Block, after: Block | None) -> tuple[Block, list[Block]] | None:
    """The paragraph's part that stays with the code after it: its sentences naming the code's
    keys (generator.codekeys), else its label; None."""
    if after is None or after.type != "code":
        return None
    explained = code_explained(block, after)
    if explained is not None:
        return explained
    label = _label(block)
    return None if label is None else (label[0], [label[1]])


def _ranks(block: Block) -> bool:
    """A later paragraph a summary keeps the first sentences of: it states a result, or its
    first sentence states a measured figure (a number with its unit)."""
    text = plain(block.spans)
    if RESULT.search(text):
        return True
    end = SENTENCE.search(text)
    return bool(MEASURED.search(text[: end.end()] if end else text))


def _label(block: Block) -> tuple[Block, Block] | None:
    """A paragraph too long to introduce the code after it, cut into its label (up to its
    first full stop or aside in parentheses, at most INTRO_CHARS) and the rest; None when it
    has no such label."""
    text = plain(block.spans)
    ends = [m.end() for m in SENTENCE.finditer(text)] + [m.start() for m in ASIDE.finditer(text)]
    ends = [e for e in ends if 0 < e <= INTRO_CHARS]
    if not ends:
        return None
    cut = min(ends)
    rest = [x for x in slice_spans(block.spans, cut, len(text)) if x.text]
    if not rest or not plain(rest).strip():
        return None
    rest[0] = replace(rest[0], text=rest[0].text.lstrip())
    return replace(block, spans=slice_spans(block.spans, 0, cut)), replace(block, spans=rest)


def _lead(quote: Block) -> int:
    """The paragraphs a summarised quote keeps: its first, and after a callout's labels (an
    admonition's first paragraph is only its bold title, "Note", a content tab's its bold
    name) the first paragraph of text; a paragraph ending with a colon keeps the list lines
    it introduces ("• @cramertj")."""
    n = quote_labels(quote) + 1
    if n <= len(quote.paragraphs) and lead_in(quote.paragraphs[n - 1]):
        while n < len(quote.paragraphs) and _list_line(quote.paragraphs[n]):
            n += 1
    return n


def _list_line(paragraph: list[Span]) -> bool:
    """A paragraph that is a list item of a quote (its list kept as lines: "• item", "1. item")."""
    return bool(LIST_LINE.match(plain(paragraph)))


def _list_summary(block: Block) -> tuple[Block, list[Block]]:
    """A list whose items quote long texts (a comment of several paragraphs): each quote keeps
    its first paragraph, the rest moves."""
    moved: list[Block] = []
    items = []
    for item in block.items:
        children = []
        for child in item.children:
            if child.type == "quote" and len(child.paragraphs) > _lead(child):
                n = _lead(child)
                children.append(replace(child, paragraphs=child.paragraphs[:n]))
                moved.append(replace(child, paragraphs=child.paragraphs[n:]))
            elif child.type == "list":
                shown, more = _list_summary(child)
                children.append(shown)
                moved.extend(more)
            else:
                children.append(child)
        items.append(replace(item, children=children))
    return (replace(block, items=items), moved) if moved else (block, [])


def prose_length(blocks: list[Block]) -> float:
    """The prose of blocks (paragraphs, lists, quotes, headings; not code or tables), in Latin
    characters (a CJK character weighs CJK_WEIGHT): what a slide can hold and still be read."""
    total = 0.0
    for b in blocks:
        if b.type in ("paragraph", "heading"):
            total += weighted_length(plain(b.spans))
        elif b.type == "quote":
            total += sum(weighted_length(plain(p)) for p in b.paragraphs)
        elif b.type == "list":
            for item in b.items:
                total += weighted_length(plain(item.spans)) + prose_length(item.children)
    return total


def weighted_length(text: str) -> float:
    wide = len(pattern(CJK_TEXT).findall(text)) if may_hold_cjk(text) else 0
    return len(text) - wide + wide * CJK_WEIGHT


def lead_sentences(block: Block) -> tuple[Block, Block | None]:
    """A long paragraph's first sentences (LEAD_CHARS) and the rest of it (None: all kept)."""
    text = plain(block.spans)
    if weighted_length(text) <= LONG_PARAGRAPH:
        return block, None
    scale = len(text) / max(1.0, weighted_length(text))
    lo, hi = int(LEAD_CHARS[0] * scale), int(LEAD_CHARS[1] * scale)
    ends = [m.end() for m in SENTENCE.finditer(text, lo)]
    within = [e for e in ends if e <= hi]
    if within:
        cut = within[-1]
    elif ends and ends[0] <= hi * LONG_SENTENCE and ends[0] < len(text.rstrip()):
        cut = ends[0]  # a long first sentence: that sentence
    else:
        return block, None
    rest = slice_spans(block.spans, cut, len(text))
    rest = [s for s in rest if s.text]
    if not rest or not plain(rest).strip():
        return block, None
    rest[0] = replace(rest[0], text=rest[0].text.lstrip())
    return replace(block, spans=slice_spans(block.spans, 0, cut)), replace(block, spans=rest)


DIAGRAM_LINES = 10  # a longer diagram source shows its first lines (all of it in the notes)
DIAGRAM_TOTAL = 20  # ... and the diagrams of one slide (three or more) share this many lines
LONG_LINE = 240  # a code line longer than this (a data: URI in CSS) shows its start ...
LINE_START = 110  # ... this many characters, then an ellipsis; the whole line is in the notes
DIAGRAM_LANGUAGES = frozenset({"mermaid", "plantuml", "puml", "dot", "graphviz", "d2"})
NOT_DRAWN_LANGUAGES = DIAGRAM_LANGUAGES - {"mermaid"}  # diagram languages no renderer draws
NOT_DRAWN_STARTS = frozenset({"@startuml", "@startmindmap", "digraph"})
DIAGRAM_STARTS = frozenset(
    {
        *("flowchart", "graph", "sequenceDiagram", "classDiagram", "stateDiagram"),
        *("stateDiagram-v2", "erDiagram", "journey", "gantt", "pie", "gitGraph", "mindmap"),
        *("timeline", "quadrantChart", "requirementDiagram", "C4Context", "C4Container"),
        *("C4Component", "C4Dynamic", "C4Deployment", "sankey-beta", "xychart-beta"),
        *("block-beta", "@startuml", "@startmindmap", "digraph"),
    }
)


def diagram_source(block: Block) -> bool:
    """A code block that is the source of a diagram (Mermaid, PlantUML, Graphviz, D2): by its
    language, or by the keyword its first line starts with."""
    if block.type != "code":
        return False
    if block.language.lower() in DIAGRAM_LANGUAGES:
        return True
    first = next((line.split() for line in block.text.split("\n") if line.strip()), [""])
    return bool(first) and first[0] in DIAGRAM_STARTS


def drawn_kind(block: Block) -> bool:
    """A diagram source of a kind the generator draws (Mermaid); a PlantUML block still a code
    block is one its readers did not understand, and Graphviz and D2 are only ever shown as
    their source."""
    if block.language.lower() in NOT_DRAWN_LANGUAGES:
        return False
    first = next((line.split() for line in block.text.split("\n") if line.strip()), [""])
    return not (first and first[0] in NOT_DRAWN_STARTS)


def condensed_code(blocks: list[Block]) -> tuple[list[Block], list[Block]]:
    """(the blocks with long diagram sources and overlong code lines shortened, the code blocks
    whose whole text moves to the notes). A Mermaid diagram's source (one too large to draw)
    longer than DIAGRAM_LINES shows its first lines and an ellipsis line (it is shown once
    instead of continuing over several slides; three or more diagrams on one slide share
    DIAGRAM_TOTAL lines); the source of a diagram no renderer draws (PlantUML, Graphviz) is
    the diagram as the author wrote it, shown whole as any code (continued when it does not
    fit a slide at a readable size); a code line longer than LONG_LINE shows its start; a long listing of a program's
    output its first lines (generator.output)."""
    out: list[Block] = []
    moved: list[Block] = []
    diagrams = sum(1 for b in blocks if diagram_source(b) and drawn_kind(b))
    limit = DIAGRAM_LINES if diagrams <= 2 else max(4, DIAGRAM_TOTAL // diagrams)
    for i, block in enumerate(blocks):
        if block.type != "code":
            out.append(block)
            continue
        lines = block.text.split("\n")
        drawn = i + 1 < len(blocks) and source_beside(block, blocks[i + 1])
        short = [
            line[:LINE_START].rstrip() + " …" if len(line) > LONG_LINE else line for line in lines
        ]
        if diagram_source(block) and drawn_kind(block) and len(short) > limit and not drawn:
            short = short[:limit] + ["…"]
        head = output_head(block) if not drawn else None
        if head is not None:  # a long listing of output: its first lines, the rest named
            short = head.text.split("\n")
        if short == lines:
            out.append(block)
            continue
        out.append(replace(block, text="\n".join(short)))
        moved.append(block)
    return out, moved


def notes_text(blocks: list[Block]) -> str:
    """The blocks as plain text for the speaker notes, one paragraph per block."""
    return "\n\n".join(t for t in (block_text(b).strip() for b in blocks) if t)


def with_notes(page: PlannedPage, moved: list[Block]) -> PlannedPage:
    """The page with the moved blocks' text after its own notes, before the parts that left
    the slides named in them (generator.alsoin: after those, it would read as theirs)."""
    text = notes_text(moved)
    if not text:
        return page
    own, sep, left = page.notes.partition(HEADING)
    if sep and (not own or own.endswith("\n\n")):
        own = own.rstrip("\n")
        return replace(page, notes="\n\n".join(n for n in (own, text, sep + left) if n))
    return replace(page, notes="\n\n".join(n for n in (page.notes, text) if n))


def moved_record(page: PlannedPage, moved: list[Block]) -> LeftOut | None:
    """The record listing what moved to the notes (None when it holds no words)."""
    return left_out_blocks(page.source, "notes", moved, "moved to the speaker notes")


__all__ = [
    "DRAWN",
    "GALLERY",
    "gallery_groups",
    "gallery_page",
    "lead_captioned",
    "nested_pictures",
    "pictures",
    "pictures_record",
    "shown_pictures",
]
