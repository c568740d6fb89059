"""A talk's update log on one slide: the project's news near the document's start (a README's
"Updates", "News", "更新信息": paragraphs that each open with a date, each followed by its
details) is its history, not its subject (unless it holds half the document's words). In a talk with a slide budget it is condensed to
its newest entries, one line each, and a line counting the older ones; the whole log (every
entry's details, pictures and folded comparisons) goes to that slide's notes and is listed
(`LeftOut`, kind "notes"). Its pictures are kept on backup slides after the closing slide
(generator.backup: kind "appendix"); the slide and its notes say so.
"""

from __future__ import annotations

import re
from dataclasses import replace

from generator.alsoin import in_appendix
from generator.backup import Backup, backup_of, backup_record
from generator.budget import document_words
from generator.cjk import may_hold_cjk
from generator.condense import Condensed, clipped
from generator.kinds import DATED, START_SHARE, Entry, entry_date, update_entries
from generator.lazyre import lazy_compile
from generator.leadnames import LEAD_IN, item_names, without_lead_in
from generator.leftout import LeftOut, block_text, count_words, left_out_blocks
from generator.model import Block, ListItem, Outline, Page, Span, plain
from generator.runs import page_blocks
from generator.screenshots import pictures_in
from generator.summary import notes_text

SHOWN = 3  # the newest entries the slide shows
LEAD = 120  # characters of an entry's opening paragraph shown (longer: cut, whole in the notes)
LOG_SHARE = 1 / 2  # ... and holds less than this share of its words (else it is the subject)
OLDER = {  # the audience's line; the older entries themselves are in the notes
    "en": "{n} older updates",
    "zh-CN": "另有 {n} 条更早的更新",
}
OLDER_PICTURED = {  # ... and the log's pictures on the backup slides (generator.backup)
    "en": "{n} older updates ({pictures})",
    "zh-CN": "另有 {n} 条更早的更新（{pictures}）",
}


ENTRY_NAME = 30  # characters of the clause after an entry's date that names it, at most
_CLAUSE_END = lazy_compile(r"[，,。:：;；（(]|\.\s")


def entry_name(block: Block) -> str:
    """The name of the entry a paragraph opens: its date as written and the clause after it
    ("[2023/06/14] 发布 WebGLM，一项..." -> "2023/06/14 发布 WebGLM"; the date alone when that
    clause is long); "" for a block opening no entry."""
    text = plain(block.spans).strip()
    m = DATED.match(text)
    if m is None or entry_date(block) is None:
        return ""
    date = re.sub(r"^\W+", "", m.group(0))
    rest = re.sub(r"^[\]\)*】\s:：-]+", "", text[m.end() :])
    clause = _CLAUSE_END.split(rest, maxsplit=1)[0].strip()
    return f"{date} {clause}" if clause and len(clause) <= ENTRY_NAME else date


def condense_update_logs(outline: Outline, lang: str) -> Condensed:
    """Every update log in the first START_SHARE of the document's pages as its SHOWN newest
    entries and a line counting the older ones, the whole log in the page's notes (listed)."""
    total = sum(len(c.pages) for c in outline.chapters)
    words = document_words(outline)
    records: list[LeftOut] = []
    backup: list[Backup] = []
    chapters = []
    seen = 0
    for ci, chapter in enumerate(outline.chapters):
        pages: list[Page] = []
        for pi, page in enumerate(chapter.pages):
            entries = update_entries(page) if seen < total * START_SHARE else []
            seen += 1
            if entries and _words(page) < words * LOG_SHARE:
                found = backup_of(page.title, chapter.title, page_blocks(page), entry_name)
                page, left = _condensed(page, entries, lang, found)
                where = f"chapters[{ci}].pages[{pi}]"
                records += _records(where, page.title, left, found)
                backup += [found] if found is not None else []
            pages.append(page)
        chapters.append(replace(chapter, pages=pages))
    return Condensed(replace(outline, chapters=chapters), records, backup=tuple(backup))


def _words(page: Page) -> int:
    return sum(count_words(block_text(b)) for b in page_blocks(page))


def _condensed(
    page: Page, entries: list[Entry], lang: str, found: Backup | None
) -> tuple[Page, list[Block]]:
    """The page as one list of its newest entries' openings (the last item counting the older
    ones and naming the appendix that holds the log's pictures); the blocks that left it."""
    newest = sorted(entries, key=lambda e: e.date, reverse=True)[:SHOWN]
    shown = sorted(newest, key=lambda e: e.at)  # in the author's order
    items = [ListItem(_lead(e.lead, _after(page, e))) for e in shown]
    older = len(entries) - len(shown)
    pictures = in_appendix(pictures_in(found.pictures), lang) if found is not None else ""
    if older or pictures:
        items.append(ListItem([Span(_older_line(older, pictures, lang), italic=True)]))
    kept = {id(e.lead) for e in shown if len(plain(e.lead.spans)) <= LEAD}
    left = [b for b in page_blocks(page) if id(b) not in kept]
    texts = (page.notes, notes_text(page_blocks(page)), pictures and pictures + ".")
    notes = "\n\n".join(n for n in texts if n)
    return replace(page, blocks=[Block("list", items=items)], sections=[], notes=notes), left


def _older_line(older: int, pictures: str, lang: str) -> str:
    """The last item: how many older entries the notes hold, where the log's pictures are."""
    if not older:
        return pictures
    if not pictures:
        return OLDER.get(lang, OLDER["en"]).format(n=older)
    return OLDER_PICTURED.get(lang, OLDER_PICTURED["en"]).format(n=older, pictures=pictures)


def _after(page: Page, entry: Entry) -> Block | None:
    """The block right after an entry's opening paragraph (the details it introduces)."""
    return page.blocks[entry.at + 1] if entry.at + 1 < len(page.blocks) else None


def _lead(block: Block, details: Block | None = None) -> list[Span]:
    """An entry's opening paragraph as shown: whole when short, else its text cut. A lead-in
    ending it ("更多特性包括：", "introduces these features:") never ends the line without what
    it introduces: the names of its list's items (their bold openings) follow it, else the
    lead-in clause is taken off (its details are in the notes)."""
    text = plain(block.spans)
    if len(text) > LEAD:
        return [Span(clipped(" ".join(text.split()), LEAD))]
    spans = list(block.spans)
    if not spans or not LEAD_IN.search(text.rstrip()):
        return spans
    names = item_names(details)
    spans[-1] = replace(spans[-1], text=spans[-1].text.rstrip().rstrip(":："))
    if names:
        sep, join = ("：", "、") if may_hold_cjk(text) else (": ", ", ")
        return [*spans, Span(sep + join.join(names))]
    return without_lead_in(spans)


def _records(where: str, title: str, left: list[Block], found: Backup | None) -> list[LeftOut]:
    why = f'of the update log "{title}" (its older entries and details), in its notes'
    record = left_out_blocks(where, "notes", left, why)
    out = [record] if record is not None else []
    if found is not None:
        out.append(backup_record(where, f'the update log "{title}"', found))
    return out
