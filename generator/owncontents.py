"""A document's own table of contents: a list whose entries are the document's headings, or a
page or section (a `<details>` block) of nothing but links to places in the document. The deck
shows the headings as slide titles and has a contents slide of its own, so these are left out
(and listed).

Also what else a document has of its own that the deck does not add again: its title (the
cover's) names no slide, a document ending with its own closing slide gets no generated
one, and the chapter that is its whole body is not named above each of its slides."""

from __future__ import annotations

import re
from dataclasses import replace

from generator.lazyre import lazy_compile
from generator.leftout import LeftOut, left_out_blocks
from generator.model import Block, ListItem, Outline, Page, Span, plain

TOC_ITEMS = 4
TOC_SHARE = 0.8


def document_titles(outline: Outline) -> set[str]:
    out = {norm(outline.topic)}
    for c in outline.chapters:
        out.add(norm(c.title))
        for p in c.pages:
            out.add(norm(p.title))
            out.update(norm(s.title) for s in p.sections)
    out.discard("")
    return out


def norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _item_texts(items: list[ListItem]) -> list[str]:
    out = []
    for item in items:
        out.append(plain(item.spans))
        for child in item.children:
            if child.type == "list":
                out.extend(_item_texts(child.items))
    return out


def without_own_contents(
    page: Page, titles: set[str], where: str, left_out: list[LeftOut] | None
) -> Page:
    """The page without the document's own table of contents: a list whose entries are the
    headings of the document, or a page or section (a `<details>` block) whose content is only
    a list of links to places in the document (`[About](#about)`). The deck shows the headings
    as slide titles and has a contents slide of its own; what is left out is listed."""
    why = "of the document's own table of contents (the deck has its own contents slide)"

    def record(path: str, blocks: list[Block]) -> None:
        found = left_out_blocks(path, "contents", blocks, why)
        if found is not None and left_out is not None:
            left_out.append(found)

    keep = []
    only_links = _anchor_lists_only(page.blocks)
    for i, block in enumerate(page.blocks):
        texts = _item_texts(block.items) if block.type == "list" else []
        hits = sum(1 for t in texts if norm(t) in titles)
        headings = len(texts) >= TOC_ITEMS and hits >= TOC_SHARE * len(texts)
        if headings or (only_links and block.type == "list"):
            record(f"{where}.blocks[{i}]", [block])
            continue
        keep.append(block)
    sections = []
    for k, sec in enumerate(page.sections):
        if _anchor_lists_only(sec.blocks):
            record(f"{where}.sections[{k}]", [Block("heading", [Span(sec.title)]), *sec.blocks])
            continue
        sections.append(sec)
    if len(keep) == len(page.blocks) and len(sections) == len(page.sections):
        return page
    if not any(b.type != "heading" for b in keep) and not sections:
        keep = []  # nothing but the contents' own headings was there
    return replace(page, blocks=keep, sections=sections)


def _anchor_lists_only(blocks: list[Block]) -> bool:
    """Blocks that are only lists (and headings) of links to places in the document."""
    lists = [b for b in blocks if b.type == "list"]
    others = [b for b in blocks if b.type not in ("list", "heading")]
    return bool(lists) and not others and all(_anchor_list(b) for b in lists)


def _anchor_list(block: Block) -> bool:
    """A list each of whose entries is a link to a place in the document (`#id`), its nested
    lists too."""
    for item in block.items:
        text = [s for s in item.spans if s.text.strip(" \t\n·|,-–—")]
        if not text or not all(s.anchor for s in text):
            return False
        if not all(c.type == "list" and _anchor_list(c) for c in item.children):
            return False
    return len(block.items) >= 2


def is_document_title(outline: Outline, title: str) -> bool:
    """The document's own title: the cover's title, or the document's only top heading (a
    front matter title above it): it names every slide, so it names none above its title."""
    if norm(title) == norm(outline.topic):
        return True
    topped = outline.properties.get("title") == outline.topic  # the front matter names it
    return topped and [c.title for c in outline.chapters] == [title]


# The words of a closing slide (the whole title, normalised: "Thank You!", "Any questions?",
# "Q&A", "The End", "谢谢", "Merci !", "Vielen Dank"...)
CLOSING_TITLE = lazy_compile(
    r"(thank you|thanks|many thanks|thank you all|thank you for .*|thanks for .*|"
    r"(any )?questions( and answers)?|q a|q and a|questions and discussion|"
    r"the end|end|fin|(vielen )?dank(e)?( schön)?|(muchas )?gracias|(merci|grazie|obrigad[oa])"
    r"( beaucoup| mille| a tutti)?|спасибо|谢谢|感谢.*|谢谢.*|ありがとう.*|감사합니다)"
)


def ends_itself(outline: Outline) -> bool:
    """The document's last slide is its own closing (its title thanks, asks for questions or
    says the end): the deck gets no generated closing slide after it."""
    last = next((c for c in reversed(outline.chapters) if c.title or c.pages), None)
    if last is None:
        return False
    title = last.pages[-1].title if last.pages else last.title
    return CLOSING_TITLE.fullmatch(norm(title)) is not None


BODY_SHARE = 0.6  # a chapter holding this share of the document's pages is its body


def body_chapter(outline: Outline) -> int:
    """The chapter that is the document's body, framed by an intro and a closing (a release
    note's "What's in 1.80.0 stable" between its opening paragraphs and its thanks): at least
    three pages and BODY_SHARE of all pages, with a page before it and one after it, every
    other chapter a page or none. Its slides do not name it above their titles: on every slide
    it would only repeat what the deck is about. -1 when there is none."""
    sizes = [len(c.pages) for c in outline.chapters]
    total = sum(sizes)
    for ci, n in enumerate(sizes):
        others = [m for k, m in enumerate(sizes) if k != ci]
        framed = sum(sizes[:ci]) >= 1 and sum(sizes[ci + 1 :]) >= 1
        if n >= 3 and n >= BODY_SHARE * total and framed and all(m <= 1 for m in others):
            return ci
    return -1
