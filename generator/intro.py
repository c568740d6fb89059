"""A document's intro (the pages before its first `##` chapter) as a presenter shows it.

- Its slide names the intro, not the document: the cover already shows the document's title,
  so an intro page titled with it is titled "Introduction" (in the deck's language).
- An intro made only of boilerplate (a changelog's "All notable changes to this project will
  be documented in this file." and its Keep a Changelog / Semantic Versioning line) is no
  slide: its text goes to the cover's speaker notes, listed as moved to the notes.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.leftout import LeftOut, block_text, left_out_blocks
from generator.model import Outline, Page
from generator.owncontents import norm
from generator.pages import PlannedPage
from generator.runs import page_blocks

INTRO_TITLES = {"zh-CN": "简介"}
INTRO_TITLE = "Introduction"
BOILERPLATE = re.compile(
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


def boilerplate_intro(outline: Outline) -> tuple[set[int], str, list[LeftOut]]:
    """The intro pages (indexes in the first, untitled chapter) that are only boilerplate,
    their text for the notes and their records."""
    if not outline.chapters or outline.chapters[0].title:
        return set(), "", []
    found: set[int] = set()
    texts: list[str] = []
    records: list[LeftOut] = []
    for pi, page in enumerate(outline.chapters[0].pages):
        if not boilerplate_only(page):
            continue
        found.add(pi)
        blocks = page_blocks(page)
        texts.extend(" ".join(block_text(b).split()) for b in blocks)
        why = "of boilerplate, in the cover's notes"
        record = left_out_blocks(f"chapters[0].pages[{pi}]", "notes", blocks, why)
        if record is not None:
            records.append(record)
    return found, "\n".join(texts), records
