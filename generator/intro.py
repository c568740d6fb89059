"""A document's intro (the pages before its first `##` chapter) as a presenter shows it.

- Its slide names the intro, not the document: the cover already shows the document's title,
  so an intro page titled with it is titled "Introduction" (in the deck's language).
- An intro made only of boilerplate (a changelog's "All notable changes to this project will
  be documented in this file." and its Keep a Changelog / Semantic Versioning line) is no
  slide: its text goes to the cover's speaker notes, listed as moved to the notes.
- So is an intro made only of pointers (a README's "Join us on Discord and WeChat", "Try the
  larger models on our platform"): at most POINTER_LINES short lines, each holding a link and
  at most POINTER_WORDS words, before the document's first chapter. Shown alone under
  "Introduction" they would be a near-empty slide that introduces nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.leftout import LeftOut, block_text, left_out_blocks
from generator.lone import words_read
from generator.model import Outline, Page
from generator.owncontents import norm
from generator.pages import PlannedPage
from generator.runs import page_blocks

POINTER_LINES = 3  # an intro of pointers holds at most this many lines ...
POINTER_WORDS = 16  # ... each of at most this many words (a CJK character half a word)
INTRO_TITLES = {"zh-CN": "简介"}
INTRO_TITLE = "Introduction"
BOILERPLATE = lazy_compile(
    r"all notable changes to (?:this|the) project (?:will|are) (?:be )?documented"
    r"|format is based on keep a changelog"
    r"|adheres to semantic versioning",
    re.IGNORECASE,
)


def intro_title(lang: str) -> str:
    return INTRO_TITLES.get(lang, INTRO_TITLE)


def is_document_titled(outline: Outline, title: str) -> bool:
    """An intro page titled with the document's own title (the cover's)."""
    return bool(title) and norm(title) == norm(outline.topic)


def named_intro(outline: Outline, title: str, drafts: list[PlannedPage]) -> list[PlannedPage]:
    """The drafts with `title` ("Introduction") for those titled with the document's title
    (none renamed when `title` is empty: an authored deck's slides keep theirs)."""
    if not title:
        return drafts
    return [replace(d, title=title) if is_document_titled(outline, d.title) else d for d in drafts]


def boilerplate_only(page: Page) -> bool:
    """A page of paragraphs each of which is a changelog's boilerplate sentence(s)."""
    blocks = page_blocks(page)
    return bool(blocks) and all(
        b.type == "paragraph" and BOILERPLATE.search(" ".join(block_text(b).split()))
        for b in blocks
    )


def pointers_only(page: Page) -> bool:
    """A page of at most POINTER_LINES paragraphs, each a short line holding a link."""
    blocks = page_blocks(page)
    return 0 < len(blocks) <= POINTER_LINES and all(
        b.type == "paragraph"
        and any(s.href and not s.anchor for s in b.spans)
        and words_read(block_text(b)) <= POINTER_WORDS
        for b in blocks
    )


def boilerplate_intro(outline: Outline) -> tuple[set[int], str, list[LeftOut]]:
    """The intro pages (indexes in the first, untitled chapter) that are only boilerplate or
    only pointers (when chapters follow them), their text for the notes and their records."""
    if not outline.chapters or outline.chapters[0].title:
        return set(), "", []
    found: set[int] = set()
    texts: list[str] = []
    records: list[LeftOut] = []
    more = len(outline.chapters) > 1
    for pi, page in enumerate(outline.chapters[0].pages):
        if boilerplate_only(page):
            why = "of boilerplate, in the cover's notes"
        elif more and pointers_only(page):
            why = "of pointers (links), in the cover's notes"
        else:
            continue
        found.add(pi)
        blocks = page_blocks(page)
        texts.extend(" ".join(block_text(b).split()) for b in blocks)
        record = left_out_blocks(f"chapters[0].pages[{pi}]", "notes", blocks, why)
        if record is not None:
            records.append(record)
    return found, "\n".join(texts), records
