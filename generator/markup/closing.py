"""A document's closing matter (its citation, licence, contributors, acknowledgements) as a
presenter shows it: a short closing slide, never a raw code slide.

A citation's BibTeX (a code block tagged `bibtex`, or one in a chapter titled "Citation",
"How to cite", "引用", ... that holds BibTeX entries, read by bibtexparser) is shown as the
reference it stands for: "Team GLM et al. (2024). *ChatGLM: A Family of Large Language Models
...*. arXiv:2406.12793." The BibTeX itself goes to the slide's speaker notes, whole.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from generator.lazyre import lazy_compile
from generator.model import Block, Outline, Page, Section, Span

if TYPE_CHECKING:
    from bibtexparser.model import Entry

# chapters that close a document: how to cite it, its licence, who made it, thanks
CITATION = lazy_compile(
    r"\b(?:citation|citing|cite|bibtex|bibliography)\b|引用|参考文献|引文", re.IGNORECASE
)
BIBTEX_LANGUAGES = frozenset({"bibtex", "bib", "biblatex"})
MAX_AUTHORS = 3  # more authors than this read "First et al."
NOTES_LEAD = "BibTeX:"


def entries(code: str) -> list[Entry]:
    """The BibTeX entries of a code block ([] when it is not BibTeX, or not all of it is)."""
    if "@" not in code:
        return []
    import bibtexparser  # with pylatexenc: loaded only for a code block that may be BibTeX

    library = bibtexparser.parse_string(code)
    if library.failed_blocks:
        return []
    return list(library.entries)


def _field(entry: Entry, *keys: str) -> str:
    for key in keys:
        found = entry.fields_dict.get(key)
        if found is not None and str(found.value).strip():
            return " ".join(str(found.value).replace("{", "").replace("}", "").split())
    return ""


def _person(name: str) -> str:
    """A name as BibTeX may write it ("Zeng, Aohan") as it is read ("Aohan Zeng")."""
    last, comma, first = name.partition(",")
    return f"{first.strip()} {last.strip()}" if comma else name.strip()


def _authors(entry: Entry) -> str:
    people = [_person(n) for n in re.split(r"\s+and\s+", _field(entry, "author", "editor")) if n]
    if len(people) > MAX_AUTHORS:
        return f"{people[0]} et al."
    return ", ".join(people)


def reference(entry: Entry) -> Block:
    """The reference a BibTeX entry stands for: authors (year). *Title*. Venue."""
    authors = _authors(entry)
    year = _field(entry, "year")
    head = " ".join(t for t in (authors, f"({year})" if year else "") if t)
    venue = _field(entry, "journal", "booktitle", "publisher", "howpublished", "school")
    eprint = _field(entry, "eprint")
    if eprint:
        prefix = _field(entry, "archiveprefix", "archivePrefix", "eprinttype")
        venue = venue or (f"{prefix}:{eprint}" if prefix else eprint)
    doi = _field(entry, "doi")
    tail = ". ".join(t for t in (venue, f"doi:{doi}" if doi else "") if t)
    spans = [Span(f"{head}. " if head else "")]
    spans.append(Span(_field(entry, "title") or entry.key, italic=True))
    spans.append(Span(f". {tail}." if tail else "."))
    return Block("paragraph", [s for s in spans if s.text])


def _cited(blocks: list[Block], citing: bool) -> tuple[list[Block], list[str]]:
    """The blocks with each BibTeX code block shown as its references, and those blocks' text."""
    out: list[Block] = []
    raw: list[str] = []
    for block in blocks:
        tagged = block.language.lower() in BIBTEX_LANGUAGES
        found = entries(block.text) if block.type == "code" and (citing or tagged) else []
        if found:
            out += [reference(e) for e in found]
            raw.append(block.text.strip())
        else:
            out.append(block)
    return out, raw


def _page(page: Page, citing: bool) -> Page:
    blocks, raw = _cited(page.blocks, citing)
    sections: list[Section] = []
    for section in page.sections:
        kept, more = _cited(section.blocks, citing or bool(CITATION.search(section.title)))
        sections.append(replace(section, blocks=kept) if more else section)
        raw += more
    if not raw:
        return page
    notes = "\n".join(t for t in (page.notes, NOTES_LEAD, *raw) if t)
    return replace(page, blocks=blocks, sections=sections, notes=notes)


def cite_closing(outline: Outline) -> Outline:
    """The outline with its citations' BibTeX shown as references (in place; returned)."""
    for chapter in outline.chapters:
        citing = bool(CITATION.search(chapter.title))
        chapter.pages = [_page(p, citing or bool(CITATION.search(p.title))) for p in chapter.pages]
    return outline
