"""A page of parallel sections shown whole before one of them takes the slide.

A page whose `####` sections are alike (user stories, options, alternatives: every one titled,
each prose opening with a sentence that states its point, none more than PARALLEL_RATIO
times as long as another; no code, table or picture) is one list when the talk has no room for all of them whole: each section a line or
two, its title in bold and its first sentence; every section's words are in the page's notes.
The first story alone on the slide, the others in the notes, would say there is one story;
the list says there are three and what each is.
"""

from __future__ import annotations

from dataclasses import replace

from generator.leftout import LeftOut, count_words
from generator.markup.pointers import first_sentence_end
from generator.model import Block, ListItem, Page, Span, Spans, plain
from generator.summary import notes_text

PARALLEL_RATIO = 4.0  # the longest of parallel sections at most this many times the shortest
MIN_SECTIONS = 2
PROSE = frozenset({"paragraph", "list", "quote"})  # a story's blocks (no code, table, picture)
MIN_OPENING = 8  # words of a section's first sentence: a statement, not a label or a link


def _lead_in(block: Block) -> bool:
    """A paragraph that introduces what follows ("You can install it via WinGet:") or only
    labels it, rather than stating the section's point in its first sentence."""
    text = plain(block.spans).strip()
    first = text[: first_sentence_end(text)].strip()
    return first.endswith(":") or count_words(first) < MIN_OPENING


def parallel(page: Page) -> bool:
    """Whether the page's sections are alike (see the module's doc)."""
    sections = page.sections
    if len(sections) < MIN_SECTIONS or not all(s.title for s in sections):
        return False
    for s in sections:
        if not s.blocks or s.blocks[0].type != "paragraph":
            return False
        if any(b.type not in PROSE for b in s.blocks) or _lead_in(s.blocks[0]):
            return False
    words = [count_words(notes_text(s.blocks)) for s in sections]
    return min(words) > 0 and max(words) <= PARALLEL_RATIO * min(words)


def digest(page: Page, where: str) -> tuple[Page, LeftOut]:
    """The page with its sections as one list (title and first sentence each), their words in
    its notes; the record of what moved to the notes."""
    items = [ListItem(_lead(s.title, s.blocks[0].spans)) for s in page.sections]
    whole = "\n\n".join(f"{s.title}\n\n{notes_text(s.blocks)}" for s in page.sections)
    notes = "\n\n".join(t for t in (page.notes, whole) if t)
    shown = " ".join(plain(i.spans) for i in items)
    moved = max(0, count_words(whole) - count_words(shown))
    why = f"{len(items)} alike sections shown by their first sentences, whole in the notes"
    record = LeftOut(where, "notes", why, " ".join(whole.split())[:120], moved)
    listed = Block("list", items=items)
    return replace(page, blocks=[*page.blocks, listed], sections=[], notes=notes), record


def _lead(title: str, spans: Spans) -> Spans:
    """The section's title in bold, then its paragraph's first sentence."""
    return [Span(f"{title}: ", bold=True), *_first_sentence(spans)]


def _first_sentence(spans: Spans) -> Spans:
    text = plain(spans)
    end = first_sentence_end(text)
    out: Spans = []
    at = 0
    for span in spans:
        if at >= end:
            break
        room = end - at
        out.append(span if len(span.text) <= room else replace(span, text=span.text[:room]))
        at += len(span.text)
    return out
